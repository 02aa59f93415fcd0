// levelsweep (simd's lane ABI): the batch path's layout of a level, which
// engine/query's BatchLevel builds and the wide code reads.
//
// Records: one per triangle, 32 floats (128 bytes, two cache lines), the
// fields a wide kernel gathers by lane: first what the filters read (the flags
// word, the unit normal, d = v0.n, the highest corner's z for the capsule's
// step rule), then what the kernels read (the corners and the unnormalised
// edges), exactly as the Level stores them, so the kernels see the reference
// path's bits; last, the cells the grid lists the triangle in (which give a
// contact's place in the discovery order). The flags, the triangle's index and
// its cells are stored as integers.
// Slots are the hierarchy's leaf order; the disabled triangles (which no query
// tests past its flag filter) come last, outside the hierarchy.
//
// Nodes: eight children each, their boxes in structure-of-arrays form. A child
// is an inner node (count 0, child = its node index), a leaf (count 1 to
// max_leaf, child = its first slot) or empty (count 0, child = -1, an inverted
// box). Node 0 is the root; a level without enabled triangles has no nodes.
// Leaves hold one triangle: the node test is then the triangle's own reach
// test, and there is no second one.
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/aligned.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::simd {

namespace record {
inline constexpr std::size_t flags = 0;  // the triangle's flags word, as a uint32
inline constexpr std::size_t n = 1;      // x, y, z
inline constexpr std::size_t d = 4;
inline constexpr std::size_t triangle = 5;              // its index in the Level, as a uint32
inline constexpr std::size_t top = 6;                   // max(max(v0.z, v1.z), v2.z)
inline constexpr std::size_t v0 = 8, v1 = 11, v2 = 14;  // the corners: x, y, z each
inline constexpr std::size_t e0 = 17, e1 = 20, e2 = 23;
inline constexpr std::size_t cells_lo = 26, cells_hi = 29;  // GridGeometry::triangle_cells, as uint32s
inline constexpr std::size_t floats = 32;
}  // namespace record

inline constexpr std::size_t node_width = 8;
inline constexpr std::uint32_t max_leaf = 1;

struct alignas(64) BvhNode {
    float lo[3][node_width];
    float hi[3][node_width];
    std::int32_t child[node_width];
    std::uint32_t count[node_width];
};

// The exact cell walk's view of the grid (the box and walking capsule sweeps
// with the counter bug, engine/query/src/batch_exact_walk.cpp): the grid's
// words in order (count words included, as the counter bug reads them), and
// per triangle what the filters read, so that a run of words is filtered in
// lanes by gathering those fields by the words themselves. Index `triangles`
// of the fields is a triangle that no filter passes (flags 0): every word that
// names no triangle reads it.
struct WalkWords {
    const std::uint32_t* words = nullptr;  // the grid's words (CellGrid::words), `count` of them
    std::size_t count = 0;
    std::uint32_t triangles = 0;
    AlignedVector<std::uint32_t> flags;  // per triangle, then the one past: the flags word masked to 0xfff
    AlignedVector<float> nx, ny, nz, d;  // the unit normal and the plane
    AlignedVector<float> top;            // the highest corner's z
    // Per cell, in cell order: where its list is and the highest top of the
    // enabled triangles it names (-inf for none: a walking capsule whose step
    // top is above it tests none of them), side by side, so that a cell the
    // walk passes costs one cache line, not one for each array.
    struct Cell {
        std::uint32_t offset = 0;  // its count word's position in words
        std::uint32_t count = 0;   // that word
        float top = 0.0f;
        std::uint32_t unused = 0;
    };
    AlignedVector<Cell> cells;
};

struct PackedLevel {
    AlignedVector<float> records;          // record::floats per slot
    AlignedVector<std::uint32_t> slot_of;  // triangle index -> slot
    AlignedVector<BvhNode> nodes;
    WalkWords walk;
    std::uint32_t enabled = 0;  // slots 0 .. enabled - 1 are in the hierarchy
    float extent = 0.0f;        // the largest |coordinate| of the level's vertices

    const float* record_at(std::uint32_t slot) const { return records.data() + std::size_t{slot} * record::floats; }
};

}  // namespace levelsweep::simd
