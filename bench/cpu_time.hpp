// levelsweep benchmarks: the process's CPU time, for the `cores` counter of the
// thread benchmarks (CPU time per second of wall time: below the thread count,
// the threads waited, for each other or for cores other work held).
#pragma once

#include <ctime>

namespace levelsweep::bench {

// The process's CPU time in seconds (POSIX): all its threads together.
inline double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace levelsweep::bench
