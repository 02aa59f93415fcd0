// BatchLevel: the cell walk's data (cell_walk_data.hpp), and, when a query
// first needs them, the packed triangle records and the hierarchy over the
// enabled triangles (bvh_builder.hpp, or the level file's, stored_hierarchy.hpp;
// packed_level.hpp gives the layouts).
#include "levelsweep/batch_level.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <mutex>
#include <vector>

#include "batch_plan.hpp"
#include "bvh_builder.hpp"
#include "cell_walk_data.hpp"
#include "levelsweep/packed_level.hpp"
#include "levelsweep/parallel_loop.hpp"
#include "levelsweep/stored_hierarchy.hpp"
#include "levelsweep/triangle_filters.hpp"

namespace levelsweep {

namespace {

using simd::BvhNode;
using simd::PackedLevel;

// Every float of the record: the records are appended whole, not written
// over zeros (a 1M-triangle level's are 64 MB).
void write_record(const Level& level, std::uint32_t tri, float* r) {
    namespace rec = simd::record;
    static_assert(rec::top + 1 == rec::v0 && rec::v2 + 3 == rec::floats, "every float written");
    r[rec::flags] = std::bit_cast<float>(std::uint32_t{level.flags(tri)});
    const Vec3 n = level.normal(tri);
    r[rec::n] = n.x, r[rec::n + 1] = n.y, r[rec::n + 2] = n.z;
    r[rec::d] = level.plane(tri);
    r[rec::triangle] = std::bit_cast<float>(tri);
    r[rec::top] = std::max(std::max(level.corner(tri, 0).z, level.corner(tri, 1).z), level.corner(tri, 2).z);
    const std::size_t corner[3] = {rec::v0, rec::v1, rec::v2};
    for (int k = 0; k < 3; ++k) {
        const Vec3 v = level.corner(tri, k);
        const std::size_t c = corner[k];
        r[c] = v.x, r[c + 1] = v.y, r[c + 2] = v.z;
    }
}

bool enabled(const Level& level, std::uint32_t tri) { return passes_flags(level.flags(tri), false); }

// A stored hierarchy's leaves hold one triangle each, as the builder's do.
namespace sh = stored_hierarchy;
static_assert(simd::max_leaf == 1);

}  // namespace

struct BatchLevel::Hierarchy {
    std::once_flag records_built, built;
    std::atomic<bool> records_done{false}, done{false};
    PackedLevel packed;
};

BatchLevel::BatchLevel(const Level& level)
    : level_(&level), walk_(std::make_unique<detail::CellWalkData>(level)), hierarchy_(std::make_unique<Hierarchy>()) {
    for (std::uint32_t tri = 0; tri < level.triangle_count(); ++tri) enabled_ += enabled(level, tri) ? 1 : 0;
    for (std::uint32_t v = 0; v < level.vertex_count(); ++v) {
        const Vec3 p = level.vertex(v);
        extent_ = std::max({extent_, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    }
}

// The records, one pass over the triangles. Once made, a load answers
// (std::call_once costs a query some 250 instructions every time).
const PackedLevel& BatchLevel::records() const {
    if (hierarchy_->records_done.load(std::memory_order_acquire)) return hierarchy_->packed;
    std::call_once(hierarchy_->records_built, [this] {
        const Level& level = *level_;
        PackedLevel& d = hierarchy_->packed;
        const std::uint32_t count = level.triangle_count();
        d.records.reserve(std::size_t{count} * simd::record::floats);
        for (std::uint32_t t = 0; t < count; ++t) {
            float r[simd::record::floats];
            write_record(level, t, r);
            d.records.insert(d.records.end(), r, r + simd::record::floats);
        }
        hierarchy_->records_done.store(true, std::memory_order_release);
    });
    return hierarchy_->packed;
}

// The records, then the hierarchy over the enabled triangles' boxes. Built in
// isolation (parallel_loop.hpp): a thread waiting for the build's own tasks
// must not take up another query that waits for the build.
const PackedLevel& BatchLevel::hierarchy() const {
    if (hierarchy_built()) return hierarchy_->packed;
    records();
    std::call_once(hierarchy_->built, [this] {
        isolated([this] {
            const Level& level = *level_;
            PackedLevel& d = hierarchy_->packed;
            const std::uint32_t count = level.triangle_count();
            if (hierarchy_stored()) {
                d.nodes = level.stored_hierarchy();  // traversed where the level holds it
                return;
            }
            std::vector<detail::TriangleBox> boxes;
            boxes.reserve(enabled_);
            for (std::uint32_t t = 0; t < count; ++t) {
                if (!enabled(level, t)) continue;
                const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
                boxes.push_back({{std::min({a.x, b.x, c.x}), std::min({a.y, b.y, c.y}), std::min({a.z, b.z, c.z})},
                                 {std::max({a.x, b.x, c.x}), std::max({a.y, b.y, c.y}), std::max({a.z, b.z, c.z})},
                                 t});
            }
            detail::build_hierarchy(boxes, d.built_nodes);
            d.nodes = d.built_nodes;
        });
        hierarchy_->done.store(true, std::memory_order_release);
    });
    return hierarchy_->packed;
}

bool BatchLevel::hierarchy_built() const { return hierarchy_->done.load(std::memory_order_acquire); }

BatchLevel::~BatchLevel() = default;
BatchLevel::BatchLevel(BatchLevel&&) noexcept = default;
BatchLevel& BatchLevel::operator=(BatchLevel&&) noexcept = default;

std::size_t BatchLevel::memory_bytes() const {
    std::size_t bytes = walk_->memory_bytes();
    if (hierarchy_->records_done.load(std::memory_order_acquire))
        bytes += hierarchy_->packed.records.size() * sizeof(float);
    if (hierarchy_built()) bytes += hierarchy_->packed.built_nodes.size() * sizeof(BvhNode);  // stored: the level's
    return bytes;
}

std::size_t BatchLevel::node_count() const { return hierarchy().nodes.size(); }

std::vector<std::uint32_t> BatchLevel::hierarchy_words() const { return sh::words_of(hierarchy().nodes); }

}  // namespace levelsweep
