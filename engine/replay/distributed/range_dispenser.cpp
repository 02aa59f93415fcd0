// Rank 0's hand-out of ranges (job_team.hpp), and the team of one process.
#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "levelsweep/job_team.hpp"

namespace levelsweep {

RangeDispenser::RangeDispenser(const std::vector<QueryRange>& ranges, int ranks) : ranks_(ranks) {
    if (ranks < 1) throw std::invalid_argument("RangeDispenser: a job has at least one rank");
    std::size_t replays = 0;
    for (const QueryRange& r : ranges) replays = std::max(replays, r.replay + 1);
    left_.resize(replays);
    std::vector<QueryRange> sorted = ranges;
    std::sort(sorted.begin(), sorted.end(), [](const QueryRange& a, const QueryRange& b) {
        return a.replay < b.replay || (a.replay == b.replay && a.first < b.first);
    });
    for (const QueryRange& r : sorted) left_[r.replay].push_back(r);
    last_.assign(static_cast<std::size_t>(ranks), replays);
}

std::optional<QueryRange> RangeDispenser::take(int rank, std::uint64_t done) {
    if (rank < 0 || rank >= ranks_) throw std::out_of_range("RangeDispenser::take: no rank " + std::to_string(rank));
    std::optional<QueryRange> range;
    {
        const std::lock_guard lock(mutex_);
        done_ += done;
        std::size_t& last = last_[static_cast<std::size_t>(rank)];
        if (last >= left_.size() || left_[last].empty()) {
            const auto most = std::max_element(left_.begin(), left_.end(),
                                               [](const auto& a, const auto& b) { return a.size() < b.size(); });
            last = most == left_.end() ? left_.size() : static_cast<std::size_t>(most - left_.begin());
        }
        if (!error_ && last < left_.size() && !left_[last].empty()) {
            range = left_[last].front();
            left_[last].pop_front();
        } else {
            ++retired_;
        }
    }
    changed_.notify_all();
    return range;
}

void RangeDispenser::fail(std::exception_ptr error) {
    {
        const std::lock_guard lock(mutex_);
        if (!error_) error_ = error;
    }
    changed_.notify_all();
}

void RangeDispenser::rethrow() const {
    const std::lock_guard lock(mutex_);
    if (error_) std::rethrow_exception(error_);
}

bool RangeDispenser::finished() const {
    const std::lock_guard lock(mutex_);
    return error_ || retired_ >= ranks_;
}

std::uint64_t RangeDispenser::done() const {
    const std::lock_guard lock(mutex_);
    return done_;
}

void RangeDispenser::wait(std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    const int retired = retired_;
    const std::uint64_t done = done_;
    changed_.wait_for(lock, timeout, [&] { return error_ || retired_ != retired || done_ != done; });
}

void SoloTeam::serve(RangeSupply& ranges, const std::function<void()>& tick) {
    while (!ranges.finished()) {
        tick();
        ranges.wait(std::chrono::milliseconds(100));
    }
    tick();
}

std::optional<QueryRange> SoloTeam::request(std::uint64_t) {
    throw std::logic_error("SoloTeam::request: a team of one has no rank but rank 0");
}

void SoloTeam::abort(int code) { std::exit(code); }

int launcher_ranks() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
        if (const char* value = std::getenv(name)) return std::atoi(value);
    for (const char* name : {"PMIX_RANK", "PMI_RANK", "OMPI_COMM_WORLD_RANK"})
        if (std::getenv(name)) return -1;
    return 0;
}

}  // namespace levelsweep
