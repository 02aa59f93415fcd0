// The cell grid: geometry, the query-box mapping and the count-first lists.
#include "levelsweep/grid.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "levelsweep/build_error.hpp"

namespace levelsweep {

CellRange GridGeometry::cell_range(const Vec3& lo, const Vec3& hi) const {
    CellRange r;  // empty
    for (int axis = 0; axis < 3; ++axis) {
        const float plo = component(lo, axis), phi = component(hi, axis);
        if (std::isnan(plo) || std::isnan(phi) || plo > phi) return CellRange{};
        const float o = component(origin, axis), s = component(cell_size, axis);
        const float n = static_cast<float>(dims[static_cast<std::size_t>(axis)]);
        // Misses the grid on this axis: entirely below cell 0 or at or past cell n.
        const float flo = (plo - o) / s, fhi = (phi - o) / s;  // cell_coordinate's, once
        if (fhi < 0.0f || flo >= n) return CellRange{};
        r.lo[static_cast<std::size_t>(axis)] = coordinate_of(flo, axis);
        r.hi[static_cast<std::size_t>(axis)] = coordinate_of(fhi, axis);
    }
    return r;
}

CellRange GridGeometry::triangle_cells(const Vec3& a, const Vec3& b, const Vec3& c) const {
    CellRange r;
    for (int axis = 0; axis < 3; ++axis) {
        const float pa = component(a, axis), pb = component(b, axis), pc = component(c, axis);
        r.lo[static_cast<std::size_t>(axis)] = cell_coordinate(std::min({pa, pb, pc}), axis);
        r.hi[static_cast<std::size_t>(axis)] = cell_coordinate(std::max({pa, pb, pc}), axis);
    }
    return r;
}

GridGeometry grid_geometry_for(const Vec3& lo, const Vec3& hi, const Vec3& cell_size) {
    GridGeometry g;
    g.origin = lo;
    g.cell_size = cell_size;
    std::size_t cells = 1;
    for (int axis = 0; axis < 3; ++axis) {
        const float s = component(cell_size, axis);
        if (!(s > 0.0f) || !std::isfinite(s))
            throw LevelBuildError("the cell size must be a positive finite number, not " + std::to_string(s));
        const float l = component(lo, axis), h = component(hi, axis);
        if (!std::isfinite(l) || !std::isfinite(h) || h < l)
            throw LevelBuildError("the grid bounds must be finite and ordered");
        const float f = (h - l) / s;  // the top corner's cell coordinate, as cell_coordinate computes it
        if (!(f < static_cast<float>(max_cells_per_axis)))
            throw LevelBuildError("cell size " + std::to_string(s) + " gives more than 2^24 cells along an axis");
        const auto n = static_cast<std::uint32_t>(f) + 1;
        g.dims[static_cast<std::size_t>(axis)] = n;
        cells *= n;
        if (cells > max_cells) throw LevelBuildError("the cell size gives more than 2^26 cells; choose a larger one");
    }
    return g;
}

std::uint64_t CellGrid::words_needed(const GridGeometry& geometry, std::span<const float> x, std::span<const float> y,
                                     std::span<const float> z, std::span<const std::uint32_t> i0,
                                     std::span<const std::uint32_t> i1, std::span<const std::uint32_t> i2) {
    std::uint64_t words = geometry.cell_count();
    const auto corner = [&](std::uint32_t v) { return Vec3{x[v], y[v], z[v]}; };
    for (std::size_t t = 0; t < i0.size(); ++t) {
        const CellRange r = geometry.triangle_cells(corner(i0[t]), corner(i1[t]), corner(i2[t]));
        std::uint64_t cells = 1;
        for (std::size_t a = 0; a < 3; ++a) cells *= std::uint64_t{r.hi[a]} - r.lo[a] + 1;
        words += cells;
    }
    return words;
}

std::optional<CellGrid> CellGrid::adopt(const GridGeometry& geometry, AlignedVector<std::uint32_t> words,
                                        std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                        std::span<const std::uint32_t> i0, std::span<const std::uint32_t> i1,
                                        std::span<const std::uint32_t> i2) {
    // Each triangle's box, and how many of its cells have not listed it yet.
    const std::size_t triangles = i0.size();
    std::vector<CellRange> boxes(triangles);
    std::vector<std::uint32_t> unlisted(triangles);
    const auto corner = [&](std::uint32_t v) { return Vec3{x[v], y[v], z[v]}; };
    for (std::size_t t = 0; t < triangles; ++t) {
        boxes[t] = geometry.triangle_cells(corner(i0[t]), corner(i1[t]), corner(i2[t]));
        std::uint64_t cells = 1;
        for (std::size_t a = 0; a < 3; ++a) cells *= std::uint64_t{boxes[t].hi[a]} - boxes[t].lo[a] + 1;
        if (cells > no_triangle) return std::nullopt;
        unlisted[t] = static_cast<std::uint32_t>(cells);
    }
    CellGrid grid;
    grid.geometry_ = geometry;
    grid.offsets_.assign(geometry.cell_count(), 0u);
    std::size_t pos = 0, cell = 0;
    bool exact = true;
    for (std::uint32_t ix = 0; ix < geometry.dims[0] && exact; ++ix)
        for (std::uint32_t iy = 0; iy < geometry.dims[1] && exact; ++iy)
            for (std::uint32_t iz = 0; iz < geometry.dims[2] && exact; ++iz, ++cell) {
                grid.offsets_[cell] = static_cast<std::uint32_t>(pos);
                if (pos >= words.size()) return std::nullopt;
                const std::uint32_t count = words[pos++];
                if (count > words.size() - pos) return std::nullopt;
                for (std::uint32_t i = 0; i < count && exact; ++i) {
                    const std::uint32_t t = words[pos + i];
                    if (t >= triangles || (i > 0 && t <= words[pos + i - 1])) return std::nullopt;
                    const CellRange& b = boxes[t];
                    exact = ix >= b.lo[0] && ix <= b.hi[0] && iy >= b.lo[1] && iy <= b.hi[1] && iz >= b.lo[2] &&
                            iz <= b.hi[2];
                    --unlisted[t];
                }
                pos += count;
            }
    // Listed only in cells of its box, at most once in each: listed in all of
    // them exactly when none is left.
    exact = exact && pos == words.size() &&
            std::all_of(unlisted.begin(), unlisted.end(), [](std::uint32_t n) { return n == 0; });
    if (!exact) return std::nullopt;
    grid.words_ = std::move(words);
    return grid;
}

CellGrid::CellGrid(const GridGeometry& geometry, std::span<const float> x, std::span<const float> y,
                   std::span<const float> z, std::span<const std::uint32_t> i0, std::span<const std::uint32_t> i1,
                   std::span<const std::uint32_t> i2)
    : geometry_(geometry) {
    // Before anything is allocated: the lists' length, from each triangle's cell box.
    if (words_needed(geometry, x, y, z, i0, i1, i2) > no_triangle)
        throw LevelBuildError("the cell lists would pass 2^32 words; choose a larger cell size");
    const std::size_t cells = geometry.cell_count();
    const auto corner = [&](std::uint32_t v) { return Vec3{x[v], y[v], z[v]}; };
    const auto cells_of = [&](std::size_t t) {
        return geometry_.triangle_cells(corner(i0[t]), corner(i1[t]), corner(i2[t]));
    };

    // Pass 1: list lengths, then offsets (count word first, lists back to back).
    AlignedVector<std::uint32_t> cursor(cells, 0u);
    for (std::size_t t = 0; t < i0.size(); ++t)
        geometry_.for_each_cell(cells_of(t), [&](std::size_t c) { ++cursor[c]; });
    offsets_.assign(cells, 0u);
    std::uint64_t total = 0;
    for (std::size_t c = 0; c < cells; ++c) {
        offsets_[c] = static_cast<std::uint32_t>(total);
        total += std::uint64_t{1} + cursor[c];
    }

    // Pass 2: counts, then indices in ascending triangle order.
    words_.assign(static_cast<std::size_t>(total), 0u);
    for (std::size_t c = 0; c < cells; ++c) {
        words_[offsets_[c]] = cursor[c];
        cursor[c] = offsets_[c] + 1;
    }
    for (std::size_t t = 0; t < i0.size(); ++t)
        geometry_.for_each_cell(cells_of(t),
                                [&](std::size_t c) { words_[cursor[c]++] = static_cast<std::uint32_t>(t); });
}

}  // namespace levelsweep
