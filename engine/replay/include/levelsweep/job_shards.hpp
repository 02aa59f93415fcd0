// levelsweep: a replay job's shards (docs/distributed.md, "Shards, merge and
// resume"). Each range of a replay's queries is replayed into a shard of its
// own, OUTPUT.shards/q<first>-<end>.lsr: a result file (version 3) whose
// records are the range's, written by replay's pipeline, and whose trailer
// (the completeness marker) says the range is whole. A rank that dies leaves
// its shard without one; a shard that is lost leaves its range without one.
// The merge appends the shards' records, in query order, to the output that
// `replay` would write, and stops at the first range no whole shard holds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "levelsweep/input_digest.hpp"
#include "levelsweep/replay_files.hpp"
#include "levelsweep/replay_job.hpp"
#include "levelsweep/replay_summary.hpp"

namespace levelsweep {

// What ties a shard to its replay: the level, the mode, the path (each path
// counts the work its own way), and the query file (its size and the digest
// of its header: a file recorded again is another). The ISA is not in it:
// every ISA gives the same records.
struct ShardKey {
    std::string output, queries;
    std::uint64_t level_checksum = 0;
    std::uint32_t quirks = 0;
    std::string path;
    std::uint64_t query_bytes = 0;
    InputDigest query_head;
};

std::filesystem::path shard_folder(const std::string& output);
std::filesystem::path shard_path(const std::string& output, const QueryRange& range);

// A shard's header: the key's level, mode and path, the ISA the rank ran,
// the range's size as the expected count, and the key and the range as JSON
// metadata (what a later run checks a shard against).
ResultFileHeader shard_header(const ShardKey& key, const QueryRange& range, const std::string& isa);

// The shards of replay `replay` as they stand, found by a quick look at each
// (its header and its last 32 bytes; the merge reads each whole).
struct ShardScan {
    std::vector<QueryRange> done;                // complete shards of this replay, in query order, none overlapping
    std::vector<QueryRange> missing;             // the rest of [0, count), gap by gap
    std::vector<std::filesystem::path> partial;  // shard files that are not a complete shard of this replay
    // Whether the folder holds any shard file at all (complete or not).
    bool any() const { return !done.empty() || !partial.empty(); }
};
ShardScan scan_shards(std::size_t replay, const ShardKey& key, std::uint64_t count);

struct MergeResult {
    std::uint64_t records = 0;           // written to the output
    std::vector<QueryRange> missing;     // ranges no whole shard holds; empty: the output is complete
    std::vector<std::string> set_aside;  // shards that did not read whole, renamed *.damaged
    ReplaySummary summary;               // of the records written
    bool complete() const { return missing.empty(); }
};

// Appends the shards' records, in query order, to `out`: a writer on the
// merged file, opened with the header `replay` writes for this replay (no
// record yet). After each shard it writes the checkpoint `replay` writes
// after the same queries (the query file's digest carried on from `head`
// over the shards' ranges), so that an output the merge could not finish is
// one `replay --resume` can; when every range was there it closes the file
// with its trailer. It stops at the first range no whole shard of this
// replay holds (a shard that does not read whole to its trailer is renamed
// SHARD.damaged, so that a resumed job replays its range) and lists every
// range missing.
MergeResult merge_shards(std::size_t replay, const ShardKey& key, std::uint64_t count, const InputDigest& head,
                         ResultFileWriter& out);

// Removes the shard files of `output` (and their folder, when nothing else is
// in it): once the output is in place, or before a fresh start.
void remove_shards(const std::string& output);

}  // namespace levelsweep
