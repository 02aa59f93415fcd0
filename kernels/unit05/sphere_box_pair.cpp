// Spec Unit 5: the sweep-table entries (2, 1) and (1, 2), which run the kernel
// and copy its outputs into the contact record.
#include "levelsweep/sphere_box_sweep.hpp"

namespace levelsweep {

namespace {
// maxFrac = 1.0 (0x3f800000) in both entries.
constexpr float max_fraction = 1.0f;
}  // namespace

// PhysicsSweep_SphereBox, 0x003453f8: the sphere moves, the box (second half)
// is at rest (box move (0, 0, 0, 1) at 0x005116c0). The bodies are not read.
bool physics_sweep_sphere_box(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                              const Vec4& move, Quirks quirks) {
    const SphereBoxSweep s =
        sweep_sphere_oriented_box(own.sphere.radius, max_fraction, other.box, {}, own.sphere.centre, xyz(move), quirks);
    if (!s.hit) return false;
    c.write(c.fraction, s.fraction);
    c.write(c.other.feature_index, s.feature_index);
    c.write(c.point, s.world_point);
    c.write_xyz(c.other.local, s.local_point);  // +0x6c (w) is not written
    c.write(c.other.normal, s.feature_normal);
    c.write(c.own.normal, s.direction_to_box);
    c.write(c.other.feature_type, s.feature_type);
    c.write(c.flags, 0u);
    return true;
}

// PhysicsSweep_BoxSphere, 0x003454c0: the box moves, so the kernel gets box move
// = move and sphere move = (0, 0, 0, 1), and sees the sphere moving by -move.
// The frame is the box's start pose, so the world point is short of the true
// contact by fraction x move (spec Unit 5). The same values land in the other
// half; nothing is swapped wholesale.
bool physics_sweep_box_sphere(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other,
                              const Vec4& move, Quirks quirks) {
    const SphereBoxSweep s = sweep_sphere_oriented_box(other.sphere.radius, max_fraction, own.box, xyz(move),
                                                       other.sphere.centre, {}, quirks);
    if (!s.hit) return false;
    c.write(c.fraction, s.fraction);
    c.write(c.own.feature_index, s.feature_index);
    c.write(c.own.feature_type, s.feature_type);
    c.write(c.point, s.world_point);
    c.write_xyz(c.own.local, s.local_point);
    c.write(c.own.normal, s.feature_normal);
    c.write(c.other.normal, s.direction_to_box);
    c.write(c.flags, 0u);
    return true;
}

}  // namespace levelsweep
