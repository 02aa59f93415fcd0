// Unit 11 (not in the spec): the sweep table's sphere-sphere, sphere-capsule,
// sphere-segment, capsule-sphere and capsule-capsule entries, and the records
// they fill. Every step is our definition (docs/decisions.md, "The round-shape
// sweeps"), not a transcription; where a record's word has a meaning in the
// spec's neighbouring entries of the same row (PhysicsSweep_SphereBox, Unit 5;
// PhysicsSweep_CapsuleBox, Unit 12), ours gives it that meaning.
#include "levelsweep/capsule_box_sweep.hpp"
#include "levelsweep/round_sweep.hpp"
#include "levelsweep/segment_kernels.hpp"
#include "levelsweep/spec_constants.hpp"

namespace levelsweep {

namespace {

// Ours: the separation direction of a contact, from the other shape towards the
// own one. Closer than 1 mm (|v|^2 below 1e-6, spec::one_millionth, the bound
// of PhysicsOverlap_CapsuleCapsule's coincident axes) it has no direction, and
// we take the one PhysicsOverlap_CapsuleCapsule (Unit 4, 0x00346388) gives
// coincident axes in its other half: the negation of (0, 1, 0) at 0x00511730.
Vec3 separation_normal(const Vec3& v) {
    if (dot(v, v) < spec::one_millionth) return {0.0f, -1.0f, 0.0f};
    return normalize_rsqrt(v);
}

// A sweep against a round segment, at its contact: the moving centre and the
// axis point nearest it (Segment_ClosestParam, Unit 4 0x0034ac08), both from the
// segment's start.
struct RoundContact {
    float fraction = 0.0f;
    Vec3 centre;
    Vec3 axis;
};
std::optional<RoundContact> round_contact(const Vec3& q, const Vec3& m, const Vec3& d, float R, Quirks quirks) {
    const std::optional<float> t = round_segment_entry(q, m, d, R, quirks);
    if (!t) return std::nullopt;
    const Vec3 centre = q + *t * m;
    return RoundContact{*t, centre, segment_closest_param({}, d, centre) * d};
}

// Ours: a sphere moving against the round segment of the other shape, from its
// position X along d with radius `radius`; the record as PhysicsSweep_SphereBox
// (Unit 5, 0x003453f8) fills its own.
bool sweep_sphere_round(Contact& c, const Sphere& own, const Vec4& move, const Vec3& X, const Vec3& d, float radius,
                        Quirks quirks) {
    const std::optional<RoundContact> k = round_contact(own.centre - X, xyz(move), d, own.radius + radius, quirks);
    if (!k) return false;
    const Vec3 n = separation_normal(k->centre - k->axis);
    const Vec3 local = k->axis + radius * n;  // the touch point on the other's surface, from X
    Vec3 towards = X - own.centre;
    towards.z = 0.0f;
    c.write(c.fraction, k->fraction);
    c.write(c.point, with_w(X + local, 1.0f));
    c.write_xyz(c.other.local, local);  // +0x6c not written, as Unit 5
    // Unit 5's feature normals have w 0, its start-inside normal w 1.
    c.write(c.other.normal, with_w(n, k->fraction == 0.0f ? 1.0f : 0.0f));
    c.write(c.own.normal, with_w(normalize_rsqrt(towards), 1.0f));  // (0, 0, 0, 1) straight above or below
    c.write(c.flags, 0u);
    return true;
}

// Ours: the capsule row's record, as PhysicsSweep_CapsuleBox (Unit 12) writes
// its own, with the other's outward normal and no slide.
void write_capsule_row(Contact& c, const Capsule& own, const Vec4& move, float f, const Vec3& normal,
                       const Vec3& touch) {
    c.write(c.other.normal, with_w(normal, 1.0f));
    write_capsule_sweep_record(c, own, move, f, {touch.x, touch.y}, {0.0f, 0.0f, 0.0f, 1.0f}, 0u);
}

}  // namespace

// Ours: two spheres, a ball of the two radii about the other's centre.
bool physics_sweep_sphere_sphere(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                                 const Vec4& move, Quirks quirks) {
    return sweep_sphere_round(c, own.sphere, move, other.sphere.centre, {}, other.sphere.radius, quirks);
}

// Ours: the capsule is a true capsule, as PhysicsOverlap_SphereCapsule (Unit 4,
// 0x00346f90) reads it: a hand against a human.
bool physics_sweep_sphere_capsule(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                                  const Vec4& move, Quirks quirks) {
    const Capsule& cap = other.capsule;
    return sweep_sphere_round(c, own.sphere, move, cap.base, capsule_axis(cap), cap.radius, quirks);
}

// Ours: the segment from S to E with its radius, as PhysicsOverlap_SphereSegment
// (Unit 4, 0x00346eb0) reads it.
bool physics_sweep_sphere_segment(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                                  const Vec4& move, Quirks quirks) {
    const Segment& seg = other.segment;
    return sweep_sphere_round(c, own.sphere, move, seg.start, seg.end - seg.start, seg.radius, quirks);
}

// Ours: a true capsule, as PhysicsOverlap_CapsuleSphere (Unit 4, 0x00346ed8)
// reads it; the sphere moves by -move against the capsule's axis.
bool physics_sweep_capsule_sphere(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                                  const Vec4& move, Quirks quirks) {
    const Capsule& cap = own.capsule;
    const Sphere& ball = other.sphere;
    const std::optional<RoundContact> k =
        round_contact(ball.centre - cap.base, -xyz(move), capsule_axis(cap), cap.radius + ball.radius, quirks);
    if (!k) return false;
    const Vec3 n = separation_normal(k->axis - k->centre);  // from the sphere to the capsule's axis
    write_capsule_row(c, cap, move, k->fraction, n, ball.radius * n);
    return true;
}

// Ours: two flat-ended upright cylinders, as PhysicsOverlap_CapsuleCapsule
// (Unit 4, 0x00346388) reads them: the own height range moving by move.z against
// the other's, by Sweep_IntervalOverlap (as the spec says 0x00343cd8 does), while
// the axes are within the sum of the radii horizontally. Walking humans.
bool physics_sweep_capsule_capsule(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                                   const Vec4& move, Quirks quirks) {
    const Capsule& a = own.capsule;
    const Capsule& b = other.capsule;
    Vec3 gap = a.base - b.base;  // the other's axis to the own one, horizontally
    gap.z = 0.0f;
    const Vec3 step{move.x, move.y, 0.0f};
    const float reach = a.radius + b.radius;
    const std::optional<RoundEntry> e = interval_disc_entry(
        {b.base.z, b.base.z + b.height}, {a.base.z, a.base.z + a.height}, move.z, gap, step, reach * reach, quirks);
    if (!e) return false;
    const Vec3 h = gap + e->fraction * step;
    if (!e->on_end) {  // the sides touch (or overlap at the start): horizontal
        const Vec3 n = separation_normal(h);
        write_capsule_row(c, a, move, e->fraction, n, b.radius * n);
        return true;
    }
    // Ours: landing on (or rising into) a flat end: the end's normal, and the
    // touch point the own axis over that end, within its disc.
    const Vec3 n{0.0f, 0.0f, move.z < 0.0f ? 1.0f : -1.0f};
    const Vec3 touch = dot(h, h) <= b.radius * b.radius ? h : b.radius * normalize_rsqrt(h);
    write_capsule_row(c, a, move, e->fraction, n, touch);
    return true;
}

}  // namespace levelsweep
