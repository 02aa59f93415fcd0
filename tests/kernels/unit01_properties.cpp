// Spec Unit 1: randomised properties of the triangle kernels over thousands of
// seeded cases.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "levelsweep/triangle.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

struct D3 {
    double x, y, z;
};
D3 d3(const Vec3& v) { return {v.x, v.y, v.z}; }
D3 sub(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
double ddot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Distance from p to the segment a..a+e, in double.
double segment_distance(D3 p, D3 a, D3 e) {
    const double ee = ddot(e, e);
    double u = ee > 0 ? ddot(sub(p, a), e) / ee : 0;
    u = std::clamp(u, 0.0, 1.0);
    const D3 q{a.x + u * e.x, a.y + u * e.y, a.z + u * e.z};
    const D3 d = sub(p, q);
    return std::sqrt(ddot(d, d));
}

// The first time in [0, 1] at which the ball (c + tau.M, r) touches the segment,
// by dense sampling refined by bisection; -1 when it never does.
double first_touch(D3 c, D3 M, double r, D3 a, D3 e) {
    auto touching = [&](double tau) {
        return segment_distance({c.x + tau * M.x, c.y + tau * M.y, c.z + tau * M.z}, a, e) <= r;
    };
    if (touching(0)) return 0;
    const int steps = 4000;
    for (int i = 1; i <= steps; ++i) {
        double hi = double(i) / steps;
        if (!touching(hi)) continue;
        double lo = double(i - 1) / steps;
        for (int k = 0; k < 50; ++k) {
            const double mid = 0.5 * (lo + hi);
            (touching(mid) ? hi : lo) = mid;
        }
        return hi;
    }
    return -1;
}

}  // namespace

