// Spec Unit 1: a moving point against a segment's ball and against a capsule:
// Segment_SphereIntersect, Ray_InfiniteCylinder and SphereSweep_EdgeCylinder.
#include <cmath>
#include <cstdint>

#include "levelsweep/spec_constants.hpp"
#include "levelsweep/triangle.hpp"

namespace levelsweep {

namespace {

constexpr float parallel_dz = spec::almost_one;   // 0.99999899
constexpr float zero_move = spec::one_millionth;  // 1e-6

// Vec_MakePerpendicularBasis, 0x00349180: a unit U perpendicular to W.
Vec3 perpendicular(const Vec3& W) {
    if (std::fabs(W.y) <= std::fabs(W.x)) return normalize_rsqrt(Vec3{-W.z, 0.0f, W.x});
    return normalize_rsqrt(Vec3{0.0f, W.z, -W.y});
}

// Appends root * k when there is room; true once two are kept.
struct RootList {
    CapsuleRoots out;
    float k;
    bool add(float tau) {
        out.roots[out.count++] = tau * k;
        return out.count == 2;
    }
};

// One end sphere (0x0034dd04-0x0034dfc8): the roots of |P + tau.D - end|^2 = r^2
// from the half-b coefficient `b1` and `delta` = b1^2 - b0, each kept when its
// axial position passes `keep`. Returns true once two roots are kept.
template <class Keep>
bool cap_roots(RootList& list, float b1, float delta, Keep keep) {
    if (delta > 0.0f) {
        const float q = std::sqrt(delta);
        for (float tau : {-b1 - q, -b1 + q})
            if (keep(tau) && list.add(tau)) return true;
    } else if (delta == 0.0f) {
        if (keep(-b1) && list.add(-b1)) return true;
    }
    return false;
}

// A zero-length edge (A = A + E). On the EE, 1/L = FLT_MAX makes W zero and the
// spec infers the capsule then acts as a ball at A (Unit 1, Ray_InfiniteCylinder
// "Edge cases"); IEEE arithmetic would give NaNs, so we compute that ball's roots
// directly, listed like wall roots (docs/decisions.md). Unreachable from the mesh.
CapsuleRoots ball_at_start(float r, const Vec3& c, const Vec3& M, const Vec3& A) {
    const float m = std::sqrt(dot(M, M));
    if (m < zero_move) return {};
    RootList list{{}, 1.0f / m};
    const Vec3 P = c - A, D = list.k * M;
    const float b0 = dot(P, P) - r * r, b1 = dot(P, D);
    cap_roots(list, b1, b1 * b1 - b0, [](float) { return true; });
    return list.out;
}

}  // namespace

// Segment_SphereIntersect, 0x0034e120.
SegmentSphereHit segment_sphere_intersect(const Vec3& A, const Vec3& E, const Vec3& C, float r) {
    const Vec3 D = A - C;
    const float c = dot(D, D) - r * r;
    const float b = dot(D, E);
    const float a = dot(E, E);
    const float delta = b * b - a * c;
    SegmentSphereHit out;
    auto point = [&](float u) { return with_w(A + u * E, 1.0f); };
    if (delta < 0.0f) return out;
    if (delta > 0.0f) {
        const float s = std::sqrt(delta);
        const float inv_a = 1.0f / a;
        const float u1 = (-b - s) * inv_a;
        const float u2 = (-b + s) * inv_a;
        if (u1 > 1.0f || u2 < 0.0f) return out;
        out.hit = true;
        if (u1 >= 0.0f && u2 <= 1.0f) {
            out.count = 2;
            out.points[0] = point(u1);
            out.points[1] = point(u2);
        } else if (u1 >= 0.0f) {
            out.count = 1;
            out.points[0] = point(u1);
        } else {
            // The segment lies inside the ball: the point is past the segment.
            out.count = 1;
            out.points[0] = point(u2);
        }
        return out;
    }
    // Tangent. A zero-length edge lands here with -0/0: NaN fails the range test,
    // as the EE's -FLT_MAX does.
    const float u = -b / a;
    if (0.0f <= u && u <= 1.0f) {
        out.hit = true;
        out.count = 1;
        out.points[0] = point(u);
    }
    return out;
}

// Ray_InfiniteCylinder, 0x0034d938 (misnamed: a capsule with rounded ends).
// Roots are listed wall, then A cap, then B cap, not by time (0x0034dd04-0x0034dfc8).
CapsuleRoots ray_infinite_cylinder(float r, const Vec3& c, const Vec3& M, const Vec3& A, const Vec3& E) {
    const float L = std::sqrt(dot(E, E));
    if (L == 0.0f) return ball_at_start(r, c, M, A);
    const Vec3 W = (1.0f / L) * E;
    const Vec3 U = perpendicular(W);
    const Vec3 V = cross(W, U);
    const Vec3 delta = c - A;
    const Vec3 P{dot(U, delta), dot(V, delta), dot(W, delta)};
    const Vec3 Mf{dot(U, M), dot(V, M), dot(W, M)};
    const float m = std::sqrt(dot(Mf, Mf));
    const float k = 1.0f / m;
    const Vec3 D = k * Mf;

    // Parallel or zero move: only the corner spheres, entry and exit along the axis.
    if (m < zero_move || std::fabs(D.z) >= parallel_dz) {
        const float rho = (r * r - P.x * P.x) - P.y * P.y;
        const float ME = dot(M, E);
        if (rho < 0.0f || ME == 0.0f) return {};
        const float s = std::sqrt(rho);
        CapsuleRoots out{2, {0.0f, 0.0f}};
        if (ME < 0.0f) {  // toward A: [exit, entry]
            out.roots[0] = (P.z + s) * k;
            out.roots[1] = -((L - P.z) + s) * k;
        } else {  // toward A + E: [entry, exit]
            out.roots[0] = -(P.z + s) * k;
            out.roots[1] = ((L - P.z) + s) * k;
        }
        return out;
    }

    RootList list{{}, k};
    // Side wall.
    const float a0 = (P.x * P.x + P.y * P.y) - r * r;
    const float a1 = P.x * D.x + P.y * D.y;
    const float a2 = D.x * D.x + D.y * D.y;
    const float dw = a1 * a1 - a2 * a0;
    if (dw < 0.0f) return {};  // misses the infinite cylinder, so the capsule too
    auto on_wall = [&](float tau) {
        const float axial = P.z + tau * D.z;
        return 0.0f <= axial && axial <= L;
    };
    if (dw > 0.0f) {
        const float q = std::sqrt(dw);
        const float inv_a2 = 1.0f / a2;
        for (float tau : {(-a1 - q) * inv_a2, (-a1 + q) * inv_a2})
            if (on_wall(tau) && list.add(tau)) return list.out;
    } else {
        const float tau = -a1 / a2;
        if (on_wall(tau)) {
            list.add(tau);
            return list.out;  // a grazing line: no cap test
        }
    }
    // Sphere at A.
    const float b0 = a0 + P.z * P.z;
    const float b1 = a1 + P.z * D.z;
    if (cap_roots(list, b1, b1 * b1 - b0, [&](float tau) { return P.z + tau * D.z <= 0.0f; })) return list.out;
    // Sphere at A + E.
    const float c1 = b1 - D.z * L;
    const float c0 = b0 + L * (L - 2.0f * P.z);
    cap_roots(list, c1, c1 * c1 - c0, [&](float tau) { return P.z + tau * D.z >= L; });
    return list.out;
}

// SphereSweep_EdgeCylinder, 0x0034dff8: roots[] is neither compacted nor sorted.
EdgeCylinderSweep sphere_sweep_edge_cylinder(float r, const Vec3& c, const Vec3& M, const Vec3& A, const Vec3& E) {
    EdgeCylinderSweep out;
    out.roots = ray_infinite_cylinder(r, c, M, A, E);
    for (int i = 0; i < out.roots.count; ++i) {
        const float t = out.roots.roots[i];
        if (0.0f <= t && t <= 1.0f) out.points[out.count++] = with_w(c + t * M, 1.0f);
    }
    out.hit = out.count > 0;
    return out;
}

}  // namespace levelsweep
