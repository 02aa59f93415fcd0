// levelsweep CLI: the clock the commands time their work by (replay's rate,
// profile's query and kernel times, info --startup).
#pragma once

#include <chrono>

namespace levelsweep::cli {

using Clock = std::chrono::steady_clock;

// Seconds from `start` to now.
inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace levelsweep::cli
