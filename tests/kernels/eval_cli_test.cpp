// levelsweep eval: malformed lines and unknown kernels get an error line each,
// and the run goes on (docs/eval.md).
#include <doctest/doctest.h>

#include "cli_support.hpp"

using levelsweep::test::json_lines;
using levelsweep::test::run_cli;

TEST_SUITE("eval cli") {
    TEST_CASE("bad lines each get an error object and the run goes on") {
        const auto r = run_cli("eval -", "not json\n{\"kernel\": 3}\n\n{\"kernel\": \"NoSuchKernel\"}\n[1, 2]\n");
        CHECK(r.exit_code == 0);
        const auto lines = json_lines(r.out);
        REQUIRE(lines.size() == 4);  // the blank line is skipped
        for (const auto& line : lines) CHECK(line.contains("error"));
        CHECK(lines[0]["line"] == 1);
        CHECK(lines[2]["line"] == 4);
        CHECK(lines[2]["error"].get<std::string>().find("NoSuchKernel") != std::string::npos);
    }
}
