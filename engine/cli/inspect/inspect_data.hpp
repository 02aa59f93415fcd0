// levelsweep inspect: what the inspector page is made of, gathered from the
// command's inputs before the page is written (docs/inspect.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "inspect/walk_trace.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/replay_files.hpp"
#include "levelsweep/result_diff.hpp"

namespace levelsweep::cli {

// One answer to the queries: a result file's, or the reference path's when
// the command was given queries alone.
struct ResultSide {
    std::string file;  // "" when computed here
    ResultFileHeader header;
    std::vector<ResultRecord> records;  // in file order; record i answers query record i
    std::string end_text;               // how the file ended ("complete: N queries")
    Quirks quirks = Quirks::faithful();
    std::vector<std::uint32_t> traced;  // the query records whose walks `traces` holds, ascending
    WalkTraces traces;                  // rerun with this side's quirks on the reference path
};

// A query the two result files answer differently, as `levelsweep diff` finds it.
struct DiffEntry {
    std::uint32_t position = 0;  // the record's position in both files
    ResultDiff diff;
    std::string description;  // describe_difference
    // --explain's verdict: what explain_difference found, when it ran.
    enum class Verdict : std::uint8_t { not_run, explained, unexplained, not_reproduced, not_rerun };
    Verdict verdict = Verdict::not_run;
    std::uint32_t switches = 0;  // the switches that account for it
    std::string explain;         // explain_text, or why it was not run
};

struct DiffSummary {
    DiffOptions options;
    std::uint64_t compared = 0, only_a = 0, only_b = 0, explained_limit = 0;
    std::vector<DiffEntry> entries;
};

struct InspectData {
    std::string level_file;
    const Level* level = nullptr;
    std::string queries_file;          // "" without queries
    std::vector<QueryRecord> queries;  // every record of the query file, in order
    std::optional<std::string> queries_truncation;
    bool computed = false;                                       // sides[0] was computed here (no result file given)
    std::vector<ResultSide> sides;                               // A, and B for the difference view
    std::unordered_map<std::uint32_t, std::uint64_t> cell_cost;  // side A's work per cell
    std::optional<DiffSummary> diff;
    json world;                      // the scene's bodies at each world query (null without --scene)
    std::vector<std::string> notes;  // what the page leaves out and why
};

}  // namespace levelsweep::cli
