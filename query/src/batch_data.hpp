// levelsweep (private): the batch path's layout of a level (BatchLevel).
//
// Records: one per triangle, 24 floats (96 bytes), the fields a wide kernel
// gathers by lane: the corners, the unnormalised edges, the unit normal and
// d = v0.n exactly as the Level stores them (so the kernels see the reference
// path's bits), the flags word and the triangle's index as integers. Slots are
// the hierarchy's leaf order; the disabled triangles (which no query tests
// past its flag filter) come last, outside the hierarchy.
//
// Nodes: eight children each, their boxes in structure-of-arrays form. A child
// is an inner node (count 0, child = its node index), a leaf (count 1 to
// max_leaf, child = its first slot) or empty (count 0, child = -1, an inverted
// box). Node 0 is the root; a level without enabled triangles has no nodes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/aligned.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::detail {

namespace record {
inline constexpr std::size_t v0 = 0, v1 = 3, v2 = 6;  // corner k at 3k: x, y, z
inline constexpr std::size_t e0 = 9, e1 = 12, e2 = 15;
inline constexpr std::size_t n = 18;
inline constexpr std::size_t d = 21;
inline constexpr std::size_t flags = 22;     // the triangle's flags word, as a uint32
inline constexpr std::size_t triangle = 23;  // its index in the Level, as a uint32
inline constexpr std::size_t floats = 24;
}  // namespace record

inline constexpr std::size_t node_width = 8;
inline constexpr std::uint32_t max_leaf = 4;

struct alignas(64) BvhNode {
    float lo[3][node_width];
    float hi[3][node_width];
    std::int32_t child[node_width];
    std::uint32_t count[node_width];
};

struct BatchData {
    AlignedVector<float> records;           // record::floats per slot
    AlignedVector<std::uint32_t> slot_of;   // triangle index -> slot
    AlignedVector<BvhNode> nodes;
    std::uint32_t enabled = 0;              // slots 0 .. enabled - 1 are in the hierarchy
    float extent = 0.0f;                    // the largest |coordinate| of the level's vertices

    const float* record_at(std::uint32_t slot) const { return records.data() + std::size_t{slot} * record::floats; }
};

}  // namespace levelsweep::detail
