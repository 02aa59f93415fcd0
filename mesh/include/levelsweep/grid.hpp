// levelsweep: the level's cell grid (docs/design.md, "What the spec does not give", 2).
//
// A uniform 3D grid over the mesh bounds. Every cell's list is stored
// count-first, [count, idx0 ... idx(count-1)], all cells contiguous in walk
// order (x outer, y, z inner, so z is fastest in memory), empty cells included.
// A triangle is listed in every cell its axis-aligned bounding box reaches, by
// the same position-to-cell mapping the queries use, so a walk over the cells of
// a box never misses a triangle the box touches (docs/decisions.md, "Level store").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "levelsweep/aligned.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// The index every walk skips: what the grid reads for any position past the end
// of its word array (the faithful walk's counter bug may read there, docs/design.md 4).
// Any index at or above the level's triangle count is skipped the same way.
inline constexpr std::uint32_t no_triangle = 0xffffffffu;

// Limits that keep every cell coordinate exact in float32 and the grid's memory
// bounded: at most 2^24 cells along an axis and 2^26 cells in all.
inline constexpr std::uint32_t max_cells_per_axis = 1u << 24;
inline constexpr std::size_t max_cells = std::size_t{1} << 26;

// One coordinate of a vector by axis number (0 x, 1 y, 2 z).
inline float component(const Vec3& v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }

// Inclusive cell ranges per axis; empty when hi < lo on any axis.
struct CellRange {
    std::array<std::uint32_t, 3> lo{1, 1, 1};
    std::array<std::uint32_t, 3> hi{0, 0, 0};

    bool empty() const { return hi[0] < lo[0] || hi[1] < lo[1] || hi[2] < lo[2]; }
};

// Where the grid lies: the cell (0, 0, 0) starts at `origin`; cells are
// `cell_size` long on each axis (positive, finite); dims = nx, ny, nz.
struct GridGeometry {
    Vec3 origin;
    Vec3 cell_size{1.0f, 1.0f, 1.0f};
    std::array<std::uint32_t, 3> dims{1, 1, 1};

    std::size_t cell_count() const { return std::size_t{dims[0]} * std::size_t{dims[1]} * std::size_t{dims[2]}; }

    // floor((p - origin) / size) on one axis, clamped to [0, n - 1], in float32.
    // The same mapping builds the lists and answers queries, so the listing is
    // conservative by monotonicity. p must not be NaN (callers test first).
    std::uint32_t cell_coordinate(float p, int axis) const {
        return coordinate_of((p - component(origin, axis)) / component(cell_size, axis), axis);
    }
    // The same from f = (p - origin) / size already computed.
    std::uint32_t coordinate_of(float f, int axis) const {
        if (!(f >= 0.0f)) return 0;
        const std::uint32_t n = dims[static_cast<std::size_t>(axis)];
        if (f >= static_cast<float>(n)) return n - 1;  // exact: n <= 2^24
        return static_cast<std::uint32_t>(f);          // truncation is floor for f >= 0
    }

    // The cells a query box [lo, hi] overlaps, clamped to the grid. Empty when
    // the box misses the grid entirely, is inverted, or has a NaN.
    CellRange cell_range(const Vec3& lo, const Vec3& hi) const;

    // A triangle's cells: the cells of its corners' bounding box (the listing rule).
    CellRange triangle_cells(const Vec3& a, const Vec3& b, const Vec3& c) const;

    // Cell index = (ix * ny + iy) * nz + iz: z fastest, the walk order.
    std::size_t cell_index(std::uint32_t ix, std::uint32_t iy, std::uint32_t iz) const {
        return (std::size_t{ix} * dims[1] + iy) * dims[2] + iz;
    }

    // Calls f(cell index) for every cell of `r`, x outer, y, z inner (the walk
    // order); nothing for an empty range.
    template <class F>
    void for_each_cell(const CellRange& r, F&& f) const {
        for (std::uint32_t ix = r.lo[0]; ix <= r.hi[0]; ++ix)
            for (std::uint32_t iy = r.lo[1]; iy <= r.hi[1]; ++iy)
                for (std::uint32_t iz = r.lo[2]; iz <= r.hi[2]; ++iz) f(cell_index(ix, iy, iz));
    }
};

