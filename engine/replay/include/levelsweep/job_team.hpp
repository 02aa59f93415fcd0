// levelsweep: the ranks of a replay job as the job sees them, and how rank 0
// hands out the ranges (docs/distributed.md). Rank 0 holds the dispenser;
// every rank, rank 0 too (on a thread of its own), asks it for a range when
// it is free, so a slow or busy rank takes fewer ranges and holds up the rest
// by one range at most. A team is MPI's ranks (the module levelsweep-mpi.so,
// built when Open MPI is found, which the tool loads only for a job under an
// MPI launcher) or one process alone (SoloTeam); the job is the same code on
// both.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "levelsweep/replay_job.hpp"

namespace levelsweep {

// What a team's rank 0 asks of the ranges while it serves the other ranks
// (JobTeam::serve). An interface, so that the MPI team, a module of its own,
// reaches the dispenser through its table of calls and links none of this
// library.
class RangeSupply {
public:
    virtual std::optional<QueryRange> take(int rank, std::uint64_t done) = 0;
    virtual bool finished() const = 0;
    virtual void wait(std::chrono::milliseconds timeout) const = 0;

protected:
    ~RangeSupply() = default;
};

// The ranges still to run, handed out one at a time; thread-safe.
class RangeDispenser final : public RangeSupply {
public:
    // `ranks` workers (rank 0 included) will ask; `ranges` in any order.
    RangeDispenser(const std::vector<QueryRange>& ranges, int ranks);

    // Worker `rank` has run `done` queries since it last asked and is free:
    // the next range for it (of the replay it ran last while that one has
    // ranges left, so that a rank loads few levels; else of the replay with
    // the most left, so that the ranks spread over the replays), or none: the
    // job has no more, and the worker is done.
    std::optional<QueryRange> take(int rank, std::uint64_t done) override;
    // A worker on rank 0's own thread failed: the job stops (finished() is
    // true, and rethrow() throws it).
    void fail(std::exception_ptr error);
    void rethrow() const;

    // Every worker has been told there is no more (or one failed).
    bool finished() const override;
    // The queries done so far, as the workers reported them.
    std::uint64_t done() const;
    // Waits until a worker asks or fails, or `timeout` passes.
    void wait(std::chrono::milliseconds timeout) const override;

private:
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::vector<std::deque<QueryRange>> left_;  // by replay, in query order
    std::vector<std::size_t> last_;             // by rank: the replay it ran last (left_.size(): none)
    int ranks_, retired_ = 0;
    std::uint64_t done_ = 0;
    std::exception_ptr error_;
};

class JobTeam {
public:
    virtual ~JobTeam() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // Rank 0's `text`, on every rank (the others' argument is not read).
    virtual std::string broadcast(const std::string& text) = 0;
    // Every rank's `text`, in rank order, on rank 0 (empty elsewhere).
    virtual std::vector<std::string> gather(const std::string& text) = 0;
    // Rank 0: answers the other ranks' requests from `ranges`, calling `tick`
    // between them (every few milliseconds at most), until every worker has
    // been told there is no more, or the one on rank 0's thread failed.
    virtual void serve(RangeSupply& ranges, const std::function<void()>& tick) = 0;
    // The other ranks: reports `done` queries since the last request and asks
    // rank 0 for a range; none: the job has no more.
    virtual std::optional<QueryRange> request(std::uint64_t done) = 0;
    // Ends every rank of the job at once, with `code` (a rank that cannot go
    // on, while the others wait for it).
    [[noreturn]] virtual void abort(int code) = 0;
};

// One process alone: rank 0 of 1, which runs every range on its own thread.
class SoloTeam final : public JobTeam {
public:
    int rank() const override { return 0; }
    int size() const override { return 1; }
    std::string broadcast(const std::string& text) override { return text; }
    std::vector<std::string> gather(const std::string& text) override { return {text}; }
    void serve(RangeSupply& ranges, const std::function<void()>& tick) override;
    std::optional<QueryRange> request(std::uint64_t done) override;
    [[noreturn]] void abort(int code) override;
};

// The rank count an MPI launcher (mpirun, mpiexec, srun) gave this process,
// from the environment it sets for its ranks (Open MPI's, PMI's, PMIx's): 0
// when no launcher started it, -1 when one did without saying how many.
int launcher_ranks();

}  // namespace levelsweep
