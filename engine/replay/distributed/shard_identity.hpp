// levelsweep (private): how a shard is told apart, by its name and by its
// header, for the plan's quick look (job_shards.cpp) and the merge's full
// read (shard_merge.cpp).
#pragma once

#include <optional>
#include <string>

#include "levelsweep/job_shards.hpp"

namespace levelsweep::detail {

// What a shard set aside by the merge is renamed with.
inline constexpr const char* damaged_shard_suffix = ".damaged";

// The range a shard's file name gives, "q<first>-<end>.lsr" (followed by
// `suffix`); none for any other name.
std::optional<QueryRange> range_of_shard_name(const std::string& name, std::size_t replay,
                                              const std::string& suffix = "");

// Whether `header` is the one a rank writes for `range` of the replay `key`
// stands for (whatever ISA it ran).
bool is_shard_of(const ResultFileHeader& header, const ShardKey& key, const QueryRange& range);

}  // namespace levelsweep::detail
