// levelsweep inspect: what a query's cell walk did, as the inspector shows it
// (docs/inspect.md). WalkTracer is a QueryObserver for run_query's reference
// walk. Over every query it sums each cell's work (list entries read plus
// kernel calls, the cost `levelsweep profile` counts, docs/profile.md); for
// the queries it is asked to record it keeps the walk itself: the cells in
// order with the entries read in each, and every kernel call with its branch
// and whether it gave a contact.
//
// The entries themselves are not recorded: they are the words of the level's
// count-first lists from the cell's list onwards (DESIGN.md item 2), so the
// page reads them from the level's cell words, and the ones past the list's
// count are the counter bug's extra reads (DESIGN.md item 4). No hook had to
// be added to the walk for them.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "levelsweep/grid.hpp"
#include "levelsweep/mesh_query.hpp"

namespace levelsweep::cli {

// The walks of the recorded queries, one after another (offsets into the
// flat arrays: query q's cells are cells[cell_start[q] .. cell_start[q + 1])).
struct WalkTraces {
    std::vector<std::uint32_t> cell_start{0}, kernel_start{0};
    std::vector<std::uint32_t> cells, cell_entries;           // visit order; entries read there
    std::vector<std::uint32_t> kernel_triangle, kernel_cell;  // kernel_cell: the visit (index into cells) it ran in
    std::vector<std::uint8_t> kernel_branch, kernel_contact;  // KernelBranch; 1 when it gave a kept contact
    std::vector<float> kernel_value;                          // what it computed (QueryObserver::on_kernel_done)
    std::vector<std::uint8_t> truncated;                      // 1 when the walk went past the recording's cap

    std::size_t size() const { return truncated.size(); }
};

class WalkTracer final : public QueryObserver {
public:
    // A walk longer than these is recorded up to them (and marked truncated).
    static constexpr std::uint32_t max_cells = 1u << 16, max_kernel_calls = 1u << 16;

    // Starts a query; with `record` its walk goes into traces().
    void begin_query(bool record);
    // Ends it (a recorded one gets its offsets).
    void end_query();

    void on_cell(std::size_t cell) override;
    void on_cell_done(std::size_t cell, std::uint32_t entries) override;
    void on_kernel(std::uint32_t triangle) override;
    void on_kernel_done(std::uint32_t triangle, KernelBranch branch, bool contact, float value) override;

    // The work per cell over every query run with this tracer (cells without work absent).
    const std::unordered_map<std::uint32_t, std::uint64_t>& cell_cost() const { return cost_; }
    const WalkTraces& traces() const { return traces_; }

private:
    std::unordered_map<std::uint32_t, std::uint64_t> cost_;
    WalkTraces traces_;
    std::uint32_t cell_ = 0;    // the cell being walked
    std::uint32_t visits_ = 0;  // cells recorded for this query
    std::uint32_t calls_ = 0;   // kernel calls recorded for this query
    bool recording_ = false, truncated_ = false;
    bool cell_recorded_ = false;  // the cell being walked is in the trace
};

}  // namespace levelsweep::cli
