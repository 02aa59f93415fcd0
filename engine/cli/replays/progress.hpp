// levelsweep CLI: progress on standard error while a long command runs: a bar
// redrawn in place on a terminal, plain periodic lines otherwise.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace levelsweep::cli {

class Progress {
public:
    // total = 0: unknown (a count and a rate are shown instead of a bar).
    Progress(std::string what, std::uint64_t total, bool enabled);
    void update(std::uint64_t done);
    // Clears the bar on a terminal, so the summary starts on a clean line; a
    // log gets a last line with the final count.
    void finish();

private:
    void draw(std::uint64_t done, double seconds);

    std::string what_;
    std::uint64_t total_;
    std::uint64_t done_ = 0;
    bool enabled_, terminal_;
    std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace levelsweep::cli
