// levelsweep: the level store, the immutable mesh every query walks.
//
// Structure of arrays (docs/design.md, "What the spec does not give", 1): vertex x,
// y, z; per triangle its corner indices i0, i1, i2, a 16-bit flags word and a
// 16-bit material id. Per triangle also what the original's mesh sweeps
// recompute every time (geometry-kernels.txt, Unit 1, "The working triangle")
// at a cost: the unit normal n (CollTri_ComputeNormal, 0x00343c30, a square
// root and a division) and the plane constant d = v0.n (0x00348e24-0x00348e64),
// computed at build by those very routines, so using them changes no result
// bit. The unnormalised edges e0, e1, e2 (CollTri_ComputeEdges, 0x00343a90)
// are one subtraction of the corners, made where they are asked for, as the
// original makes them. And the cell grid (grid.hpp).
//
// A Level is built once (build_level, load_level, generate_street_level, the
// importers) and never changes: any number of threads may read one at once.
// Every array is 64-byte aligned (aligned.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "levelsweep/aligned.hpp"
#include "levelsweep/grid.hpp"
#include "levelsweep/spec_constants.hpp"
#include "levelsweep/stored_hierarchy.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// One triangle as a builder receives it.
struct TriangleRecord {
    std::array<std::uint32_t, 3> v{0, 0, 0};  // corner indices i0, i1, i2
    std::uint16_t flags = tri_flags::enabled;
    std::uint16_t material = 0;
};

// Three float arrays, one per coordinate.
struct FloatSoa {
    std::span<const float> x, y, z;
};

// What a level stores, before the derived arrays: the input of a build and the
// content of a .lvl file (with the cell size). Sizes: x, y, z equal; i0, i1, i2,
// flags, material equal.
struct LevelArrays {
    AlignedVector<float> x, y, z;
    AlignedVector<std::uint32_t> i0, i1, i2;
    AlignedVector<std::uint16_t> flags, material;

    static LevelArrays from(std::span<const Vec3> vertices, std::span<const TriangleRecord> triangles);
};

// The bounding box of all vertices (used or not), (0, 0, 0) twice for none:
// the grid's origin and extent.
struct Bounds {
    Vec3 min, max;
};
Bounds vertex_bounds(const LevelArrays& arrays);

// The largest triangle and vertex counts a level holds (every index stays below
// no_triangle, which the walks skip).
inline constexpr std::size_t max_level_elements = 0x7fffffff;

class Level;
namespace detail {
// A level of `arrays` (checked: their sizes, indices and floats) over `grid`,
// built for them: the derived per-triangle arrays and the checksum. The
// builder below and the level file's reader (which adopts the file's lists).
Level assemble_level(LevelArrays arrays, CellGrid grid);
// The level with a hierarchy stored beside it (stored_hierarchy.hpp), which
// the caller has checked against it (the level file's reader).
Level with_stored_hierarchy(Level level, AlignedVector<stored_hierarchy::Node> nodes);
}  // namespace detail

class Level {
public:
    Level();  // the empty level: no triangles, one empty cell

    std::uint32_t vertex_count() const { return static_cast<std::uint32_t>(a_.x.size()); }
    std::uint32_t triangle_count() const { return static_cast<std::uint32_t>(a_.i0.size()); }

    // Per-vertex and per-triangle accessors for the hot loop; indices must be in range.
    Vec3 vertex(std::uint32_t v) const { return {a_.x[v], a_.y[v], a_.z[v]}; }
    std::uint32_t corner_index(std::uint32_t tri, int k) const {
        return k == 0 ? a_.i0[tri] : k == 1 ? a_.i1[tri] : a_.i2[tri];
    }
    Vec3 corner(std::uint32_t tri, int k) const { return vertex(corner_index(tri, k)); }
    std::uint16_t flags(std::uint32_t tri) const { return a_.flags[tri]; }
    std::uint16_t material(std::uint32_t tri) const { return a_.material[tri]; }
    // e_k = v(k+1) - v(k), unnormalised (CollTri_ComputeEdges with a1 = 0):
    // that routine's subtraction, so its bits.
    Vec3 edge(std::uint32_t tri, int k) const { return corner(tri, k == 2 ? 0 : k + 1) - corner(tri, k); }
    // Unit normal, zero for a degenerate triangle (CollTri_ComputeNormal).
    Vec3 normal(std::uint32_t tri) const { return {normal_.x[tri], normal_.y[tri], normal_.z[tri]}; }
    // d = v0.n.
    float plane(std::uint32_t tri) const { return plane_[tri]; }

    // The raw arrays, for the batch path.
    FloatSoa vertices() const { return {a_.x, a_.y, a_.z}; }
    std::span<const std::uint32_t> corner_indices(int k) const { return k == 0 ? a_.i0 : k == 1 ? a_.i1 : a_.i2; }
    std::span<const std::uint16_t> flags() const { return a_.flags; }
    std::span<const std::uint16_t> materials() const { return a_.material; }
    FloatSoa normals() const { return {normal_.x, normal_.y, normal_.z}; }
    std::span<const float> planes() const { return plane_; }
    const LevelArrays& arrays() const { return a_; }

    const CellGrid& grid() const { return grid_; }
    // The vertices' bounding box (all vertices; (0, 0, 0) for none).
    Vec3 bounds_min() const { return grid_.origin(); }
    Vec3 bounds_max() const { return bounds_max_; }

    // FNV-1a 64 over the stored content (docs/formats.md, "Content checksum"):
    // equal for two levels exactly when their arrays and grids are equal (up to
    // hash collisions). Replay files record it.
    std::uint64_t checksum() const { return checksum_; }
    // The batch path's hierarchy as its level file stored it (stored_hierarchy.hpp,
    // checked against the triangles), or none: derived data, not content (the
    // checksum leaves it out). The batch path traverses these nodes themselves.
    std::span<const stored_hierarchy::Node> stored_hierarchy() const { return hierarchy_; }
    // Bytes held by all arrays.
    std::size_t memory_bytes() const;

private:
    struct Soa3 {
        AlignedVector<float> x, y, z;
    };

    friend Level detail::assemble_level(LevelArrays arrays, CellGrid grid);
    friend Level detail::with_stored_hierarchy(Level level, AlignedVector<stored_hierarchy::Node> nodes);

    LevelArrays a_;
    Soa3 normal_;
    AlignedVector<float> plane_;
    CellGrid grid_;
    Vec3 bounds_max_;
    std::uint64_t checksum_ = 0;
    AlignedVector<stored_hierarchy::Node> hierarchy_;
};

// Builds a level. Validates every array (equal sizes, indices in range, finite
// coordinates, counts within max_level_elements) and throws LevelBuildError
// naming the first problem. Without a cell size, choose_cell_size picks one.
Level build_level(LevelArrays arrays, const std::optional<Vec3>& cell_size = std::nullopt);
Level build_level(std::span<const Vec3> vertices, std::span<const TriangleRecord> triangles,
                  const std::optional<Vec3>& cell_size = std::nullopt);

// The cell size heuristic (docs/decisions.md, "Level store"): cubic cells near
// the median triangle size, adjusted towards a few triangles per occupied cell
// and kept within a budget of sixteen cells per triangle.
Vec3 choose_cell_size(const LevelArrays& arrays);

// The content checksum of arrays and a grid geometry (what Level::checksum returns).
std::uint64_t content_checksum(const LevelArrays& arrays, const GridGeometry& geometry);

}  // namespace levelsweep
