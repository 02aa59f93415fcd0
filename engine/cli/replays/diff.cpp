// levelsweep diff: compares two result files query by query, both streamed, and
// with --explain reruns each differing query with the quirk switches toggled one
// at a time to say which switch accounts for it (docs/diff.md).
// Exit status: 0 identical, 1 different, 2 trouble (a file unreadable, cut
// short or corrupt; what was compared before the trouble is still reported).
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/level_input.hpp"
#include "io/same_file.hpp"
#include "io/standard_output.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/result_text.hpp"
#include "options.hpp"
#include "queries/query_cursor.hpp"
#include "replays/diff_report.hpp"

namespace levelsweep::cli {

namespace {

struct DiffCommandOptions {
    std::string a, b;
    double tolerance = 1e-6;
    std::size_t limit = 10;
    std::vector<std::string> explain;  // LEVEL QUERIES
    bool stats = false, json = false, allow_incomplete = false;
};

// --explain: the level, and the query file read forward alongside the results.
class Explainer {
public:
    Explainer(const std::string& level, const std::string& queries, const DiffReport& report)
        : level_(open_level(level)),
          source_(open_queries(queries)),
          cursor_(*source_),
          scratch_(level_),
          a_quirks_(Quirks::from_bits(report.a.quirks)),
          b_quirks_(Quirks::from_bits(report.b.quirks)),
          options_(report.options) {}

    const Level& level() const { return level_; }
    const QueryFileHeader& query_header() const { return source_->header(); }

    void run(const ResultRecord& a, const ResultRecord& b, ExplainTally& tally, DiffExample* example) {
        const QueryRecord* q = cursor_.at(a.index);
        if (!q || q->malformed) {
            ++tally.not_rerun;
            if (example)
                example->explain = q ? "not rerun: the query record is malformed"
                                     : "not rerun: the query file ends before query " + std::to_string(a.index);
            return;
        }
        const Explanation e = explain_difference(level_, q->query, a, b, a_quirks_, b_quirks_, scratch_, options_);
        tally.add(e);
        if (example) {
            example->explain = explain_text(e);
            example->switches = e.switches;
        }
    }

