// levelsweep: how much memory one structure may take (a level's arrays and
// cell lists, a file read whole). Builds and readers work out what they need
// before allocating it and refuse above the limit with MemoryLimitError, which
// gives the figure, the limit and what helps, instead of failing inside the
// allocator (docs/decisions.md, "Memory").
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace levelsweep {

class MemoryLimitError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The limit in bytes: the last set_memory_limit, else default_memory_limit().
std::uint64_t memory_limit();
void set_memory_limit(std::uint64_t bytes);
// Half of the memory this process may have: the least of the machine's memory,
// the address-space and data limits (ulimit -v, -d) and the cgroup's limit.
// Half, because a build holds its input beside what it makes.
std::uint64_t default_memory_limit();

// Throws MemoryLimitError when `bytes` is over memory_limit():
// "WHAT needs 15.2 GiB, over the memory limit of 11.6 GiB: REMEDY, or raise the
// limit (levelsweep --memory-limit, or LEVELSWEEP_MEMORY_LIMIT)".
void check_memory(std::uint64_t bytes, const std::string& what, const std::string& remedy);

// "15.2 GiB", "640.0 KiB", "100 bytes".
std::string memory_text(std::uint64_t bytes);
// A size as users write it: bytes, or a number with K, M, G or T (powers of
// 1024, an optional "iB" or "B" after it): "8G", "512MiB", "1.5g". Nothing for
// anything else, zero included.
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

}  // namespace levelsweep
