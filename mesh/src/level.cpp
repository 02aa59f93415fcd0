// The level store: validation, the derived per-triangle arrays, the checksum.
#include "levelsweep/level.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "fnv1a.hpp"
#include "levelsweep/build_error.hpp"
#include "levelsweep/memory_limit.hpp"
#include "triangle_planes.hpp"

namespace levelsweep {

namespace {

void check_arrays(const LevelArrays& a) {
    if (a.y.size() != a.x.size() || a.z.size() != a.x.size())
        throw LevelBuildError("the vertex arrays x, y, z differ in length");
    const std::size_t t = a.i0.size();
    if (a.i1.size() != t || a.i2.size() != t || a.flags.size() != t || a.material.size() != t)
        throw LevelBuildError("the triangle arrays i0, i1, i2, flags, material differ in length");
    if (a.x.size() > max_level_elements || t > max_level_elements)
        throw LevelBuildError("a level holds at most 2^31 - 1 vertices and triangles");
    for (std::size_t v = 0; v < a.x.size(); ++v)
        if (!std::isfinite(a.x[v]) || !std::isfinite(a.y[v]) || !std::isfinite(a.z[v]))
            throw LevelBuildError("vertex " + std::to_string(v) + " has a non-finite coordinate");
    for (int k = 0; k < 3; ++k) {
        const auto& idx = k == 0 ? a.i0 : k == 1 ? a.i1 : a.i2;
        for (std::size_t i = 0; i < t; ++i)
            if (idx[i] >= a.x.size())
                throw LevelBuildError("triangle " + std::to_string(i) + " corner " + std::to_string(k) + " is vertex " +
                                      std::to_string(idx[i]) + ", out of range (" + std::to_string(a.x.size()) +
                                      " vertices)");
    }
}

// What the build adds to the arrays it is given, before it allocates any of
// it: the derived per-triangle floats (the normal's three and the plane's
// one), each cell's list offset and count, and the
// lists themselves (one word per triangle in each cell of its box).
void check_build_memory(const LevelArrays& a, const GridGeometry& g) {
    const std::uint64_t words = CellGrid::words_needed(g, a.x, a.y, a.z, a.i0, a.i1, a.i2);
    const std::uint64_t lists = 4 * (words + 2 * std::uint64_t{g.cell_count()});
    const std::uint64_t derived = 4 * 4 * std::uint64_t{a.i0.size()};
    char size[32];
    std::snprintf(size, sizeof size, "%g", static_cast<double>(g.cell_size.x));
    check_memory(lists + derived,
                 "the level (" + std::to_string(a.i0.size()) + " triangles; its cell lists " + memory_text(lists) +
                     ": " + std::to_string(words) + " words over " + std::to_string(g.cell_count()) + " cells of " +
                     size + " m)",
                 "choose a larger cell size (--cell-size)");
}

}  // namespace

Bounds vertex_bounds(const LevelArrays& a) {
    if (a.x.empty()) return {};
    Bounds b{{a.x[0], a.y[0], a.z[0]}, {a.x[0], a.y[0], a.z[0]}};
    for (std::size_t v = 1; v < a.x.size(); ++v) {
        b.min = {std::min(b.min.x, a.x[v]), std::min(b.min.y, a.y[v]), std::min(b.min.z, a.z[v])};
        b.max = {std::max(b.max.x, a.x[v]), std::max(b.max.y, a.y[v]), std::max(b.max.z, a.z[v])};
    }
    return b;
}

LevelArrays LevelArrays::from(std::span<const Vec3> vertices, std::span<const TriangleRecord> triangles) {
    LevelArrays a;
    a.x.reserve(vertices.size());
    a.y.reserve(vertices.size());
    a.z.reserve(vertices.size());
    for (const Vec3& v : vertices) {
        a.x.push_back(v.x);
        a.y.push_back(v.y);
        a.z.push_back(v.z);
    }
    for (const TriangleRecord& t : triangles) {
        a.i0.push_back(t.v[0]);
        a.i1.push_back(t.v[1]);
        a.i2.push_back(t.v[2]);
        a.flags.push_back(t.flags);
        a.material.push_back(t.material);
    }
    return a;
}

Level::Level() : bounds_max_{} { checksum_ = content_checksum(a_, grid_.geometry()); }

Level build_level(std::span<const Vec3> vertices, std::span<const TriangleRecord> triangles,
                  const std::optional<Vec3>& cell_size) {
    return build_level(LevelArrays::from(vertices, triangles), cell_size);
}

Level build_level(LevelArrays arrays, const std::optional<Vec3>& cell_size) {
    check_arrays(arrays);
    const Bounds bounds = vertex_bounds(arrays);
    const GridGeometry geometry =
        grid_geometry_for(bounds.min, bounds.max, cell_size ? *cell_size : choose_cell_size(arrays));
    check_build_memory(arrays, geometry);
    CellGrid grid(geometry, arrays.x, arrays.y, arrays.z, arrays.i0, arrays.i1, arrays.i2);
    return detail::assemble_level(std::move(arrays), std::move(grid));
}

// The arrays are checked by the caller (build_level, or the level file's
// reader, which checks every index and float as it reads them).
Level detail::assemble_level(LevelArrays arrays, CellGrid grid) {
    Level level;
    const Bounds bounds = vertex_bounds(arrays);
    level.grid_ = std::move(grid);
    level.bounds_max_ = bounds.max;
    // The working triangle's normal and plane (CollTri_ComputeNormal 0x00343c30,
    // then d = v0.n as at 0x00348e24), bit for bit, four triangles at a time
    // (triangle_planes.cpp); the edges, which neither reads, are not made.
    // Appended, not written over zeros: each array's pages are touched once.
    const std::size_t t_count = arrays.i0.size();
    level.normal_.x.reserve(t_count);
    level.normal_.y.reserve(t_count);
    level.normal_.z.reserve(t_count);
    level.plane_.reserve(t_count);
    append_triangle_planes(arrays, level.normal_.x, level.normal_.y, level.normal_.z, level.plane_);
    level.checksum_ = content_checksum(arrays, level.grid_.geometry());
    level.a_ = std::move(arrays);
    return level;
}

Level detail::with_stored_hierarchy(Level level, AlignedVector<stored_hierarchy::Node> nodes) {
    level.hierarchy_ = std::move(nodes);
    return level;
}

std::size_t Level::memory_bytes() const {
    const std::size_t t = a_.i0.size();
    const std::size_t vertices = a_.x.size() * 3 * sizeof(float);
    const std::size_t triangles = t * (3 * sizeof(std::uint32_t) + 2 * sizeof(std::uint16_t));
    const std::size_t derived = t * 4 * sizeof(float);  // n (three floats), d
    const std::size_t grid = (grid_.words().size() + grid_.offsets().size()) * sizeof(std::uint32_t);
    return vertices + triangles + derived + grid + hierarchy_.size() * sizeof(stored_hierarchy::Node);
}

std::uint64_t content_checksum(const LevelArrays& a, const GridGeometry& g) {
    detail::Fnv1a h;
    h.u32(static_cast<std::uint32_t>(a.x.size()));
    h.u32(static_cast<std::uint32_t>(a.i0.size()));
    for (const auto* f : {&a.x, &a.y, &a.z}) h.array<float>(*f);
    for (const auto* i : {&a.i0, &a.i1, &a.i2}) h.array<std::uint32_t>(*i);
    h.array<std::uint16_t>(a.flags);
    h.array<std::uint16_t>(a.material);
    for (const Vec3& v : {g.origin, g.cell_size}) {
        h.f32(v.x);
        h.f32(v.y);
        h.f32(v.z);
    }
    for (std::uint32_t n : g.dims) h.u32(n);
    return h.value();
}

}  // namespace levelsweep
