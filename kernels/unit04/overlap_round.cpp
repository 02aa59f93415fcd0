// Spec Unit 4, "The pair functions": the tests between spheres, segments and
// capsules that write nothing (a hit is the return value alone), and their
// mirrors. The capsule is a true capsule here (rounded ends), unlike in the
// capsule-capsule test.
#include "levelsweep/overlap.hpp"
#include "levelsweep/segment_kernels.hpp"

namespace levelsweep {

namespace {
// |w + s.d1 - t.d2|^2 <= (r1 + r2)^2: the closest-points distance test shared by
// SegmentSegment and SegmentCapsule (touching is a hit).
bool closest_points_within(const Vec3& d1, const Vec3& d2, const Vec3& w, float r1, float r2, Quirks quirks) {
    const SegmentParams p = segment_closest_points(d1, d2, w, quirks);
    const Vec3 gap = (w + p.s * d1) - p.t * d2;
    const float reach = r1 + r2;
    return dot(gap, gap) <= reach * reach;
}

// |Q - C|^2 <= (r1 + r2)^2 with Q the point of p0 + t.d nearest C.
bool closest_point_within(const Vec3& p0, const Vec3& d, const Vec3& C, float r1, float r2) {
    const Vec3 gap = xyz(segment_closest_point(p0, d, C)) - C;
    const float reach = r1 + r2;
    return dot(gap, gap) <= reach * reach;
}
}  // namespace

// PhysicsOverlap_SphereSphere, 0x00345d58: |C_own - C_other|^2 <= (r_own + r_other)^2.
// Touching and coincident centres are hits.
bool physics_overlap_sphere_sphere(Contact&, const Shape& own, const Shape& other, Quirks) {
    const Vec3 gap = own.sphere.centre - other.sphere.centre;
    const float reach = own.sphere.radius + other.sphere.radius;
    return dot(gap, gap) <= reach * reach;
}

// PhysicsOverlap_SegmentSegment, 0x00346500: d1 = E_own - S_own, d2 = E_other -
// S_other, w = S_own - S_other. Segment_ClosestPoints' edge cases (the absolute
// parallel threshold, a zero-length other measured from own's start) apply.
bool physics_overlap_segment_segment(Contact&, const Shape& own, const Shape& other, Quirks quirks) {
    const Segment& a = own.segment;
    const Segment& b = other.segment;
    return closest_points_within(a.end - a.start, b.end - b.start, a.start - b.start, a.radius, b.radius, quirks);
}

// PhysicsOverlap_SegmentSphere, 0x00346de0: Q = Segment_ClosestPoint(S, E - S, C).
// A zero-length segment is a sphere at S.
bool physics_overlap_segment_sphere(Contact&, const Shape& own, const Shape& other, Quirks) {
    const Segment& seg = own.segment;
    return closest_point_within(seg.start, seg.end - seg.start, other.sphere.centre, seg.radius, other.sphere.radius);
}

// PhysicsOverlap_SphereSegment, 0x00346eb0: the mirror, no swap (nothing written).
bool physics_overlap_sphere_segment(Contact& c, const Shape& own, const Shape& other, Quirks quirks) {
    return physics_overlap_segment_sphere(c, other, own, quirks);
}

// PhysicsOverlap_CapsuleSphere, 0x00346ed8: Q = Segment_ClosestPoint(B, (0, 0, h), C),
// so the capsule reaches r below its base and above B.z + h.
bool physics_overlap_capsule_sphere(Contact&, const Shape& own, const Shape& other, Quirks) {
    const Capsule& cap = own.capsule;
    return closest_point_within(cap.base, capsule_axis(cap), other.sphere.centre, cap.radius, other.sphere.radius);
}

// PhysicsOverlap_SphereCapsule, 0x00346f90: the mirror, no swap. The push
// sphere's test against another human.
bool physics_overlap_sphere_capsule(Contact& c, const Shape& own, const Shape& other, Quirks quirks) {
    return physics_overlap_capsule_sphere(c, other, own, quirks);
}

// PhysicsOverlap_SegmentCapsule, 0x00346fb8: d1 = E - S, d2 = (0, 0, h), w = S - B.
bool physics_overlap_segment_capsule(Contact&, const Shape& own, const Shape& other, Quirks quirks) {
    const Segment& seg = own.segment;
    const Capsule& cap = other.capsule;
    return closest_points_within(seg.end - seg.start, capsule_axis(cap), seg.start - cap.base, seg.radius, cap.radius,
                                 quirks);
}

// PhysicsOverlap_CapsuleSegment, 0x00347148: the mirror, no swap.
bool physics_overlap_capsule_segment(Contact& c, const Shape& own, const Shape& other, Quirks quirks) {
    return physics_overlap_segment_capsule(c, other, own, quirks);
}

}  // namespace levelsweep
