// The cell grid: geometry, the query-box mapping and the count-first lists.
#include "levelsweep/grid.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "levelsweep/build_error.hpp"
#include "levelsweep/cell_runs.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace levelsweep {

#if defined(__SSE2__)
// The three axes in the lanes of one register: every query maps its box and
// every triangle of a level its corners' box (adoption, the batch path's
// records), so both are in a query's fixed cost or the start-up's. Each
// lane's subtraction, division, minimum and maximum are the scalar steps'
// own, rounded and ordered alike (below), so the cells are the same.
namespace {

// x, y, z and a fourth lane that every check passes: 0 on a one-cell axis.
__m128 lanes(const Vec3& v, float fourth) { return _mm_setr_ps(v.x, v.y, v.z, fourth); }

struct AxisLanes {
    __m128 origin, size, cells, last;  // cells: n, exact as n <= 2^24; last: n - 1

    explicit AxisLanes(const GridGeometry& g)
        : origin(lanes(g.origin, 0.0f)),
          size(lanes(g.cell_size, 1.0f)),
          cells(_mm_setr_ps(static_cast<float>(g.dims[0]), static_cast<float>(g.dims[1]), static_cast<float>(g.dims[2]),
                            1.0f)),
          last(_mm_sub_ps(cells, _mm_set1_ps(1.0f))) {}

    // cell_coordinate's f = (p - origin) / size.
    __m128 f(__m128 p) const { return _mm_div_ps(_mm_sub_ps(p, origin), size); }

    // coordinate_of: below 0 (or NaN: maxps gives its second operand then)
    // cell 0, at or past n - 1 cell n - 1, and truncation, which is floor
    // for f >= 0, in between.
    std::array<std::uint32_t, 3> coordinates(__m128 f) const {
        alignas(16) std::uint32_t c[4];
        _mm_store_si128(reinterpret_cast<__m128i*>(c),
                        _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(f, _mm_setzero_ps()), last)));
        return {c[0], c[1], c[2]};
    }
};

// A triangle's cells (GridGeometry::triangle_cells) with the grid's lanes
// made once for many triangles.
// std::min({pa, pb, pc}) keeps the first of equals and a NaN first
// (a later value replaces it only when smaller): minps(x, y) is
// x < y ? x : y, so minps(pc, minps(pb, pa)) is that, NaN and -0 alike;
// the same for the maximum with maxps.
inline CellRange cells_of_triangle(const AxisLanes& g, const Vec3& a, const Vec3& b, const Vec3& c) {
    const __m128 pa = lanes(a, 0.0f), pb = lanes(b, 0.0f), pc = lanes(c, 0.0f);
    const __m128 lo = _mm_min_ps(pc, _mm_min_ps(pb, pa)), hi = _mm_max_ps(pc, _mm_max_ps(pb, pa));
    return CellRange{g.coordinates(g.f(lo)), g.coordinates(g.f(hi))};
}

}  // namespace

CellRange GridGeometry::cell_range(const Vec3& lo, const Vec3& hi) const {
    const AxisLanes g(*this);
    const __m128 plo = lanes(lo, 0.0f), phi = lanes(hi, 0.0f);
    const __m128 flo = g.f(plo), fhi = g.f(phi);
    // Kept on an axis when ordered (false for a NaN) and touching the grid:
    // not entirely below cell 0 nor at or past cell n.
    const __m128 kept =
        _mm_and_ps(_mm_and_ps(_mm_cmple_ps(plo, phi), _mm_cmpge_ps(fhi, _mm_setzero_ps())), _mm_cmplt_ps(flo, g.cells));
    if (_mm_movemask_ps(kept) != 0xF) return CellRange{};
    return CellRange{g.coordinates(flo), g.coordinates(fhi)};
}

CellRange GridGeometry::triangle_cells(const Vec3& a, const Vec3& b, const Vec3& c) const {
    return cells_of_triangle(AxisLanes(*this), a, b, c);
}
#else
namespace {

// Without SSE2 the grid itself, read axis by axis.
struct AxisLanes {
    explicit AxisLanes(const GridGeometry& geometry) : g(geometry) {}
    const GridGeometry& g;
};

CellRange cells_of_triangle(const AxisLanes& lanes, const Vec3& a, const Vec3& b, const Vec3& c) {
    CellRange r;
    for (int axis = 0; axis < 3; ++axis) {
        const float pa = component(a, axis), pb = component(b, axis), pc = component(c, axis);
        r.lo[static_cast<std::size_t>(axis)] = lanes.g.cell_coordinate(std::min({pa, pb, pc}), axis);
        r.hi[static_cast<std::size_t>(axis)] = lanes.g.cell_coordinate(std::max({pa, pb, pc}), axis);
    }
    return r;
}

}  // namespace

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
    return cells_of_triangle(AxisLanes(*this), a, b, c);
}
#endif

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

