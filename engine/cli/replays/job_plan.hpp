// levelsweep CLI: rank 0's look at a replay job before it runs. Every replay
// is checked as `replay` checks its arguments (the level, the query file, the
// level the queries were recorded on, the ISA, outputs that would overwrite
// an input), its shards are looked at, and what is left to run is cut into
// ranges. A job that finds shards or a merged partial file of an earlier,
// interrupted one refuses to start over them without --resume.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "levelsweep/job_shards.hpp"
#include "levelsweep/replay_job.hpp"

namespace levelsweep::cli {

struct PlannedReplay {
    ShardKey key;
    std::uint64_t count = 0;  // the queries of its query file
    std::string isa;          // the ISA its output's header records: `replay`'s choice on rank 0's machine
    bool complete = false;    // its output is in place and whole (a resumed job leaves it)
    ShardScan scan;
    std::vector<QueryRange> todo;
};

struct JobPlan {
    std::vector<PlannedReplay> replays;
    std::vector<QueryRange> todo;  // every replay's, in job order
    std::uint64_t queries() const;
};

// Throws std::runtime_error saying which replay and why, for anything
// `replay` would refuse, an input a job cannot read by ranges, or an
// interrupted job's files without `resume`.
JobPlan plan_job(const ReplayJob& job, bool resume, std::uint64_t range_queries);

// Removes the shard files the plan found incomplete or foreign to their
// replay (a resumed job runs their ranges again).
void remove_partial_shards(const JobPlan& plan);

// "1 shard", "2 shards": a count and its noun (its plural, when not noun + "s").
std::string counted(std::uint64_t n, const std::string& noun, const std::string& plural = "");

// Per output: complete, or its ranges done and missing (`--status`, and a
// resumed job's first lines).
void print_plan(std::ostream& out, const ReplayJob& job, const JobPlan& plan, bool every_range);

}  // namespace levelsweep::cli
