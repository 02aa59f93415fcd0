// levelsweep CLI: the one summary of a replay job, printed by rank 0 from
// every rank's report: each output (complete, or the ranges it misses), the
// queries by kind and status and the rest of `replay`'s summary over every
// output, and the throughput of each rank and of the job.
#pragma once

#include <ostream>
#include <vector>

#include "levelsweep/job_report.hpp"
#include "levelsweep/replay_job.hpp"

namespace levelsweep::cli {

struct JobTimes {
    double replay_seconds = 0;  // from the first range handed out to the last one done
    double merge_seconds = 0;   // from then until every merge was done
};

// Prints the summary; returns the job's exit status: 0 when every output is
// complete (or, with merged false, every range is in its shard), 3 when an
// output misses ranges (rerun with --resume), 1 when a merge failed.
// `complete_before`: the outputs a resumed job found whole and left alone.
int print_job_summary(std::ostream& out, const ReplayJob& job, const std::vector<RankMessage>& ranks,
                      const JobTimes& times, bool merged, const std::vector<bool>& complete_before);

}  // namespace levelsweep::cli
