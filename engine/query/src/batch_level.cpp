// BatchLevel: the packed triangle records, the hierarchy over the enabled
// triangles (bvh_builder.hpp) and the exact walk's view of the grid
// (packed_level.hpp gives the layouts).
#include "levelsweep/batch_level.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "bvh_builder.hpp"
#include "levelsweep/packed_level.hpp"

namespace levelsweep {

namespace {

using simd::BvhNode;
using simd::PackedLevel;

void write_record(const Level& level, std::uint32_t tri, float* r) {
    namespace rec = simd::record;
    r[rec::flags] = std::bit_cast<float>(std::uint32_t{level.flags(tri)});
    const Vec3 n = level.normal(tri);
    r[rec::n] = n.x, r[rec::n + 1] = n.y, r[rec::n + 2] = n.z;
    r[rec::d] = level.plane(tri);
    r[rec::triangle] = std::bit_cast<float>(tri);
    r[rec::top] = std::max(std::max(level.corner(tri, 0).z, level.corner(tri, 1).z), level.corner(tri, 2).z);
    const std::size_t corner[3] = {rec::v0, rec::v1, rec::v2}, edge[3] = {rec::e0, rec::e1, rec::e2};
    for (int k = 0; k < 3; ++k) {
        const Vec3 v = level.corner(tri, k), e = level.edge(tri, k);
        const std::size_t c = corner[k], a = edge[k];
        r[c] = v.x, r[c + 1] = v.y, r[c + 2] = v.z;
        r[a] = e.x, r[a + 1] = e.y, r[a + 2] = e.z;
    }
    const CellRange cells =
        level.grid().geometry().triangle_cells(level.corner(tri, 0), level.corner(tri, 1), level.corner(tri, 2));
    for (std::size_t a = 0; a < 3; ++a) {
        r[rec::cells_lo + a] = std::bit_cast<float>(cells.lo[a]);
        r[rec::cells_hi + a] = std::bit_cast<float>(cells.hi[a]);
    }
}

// The walk's view of the grid (packed_level.hpp, WalkWords): the filters'
// fields per triangle, and each cell's highest enabled top.
void pack_walk(const Level& level, simd::WalkWords& w) {
    const CellGrid& grid = level.grid();
    const auto words = grid.words();
    const std::uint32_t triangles = level.triangle_count();
    w.words = words.data();
    w.count = words.size();
    w.triangles = triangles;
    w.flags.assign(std::size_t{triangles} + 1, 0u);  // the one past: no triangle, flags 0
    for (auto* a : {&w.nx, &w.ny, &w.nz, &w.d, &w.top}) a->assign(std::size_t{triangles} + 1, 0.0f);
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const Vec3 n = level.normal(t);
        w.flags[t] = level.flags(t) & tri_flags::mask;
        w.nx[t] = n.x, w.ny[t] = n.y, w.nz[t] = n.z;
        w.d[t] = level.plane(t);
        w.top[t] = std::max(std::max(level.corner(t, 0).z, level.corner(t, 1).z), level.corner(t, 2).z);
    }
    w.cells.resize(grid.cell_count());
    for (std::size_t cell = 0; cell < grid.cell_count(); ++cell) {
        float top = -std::numeric_limits<float>::infinity();
        const std::size_t first = grid.list_offset(cell) + 1, last = first + words[first - 1];
        for (std::size_t p = first; p < last; ++p)
            if (w.flags[words[p]] & tri_flags::enabled) top = std::max(top, w.top[words[p]]);
        w.cells[cell] = {static_cast<std::uint32_t>(first - 1), words[first - 1], top, 0u};
    }
}

}  // namespace

BatchLevel::BatchLevel(const Level& level) : level_(&level), data_(std::make_unique<PackedLevel>()) {
    PackedLevel& d = *data_;
    const std::uint32_t count = level.triangle_count();
    std::vector<detail::TriangleBox> boxes;
    std::vector<std::uint32_t> disabled;
    boxes.reserve(count);
    for (std::uint32_t t = 0; t < count; ++t) {
        if (!(level.flags(t) & tri_flags::mask & tri_flags::enabled)) {
            disabled.push_back(t);
            continue;
        }
        const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
        boxes.push_back({{std::min({a.x, b.x, c.x}), std::min({a.y, b.y, c.y}), std::min({a.z, b.z, c.z})},
                         {std::max({a.x, b.x, c.x}), std::max({a.y, b.y, c.y}), std::max({a.z, b.z, c.z})},
                         t});
    }
    std::vector<std::uint32_t> slot_triangles = detail::build_hierarchy(boxes, d.nodes);
    d.enabled = static_cast<std::uint32_t>(slot_triangles.size());
    slot_triangles.insert(slot_triangles.end(), disabled.begin(), disabled.end());

    d.records.assign(std::size_t{count} * simd::record::floats, 0.0f);
    d.slot_of.assign(count, 0u);
    for (std::uint32_t slot = 0; slot < count; ++slot) {
        const std::uint32_t tri = slot_triangles[slot];
        write_record(level, tri, d.records.data() + std::size_t{slot} * simd::record::floats);
        d.slot_of[tri] = slot;
    }
    for (std::uint32_t v = 0; v < level.vertex_count(); ++v) {
        const Vec3 p = level.vertex(v);
        d.extent = std::max({d.extent, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    }
    pack_walk(level, d.walk);
}

BatchLevel::~BatchLevel() = default;
BatchLevel::BatchLevel(BatchLevel&&) noexcept = default;
BatchLevel& BatchLevel::operator=(BatchLevel&&) noexcept = default;

std::size_t BatchLevel::memory_bytes() const {
    const simd::WalkWords& w = data_->walk;
    return data_->records.size() * sizeof(float) + data_->slot_of.size() * sizeof(std::uint32_t) +
           data_->nodes.size() * sizeof(BvhNode) + w.flags.size() * 6 * sizeof(float) +
           w.cells.size() * sizeof(simd::WalkWords::Cell);
}

std::size_t BatchLevel::node_count() const { return data_->nodes.size(); }
std::size_t BatchLevel::enabled_triangles() const { return data_->enabled; }

}  // namespace levelsweep
