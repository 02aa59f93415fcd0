// The doctest runner for every levelsweep suite (one folder per layer: kernels,
// mesh, query, replay).
//
// ctest runs each test case as an entry of its own (doctest_discover_tests),
// selecting it by name. A name the discovery mangles (doctest 2.4.9's CMake
// script splits names at ';') makes entries that select no case and pass, and
// a name shared by two cases makes one entry run both. So an entry that ctest
// starts (LEVELSWEEP_CTEST_ENTRY set, tests/CMakeLists.txt) fails unless it ran
// exactly one case; tests/check_case_discovery.cmake checks that the entries
// are as many as the cases.
//
// It also counts the current case's failed checks, for shared_level
// (support.hpp), which must not turn a case with a failure into a skip; and it
// sets LEVELSWEEP_CHECK_READERS (unless set), for itself and the tools it
// starts.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>

namespace {

// Remembers how many test cases the run selected, and how many checks have
// failed in the case that runs (a listener hears of failed checks only).
struct SelectedCases : doctest::IReporter {
    static inline unsigned count = 0;
    static inline unsigned failed_in_case = 0;

    explicit SelectedCases(const doctest::ContextOptions&) {}
    void test_run_end(const doctest::TestRunStats& stats) override { count = stats.numTestCasesPassingFilters; }
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_case_start(const doctest::TestCaseData&) override { failed_in_case = 0; }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData& a) override { failed_in_case += a.m_failed; }
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

REGISTER_LISTENER("levelsweep_selected_cases", 1, SelectedCases);

}  // namespace

namespace levelsweep::test {
unsigned failed_checks_in_case() { return SelectedCases::failed_in_case; }
}  // namespace levelsweep::test

int main(int argc, char** argv) {
    // Every JSON Lines file a test reads, in the library or through the tool it
    // runs, is read by the bulk and the reference reader side by side, which
    // must agree (docs/formats.md, "Queries as JSON Lines").
    if (::setenv("LEVELSWEEP_CHECK_READERS", "1", 0) != 0) return 1;
    doctest::Context context(argc, argv);
    const int result = context.run();
    if (context.shouldExit()) return result;  // --list-test-cases, --help, ...
    if (std::getenv("LEVELSWEEP_CTEST_ENTRY") != nullptr && SelectedCases::count != 1) {
        std::fprintf(stderr,
                     "levelsweep_tests: this ctest entry selected %u test cases, not 1: a test case name "
                     "the discovery cannot pass through (';') or one shared by two cases\n",
                     SelectedCases::count);
        return 1;
    }
    return result;
}