TEST_SUITE("unit01 properties") {
    TEST_CASE("Sweep_SphereTriangle 0x0034ee60: a face-case hit at fraction f puts the sphere on the plane") {
        auto rng = seeded_rng(1001);
        int checked = 0;
        for (int i = 0; i < scaled(20000); ++i) {
            const Vec3 a = uniform_vec(rng, -5, 5), b = uniform_vec(rng, -5, 5), c3 = uniform_vec(rng, -5, 5);
            const WorkingTriangle t = prepare_triangle(a, b, c3);
            const Vec3 n = xyz(t.n);
            if (length_sq(cross(b - a, c3 - a)) < 1.0f) continue;  // skip slivers
            const float r = uniform(rng, 0.05f, 1.0f);
            // A start above a point of the triangle (either side of the plane), and a
            // move that may or may not reach the plane.
            const float u = uniform(rng, 0, 1), v = uniform(rng, 0, 1 - u);
            const Vec3 on = a + u * (b - a) + v * (c3 - a);
            const float h = uniform(rng, -4, 4);
            const Vec3 centre = on + h * n;
            const Vec3 move = uniform(rng, -2.5f, 0.5f) * (h * n) + uniform_vec(rng, -1, 1);
            const auto hit = sweep_sphere_triangle(t, centre, r, move);
            if (!hit.hit || hit.branch != SphereTriBranch::face || hit.fraction == 0.0f) continue;
            const Vec3 at = centre + hit.fraction * move;
            const double plane_distance = std::fabs(double(dot(n, at)) - double(t.d));
            CHECK_NEAR_TOL(plane_distance, r, 2e-4);
            CHECK(hit.fraction >= 0.0f);
            CHECK(hit.fraction <= 1.0f);
            ++checked;
        }
        MESSAGE("face hits checked: " << checked);
        CHECK(checked > scaled(20000) / 4);
    }

    TEST_CASE("PointTriangle_DistanceSq 0x0034e840: never larger than the distance to any sampled point") {
        auto rng = seeded_rng(1002);
        for (int i = 0; i < scaled(3000); ++i) {
            const Vec3 a = uniform_vec(rng, -5, 5), b = uniform_vec(rng, -5, 5), c = uniform_vec(rng, -5, 5);
            if (length_sq(cross(b - a, c - a)) < 0.01f) continue;
            const Vec3 P = uniform_vec(rng, -8, 8);
            const auto r = point_triangle_distance_sq(P, a, b, c);
            // The reported (s, t) is on the triangle and at the reported distance.
            CHECK(r.s >= -1e-6f);
            CHECK(r.t >= -1e-6f);
            CHECK(r.s + r.t <= 1.0f + 1e-5f);
            const D3 q{a.x + r.s * (b.x - a.x) + r.t * (c.x - a.x), a.y + r.s * (b.y - a.y) + r.t * (c.y - a.y),
                       a.z + r.s * (b.z - a.z) + r.t * (c.z - a.z)};
            const D3 pq = sub(d3(P), q);
            const double scale = 1.0 + ddot(d3(P), d3(P)) + 25.0;
            CHECK_NEAR_TOL(r.distance_sq, ddot(pq, pq), 1e-5 * scale);
            const int n = 24;
            for (int u = 0; u <= n; ++u)
                for (int v = 0; u + v <= n; ++v) {
                    const double su = double(u) / n, sv = double(v) / n;
                    const D3 s{a.x + su * (b.x - a.x) + sv * (c.x - a.x), a.y + su * (b.y - a.y) + sv * (c.y - a.y),
                               a.z + su * (b.z - a.z) + sv * (c.z - a.z)};
                    const D3 ps = sub(d3(P), s);
                    CHECK(r.distance_sq <= ddot(ps, ps) + 1e-5 * scale);
                }
        }
    }

    TEST_CASE(
        "SphereSweep_Edge 0x0034e3b8: late and missed corner contacts happen exactly where the root order predicts") {
        auto rng = seeded_rng(1003);
        const Vec3 v0{0, 0, 0}, v1{4, 0, 0}, v2{0, 4, 0};
        const WorkingTriangle t = prepare_triangle(v0, v1, v2);
        int agree = 0, late = 0, missed = 0, corner_hits = 0;
        for (int i = 0; i < scaled(20000); ++i) {
            // A start in corner v0's region (outside edges 0 and 2), a move towards it.
            const float r = uniform(rng, 0.2f, 0.8f);
            const Vec3 c{uniform(rng, -2, -0.05f), uniform(rng, -2, -0.05f), uniform(rng, -1.5f, 1.5f)};
            const Vec3 M = Vec3{uniform(rng, -0.5f, 3), uniform(rng, -0.5f, 3), uniform(rng, -2, 2)};
            const Vec3 m0 = cross(xyz(t.e[0]), xyz(t.n));
            const auto faithful = sphere_sweep_vertex_region(0, t, m0, xyz(t.e[0]), c, r, M);
            const auto corrected = sphere_sweep_vertex_region(0, t, m0, xyz(t.e[0]), c, r, M, Quirks::corrected());
            REQUIRE(faithful.edge_start == corrected.edge_start);
            if (!faithful.edge_start || !faithful.edge.roots) continue;  // no capsule step ran
            const auto& roots = *faithful.edge.roots;
            const int s = *faithful.edge_start;
            const Vec3 A = xyz(t.v[s]), E = xyz(t.v[(s + 1) % 3]) - A;
            const double truth = first_touch(d3(c), d3(M), r, d3(A), d3(E));
            CHECK(faithful.edge.hit == corrected.edge.hit);
            if (!faithful.edge.hit) {
                // No root in [0, 1]: the sampled sweep must not touch either.
                CHECK(truth < 0);
                continue;
            }
            ++corner_hits;
            REQUIRE(truth >= 0);
            CHECK_NEAR_TOL(*corrected.edge.fraction, truth, 1e-4);  // the earliest root is the true touch
            CHECK(*faithful.edge.fraction == roots.roots[0]);       // the original reports roots[0]
            const bool first_is_earliest = std::fabs(roots.roots[0] - *corrected.edge.fraction) <= 1e-6f;
            if (first_is_earliest) {
                ++agree;
                CHECK_NEAR_TOL(*faithful.edge.fraction, truth, 1e-4);
            } else if (roots.roots[0] > 1.0f) {
                ++missed;  // the caller drops it: the sphere passes the corner
                CHECK(roots.roots[1] <= 1.0f);
            } else {
                ++late;
                CHECK(roots.roots[0] > *corrected.edge.fraction);
            }
        }
        MESSAGE("corner capsule hits " << corner_hits << ": on time " << agree << ", late " << late << ", missed "
                                       << missed);
        CHECK(late > 0);
        CHECK(missed > 0);
    }
}
