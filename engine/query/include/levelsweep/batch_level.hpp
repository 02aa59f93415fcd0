// levelsweep: what the batch path keeps of a level (docs/performance.md).
//
// The batch path answers exactly what the reference path answers, but it does
// not test every triangle of a query's cells (docs/design.md, "The batch
// path"). Short queries walk the cells as the reference does, passing over the
// entries whose triangle cannot touch the swept shape (a box per triangle);
// long ones search a bounding-volume hierarchy over the enabled triangles and
// recompute each contact's place in the reference walk's discovery order. The
// triangles are packed for the wide kernels: one record of corners, edges,
// normal, plane, flags and index per triangle.
//
// A BatchLevel is built from a Level, which must outlive it, in one pass over
// the triangles and one over the cells; the packed triangles and the
// hierarchy are built when a query first needs them (hierarchy()), on the
// threads of the task arena that query runs in. A hierarchy the level's file
// stored (Level::stored_hierarchy) is traversed where the Level holds it, not
// built again nor copied. It is immutable otherwise, and any number of threads
// may query one at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "levelsweep/level.hpp"

namespace levelsweep {

namespace simd {
struct PackedLevel;  // simd's lane ABI (packed_level.hpp)
}
namespace detail {
struct CellWalkData;  // engine/query/src/cell_walk_data.hpp
}

class BatchLevel {
public:
    explicit BatchLevel(const Level& level);
    ~BatchLevel();
    BatchLevel(BatchLevel&&) noexcept;
    BatchLevel& operator=(BatchLevel&&) noexcept;

    const Level& level() const { return *level_; }
    // Bytes held by the cell walk's data and, once built, the packed
    // triangles and the hierarchy (the Level's own arrays not included, nor
    // a hierarchy its file stored: the batch path reads the Level's nodes).
    std::size_t memory_bytes() const;
    // The hierarchy's nodes (building it if no query has yet) and the
    // triangles it holds.
    std::size_t node_count() const;
    std::size_t enabled_triangles() const { return enabled_; }
    // Whether a query has needed the hierarchy yet.
    bool hierarchy_built() const;
    // Whether the level's file stored the hierarchy (else a query builds it).
    bool hierarchy_stored() const { return !level_->stored_hierarchy().empty(); }
    // The hierarchy as a level file stores it (stored_hierarchy.hpp; save_level),
    // building it if no query has yet; none for a level without enabled triangles.
    std::vector<std::uint32_t> hierarchy_words() const;
    // The largest |coordinate| of the level's vertices (the reach's margin).
    float extent() const { return extent_; }

    // What the cell walk reads besides the grid.
    const detail::CellWalkData& cell_walk() const { return *walk_; }
    // The packed triangles and the hierarchy, built by the first caller (the
    // others wait for it).
    const simd::PackedLevel& hierarchy() const;
    // The packed triangles alone, the same way (the box walk's lanes read no
    // node): their nodes are there once hierarchy() has built them.
    const simd::PackedLevel& records() const;

private:
    struct Hierarchy;  // the packed triangles and the nodes, and how each is built once
    const Level* level_;
    std::unique_ptr<detail::CellWalkData> walk_;
    std::unique_ptr<Hierarchy> hierarchy_;
    std::size_t enabled_ = 0;
    float extent_ = 0.0f;
};

}  // namespace levelsweep
