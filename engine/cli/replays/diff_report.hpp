// levelsweep CLI: what `levelsweep diff` found, printed as text or as one JSON
// object (docs/diff.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "levelsweep/json_io.hpp"
#include "levelsweep/result_diff.hpp"

namespace levelsweep::cli {

// One of the first --limit differing queries.
struct DiffExample {
    std::uint64_t position = 0;  // the record's position in both files
    std::uint64_t index = 0;     // A's query index
    QueryKind kind = QueryKind::sphere_sweep;
    std::uint32_t aspects = 0;
    std::string description;     // describe_difference
    std::string explain;         // --explain's verdict (empty without it)
    std::uint32_t switches = 0;  // --explain: the switches that account for it
};

// --explain over every differing query of the common part.
struct ExplainTally {
    std::string level, queries;
    std::array<std::uint64_t, quirk_count> by_switch{};  // a query counts for every switch that accounts for it
    std::uint64_t explained = 0;                         // by at least one single switch
    std::uint64_t unexplained = 0;                       // by no single switch
    std::uint64_t b_set = 0;                             // B's whole set gives B's record
    std::uint64_t not_rerun = 0;                         // the query is malformed or missing from the query file
    std::uint64_t not_reproduced = 0;                    // A's own set does not give A's record again

    void add(const Explanation& e);
};

struct DiffReport {
    std::string a_name, b_name;
    ResultFileHeader a, b;
    DiffOptions options;
    std::uint64_t compared = 0, differing = 0, only_a = 0, only_b = 0;
    // Records past the end of a file whose run did not finish (--allow-incomplete):
    // not differences, since that run never reached them.
    std::uint64_t not_compared = 0;
    // Without --stats: queries equal in every field that is compared whose work
    // counters differ (as they do between the reference and the batch path).
    std::uint64_t stats_only = 0;
    std::array<std::uint64_t, diff_aspect_count> by_aspect{};
    std::vector<DiffExample> examples;
    std::vector<std::string> warnings;  // different levels, ...
    std::vector<std::string> errors;    // a file cut short or corrupt: the comparison stopped there
    std::optional<ExplainTally> explain;

    bool identical() const { return differing == 0 && only_a == 0 && only_b == 0; }
    void print(std::ostream& out) const;
    json to_json() const;
};

// The verdict on one query, e.g. "sphere_edge_root_order" or "no single switch;
// B's set gives B".
std::string explain_text(const Explanation& e);

}  // namespace levelsweep::cli
