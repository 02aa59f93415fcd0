// levelsweep (private): the batch path's bounding-volume hierarchy over a
// level's enabled triangles (packed_level.hpp gives the node layout).
//
// Built top-down as a binary tree by the surface area heuristic over 16 bins
// of the triangles' box centres, then collapsed into eight-wide nodes by
// opening the largest child until eight are reached (as Embree's and Jolt's
// wide trees are made). Only its boxes matter for the answers, and only as
// bounds: every triangle's box is inside its leaf's, so a query that prunes
// with them conservatively finds every triangle it can touch; the shape of the
// tree only decides how fast.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "levelsweep/aligned.hpp"
#include "levelsweep/packed_level.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::detail {

// A triangle's box.
struct TriangleBox {
    Vec3 lo, hi;
    std::uint32_t triangle = 0;
};

// The eight-wide hierarchy over `boxes` into `nodes` (node 0 the root; none
// for no boxes); a leaf's child is its triangle's index.
void build_hierarchy(std::span<const TriangleBox> boxes, AlignedVector<simd::BvhNode>& nodes);

}  // namespace levelsweep::detail
