// levelsweep (simd's lane ABI): the batch path's layout of a level, which
// engine/query's BatchLevel builds and the wide code reads.
//
// Records: one per triangle, 16 floats (64 bytes, one cache line), the fields
// a wide kernel gathers by lane: first what the filters read (the flags word,
// the unit normal, d = v0.n, the highest corner's z for the capsule's step
// rule), then what the kernels read (the corners), exactly as the Level stores
// them, so the kernels see the reference path's bits. What follows from the
// corners by one exact step is not stored: the unnormalised edges (e_k =
// v(k+1) - v(k), CollTri_ComputeEdges' own subtraction, the Level's edges bit
// for bit) and the cells the grid lists the triangle in (triangle_cells, which
// give a contact's place in the discovery order). The flags and the
// triangle's index are stored as integers. A record's slot is its triangle's
// index.
//
// Nodes: eight children each, their boxes in structure-of-arrays form. A child
// is an inner node (count 0, child = its node index), a leaf (count 1 to
// max_leaf, child = its first slot) or empty (count 0, child = -1, an inverted
// box). Node 0 is the root; a level without enabled triangles has no nodes.
// The disabled triangles (which no query tests past its flag filter) are in no
// leaf.
// Leaves hold one triangle: the node test is then the triangle's own reach
// test, and there is no second one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "levelsweep/aligned.hpp"
#include "levelsweep/stored_hierarchy.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::simd {

namespace record {
inline constexpr std::size_t flags = 0;  // the triangle's flags word, as a uint32
inline constexpr std::size_t n = 1;      // x, y, z
inline constexpr std::size_t d = 4;
inline constexpr std::size_t triangle = 5;              // its index in the Level, as a uint32
inline constexpr std::size_t top = 6;                   // max(max(v0.z, v1.z), v2.z)
inline constexpr std::size_t v0 = 7, v1 = 10, v2 = 13;  // the corners: x, y, z each
inline constexpr std::size_t floats = 16;
}  // namespace record

inline constexpr std::size_t node_width = stored_hierarchy::width;
inline constexpr std::uint32_t max_leaf = 1;

// The level store's node (stored_hierarchy.hpp): a level file's hierarchy is
// traversed where the level holds it.
using BvhNode = stored_hierarchy::Node;

// The records and the nodes, made ready together when a query first needs
// them (BatchLevel::hierarchy).
struct PackedLevel {
    AlignedVector<float> records;        // record::floats per triangle, in index order
    std::span<const BvhNode> nodes;      // the level's stored nodes, or built_nodes
    AlignedVector<BvhNode> built_nodes;  // the hierarchy built at start-up, for a level that stores none

    const float* record_at(std::uint32_t slot) const { return records.data() + std::size_t{slot} * record::floats; }
};

}  // namespace levelsweep::simd
