// Spec Unit 5: the four region steps one by one (their 1 / 0 / -1 returns), and
// the graze quirks of the steps that brute force found (docs/decisions.md).
// Box B throughout: centre (0, 0, 0.5), half (2, 1, 0.5); sphere r 0.5 here.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "levelsweep/sphere_box_sweep.hpp"
#include "pair_support.hpp"
#include "support.hpp"

using namespace levelsweep;

namespace {

using test::pairs::box_b;

SphereBoxSweep kernel(const Vec3& centre, const Vec3& move, float r, Quirks q) {
    return sweep_sphere_oriented_box(r, 1.0f, box_b(), {}, centre, move, q);
}

// The smaller root of |q + t.m|^2 = r^2, in double: the value a step should give.
double smaller_root(double qx, double qy, double qz, double mx, double my, double mz, double r) {
    const double A = mx * mx + my * my + mz * mz, B = qx * mx + qy * my + qz * mz;
    const double C = qx * qx + qy * qy + qz * qz - r * r;
    return (-B - std::sqrt(B * B - A * C)) / A;
}

}  // namespace

TEST_SUITE("unit05 sphere-box steps") {
    TEST_CASE("SphereBox_SweepCorner (the face-region step): -1 only with t0, 0 when not moving towards the face") {
        const Vec3 half{2.0f, 1.0f, 0.5f};
        const SphereBoxStep face = sphere_box_sweep_corner(half, {0.0f, 0.0f, 1.0f}, {0.0f, 0.0f, -1.0f}, 0.25f, true);
        CHECK(face.result == 1);
        CHECK(face.fraction == 0.25f);  // (r - g) / mw = (0.25 - 0.5) / -1
        REQUIRE(face.point);
        CHECK(*face.point == Vec3{0.0f, 0.0f, 0.5f});
        // Within r of the face plane: -1 with fraction 0 and no point, but only with t0.
        const SphereBoxStep touch = sphere_box_sweep_corner(half, {0.0f, 0.0f, 0.7f}, {0.0f, 0.0f, -1.0f}, 0.25f, true);
        CHECK(touch.result == -1);
        CHECK(touch.fraction == 0.0f);
        CHECK_FALSE(touch.point);
        const SphereBoxStep no_t0 =
            sphere_box_sweep_corner(half, {0.0f, 0.0f, 0.7f}, {0.0f, 0.0f, -1.0f}, 0.25f, false);
        CHECK(no_t0.result == 1);
        CHECK_NEAR(*no_t0.fraction, -0.05);  // the face root, behind the start
        const SphereBoxStep away = sphere_box_sweep_corner(half, {0.0f, 0.0f, 1.0f}, {1.0f, 0.0f, 0.0f}, 0.25f, true);
        CHECK(away.result == 0);
        CHECK_FALSE(away.fraction);
    }

    TEST_CASE("SphereBox_SweepEdge: the cylinder, and the end corner the move heads for") {
        // Axis 1 at h1 = 1, Q with b = 2, axis 2 at h2 = 0.5.
        const SphereBoxStep cyl = sphere_box_sweep_edge(0.0f, 1.0f, 2.0f, 0.5f, 0.3f, 0.3f, -0.4f, 0.0f, -0.4f, 0.09f);
        CHECK(cyl.result == 1);
        REQUIRE(cyl.fraction);
        REQUIRE(cyl.point);
        CHECK_NEAR(*cyl.fraction, smaller_root(0.3, 0.3, 0.0, -0.4, -0.4, 0.0, 0.09));
        CHECK(*cyl.point == Vec3{1.0f, 0.0f, 0.5f});
        // Near the end, moving along it: past the end still farther than r from the line.
        const SphereBoxStep end = sphere_box_sweep_edge(1.9f, 1.0f, 2.0f, 0.5f, 0.3f, 0.3f, -0.3f, 0.3f, -0.3f, 0.25f);
        CHECK(end.result == 1);
        REQUIRE(end.fraction);
        REQUIRE(end.point);
        CHECK_NEAR(*end.fraction, smaller_root(0.3, -0.1, 0.3, -0.3, 0.3, -0.3, 0.25));
        CHECK(*end.point == Vec3{1.0f, 2.0f, 0.5f});
        // A smaller sphere misses that corner: 0, nothing written.
        const SphereBoxStep miss = sphere_box_sweep_edge(1.9f, 1.0f, 2.0f, 0.5f, 0.3f, 0.3f, -0.3f, 0.3f, -0.3f, 0.09f);
        CHECK(miss.result == 0);
        CHECK_FALSE(miss.fraction);
    }

    TEST_CASE("SphereBox_SweepEdges (the edge-region step): -1 within r of the edge, 0 when not approaching") {
        const Vec3 half{2.0f, 1.0f, 0.5f};
        const SphereBoxStep touch = sphere_box_sweep_edges(half, {2.05f, 0.0f, 0.55f}, {0.1f, 0.0f, 0.1f}, 0.09f, true);
        CHECK(touch.result == -1);
        CHECK(touch.fraction == 0.0f);
        CHECK(sphere_box_sweep_edges(half, {2.05f, 0.0f, 0.55f}, {0.1f, 0.0f, 0.1f}, 0.09f, false).result == 0);
        CHECK(sphere_box_sweep_edges(half, {2.5f, 0.0f, 1.0f}, {0.1f, 0.0f, 0.1f}, 0.09f, true).result == 0);
        // Straight at the edge: the cylinder, the point on the edge line.
        const SphereBoxStep edge = sphere_box_sweep_edges(half, {2.3f, 0.2f, 0.8f}, {-0.4f, 0.0f, -0.4f}, 0.09f, true);
        CHECK(edge.result == 1);
        REQUIRE(edge.fraction);
        REQUIRE(edge.point);
        CHECK_NEAR(*edge.fraction, (0.3 * std::sqrt(2.0) - 0.09) / (0.4 * std::sqrt(2.0)));
        CHECK_VEC3_NEAR(*edge.point, 2.0, 0.2, 0.5);
    }

    TEST_CASE("SphereBox_SweepFaceEdges (the corner-region step): -1 within r of the corner, 0 moving away") {
        const Vec3 half{2.0f, 1.0f, 0.5f};
        const SphereBoxStep touch = sphere_box_sweep_face_edges(half, {2.05f, 1.05f, 0.55f}, {1.0f, 0.0f, 0.0f}, 0.09f);
        CHECK(touch.result == -1);
        CHECK(touch.fraction == 0.0f);
        CHECK(sphere_box_sweep_face_edges(half, {2.5f, 1.5f, 1.0f}, {0.1f, 0.1f, -0.05f}, 0.09f).result == 0);
    }

    TEST_CASE(
        "SphereBox_SweepCorner 0x0034b040: an edge swept as an infinite line reports a graze near a "
        "corner past the face's end (quirk sphere_box_edge_graze)") {
        // Start in the -x face region (local (-3, -0.3, 0.4)). In the step's axes (u, v, w) = (y, z, x),
        // folded: start (0.3, 0.4, 3), move (1, 0.5, -0.75), half (1, 0.5, 2), g = 1. Reaching w = c + r
        // the centre is still over the face in u (ku = 0.475 <= r.|mu| = 0.5) and past the edge v = 0.5
        // (kv = 0.425 > 0.25), so step 6 sweeps that edge as a line: root of |(-0.1, 1) + t(0.5, -0.75)|
        // = 0.5, t = 0.8, where u = 1.1 is past the face's end u = 1. The corner sphere at (1, 0.5, 2)
        // is missed: |q x m|^2 = 0.46875 > r^2.|m|^2 = 0.453125.
        const Vec3 centre{-3.0f, -0.3f, 0.9f}, move{0.75f, -1.0f, 0.5f};
        const SphereBoxSweep original = kernel(centre, move, 0.5f, Quirks::faithful());
        REQUIRE(original.hit);
        CHECK_NEAR(original.fraction, 0.8);
        CHECK_VEC3_NEAR(original.local_point, -2.0, -1.1, 0.5);  // off the box: |y| > 1
        CHECK_VEC3_NEAR(original.world_point, -2.0, -1.1, 1.0);
        CHECK(original.feature_type == 0);
        CHECK(original.feature_index == 3);
        // Corrected: past the face's end the corner sphere decides, and the line misses it.
        const SphereBoxSweep fixed =
            kernel(centre, move, 0.5f, Quirks::faithful().without(Quirk::sphere_box_edge_graze));
        CHECK_FALSE(fixed.hit);
        CHECK(fixed.step_result == 0);
    }

    TEST_CASE(
        "SphereBox_SweepEdges 0x0034b600: a graze of the edge moving away from the face it passes over is "
        "lost (quirk sphere_box_edge_region_graze)") {
        // The edge along z at (x, y) = (-2, -1): in its (P, R) = (x, y) plane, folded, the start is
        // (0.7, 0.1) from the edge and the move (-0.75, 0.5): k = 0.425 > r.|mp| = 0.375, so the step
        // hands it to the R (y) face step, which rejects a move away from that face (ms = 0.5 >= 0).
        // Yet the line passes |k| / |m| = 0.4715 < r from the edge: it touches at the root of
        // |(0.7, 0.1) + t(-0.75, 0.5)| = 0.5, t = 0.4, at z = 0.1 (within the edge).
        const Vec3 centre{-2.7f, -1.1f, 0.1f}, move{0.75f, -0.5f, 0.0f};
        const SphereBoxSweep original = kernel(centre, move, 0.5f, Quirks::faithful());
        CHECK_FALSE(original.hit);
        CHECK(original.feature_type == 2);
        CHECK(original.feature_index == 3);
        CHECK(original.step_result == 0);
        const SphereBoxSweep fixed =
            kernel(centre, move, 0.5f, Quirks::faithful().without(Quirk::sphere_box_edge_region_graze));
        REQUIRE(fixed.hit);
        CHECK_NEAR(fixed.fraction, smaller_root(0.7, 0.1, 0.0, -0.75, 0.5, 0.0, 0.5));
        CHECK_NEAR(fixed.fraction, 0.4);
        CHECK_VEC3_NEAR(fixed.local_point, -2.0, -1.0, -0.4);
        CHECK_VEC3_NEAR(fixed.world_point, -2.0, -1.0, 0.1);
    }

    TEST_CASE(
        "SphereBox_SweepEdge 0x0034b3b8: past the edge's end only the end corner is tried, not the two "
        "other edges through it (quirk sphere_box_edge_end_corner)") {
        // Edge region of the edge along z at (-2, -1); folded (P, Q, R) = (x, z, y): start (3, 0.4, 1.7),
        // move (-0.75, 0.5, -1). The centre leaves the edge's end Q = 0.5 still 0.49 m from its line,
        // so the step tries the end corner (2, 0.5, 1) alone, and misses it (|q x m|^2 = 0.46875 >
        // 0.453125). But past the end the edge along y through that corner (P = 2, Q = 0.5) is touched:
        // root of |(1, -0.1) + t(-0.75, 0.5)| = 0.5, t = 0.8, at R = 0.9 (within its length).
        const Vec3 centre{-3.0f, -1.7f, 0.1f}, move{0.75f, 1.0f, -0.5f};
        const SphereBoxSweep original = kernel(centre, move, 0.5f, Quirks::faithful());
        CHECK_FALSE(original.hit);
        CHECK(original.feature_type == 2);
        CHECK(original.feature_index == 3);
        const SphereBoxSweep fixed =
            kernel(centre, move, 0.5f, Quirks::faithful().without(Quirk::sphere_box_edge_end_corner));
        REQUIRE(fixed.hit);
        CHECK_NEAR(fixed.fraction, smaller_root(1.0, -0.1, 0.0, -0.75, 0.5, 0.0, 0.5));
        CHECK_NEAR(fixed.fraction, 0.8);
        CHECK_VEC3_NEAR(fixed.local_point, -2.0, -0.9, -0.5);  // on the bottom edge along y
        CHECK_VEC3_NEAR(fixed.world_point, -2.0, -0.9, 0.0);
    }

    TEST_CASE(
        "SphereBox_SweepFaceEdges 0x0034b7b0: the corner sphere is tried only at the first plane "
        "crossing, so an earlier graze of the corner is lost (quirk sphere_box_corner_region_graze)") {
        // Corner region, folded e = (0.8, 0.3, 0.1) from the corner, move (-1, -0.25, 0.5). The centre
        // first crosses x = hx at t = 0.8, 0.51 m from the corner (g2^2 + g4^2 = 0.26 > r^2.mx^2 = 0.25),
        // so the step goes on to the edge along x and finds nothing. But the path comes within r of
        // the corner earlier, at the root of |e + t.m| = 0.5 (t = 0.481), still in the corner's region.
        const Vec3 centre{-2.8f, -1.3f, 1.1f}, move{1.0f, 0.25f, 0.5f};
        const double f = smaller_root(0.8, 0.3, 0.1, -1.0, -0.25, 0.5, 0.5);
        const SphereBoxSweep original = kernel(centre, move, 0.5f, Quirks::faithful());
        CHECK_FALSE(original.hit);
        CHECK(original.feature_type == 1);
        CHECK(original.feature_index == 4);
        const Quirks graze_fixed = Quirks::faithful().without(Quirk::sphere_box_corner_region_graze);
        const SphereBoxSweep fixed = kernel(centre, move, 0.5f, graze_fixed);
        REQUIRE(fixed.hit);
        CHECK_NEAR(fixed.fraction, f);
        CHECK_NEAR_TOL(fixed.fraction, 0.481029, 1e-6);
        // With the corner-point quirk still on, the point is the centre at contact ...
        CHECK_VEC3_NEAR(fixed.local_point, -2.8 + f, -1.3 + 0.25 * f, 0.6 + 0.5 * f);
        // ... and with it off too, the corner.
        const SphereBoxSweep both =
            kernel(centre, move, 0.5f, graze_fixed.without(Quirk::sphere_box_corner_point_centre));
        CHECK_VEC3_NEAR(both.local_point, -2.0, -1.0, 0.5);
        CHECK_VEC3_NEAR(both.world_point, -2.0, -1.0, 1.0);
    }

    TEST_CASE(
        "sphere-box: NaN, infinite and huge inputs flow through the float math: no crash, and a contact is written "
        "whole or not at all") {
        const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
        const float odd[] = {nan, inf, -inf, 3e38f, 0.0f, -0.0f, 0.5f};
        const std::uint64_t words = Contact::word_mask(0x10, 16) | Contact::word_mask(0x50, 16) |
                                    Contact::word_mask(0x60, 12) | Contact::word_mask(0x70, 8) |
                                    Contact::word_mask(0x80, 4) | Contact::word_mask(0x90, 16) |
                                    Contact::word_mask(0xb0, 4);
        int calls = 0;
        for (const float v : odd) {
            for (int slot = 0; slot < 5; ++slot) {
                Box box = box_b();
                Vec3 centre{1.0f, -1.3f, 0.7f}, move{-0.4f, 0.5f, -0.3f};
                float r = 0.3f;
                if (slot == 0) centre.y = v;
                if (slot == 1) move.x = v;
                if (slot == 2) r = v;
                if (slot == 3) box.half[1] = v;
                if (slot == 4) box.axis[0].z = v;
                for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
                    Contact c;
                    c.fill(0u);
                    const bool hit = physics_sweep_sphere_box(c, Body{}, Shape::of(Sphere{r, centre}), Body{},
                                                              Shape::of(box), with_w(move, 1.0f), q);
                    CHECK(c.written == (hit ? words : 0u));
                    ++calls;
                }
            }
            (void)sphere_box_sweep_edge(v, 1.0f, 2.0f, 0.5f, v, 0.3f, -0.4f, v, -0.4f, 0.09f, Quirks::corrected());
            (void)sphere_box_sweep_face_edges({2, 1, 0.5f}, {v, 2, 1}, {-1, v, -1}, v);
            (void)sphere_box_to_box_space(box_b(), 1, 7, Quirks::corrected());
        }
        CHECK(calls == 70);
    }
}
