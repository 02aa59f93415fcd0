// levelsweep: a replay job. Many replays, each what `levelsweep replay LEVEL
// QUERIES -o OUTPUT` does for one (level, query file) pair, run as one job
// across the ranks of an MPI launch (or in one process): each replay's
// queries are cut into ranges, the ranks take the ranges as they come free,
// replay each into a shard, and each output is merged from its shards, in
// query order, into the bytes `replay` writes (docs/distributed.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "levelsweep/quirks.hpp"

namespace levelsweep {

// One replay of a job, with `replay`'s options. The names are kept as given:
// the output's metadata records them so (replay_metadata), and ranks open
// them from the working directory the launcher gives them.
struct JobReplay {
    std::string level, queries, output;
    std::string mode = "faithful";  // faithful or corrected
    std::string path = "batch";     // batch or reference
    std::string isa = "auto";       // as --isa takes it
    bool empty_round_sweeps = false;
    bool force = false;  // queries recorded against another level

    Quirks quirks() const;
};

struct ReplayJob {
    std::vector<JobReplay> replays;
};

// Reads a manifest, one JSON object:
//   {"replays": [{"level": "a.lvl", "queries": "a.lsq", "output": "a.lsr",
//                 "mode": "faithful", "path": "batch",
//                 "options": {"isa": "auto", "empty_round_sweeps": false, "force": false}}, ...]}
// level, queries and output are required; the rest take replay's defaults.
// Throws std::runtime_error naming the manifest, the replay (by its place)
// and the key: a file that does not parse, an unknown key (a misspelt option
// would otherwise be a silent default), a wrong type or value, no replay, or
// two replays with one output.
ReplayJob read_job_manifest(const std::filesystem::path& manifest);

// Checks one replay's values (mode, path, ISA name, the three names given) as
// the manifest does; `where` names it in the error ("replay 2 of jobs.json").
void check_job_replay(const JobReplay& replay, const std::string& where);

// Records [first, end) of one replay's query file.
struct QueryRange {
    std::size_t replay = 0;  // its place in the job
    std::uint64_t first = 0, end = 0;

    std::uint64_t size() const { return end - first; }
    bool operator==(const QueryRange&) const = default;
};

// A range's queries by default: a second or so of a 2-core machine's work,
// enough to amortise a shard's creation and fsync and rank 0's round trip.
inline constexpr std::uint64_t default_range_queries = std::uint64_t{1} << 20;

// [first, end) of replay `replay` cut into ranges of `range_queries` (the
// last one shorter).
std::vector<QueryRange> cut_ranges(std::size_t replay, std::uint64_t first, std::uint64_t end,
                                   std::uint64_t range_queries);

// "queries 4096 to 8191" (the last one included, as a user counts them).
std::string range_text(const QueryRange& range);

}  // namespace levelsweep