namespace {

// A triangle's cell box for adopt: its low cell and its span on each axis in
// two rows of four (lo's fourth lane 0; span's the count of its cells not
// yet listing it), one half of a cache line.
struct alignas(32) CellSpan {
    std::uint32_t lo[4];
    std::uint32_t span[3];
    std::uint32_t unlisted;
};

#if defined(__SSE2__)
using CellAt = __m128i;  // a cell's x, y, z and 0
inline CellAt cell_at(const CellCursor& c) {
    return _mm_setr_epi32(static_cast<int>(c.ix), static_cast<int>(c.iy), static_cast<int>(c.iz), 0);
}
// 1 when the cell is outside the box on some axis: c - lo > span, unsigned,
// as a signed comparison of both sides with the top bit flipped.
inline std::uint32_t outside_of(const CellSpan& b, const CellAt& at) {
    const __m128i flip = _mm_set1_epi32(static_cast<int>(0x80000000u));
    const __m128i off = _mm_sub_epi32(at, _mm_load_si128(reinterpret_cast<const __m128i*>(b.lo)));
    const __m128i span = _mm_load_si128(reinterpret_cast<const __m128i*>(b.span));
    const __m128i past = _mm_cmpgt_epi32(_mm_xor_si128(off, flip), _mm_xor_si128(span, flip));
    return (_mm_movemask_ps(_mm_castsi128_ps(past)) & 7) != 0 ? 1u : 0u;  // x, y, z: not the count's lane
}
#else
using CellAt = CellCursor;
inline CellAt cell_at(const CellCursor& c) { return c; }
inline std::uint32_t outside_of(const CellSpan& b, const CellAt& at) {
    return static_cast<std::uint32_t>(at.ix - b.lo[0] > b.span[0]) |
           static_cast<std::uint32_t>(at.iy - b.lo[1] > b.span[1]) |
           static_cast<std::uint32_t>(at.iz - b.lo[2] > b.span[2]);
}
#endif

}  // namespace

std::uint64_t CellGrid::words_needed(const GridGeometry& geometry, std::span<const float> x, std::span<const float> y,
                                     std::span<const float> z, std::span<const std::uint32_t> i0,
                                     std::span<const std::uint32_t> i1, std::span<const std::uint32_t> i2) {
    std::uint64_t words = geometry.cell_count();
    const auto corner = [&](std::uint32_t v) { return Vec3{x[v], y[v], z[v]}; };
    const AxisLanes lanes(geometry);
    for (std::size_t t = 0; t < i0.size(); ++t) {
        const CellRange r = cells_of_triangle(lanes, corner(i0[t]), corner(i1[t]), corner(i2[t]));
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
    // Each triangle's box as its low cell and its span on each axis (a cell c
    // is inside when c - lo <= span, unsigned), and how many of its cells have
    // not listed it yet (CellSpan: one line a triangle, one check an entry).
    const std::size_t triangles = i0.size();
    AlignedVector<CellSpan> boxes(triangles);  // the store's allocation: its pages made present at once
    const auto corner = [&](std::uint32_t v) { return Vec3{x[v], y[v], z[v]}; };
    const AxisLanes lanes(geometry);
    for (std::size_t t = 0; t < triangles; ++t) {
        const CellRange r = cells_of_triangle(lanes, corner(i0[t]), corner(i1[t]), corner(i2[t]));
        std::uint64_t cells = 1;
        for (std::size_t a = 0; a < 3; ++a) {
            boxes[t].lo[a] = r.lo[a];
            boxes[t].span[a] = r.hi[a] - r.lo[a];
            cells *= std::uint64_t{r.hi[a]} - r.lo[a] + 1;
        }
        if (cells > no_triangle) return std::nullopt;
        boxes[t].unlisted = static_cast<std::uint32_t>(cells);
    }
    // One pass over the cells in walk order: most cells list nothing (nine in
    // ten on the shared levels), so a run of empty cells costs its offsets and
    // a read of its count words a block at a time, and an entry its checks
    // without a branch but the one that keeps the box read in bounds.
    CellGrid grid;
    grid.geometry_ = geometry;
    const std::size_t cells = geometry.cell_count();
    grid.offsets_.resize(cells);
    std::uint32_t* const offsets = grid.offsets_.data();
    const std::uint32_t* w = words.data();
    const std::size_t n = words.size();
    const std::uint32_t ny = geometry.dims[1], nz = geometry.dims[2];
    // Each cell from here on has its count word: checked where a list is
    // taken, so that an empty cell's read needs no check of its own.
    if (n < cells) return std::nullopt;
    const auto end = for_each_listing_cell(
        w, cells, ny, nz,
        [&](std::size_t cell, std::size_t pos, std::size_t empty) {
            for (std::size_t i = 0; i < empty; ++i) offsets[cell + i] = static_cast<std::uint32_t>(pos + i);
        },
        [&](std::size_t cell, std::size_t pos, CellCursor cursor) {
            offsets[cell] = static_cast<std::uint32_t>(pos);
            const std::uint32_t count = w[pos];
            const std::size_t first = pos + 1;
            if (count > n - first - (cells - 1 - cell)) return false;
            const CellAt at = cell_at(cursor);
            std::int64_t previous = -1;
            std::uint32_t outside = 0;  // nonzero once an entry is out of order or out of its triangle's box
            for (const std::uint32_t* e = w + first; e != w + first + count; ++e) {
                const std::uint32_t t = *e;
                if (t >= triangles) return false;
                CellSpan& b = boxes[t];
                outside |= static_cast<std::uint32_t>(std::int64_t{t} <= previous) | outside_of(b, at);
                --b.unlisted;
                previous = t;
            }
            return outside == 0;
        });
    // Listed only in cells of its box, at most once in each: listed in all of
    // them exactly when none is left.
    const bool exact =
        end == n && std::all_of(boxes.begin(), boxes.end(), [](const CellSpan& b) { return b.unlisted == 0; });
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
    const AxisLanes lanes(geometry_);
    const auto cells_of = [&](std::size_t t) {
        return cells_of_triangle(lanes, corner(i0[t]), corner(i1[t]), corner(i2[t]));
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
