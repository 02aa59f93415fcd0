// levelsweep (private): the cell walk every mesh query shares, and the gather
// array of its contacts.
#pragma once

#include <cstdint>
#include <span>

#include "levelsweep/grid.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::detail {

// What a triangle did to the cell's loop counter. The original's box and
// capsule sweeps leave the counter alone on a kernel miss (or a fraction above
// 1) while the list pointer moves on (DESIGN.md item 4, Unit 13 0x0034888c).
enum class Counter { advanced, not_advanced };

// Walks the cells of `range`, x outer, y, z inner; each cell's list is read
// count-first. With the counter bug, a visit answering not_advanced makes the
// walk read one more word past the list's end (the next cells' counts and
// indices, or no_triangle past the array). on_cell(cell) comes before a cell's
// list and on_cell_done(cell, entries read there) after it.
template <class Visit, class OnCell, class OnCellDone>
void walk_grid(const CellGrid& grid, const CellRange& range, bool counter_bug, QueryStats& stats, Visit&& visit,
               OnCell&& on_cell, OnCellDone&& on_cell_done) {
    if (range.empty()) return;
    for (std::uint32_t ix = range.lo[0]; ix <= range.hi[0]; ++ix)
        for (std::uint32_t iy = range.lo[1]; iy <= range.hi[1]; ++iy)
            for (std::uint32_t iz = range.lo[2]; iz <= range.hi[2]; ++iz) {
                const std::size_t cell = grid.cell_index(ix, iy, iz);
                on_cell(cell);
                std::size_t pos = grid.list_offset(cell);
                const std::uint32_t count = grid.word(pos++);
                const std::size_t end = pos + count;
                const std::uint32_t entries_before = stats.entries;
                ++stats.cells;
                for (std::uint32_t counter = 0; counter < count;) {
                    if (pos >= end) ++stats.extra_entries;
                    const std::uint32_t tri = grid.word(pos++);
                    ++stats.entries;
                    if (visit(tri) == Counter::advanced || !counter_bug) ++counter;
                }
                on_cell_done(cell, stats.entries - entries_before);
            }
}

// Every triangle once, in index order (the brute-force check of the walk).
template <class Visit>
void walk_all(std::uint32_t triangle_count, QueryStats& stats, Visit&& visit) {
    for (std::uint32_t tri = 0; tri < triangle_count; ++tri) {
        ++stats.entries;
        visit(tri);
    }
}

// The original's 100-entry stack array, never overflowed (DESIGN.md item 7).
class Gather {
public:
    explicit Gather(std::span<MeshContact> slots) : slots_(slots) {}

    void add(const MeshContact& c) {
        if (found_ < slots_.size()) slots_[found_++] = c;
        else overflow_ = true;
    }
    std::span<MeshContact> contacts() const { return slots_.first(found_); }
    bool overflow() const { return overflow_; }

private:
    std::span<MeshContact> slots_;
    std::size_t found_ = 0;
    bool overflow_ = false;
};

}  // namespace levelsweep::detail
