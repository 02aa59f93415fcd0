// World boxes of shapes (docs/decisions.md, "The world": the stand-in for
// PhysicsBody_ComputeBounds, which the spec cites but does not give).
#include "levelsweep/shape_bounds.hpp"

#include <cmath>

namespace levelsweep {

namespace {
Vec3 lane_min(const Vec3& a, const Vec3& b) { return {std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z)}; }
Vec3 lane_max(const Vec3& a, const Vec3& b) { return {std::fmax(a.x, b.x), std::fmax(a.y, b.y), std::fmax(a.z, b.z)}; }
Vec3 lane_abs(const Vec3& v) { return {std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}; }
ShapeBounds around(const Vec3& centre, const Vec3& reach) { return {centre - reach, centre + reach}; }
bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
}  // namespace

ShapeBounds world_bounds(const Shape& shape) {
    switch (shape.type) {
        case ShapeType::box: {
            const Box& b = shape.box;
            const Vec3 reach =
                (b.half[0] * lane_abs(b.axis[0]) + b.half[1] * lane_abs(b.axis[1])) + b.half[2] * lane_abs(b.axis[2]);
            return around(b.centre, reach);
        }
        case ShapeType::sphere: {
            const float r = shape.sphere.radius;
            return around(shape.sphere.centre, {r, r, r});
        }
        case ShapeType::capsule: {
            const Capsule& c = shape.capsule;
            const Vec3 top = c.base + Vec3{0.0f, 0.0f, c.height};
            const Vec3 reach{c.radius, c.radius, c.radius};
            return bounds_union(around(c.base, reach), around(top, reach));
        }
        case ShapeType::segment: {
            const Segment& s = shape.segment;
            const Vec3 reach{s.radius, s.radius, s.radius};
            return bounds_union(around(s.start, reach), around(s.end, reach));
        }
    }
    return {{1.0f, 1.0f, 1.0f}, {0.0f, 0.0f, 0.0f}};
}

ShapeBounds bounds_union(const ShapeBounds& a, const ShapeBounds& b) {
    return {lane_min(a.min, b.min), lane_max(a.max, b.max)};
}

bool bounds_overlap(const ShapeBounds& a, const ShapeBounds& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y && a.min.z <= b.max.z &&
           b.min.z <= a.max.z;
}

bool bounds_finite(const ShapeBounds& b) { return finite(b.min) && finite(b.max); }

Shape translated(const Shape& shape, const Vec3& delta) {
    Shape s = shape;
    s.box.centre = s.box.centre + delta;
    s.sphere.centre = s.sphere.centre + delta;
    s.capsule.base = s.capsule.base + delta;
    s.segment.start = s.segment.start + delta;
    s.segment.end = s.segment.end + delta;
    return s;
}

ShapeBounds swept_bounds(const Shape& shape, const Vec3& move) {
    return bounds_union(world_bounds(shape), world_bounds(translated(shape, move)));
}

}  // namespace levelsweep
