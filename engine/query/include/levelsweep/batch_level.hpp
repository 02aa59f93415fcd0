// levelsweep: what the batch path keeps of a level (docs/performance.md).
//
// The batch path answers exactly what the reference path answers, but it does
// not walk every cell of a query's box: a bounding-volume hierarchy over the
// enabled triangles finds those that can touch the swept shape, and each
// contact's place in the reference walk's discovery order is recomputed
// (docs/design.md, "The batch path"). The triangles are packed for the wide kernels:
// one record of corners, edges, normal, plane, flags and index per triangle,
// in the hierarchy's leaf order.
//
// A BatchLevel is built from a Level, which must outlive it, in about a tenth of
// a second per 100k triangles; it is immutable, and any number of threads may
// query one at once.
#pragma once

#include <cstddef>
#include <memory>

#include "levelsweep/level.hpp"

namespace levelsweep {

namespace simd {
struct PackedLevel;  // simd's lane ABI (packed_level.hpp)
}

class BatchLevel {
public:
    explicit BatchLevel(const Level& level);
    ~BatchLevel();
    BatchLevel(BatchLevel&&) noexcept;
    BatchLevel& operator=(BatchLevel&&) noexcept;

    const Level& level() const { return *level_; }
    // Bytes held by the packed triangles and the hierarchy (the Level's own
    // arrays not included).
    std::size_t memory_bytes() const;
    // The hierarchy's nodes and the triangles it holds.
    std::size_t node_count() const;
    std::size_t enabled_triangles() const;

    const simd::PackedLevel& data() const { return *data_; }

private:
    const Level* level_;
    std::unique_ptr<simd::PackedLevel> data_;
};

}  // namespace levelsweep