    std::optional<ReplayFileError> truncation() const { return source_->truncation(); }

private:
    Level level_;
    std::unique_ptr<QuerySource> source_;
    QueryCursor cursor_;
    QueryScratch scratch_;
    Quirks a_quirks_, b_quirks_;
    DiffOptions options_;
};

void warn_levels(DiffReport& report, const Explainer& explainer) {
    const std::uint64_t level = explainer.level().checksum(), queries = explainer.query_header().level_checksum;
    const ExplainTally& t = *report.explain;
    if (level != report.a.level_checksum)
        report.warnings.push_back(t.level + " (" + checksum_text(level) + ") is not the level A ran on (" +
                                  checksum_text(report.a.level_checksum) + ")");
    if (queries != 0 && queries != level)
        report.warnings.push_back(t.queries + " was recorded on another level (" + checksum_text(queries) + ")");
}

// Whether a file that ended where `reader` did may be compared as far as it goes.
bool accepted_prefix(const ResultFileReader& reader, bool allow_incomplete) {
    return allow_incomplete && (reader.end() == ResultsEnd::incomplete || reader.end() == ResultsEnd::unmarked);
}

// How each file ended: complete, an incomplete one accepted (a warning), or an error.
void note_end(const ResultFileReader& reader, const std::string& which, const std::string& name, bool allow_incomplete,
              DiffReport& report) {
    if (reader.end() == ResultsEnd::complete) return;
    const std::string what = which + " (" + name + ") is " + reader.end_text();
    if (accepted_prefix(reader, allow_incomplete))
        report.warnings.push_back(what + "; compared as far as it goes");
    else if (reader.end() == ResultsEnd::damaged)
        report.errors.push_back(what + "; the comparison stops there");
    else
        report.errors.push_back(what + "; pass --allow-incomplete to compare as far as it goes");
}

// Both files in step; the longer one's tail is counted, as records only it
// holds, or as not compared when the shorter one's run did not finish.
void compare_files(ResultFileReader& ra, ResultFileReader& rb, DiffReport& report, std::size_t limit,
                   Explainer* explainer, bool allow_incomplete) {
    ResultRecord x, y;
    bool have_a = ra.next(x), have_b = rb.next(y);
    for (; have_a && have_b; have_a = ra.next(x), have_b = rb.next(y)) {
        const std::uint64_t position = report.compared++;
        const ResultDiff d = compare_results(x, y, report.options);
        if (!d.any()) {
            if (!report.options.stats && compare_results(x, y, {report.options.tolerance, true}).any())
                ++report.stats_only;
            continue;
        }
        ++report.differing;
        for (int k = 0; k < diff_aspect_count; ++k)
            report.by_aspect[static_cast<std::size_t>(k)] += d.has(static_cast<DiffAspect>(k));
        DiffExample* example = nullptr;
        if (report.examples.size() < limit) {
            report.examples.push_back({position, x.index, x.kind, d.aspects, describe_difference(x, y, d), {}, 0});
            example = &report.examples.back();
        }
        if (explainer) explainer->run(x, y, *report.explain, example);
    }
    for (; have_a; have_a = ra.next(x)) ++(accepted_prefix(rb, allow_incomplete) ? report.not_compared : report.only_a);
    for (; have_b; have_b = rb.next(y)) ++(accepted_prefix(ra, allow_incomplete) ? report.not_compared : report.only_b);
    note_end(ra, "A", report.a_name, allow_incomplete, report);
    note_end(rb, "B", report.b_name, allow_incomplete, report);
}

int diff(const DiffCommandOptions& o) {
    refuse_overwriting_inputs({o.a, o.b}, {}, true);
    expect_file_kind(o.a, FileKind::results, "a result file");
    expect_file_kind(o.b, FileKind::results, "a result file");
    ResultFileReader ra(o.a), rb(o.b);
    DiffReport report;
    report.a_name = o.a;
    report.b_name = o.b;
    report.a = ra.header();
    report.b = rb.header();
    report.options = {o.tolerance, o.stats};
    if (report.a.level_checksum != report.b.level_checksum)
        report.warnings.push_back("A and B ran on different levels (" + checksum_text(report.a.level_checksum) +
                                  " and " + checksum_text(report.b.level_checksum) + ")");
    std::optional<Explainer> explainer;
    if (!o.explain.empty()) {
        report.explain = ExplainTally{o.explain[0], o.explain[1], {}, 0, 0, 0, 0, 0};
        explainer.emplace(o.explain[0], o.explain[1], report);
        warn_levels(report, *explainer);
    }
    compare_files(ra, rb, report, o.limit, explainer ? &*explainer : nullptr, o.allow_incomplete);
    if (explainer && explainer->truncation())
        report.warnings.push_back(std::string(explainer->truncation()->what()) + "; later queries were not rerun");
    if (o.json)
        std::cout << report.to_json().dump(2, ' ', false, json::error_handler_t::replace) << '\n';
    else
        report.print(std::cout);
    finish_standard_output();  // a report that cannot be written is trouble (2), not "identical"
    if (!report.errors.empty()) return 2;
    return report.identical() ? 0 : 1;
}

}  // namespace

void add_diff_command(CLI::App& app) {
    auto o = std::make_shared<DiffCommandOptions>();
    auto* cmd = app.add_subcommand(
        "diff", "Compare two result files query by query; exit 0 identical, 1 different, 2 trouble (docs/diff.md)");
    cmd->add_option("a", o->a, "Result file A (binary, plain or gzipped)")->required();
    cmd->add_option("b", o->b, "Result file B")->required();
    cmd->add_option("--tolerance", o->tolerance, "Largest difference of two fractions that counts as equal")
        ->check(non_negative_finite())
        ->capture_default_str();
    cmd->add_option("--limit", o->limit, "Differing queries described one by one")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<std::uint32_t>::max()));
    cmd->add_option("--explain", o->explain,
                    "LEVEL QUERIES: rerun each differing query with A's quirk set and each switch toggled alone")
        ->expected(2);
    cmd->add_flag("--stats", o->stats, "Also compare the work counters (cells, list entries, kernel calls, hits)");
    cmd->add_flag("--json", o->json, "Print the report as one JSON object");
    cmd->add_flag("--allow-incomplete", o->allow_incomplete,
                  "Compare a result file whose run did not finish as far as it goes (exit 2 otherwise)");
    cmd->callback([o] {
        int rc = 2;
        try {
            rc = diff(*o);
        } catch (const std::exception& e) {
            std::cerr << "levelsweep diff: " << e.what() << '\n';
        }
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