// The geometry for bounds [lo, hi] and a cell size: origin = lo and, per axis,
// n = floor((hi - lo) / size) + 1 (so every point of the bounds maps below n).
// Throws LevelBuildError for a size that is not positive and finite, non-finite
// bounds, or more cells than the limits allow.
GridGeometry grid_geometry_for(const Vec3& lo, const Vec3& hi, const Vec3& cell_size);

// The count-first cell lists of a level.
class CellGrid {
public:
    CellGrid() = default;
    // Lists every triangle (corners by index into x, y, z) in the cells of its
    // bounding box. Throws LevelBuildError when the lists would pass 2^32 words.
    CellGrid(const GridGeometry& geometry, std::span<const float> x, std::span<const float> y, std::span<const float> z,
             std::span<const std::uint32_t> i0, std::span<const std::uint32_t> i1, std::span<const std::uint32_t> i2);

    // The grid whose lists are `words` (count first, in walk order, as words()
    // returns them), when they are exactly the lists the constructor above
    // builds for these triangles: each list ascending, each triangle in every
    // cell of its box and in no other. Nothing otherwise. Costs one pass over
    // the words and one cell box per triangle, not a rebuild; `words` must hold
    // one count per cell with its list after it (a level file's reader checks
    // that first).
    static std::optional<CellGrid> adopt(const GridGeometry& geometry, AlignedVector<std::uint32_t> words,
                                         std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                         std::span<const std::uint32_t> i0, std::span<const std::uint32_t> i1,
                                         std::span<const std::uint32_t> i2);

    // The length of the word array such a grid has: one count per cell and one
    // entry per (triangle, cell) pair, without building it.
    static std::uint64_t words_needed(const GridGeometry& geometry, std::span<const float> x, std::span<const float> y,
                                      std::span<const float> z, std::span<const std::uint32_t> i0,
                                      std::span<const std::uint32_t> i1, std::span<const std::uint32_t> i2);

    const GridGeometry& geometry() const { return geometry_; }
    Vec3 origin() const { return geometry_.origin; }
    Vec3 cell_size() const { return geometry_.cell_size; }
    std::uint32_t nx() const { return geometry_.dims[0]; }
    std::uint32_t ny() const { return geometry_.dims[1]; }
    std::uint32_t nz() const { return geometry_.dims[2]; }
    std::size_t cell_count() const { return offsets_.size(); }

    CellRange cell_range(const Vec3& lo, const Vec3& hi) const { return geometry_.cell_range(lo, hi); }
    std::size_t cell_index(std::uint32_t ix, std::uint32_t iy, std::uint32_t iz) const {
        return geometry_.cell_index(ix, iy, iz);
    }
    template <class F>
    void for_each_cell(const CellRange& r, F&& f) const {
        geometry_.for_each_cell(r, f);
    }

    // The position of a cell's count word in words(); cell < cell_count().
    std::uint32_t list_offset(std::size_t cell) const { return offsets_[cell]; }
    // The word at `pos`, or no_triangle for any position past the end: the
    // faithful walk may read past a list into the next cells' counts and indices.
    std::uint32_t word(std::size_t pos) const { return pos < words_.size() ? words_[pos] : no_triangle; }
    // A cell's triangle indices (without the count), ascending.
    std::span<const std::uint32_t> list(std::size_t cell) const {
        const std::uint32_t at = offsets_[cell];
        return {words_.data() + at + 1, words_[at]};
    }

    // The raw arrays: every list count-first in walk order, and each cell's offset.
    std::span<const std::uint32_t> words() const { return words_; }
    std::span<const std::uint32_t> offsets() const { return offsets_; }

private:
    GridGeometry geometry_;
    AlignedVector<std::uint32_t> words_{0u};
    AlignedVector<std::uint32_t> offsets_{0u};
};

}  // namespace levelsweep
