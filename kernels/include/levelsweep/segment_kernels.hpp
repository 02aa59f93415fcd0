// levelsweep: spec Unit 4, the segment kernels (reference path).
//
// Literal float32 transcriptions of Segment_ClosestParam, Segment_ClosestPoint
// and Segment_ClosestPoints (geometry-kernels.txt, Unit 4, "The kernels"). The
// overlap pair functions of segments and capsules are built on them.
#pragma once

#include "levelsweep/quirks.hpp"
#include "levelsweep/spec_constants.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// 1e-6 at the bit pattern read from the executable (0x358637bd): the parallel
// threshold and the round-to-zero threshold of Segment_ClosestPoints.
inline constexpr float segment_epsilon = spec::one_millionth;

// Segment_ClosestParam (0x0034ac08): the parameter t in [0, 1] of the point of
// p0 + t.d nearest q. A zero d gives 0 without a division.
float segment_closest_param(const Vec3& p0, const Vec3& d, const Vec3& q);

// Segment_ClosestPoint (0x0034acc8): p0 + t.d with t from Segment_ClosestParam;
// w = 1.
Vec4 segment_closest_point(const Vec3& p0, const Vec3& d, const Vec3& q);

// The parameters of the closest points p1 + s.d1 and p2 + t.d2, both in [0, 1].
struct SegmentParams {
    float s = 0.0f;
    float t = 0.0f;
};

// Segment_ClosestPoints (0x0034ad50), with w = p1 - p2: Sunday's clamped
// solution with one absolute threshold, 1e-6. With segment_degenerate_second
// off, an s that the parallel branch left at 0 is replaced by the clamped
// projection onto the first segment of the second segment's closest point (for
// a zero-length second segment: of its only point).
SegmentParams segment_closest_points(const Vec3& d1, const Vec3& d2, const Vec3& w, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
