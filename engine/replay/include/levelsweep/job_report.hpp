// levelsweep: what each rank of a replay job tells rank 0 at the end (a team
// gathers text): the work it did, and the merges it made, from which rank 0
// prints the job's one summary (docs/distributed.md).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "levelsweep/job_shards.hpp"
#include "levelsweep/rank_work.hpp"

namespace levelsweep {

// One output's merge, by the rank that made it.
struct OutputMerge {
    std::size_t replay = 0;
    MergeResult result;
    std::string error;  // the merge failed (a file it could not write): why; result is then empty
};

struct RankMessage {
    int rank = 0;
    std::string host;
    RankReport work;
    double merge_seconds = 0;
    std::vector<OutputMerge> merges;
};

std::string encode_rank_message(const RankMessage& message);
// Throws std::runtime_error for a text encode_rank_message did not make.
RankMessage decode_rank_message(const std::string& text);

}  // namespace levelsweep
