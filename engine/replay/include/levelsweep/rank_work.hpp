// levelsweep: what one rank of a replay job does with the ranges it is given
// (docs/distributed.md). Each level is loaded once and its batch level built
// once (per path and ISA), each query file opened once, the pipeline's
// chunks allocated once; each range is run by replay's own pipeline
// (run_replay) on the runner's threads into its shard, which is written
// afresh and closed with its trailer last.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "levelsweep/job_shards.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/query_ranges.hpp"
#include "levelsweep/replay_job.hpp"
#include "levelsweep/replay_summary.hpp"

namespace levelsweep {

// What a rank did, for the job's summary.
struct RankReport {
    std::uint64_t queries = 0, ranges = 0;
    double seconds = 0;     // in its ranges, levels loaded and batch levels built included
    unsigned threads = 0;   // its runners' (the most of them)
    ReplaySummary summary;  // of the queries it ran
};

class RankWork {
public:
    // `threads` per rank, as replay's --threads (0: every core it may use).
    RankWork(const ReplayJob& job, unsigned threads);
    ~RankWork();
    RankWork(const RankWork&) = delete;
    RankWork& operator=(const RankWork&) = delete;

    // Replays `range` into its shard. `chunk_done(done)` is called after each
    // chunk's records and checkpoint are in the shard (done: the range's query
    // records so far). Throws on any failure (the shard is then left without
    // its trailer: incomplete).
    void run(const QueryRange& range, const std::function<void(std::uint64_t done)>& chunk_done = {});
    const RankReport& report() const;

    // A replay's level, query file and shard key, loaded once for the rank's
    // ranges and its merges (the runner is built only for a range).
    const Level& level(std::size_t replay);
    const QueryFileRanges& queries(std::size_t replay);
    const ShardKey& shard_key(std::size_t replay);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Runs ranges from `next` until it gives none; `next` is told the queries
// done since it was last asked (the range just run).
void work_ranges(RankWork& work, const std::function<std::optional<QueryRange>(std::uint64_t done)>& next,
                 const std::function<void(const QueryRange&, std::uint64_t done)>& chunk_done = {});

}  // namespace levelsweep
