// levelsweep CLI: checks on option values that CLI11's own let through: NaN
// passes its PositiveNumber (every comparison with NaN is false), and its
// unsigned options wrap ("--count -1" is 2^64 - 1). Each check names the
// option and the values it takes.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

namespace levelsweep::cli {

// A finite number above 0 (cell sizes, scales).
CLI::Validator positive_finite();
// A finite number at or above 0 (tolerances, lengths).
CLI::Validator non_negative_finite();
// Digits only, from `least` to `most` (counts, seeds, limits, thread counts).
CLI::Validator whole_number(std::uint64_t least, std::uint64_t most);
// A memory size: bytes, or a number with K, M, G or T (memory_limit.hpp).
CLI::Validator memory_size();

}  // namespace levelsweep::cli
