// levelsweep (private): the cell walk every mesh query shares, and the gather
// array of its contacts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

#include "levelsweep/grid.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::detail {

// What a triangle did to the cell's loop counter. The original's box and
// capsule sweeps leave the counter alone on a kernel miss (or a fraction above
// 1) while the list pointer moves on (docs/design.md item 4, Unit 13 0x0034888c).
enum class Counter { advanced, not_advanced };

// Walks one cell's list, count-first. With the counter bug, a visit answering
// not_advanced makes the walk read one more word past the list's end (the next
// cells' counts and indices, or no_triangle past the array). on_cell(cell)
// comes before the list and on_cell_done(cell, entries read there) after it.
template <class Visit, class OnCell, class OnCellDone>
void walk_cell(const CellGrid& grid, std::size_t cell, bool counter_bug, QueryStats& stats, Visit& visit,
               OnCell& on_cell, OnCellDone& on_cell_done) {
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

// Walks the cells of `range`, x outer, y, z inner: the original's walk over a
// query box (docs/design.md item 2).
template <class Visit, class OnCell, class OnCellDone>
void walk_grid(const CellGrid& grid, const CellRange& range, bool counter_bug, QueryStats& stats, Visit&& visit,
               OnCell&& on_cell, OnCellDone&& on_cell_done) {
    grid.for_each_cell(
        range, [&](std::size_t cell) { walk_cell(grid, cell, counter_bug, stats, visit, on_cell, on_cell_done); });
}

// The part [t0, t1] of a segment's parameter range; empty when t0 > t1 (or NaN).
struct TSpan {
    float t0, t1;
    bool empty() const { return !(t0 <= t1); }
};

// How far each slab is widened, in cells: float rounding in the slab bounds,
// the clipping and the position-to-cell mapping stays far below it.
inline constexpr float slab_margin = 1e-3f;

// The cells a segment a + t.d, t in [0, 1], passes through, in the same x, y,
// z order as walk_grid over its box: f(ix, iy, iz) for each. For each x slab the
// part of the segment inside it gives the y cells, and within each y slab the
// z cells. Each slab is widened by slab_margin of a cell (and the grid's outer
// cells reach to infinity, as the position-to-cell mapping clamps), so rounding
// never drops the cell of a point of the segment (docs/decisions.md, "Mesh
// queries"). The ray's walk, and the batch path's discovery order for rays.
// f(ix, iy, iz) returns true to stop the walk there; so does this function.
// Within a smaller box the walk gives exactly the cells of the larger box's
// walk that lie in it, in the same order (the slabs do not depend on the box).
template <class F>
bool for_each_segment_cell(const GridGeometry& g, const CellRange& box, const Vec3& a, const Vec3& d, F&& f) {
    if (box.empty()) return false;
    const float inf = std::numeric_limits<float>::infinity();
    auto clip = [&](TSpan in, int axis, std::uint32_t i) {
        const float o = component(g.origin, axis), s = component(g.cell_size, axis), margin = s * slab_margin;
        const float lo = i == 0 ? -inf : (o + static_cast<float>(i) * s) - margin;
        const float hi =
            i + 1 == g.dims[static_cast<std::size_t>(axis)] ? inf : (o + static_cast<float>(i + 1) * s) + margin;
        const float p = component(a, axis), v = component(d, axis);
        if (v == 0.0f) return p >= lo && p <= hi ? in : TSpan{1.0f, 0.0f};
        float ta = (lo - p) / v, tb = (hi - p) / v;
        if (ta > tb) std::swap(ta, tb);
        return TSpan{std::max(in.t0, ta), std::min(in.t1, tb)};
    };
    // The cells of one axis the segment's part `in` reaches, within the box's range.
    auto cells = [&](TSpan in, int axis) {
        const float p = component(a, axis), v = component(d, axis);
        const float margin = component(g.cell_size, axis) * slab_margin;
        const float e0 = p + in.t0 * v, e1 = p + in.t1 * v;
        const auto k = static_cast<std::size_t>(axis);
        return std::pair{std::max(box.lo[k], g.cell_coordinate(std::min(e0, e1) - margin, axis)),
                         std::min(box.hi[k], g.cell_coordinate(std::max(e0, e1) + margin, axis))};
    };
    for (std::uint32_t ix = box.lo[0]; ix <= box.hi[0]; ++ix) {
        const TSpan sx = clip(TSpan{0.0f, 1.0f}, 0, ix);
        if (sx.empty()) continue;
        const auto [y0, y1] = cells(sx, 1);
        for (std::uint32_t iy = y0; iy <= y1; ++iy) {
            const TSpan sy = clip(sx, 1, iy);
            if (sy.empty()) continue;
            const auto [z0, z1] = cells(sy, 2);
            for (std::uint32_t iz = z0; iz <= z1; ++iz)
                if (f(ix, iy, iz)) return true;
        }
    }
    return false;
}

// Walks the cells of for_each_segment_cell (the ray's walk).
template <class Visit, class OnCell, class OnCellDone>
void walk_segment(const CellGrid& grid, const CellRange& box, const Vec3& a, const Vec3& d, QueryStats& stats,
                  Visit&& visit, OnCell&& on_cell, OnCellDone&& on_cell_done) {
    for_each_segment_cell(grid.geometry(), box, a, d, [&](std::uint32_t ix, std::uint32_t iy, std::uint32_t iz) {
        walk_cell(grid, grid.cell_index(ix, iy, iz), false, stats, visit, on_cell, on_cell_done);
        return false;
    });
}

// Every triangle once, in index order (the brute-force check of the walk).
template <class Visit>
void walk_all(std::uint32_t triangle_count, QueryStats& stats, Visit&& visit) {
    for (std::uint32_t tri = 0; tri < triangle_count; ++tri) {
        ++stats.entries;
        visit(tri);
    }
}

}  // namespace levelsweep::detail
