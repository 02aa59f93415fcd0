// levelsweep inspect: the walk tracer (walk_trace.hpp).
#include "inspect/walk_trace.hpp"

#include <limits>

namespace levelsweep::cli {

void WalkTracer::begin_query(bool record) {
    recording_ = record;
    truncated_ = cell_recorded_ = false;
    visits_ = calls_ = 0;
}

void WalkTracer::end_query() {
    if (!recording_) return;
    traces_.cell_start.push_back(static_cast<std::uint32_t>(traces_.cells.size()));
    traces_.kernel_start.push_back(static_cast<std::uint32_t>(traces_.kernel_triangle.size()));
    traces_.truncated.push_back(truncated_ ? 1 : 0);
    recording_ = false;
}

void WalkTracer::on_cell(std::size_t cell) {
    cell_ = static_cast<std::uint32_t>(cell);  // a grid has at most 2^26 cells (docs/formats.md, "Limits")
    cell_recorded_ = false;
    if (!recording_ || truncated_) return;
    if (visits_ == max_cells) {
        truncated_ = true;
        return;
    }
    ++visits_;
    traces_.cells.push_back(cell_);
    traces_.cell_entries.push_back(0);
    cell_recorded_ = true;
}

void WalkTracer::on_cell_done(std::size_t cell, std::uint32_t entries) {
    if (entries > 0) cost_[static_cast<std::uint32_t>(cell)] += entries;  // cells without work stay absent
    if (cell_recorded_) traces_.cell_entries.back() = entries;
    cell_recorded_ = false;
}

void WalkTracer::on_kernel(std::uint32_t triangle) {
    ++cost_[cell_];  // the call counts in the cell being walked (docs/profile.md)
    if (!recording_ || truncated_) return;
    if (calls_ == max_kernel_calls) {
        truncated_ = true;
        return;
    }
    ++calls_;
    traces_.kernel_triangle.push_back(triangle);
    traces_.kernel_cell.push_back(static_cast<std::uint32_t>(traces_.cells.size() - 1 - traces_.cell_start.back()));
    traces_.kernel_branch.push_back(0);
    traces_.kernel_contact.push_back(0);
    traces_.kernel_value.push_back(std::numeric_limits<float>::quiet_NaN());
}

void WalkTracer::on_kernel_done(std::uint32_t, KernelBranch branch, bool contact, float value) {
    if (!recording_ || truncated_) return;
    traces_.kernel_branch.back() = static_cast<std::uint8_t>(branch);
    traces_.kernel_contact.back() = contact ? 1 : 0;
    traces_.kernel_value.back() = value;
}

}  // namespace levelsweep::cli
