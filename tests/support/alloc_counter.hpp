// Counts calls of the global operator new while switched on, on every thread
// (tests/world/alloc_counter.cpp replaces the global allocation functions; each
// forwards to malloc and free, so nothing else changes).
#pragma once

#include <cstdint>

namespace levelsweep::test {

void count_allocations(bool on);
std::uint64_t allocations_counted();

}  // namespace levelsweep::test
