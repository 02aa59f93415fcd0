// Spec Unit 1: PointTriangle_DistanceSq and SphereTriangle_Penetration.
#include <cmath>

#include "levelsweep/triangle.hpp"

namespace levelsweep {

namespace {

// The coefficients of D. Eberly's "Distance Between Point and Triangle in 3D",
// with D = v0 - P, E0 = v1 - v0, E1 = v2 - v0.
struct Coefficients {
    float a, b, c, d, e, f;

    // q for a point (s, t) inside or on the triangle: the code adds 2d to
    // (a.s + b.t) and forms s.(...) + t.(...) before adding f.
    float q(float s, float t) const {
        return (s * ((a * s + b * t) + 2.0f * d) + t * ((b * s + c * t) + 2.0f * e)) + f;
    }
    float q_at_v1() const { return (a + 2.0f * d) + f; }  // s = 1, t = 0
    float q_at_v2() const { return (c + 2.0f * e) + f; }  // s = 0, t = 1
};

// The t = 0 edge rule: the closest point of edge v0..v1.
PointTriangleDistance edge_t0(const Coefficients& k) {
    if (k.d >= 0.0f) return {k.f, 0.0f, 0.0f};
    if (-k.d >= k.a) return {k.q_at_v1(), 1.0f, 0.0f};
    const float s = -k.d / k.a;
    return {k.d * s + k.f, s, 0.0f};
}

// The s = 0 edge rule: the closest point of edge v0..v2.
PointTriangleDistance edge_s0(const Coefficients& k) {
    if (k.e >= 0.0f) return {k.f, 0.0f, 0.0f};
    if (-k.e >= k.c) return {k.q_at_v2(), 0.0f, 1.0f};
    const float t = -k.e / k.c;
    return {k.e * t + k.f, 0.0f, t};
}

// The closest point of edge v1..v2 from num, with s = num / den and t = 1 - s.
PointTriangleDistance edge_v1v2(const Coefficients& k, float num) {
    const float den = (k.a - 2.0f * k.b) + k.c;
    if (num >= den) return {k.q_at_v1(), 1.0f, 0.0f};
    const float s = num / den, t = 1.0f - s;
    return {k.q(s, t), s, t};
}

PointTriangleDistance closest(const Coefficients& k, float det, float s, float t) {
    if (s + t <= det) {
        if (s < 0.0f) {
            if (t < 0.0f) return k.d < 0.0f ? edge_t0(k) : edge_s0(k);  // region 4
            return edge_s0(k);                                          // region 3
        }
        if (t < 0.0f) return edge_t0(k);   // region 5
        const float inv_det = 1.0f / det;  // region 0, inside
        s = s * inv_det;
        t = t * inv_det;
        return {k.q(s, t), s, t};
    }
    if (s < 0.0f) {  // region 2
        const float t0 = k.b + k.d, t1 = k.c + k.e;
        if (t0 < t1) return edge_v1v2(k, t1 - t0);
        if (t1 <= 0.0f) return {k.q_at_v2(), 0.0f, 1.0f};
        if (k.e >= 0.0f) return {k.f, 0.0f, 0.0f};
        const float tt = -k.e / k.c;
        return {k.e * tt + k.f, 0.0f, tt};
    }
    if (t < 0.0f) {  // region 6: region 2 with the roles swapped
        const float t0 = k.b + k.e, t1 = k.a + k.d;
        if (t0 < t1) {
            const float num = t1 - t0, den = (k.a - 2.0f * k.b) + k.c;
            if (num >= den) return {k.q_at_v2(), 0.0f, 1.0f};
            const float tt = num / den, ss = 1.0f - tt;
            return {k.q(ss, tt), ss, tt};
        }
        if (t1 <= 0.0f) return {k.q_at_v1(), 1.0f, 0.0f};
        if (k.d >= 0.0f) return {k.f, 0.0f, 0.0f};
        const float ss = -k.d / k.a;
        return {k.d * ss + k.f, ss, 0.0f};
    }
    // Region 1.
    const float num = ((k.c + k.e) - k.b) - k.d;
    if (num <= 0.0f) return {k.q_at_v2(), 0.0f, 1.0f};
    return edge_v1v2(k, num);
}

}  // namespace

// PointTriangle_DistanceSq, 0x0034e840: the public region method, followed
// exactly, in the spec's test order. The result is passed through abs.
PointTriangleDistance point_triangle_distance_sq(const Vec3& P, const Vec3& v0, const Vec3& v1, const Vec3& v2) {
    const Vec3 D = v0 - P, E0 = v1 - v0, E1 = v2 - v0;
    const Coefficients k{dot(E0, E0), dot(E0, E1), dot(E1, E1), dot(E0, D), dot(E1, D), dot(D, D)};
    const float det = std::fabs(k.a * k.c - k.b * k.b);
    const float s = k.b * k.e - k.c * k.d;
    const float t = k.b * k.d - k.a * k.e;
    PointTriangleDistance out = closest(k, det, s, t);
    out.distance_sq = std::fabs(out.distance_sq);
    return out;
}

// SphereTriangle_Penetration, 0x0034edd0: strict q < r^2; no normal, no point.
std::optional<float> sphere_triangle_penetration(const Vec3& centre, float r, const Vec3& v0, const Vec3& v1,
                                                 const Vec3& v2) {
    const float q = point_triangle_distance_sq(centre, v0, v1, v2).distance_sq;
    if (q < r * r) return r - std::sqrt(q);
    return std::nullopt;
}

}  // namespace levelsweep
