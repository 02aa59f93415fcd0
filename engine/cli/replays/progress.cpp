#include "replays/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace levelsweep::cli {

namespace {
// A terminal is redrawn ten times a second; a log gets a line every five seconds.
constexpr double terminal_interval = 0.1, log_interval = 5.0;
}  // namespace

Progress::Progress(std::string what, std::uint64_t total, bool enabled)
    : what_(std::move(what)),
      total_(total),
      enabled_(enabled),
      terminal_(::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void Progress::update(std::uint64_t done) {
    done_ = done;
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() < (terminal_ ? terminal_interval : log_interval)) return;
    last_ = now;
    draw(done, std::chrono::duration<double>(now - start_).count());
}

void Progress::draw(std::uint64_t done, double seconds) {
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
    char line[160];
    if (total_ > 0) {
        const double f = static_cast<double>(done) / static_cast<double>(total_);
        const int width = 30, filled = static_cast<int>(f * width);
        std::string bar(static_cast<std::size_t>(filled), '#');
        bar.resize(width, '.');
        const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
        std::snprintf(line, sizeof line, "%s [%s] %5.1f%% %llu/%llu %.0f/s ETA %.0fs", what_.c_str(), bar.c_str(),
                      100.0 * f, static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), rate,
                      eta);
    } else {
        std::snprintf(line, sizeof line, "%s %llu done, %.0f/s", what_.c_str(), static_cast<unsigned long long>(done),
                      rate);
    }
    if (terminal_)
        std::fprintf(stderr, "\r%-100s", line);
    else
        std::fprintf(stderr, "%s\n", line);
    std::fflush(stderr);
}

void Progress::finish() {
    if (!enabled_) return;
    if (terminal_)
        std::fprintf(stderr, "\r%-100s\r", "");
    else
        draw(done_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
                        .count());  // a log ends with the total
}

}  // namespace levelsweep::cli
