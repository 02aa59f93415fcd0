// Spec Unit 1 (and Unit 5): Ray_SphereRoot and Ray_CircleRoot, the smaller root
// of |p + t.d|^2 = R in the form that does not cancel.
#include <cmath>

#include "levelsweep/triangle.hpp"

namespace levelsweep {

namespace {
// (c.i) / (1 - b.i) with i = 1/s. s = 0 (exact tangency) is 1/0 on the EE, which
// saturates to FLT_MAX; the spec lets us give the exact tangent root c / (s - b)
// instead (Unit 5, "Ray_SphereRoot and Ray_CircleRoot"; docs/decisions.md).
float stable_smaller_root(float c, float b, float s) {
    if (s == 0.0f) return c / (s - b);
    const float i = 1.0f / s;
    return (c * i) / (1.0f - b * i);
}
}  // namespace

// Ray_SphereRoot, 0x0034af50: no miss test; a negative discriminant is used as
// its absolute value, so callers screen misses first.
float ray_sphere_root(const Vec3& p, const Vec3& d, float R) {
    const float c = dot(p, p) - R;
    const float b = dot(p, d);
    const float a = dot(d, d);
    const float s = std::sqrt(std::fabs(b * b - a * c));
    return stable_smaller_root(c, b, s);
}

// Ray_CircleRoot, 0x0034afd8: the 2D form; b is summed dx.px + dy.py.
float ray_circle_root(float px, float py, float dx, float dy, float a, float R) {
    const float c = (px * px + py * py) - R;
    const float b = dx * px + dy * py;
    const float s = std::sqrt(std::fabs(b * b - a * c));
    return stable_smaller_root(c, b, s);
}

}  // namespace levelsweep
