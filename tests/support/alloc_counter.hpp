// Counts calls of the global operator new while switched on, on every thread,
// and the bytes held through it (tests/support/alloc_counter.cpp replaces the
// global allocation functions; each forwards to malloc and free, so nothing
// else changes).
#pragma once

#include <cstdint>

namespace levelsweep::test {

void count_allocations(bool on);
std::uint64_t allocations_counted();

// The most bytes held at once through operator new (malloc's usable sizes),
// beyond what was held when start_measuring_bytes() was called.
void start_measuring_bytes();
std::uint64_t peak_bytes_measured();

}  // namespace levelsweep::test
