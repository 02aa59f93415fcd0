// levelsweep: where a set of mesh queries spends its work (`levelsweep profile`).
//
// QueryProfiler is a QueryObserver: run each query with it (run_query's last
// argument, grid walk) and then hand it the result with end_query. It sums:
// - per (x, y) column of the level's grid, the work done in the column's cells
//   summed over z: list entries read plus kernel calls (the cost), and the
//   kernel time measured around each call;
// - per query kind, the work per query as exact value counts (for histograms);
// - per kernel branch, the calls, the contacts they gave and their time.
// The per-call times include the probe's own steady_clock reads. Whole-query
// wall times, measured by the caller on runs without the observer, go in with
// add_query_time: those are the trustworthy figures.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "levelsweep/grid.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep {

// A kernel branch's calls (hits and misses), the contacts they gave, and the
// time spent in them.
struct BranchProfile {
    std::uint64_t calls = 0;
    std::uint64_t contacts = 0;
    double seconds = 0.0;
};

// One query kind's queries (every status: a query refused by validation did no
// work and counts with 0 entries and 0 kernel calls).
struct KindProfile {
    std::uint64_t queries = 0;
    std::uint64_t cells = 0, entries = 0, kernel_calls = 0, contacts = 0;  // sums over the queries
    // How many queries made each number of kernel calls, and read each number of list entries.
    std::map<std::uint32_t, std::uint64_t> kernel_calls_per_query;
    std::map<std::uint32_t, std::uint64_t> entries_per_query;
    std::vector<double> seconds;  // add_query_time's wall times, in arrival order
};

// count, total, mean and nearest-rank percentiles of a set of durations (all 0 for none).
struct TimeSummary {
    std::uint64_t count = 0;
    double total = 0.0, mean = 0.0, p50 = 0.0, p99 = 0.0;
};
TimeSummary summarize_times(std::span<const double> seconds);

class QueryProfiler final : public QueryObserver {
public:
    explicit QueryProfiler(const CellGrid& grid);

    void on_cell(std::size_t cell) override;
    void on_cell_done(std::size_t cell, std::uint32_t entries) override;
    void on_kernel(std::uint32_t triangle) override;
    void on_kernel_done(std::uint32_t triangle, KernelBranch branch, bool contact, float value) override;

    // After a query ran with this observer.
    void end_query(QueryKind kind, const QueryResult& r);
    // A query's wall time from a run without the observer.
    void add_query_time(QueryKind kind, double seconds);

    // Columns: (ix, iy) is index ix * ny + iy, as the grid's cells without z.
    std::uint32_t columns_x() const { return nx_; }
    std::uint32_t columns_y() const { return ny_; }
    std::span<const std::uint64_t> column_cost() const { return column_cost_; }
    std::span<const double> column_kernel_seconds() const { return column_seconds_; }

    const KindProfile& kind(QueryKind k) const { return kinds_[static_cast<std::size_t>(k)]; }
    const BranchProfile& branch(KernelBranch b) const { return branches_[static_cast<std::size_t>(b)]; }
    const std::array<std::uint64_t, query_status_count>& statuses() const { return statuses_; }  // by QueryStatus

private:
    using Clock = std::chrono::steady_clock;
    static constexpr std::size_t no_column = static_cast<std::size_t>(-1);

    std::uint32_t nx_, ny_, nz_;
    std::vector<std::uint64_t> column_cost_;
    std::vector<double> column_seconds_;
    std::array<KindProfile, query_kind_count> kinds_;
    std::array<BranchProfile, kernel_branch_count> branches_;
    std::array<std::uint64_t, query_status_count> statuses_{};
    std::size_t column_ = no_column;  // the column of the cell being walked
    Clock::time_point kernel_start_;
};

}  // namespace levelsweep
