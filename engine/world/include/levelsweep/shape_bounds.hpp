// levelsweep: world boxes of shapes, the boxes IPhysics_QueryBox gathers
// candidates with (spec Unit 4, "How IPhysics_OverlapShape fills a contact").
//
// The spec cites PhysicsBody_ComputeBounds but does not give it; these are the
// project's definitions (docs/decisions.md, "The world").
#pragma once

#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// An axis-aligned world box; min <= max on every axis for a well-formed shape.
struct ShapeBounds {
    Vec3 min;
    Vec3 max;
};

// The world bounds of one shape: a box's centre +- sum_k h_k |A_k|; a sphere's
// C +- r; an upright capsule's B +- r in x and y, [B.z - r, B.z + h + r] in z
// (rounded ends); a segment's S and E grown by r. A type outside 1..4 gives an
// inverted box that overlaps nothing.
ShapeBounds world_bounds(const Shape& shape);
// The smallest box holding both.
ShapeBounds bounds_union(const ShapeBounds& a, const ShapeBounds& b);
// Overlap in x, y and z, touching included (IPhysics_QueryBox's test). A NaN
// corner overlaps nothing.
bool bounds_overlap(const ShapeBounds& a, const ShapeBounds& b);
// Every corner finite.
bool bounds_finite(const ShapeBounds& b);

// The shape moved by `delta` (every point of it: a box's and a sphere's centre,
// a capsule's base, a segment's two ends).
Shape translated(const Shape& shape, const Vec3& delta);
// The box a shape sweeps moving by `move`: its bounds at the start and at the
// end, united (the swept body's AABB of Unit 12, "Summary for the implementer").
ShapeBounds swept_bounds(const Shape& shape, const Vec3& move);

}  // namespace levelsweep
