// levelsweep's TBB handoffs (engine/query/threads/levelsweep/parallel_loop.hpp)
// for the AArch64 build of tests/aarch64, which has no AArch64 TBB: the same
// parallel_loop, run on the calling thread as one range, and isolated, which
// has nothing to isolate from. Only the hierarchy's build uses them there, and
// its tree is the same on any number of threads (tests/query/query_runner.cpp
// checks that on the host).
#pragma once

#include <cstddef>

namespace levelsweep {

struct SerialRange {
    std::size_t first, last;
    std::size_t begin() const { return first; }
    std::size_t end() const { return last; }
};

template <class Body>
void parallel_loop(std::size_t begin, std::size_t end, std::size_t /*grain*/, const Body& body) {
    body(SerialRange{begin, end});
}

template <class Work>
void isolated(const Work& work) {
    work();
}

}  // namespace levelsweep
