// Spec Unit 4, PhysicsOverlap_CapsuleCapsule: two upright capsules as
// flat-ended cylinders, the one overlap test that writes both half normals.
#include <cmath>

#include "levelsweep/overlap.hpp"
#include "levelsweep/spec_constants.hpp"

namespace levelsweep {

namespace {
// |d|^2 below 1e-6 (0x358637bd): the axes coincide and d has no direction.
constexpr float coincident_axes_sq = spec::one_millionth;
}  // namespace

// PhysicsOverlap_CapsuleCapsule, 0x00346388. The vertical ranges must overlap
// (inclusive); the horizontal test is strict, so capsules touching side by side
// do not overlap. The vertical depth is not computed.
bool physics_overlap_capsule_capsule(Contact& c, const Shape& own, const Shape& other, Quirks) {
    const Capsule& a = own.capsule;
    const Capsule& b = other.capsule;
    if (!(a.base.z <= b.base.z + b.height && b.base.z <= a.base.z + a.height)) return false;

    Vec3 d = b.base - a.base;
    d.z = 0.0f;
    const float dd = dot(d, d);
    const float reach = a.radius + b.radius;
    if (!(dd < reach * reach)) return false;

    // +0x10: the horizontal unit vector from own to other, w 1; coincident axes
    // (|d|^2 < 1e-6, 0x358637bd) get the constant (0, 1, 0, 1) at 0x00511730 and
    // the full sum of the radii as the depth.
    Vec3 n{0.0f, 1.0f, 0.0f};
    float depth = reach;
    if (!(dd < coincident_axes_sq)) {
        const float len = std::sqrt(dd);
        n = {d.x / len, d.y / len, d.z / len};
        depth = reach - len;
    }
    c.write(c.own.normal, with_w(n, 1.0f));
    c.write(c.other.normal, with_w(-n, 1.0f));  // +0x50: from other to own
    c.write(c.depth, depth);                    // +0x88: horizontal penetration (m)
    return true;
}

}  // namespace levelsweep
