// The cell size heuristic (docs/decisions.md, "Level store", "Cell size").
#include <algorithm>
#include <cmath>
#include <vector>

#include "levelsweep/level.hpp"

namespace levelsweep {

namespace {

// The band of mean triangles per occupied cell the heuristic aims at.
constexpr double target_low = 2.0;
constexpr double target_high = 6.0;
constexpr float step = 1.25f;
constexpr int max_steps = 12;

struct Occupancy {
    double cells = 0;     // nx * ny * nz
    double occupied = 0;  // cells with a non-empty list
    double listed = 0;    // list entries in all
};

// nx * ny * nz as grid_geometry_for computes them; infinite past an axis limit.
double cell_count(const Vec3& lo, const Vec3& hi, float s) {
    double cells = 1;
    for (int axis = 0; axis < 3; ++axis) {
        const double n = std::floor(static_cast<double>((component(hi, axis) - component(lo, axis)) / s)) + 1.0;
        if (!(n <= static_cast<double>(max_cells_per_axis))) return HUGE_VAL;
        cells *= n;
    }
    return cells;
}

// The lists' lengths only (one counter a cell), not the lists: the trial grids
// of the search must not need the memory of the grid finally built.
Occupancy measure(const LevelArrays& a, const Vec3& lo, const Vec3& hi, float s) {
    const GridGeometry g = grid_geometry_for(lo, hi, {s, s, s});
    std::vector<std::uint32_t> length(g.cell_count(), 0u);
    for (std::size_t t = 0; t < a.i0.size(); ++t) {
        const auto corner = [&](std::uint32_t v) { return Vec3{a.x[v], a.y[v], a.z[v]}; };
        g.for_each_cell(g.triangle_cells(corner(a.i0[t]), corner(a.i1[t]), corner(a.i2[t])),
                        [&](std::size_t c) { ++length[c]; });
    }
    Occupancy o;
    o.cells = static_cast<double>(length.size());
    for (const std::uint32_t n : length) {
        o.occupied += n > 0 ? 1 : 0;
        o.listed += n;
    }
    return o;
}

// The median over triangles of the longest side of each one's bounding box.
float median_triangle_extent(const LevelArrays& a) {
    std::vector<float> extent(a.i0.size());
    for (std::size_t t = 0; t < extent.size(); ++t) {
        float e = 0.0f;
        for (const auto* p : {&a.x, &a.y, &a.z}) {
            const float c0 = (*p)[a.i0[t]], c1 = (*p)[a.i1[t]], c2 = (*p)[a.i2[t]];
            e = std::max(e, std::max({c0, c1, c2}) - std::min({c0, c1, c2}));
        }
        extent[t] = e;
    }
    const auto mid = extent.begin() + static_cast<std::ptrdiff_t>(extent.size() / 2);
    std::nth_element(extent.begin(), mid, extent.end());
    return *mid;
}

}  // namespace

Vec3 choose_cell_size(const LevelArrays& a) {
    if (a.i0.empty() || a.x.empty()) return {1.0f, 1.0f, 1.0f};
    const auto [lo, hi] = vertex_bounds(a);
    const float largest = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
    if (!(largest > 0.0f) || !std::isfinite(largest)) return {1.0f, 1.0f, 1.0f};

    // Start at the median triangle size (or, when most triangles are points,
    // at the bounds shared out among the triangles).
    float s = median_triangle_extent(a);
    if (!(s > 0.0f)) s = largest / std::cbrt(static_cast<float>(a.i0.size()));

    // The budget: at most sixteen cells per triangle (and the grid's own limit).
    const double budget = std::min(16.0 * static_cast<double>(a.i0.size()) + 64.0, static_cast<double>(max_cells));
    while (cell_count(lo, hi, s) > budget) s *= step;

    // Then towards [target_low, target_high] triangles per occupied cell, in one
    // direction, stopping at the first size inside the band or past it.
    const Occupancy first = measure(a, lo, hi, s);
    const double mean = first.listed / std::max(first.occupied, 1.0);
    const bool shrink = mean > target_high;
    if (!shrink && mean >= target_low) return {s, s, s};
    for (int i = 0; i < max_steps; ++i) {
        const float next = shrink ? s / step : s * step;
        if (shrink && cell_count(lo, hi, next) > budget) break;
        s = next;
        const Occupancy o = measure(a, lo, hi, s);
        const double m = o.listed / std::max(o.occupied, 1.0);
        if (shrink ? m <= target_high : m >= target_low) break;
    }
    return {s, s, s};
}

}  // namespace levelsweep
