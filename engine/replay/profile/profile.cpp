// The profiling observer of `levelsweep profile` (profile.hpp): per-column
// work and kernel time, per-kind work counts, per-branch calls and time.
#include "levelsweep/profile.hpp"

#include <algorithm>
#include <cmath>

namespace levelsweep {

namespace {

// The value at nearest rank ceil(p * n) of sorted values (n > 0).
double nearest_rank(std::span<const double> sorted, double p) {
    const auto n = static_cast<double>(sorted.size());
    const auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p * n)));
    return sorted[std::min(rank, sorted.size()) - 1];
}

}  // namespace

TimeSummary summarize_times(std::span<const double> seconds) {
    TimeSummary s;
    if (seconds.empty()) return s;
    std::vector<double> sorted(seconds.begin(), seconds.end());
    std::sort(sorted.begin(), sorted.end());
    s.count = sorted.size();
    for (double t : sorted) s.total += t;
    s.mean = s.total / static_cast<double>(s.count);
    s.p50 = nearest_rank(sorted, 0.50);
    s.p99 = nearest_rank(sorted, 0.99);
    return s;
}

QueryProfiler::QueryProfiler(const CellGrid& grid)
    : nx_(grid.nx()),
      ny_(grid.ny()),
      nz_(grid.nz()),
      column_cost_(std::size_t{nx_} * ny_),
      column_seconds_(std::size_t{nx_} * ny_) {}

// Cells are numbered (ix * ny + iy) * nz + iz, so a cell's column is cell / nz.
void QueryProfiler::on_cell(std::size_t cell) { column_ = cell / nz_; }

void QueryProfiler::on_cell_done(std::size_t cell, std::uint32_t entries) {
    column_cost_[cell / nz_] += entries;
    column_ = no_column;
}

void QueryProfiler::on_kernel(std::uint32_t) {
    // A brute-force walk visits no cell: its calls belong to no column.
    if (column_ != no_column) ++column_cost_[column_];
    kernel_start_ = Clock::now();
}

void QueryProfiler::on_kernel_done(std::uint32_t, KernelBranch branch, bool contact, float) {
    const double seconds = std::chrono::duration<double>(Clock::now() - kernel_start_).count();
    BranchProfile& b = branches_[static_cast<std::size_t>(branch)];
    ++b.calls;
    b.contacts += contact ? 1 : 0;
    b.seconds += seconds;
    if (column_ != no_column) column_seconds_[column_] += seconds;
}

void QueryProfiler::end_query(QueryKind kind, const QueryResult& r) {
    KindProfile& k = kinds_[static_cast<std::size_t>(kind)];
    ++k.queries;
    k.cells += r.stats.cells;
    k.entries += r.stats.entries;
    k.kernel_calls += r.stats.kernel_calls;
    k.contacts += r.count;
    ++k.kernel_calls_per_query[r.stats.kernel_calls];
    ++k.entries_per_query[r.stats.entries];
    ++statuses_[static_cast<std::size_t>(r.status)];
    column_ = no_column;
}

void QueryProfiler::add_query_time(QueryKind kind, double seconds) {
    kinds_[static_cast<std::size_t>(kind)].seconds.push_back(seconds);
}

}  // namespace levelsweep
