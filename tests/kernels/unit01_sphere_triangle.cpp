// Spec Unit 1, "Test ideas": the triangle T = (0,0,0), (4,0,0), (0,4,0),
// n = (0,0,1), d = 0, radius 0.5, and the kernels on their own.
#include <doctest/doctest.h>

#include "levelsweep/triangle.hpp"
#include "support.hpp"

using namespace levelsweep;

namespace {

const Vec3 v0{0, 0, 0}, v1{4, 0, 0}, v2{0, 4, 0};
constexpr float radius = 0.5f;

WorkingTriangle triangle_T() { return prepare_triangle(v0, v1, v2); }

SphereTriangleSweep sweep(Vec3 c, Vec3 M, Quirks q = Quirks::faithful()) {
    return sweep_sphere_triangle(triangle_T(), c, radius, M, q);
}

// m_k = e_k x n, as the kernel builds it.
Vec3 edge_normal(const WorkingTriangle& t, int k) { return cross(xyz(t.e[k]), xyz(t.n)); }

VertexRegionSweep corner(int k, Vec3 c, Vec3 M, Quirks q = Quirks::faithful()) {
    const WorkingTriangle t = triangle_T();
    return sphere_sweep_vertex_region(k, t, edge_normal(t, k), xyz(t.e[k]), c, radius, M, q);
}

void check_roots(const SphereTriangleSweep& r, float first, float second) {
    REQUIRE(r.roots.has_value());
    REQUIRE(r.roots->count == 2);
    CHECK_NEAR(r.roots->roots[0], first);
    CHECK_NEAR(r.roots->roots[1], second);
}

}  // namespace

TEST_SUITE("unit01 working triangle") {
    TEST_CASE("CollTri_ComputeEdges 0x00343a90: unnormalised edges with w 1") {
        WorkingTriangle t = WorkingTriangle::from_corners(v0, v1, v2);
        coll_tri_compute_edges(t, false);
        CHECK_VEC3_NEAR(t.e[0], 4, 0, 0);
        CHECK_VEC3_NEAR(t.e[1], -4, 4, 0);
        CHECK_VEC3_NEAR(t.e[2], 0, -4, 0);
        for (const Vec4& e : t.e) CHECK(e.w == 1.0f);
    }

    TEST_CASE("CollTri_ComputeEdgeNormals 0x00343b20: unit edges and their lengths") {
        WorkingTriangle t = WorkingTriangle::from_corners(v0, v1, v2);
        coll_tri_compute_edges(t, true);
        CHECK_VEC3_NEAR(t.e[0], 1, 0, 0);
        CHECK_VEC3_NEAR(t.e[1], -0.707107, 0.707107, 0);
        CHECK_VEC3_NEAR(t.e[2], 0, -1, 0);
        CHECK_NEAR(t.edge_length[0], 4);
        CHECK_NEAR(t.edge_length[1], 5.656854);
        CHECK_NEAR(t.edge_length[2], 4);
        for (const Vec4& e : t.e) CHECK(e.w == 1.0f);  // w left as it was
    }

    TEST_CASE("CollTri_ComputeEdgeNormals 0x00343b20: a zero-length edge stays zero (EE 0 x FLT_MAX)") {
        WorkingTriangle t = WorkingTriangle::from_corners(v0, v0, v2);
        coll_tri_compute_edges(t, true);
        CHECK(t.e[0].x == 0.0f);
        CHECK(t.e[0].y == 0.0f);
        CHECK(t.e[0].z == 0.0f);
        CHECK(t.edge_length[0] == 0.0f);
    }

    TEST_CASE("CollTri_ComputeNormal 0x00343c30: unit normal with w 1, zero for a degenerate triangle") {
        WorkingTriangle t = WorkingTriangle::from_corners(v0, v1, v2);
        coll_tri_compute_normal(t);
        CHECK_VEC3_NEAR(t.n, 0, 0, 1);
        CHECK(t.n.w == 1.0f);
        WorkingTriangle flat = WorkingTriangle::from_corners(v0, v1, Vec3{8, 0, 0});
        coll_tri_compute_normal(flat);
        CHECK(flat.n.x == 0.0f);
        CHECK(flat.n.y == 0.0f);
        CHECK(flat.n.z == 0.0f);
        CHECK(flat.n.w == 1.0f);
    }

    TEST_CASE("CollTri_Flip 0x00343c90: corners swapped, normal negated, edges unchanged until recomputed") {
        WorkingTriangle t = triangle_T();
        coll_tri_flip(t);
        CHECK_VEC3_NEAR(t.v[0], 0, 0, 0);
        CHECK_VEC3_NEAR(t.v[1], 0, 4, 0);
        CHECK_VEC3_NEAR(t.v[2], 4, 0, 0);
        CHECK_VEC3_NEAR(t.n, 0, 0, -1);
        CHECK(t.n.w == 1.0f);
        CHECK_VEC3_NEAR(t.e[0], 4, 0, 0);
        CHECK_VEC3_NEAR(t.e[1], -4, 4, 0);
        CHECK_VEC3_NEAR(t.e[2], 0, -4, 0);
    }

    TEST_CASE("edge normals m_k = e_k x n of T") {
        const WorkingTriangle t = triangle_T();
        CHECK_VEC3_NEAR(edge_normal(t, 0), 0, -4, 0);
        CHECK_VEC3_NEAR(edge_normal(t, 1), 4, 4, 0);
        CHECK_VEC3_NEAR(edge_normal(t, 2), -4, 0, 0);
    }
}

TEST_SUITE("unit01 Sweep_SphereTriangle") {
    TEST_CASE("row 1: face hit at 0.5, mask 7") {
        const auto r = sweep({1, 1, 2}, {0, 0, -3});
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 0.5);
        CHECK(r.mask == 7);
        CHECK(r.branch == SphereTriBranch::face);
    }
    TEST_CASE("row 2: already reaching, fraction 0 for any move, mask 7") {
        const auto r = sweep({1, 1, 0.3f}, {5, 0, 0});
        CHECK(r.hit);
        CHECK(r.fraction == 0.0f);
        CHECK(r.mask == 7);
    }
    TEST_CASE("row 3: edge 0, fraction 8/15, mask 6, capsule roots [0.533333, 0.8]") {
        const auto r = sweep({2, -0.3f, 2}, {0, 0, -3});
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 8.0 / 15.0);
        CHECK(r.mask == 6);
        CHECK(r.branch == SphereTriBranch::edge);
        check_roots(r, 0.533333, 0.8);
    }
    TEST_CASE("row 4: the edge segment already meets the ball: fraction 0, mask 6") {
        const auto r = sweep({2, -0.3f, 0.3f}, {0, 0, -1});
        CHECK(r.hit);
        CHECK(r.fraction == 0.0f);
        CHECK(r.mask == 6);
    }
    TEST_CASE("row 5: moving away: no hit, mask not written") {
        const auto r = sweep({1, 1, 2}, {0, 0, 1});
        CHECK_FALSE(r.hit);
        CHECK_FALSE(r.mask.has_value());
    }
    TEST_CASE("row 6: t = 1.5 > 1: no hit, mask not written") {
        const auto r = sweep({1, 1, 2}, {0, 0, -1});
        CHECK_FALSE(r.hit);
        CHECK_FALSE(r.mask.has_value());
    }
    TEST_CASE("row 7: from behind the kernel alone hits at 0.5, mask 7") {
        const auto r = sweep({1, 1, -2}, {0, 0, 3});
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 0.5);
        CHECK(r.mask == 7);
    }
    TEST_CASE("row 8: corner v0 step picks edge 0, fraction 7/13, mask 2") {
        const auto r = sweep({-1, -1, 1}, {2, 1, -1.5f});
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 7.0 / 13.0);
        CHECK(r.mask == 2);
        CHECK(r.branch == SphereTriBranch::corner);
        CHECK(corner(0, {-1, -1, 1}, {2, 1, -1.5f}).edge_start == 0);
    }
    TEST_CASE("row 9 SphereSweep_VertexRegion 0x0034e5d0: corner inside the ball writes fraction 0 but returns 0") {
        const auto r = sweep({-0.2f, -0.2f, 0.1f}, {1, 1, 0});
        CHECK_FALSE(r.hit);
        CHECK(r.mask == 2);
        const auto step = corner(0, {-0.2f, -0.2f, 0.1f}, {1, 1, 0});
        CHECK_FALSE(step.edge.hit);
        REQUIRE(step.edge.fraction.has_value());
        CHECK(*step.edge.fraction == 0.0f);
        CHECK_FALSE(step.edge_start.has_value());
    }
    TEST_CASE("row 10: moving away from the corner: no hit, mask 2, fraction not written") {
        const auto r = sweep({-1, -1, 0.2f}, {-1, -1, 0});
        CHECK_FALSE(r.hit);
        CHECK(r.mask == 2);
        const auto step = corner(0, {-1, -1, 0.2f}, {-1, -1, 0});
        CHECK_FALSE(step.edge.fraction.has_value());
    }
    TEST_CASE("row 11 SphereSweep_Edge 0x0034e3b8 (late contact): roots[0] = the wall's exit 0.476954 is reported") {
        const Vec3 c{-0.4f, -0.6f, 0.6f}, M{-0.2f, 1.8f, -1.4f};
        const auto r = sweep(c, M);
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 0.476954);
        CHECK(r.mask == 2);
        check_roots(r, 0.476954, 0.295703);
        CHECK(corner(0, c, M).edge_start == 2);
    }
    TEST_CASE("row 11 corrected (sphere_edge_root_order off): the true first touch 0.295703") {
        const auto r = sweep({-0.4f, -0.6f, 0.6f}, {-0.2f, 1.8f, -1.4f}, Quirks::corrected());
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 0.295703);
    }
    TEST_CASE("row 12 SphereSweep_Edge 0x0034e3b8 (missed contact): returns 1 with fraction 1.783594") {
        const Vec3 c{-0.9f, -0.9f, 0.6f}, M{0.6f, 1.2f, -0.6f};
        const auto r = sweep(c, M);
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 1.783594);
        CHECK(r.mask == 2);
        check_roots(r, 1.783594, 0.718294);
        CHECK(corner(0, c, M).edge_start == 2);
    }
    TEST_CASE("row 12 corrected (sphere_edge_root_order off): the touch at 0.718294 is reported") {
        const auto r = sweep({-0.9f, -0.9f, 0.6f}, {0.6f, 1.2f, -0.6f}, Quirks::corrected());
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 0.718294);
    }
    TEST_CASE("row 13 Ray_InfiniteCylinder 0x0034d938 parallel branch, M.E < 0: [exit, entry]") {
        const Vec3 c{6, -0.3f, 0.2f}, M{-3, 0, 0};
        const auto r = sweep(c, M);
        CHECK(r.mask == 4);
        CHECK(corner(1, c, M).edge_start == 0);
        check_roots(r, 2.115470, 0.551197);
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 2.115470);
        const auto corrected = sweep(c, M, Quirks::corrected());
        CHECK_NEAR(corrected.fraction, 0.551197);
    }
    TEST_CASE("row 14: the cap at v0 stops the sphere at 0.551197") {
        const Vec3 c{-2, -0.3f, 0.2f}, M{3, 0, 0};
        const auto r = sweep(c, M);
        CHECK(r.hit);
        CHECK_NEAR(r.fraction, 0.551197);
        CHECK(r.mask == 2);
        CHECK(corner(0, c, M).edge_start == 2);
        check_roots(r, 0.551197, 0.782137);
    }
    TEST_CASE("degenerate triangle: the kernel alone returns 0 (inferred), mask not written") {
        const auto r = sweep_sphere_triangle(prepare_triangle(v0, v1, Vec3{8, 0, 0}), {1, 1, 0.2f}, radius, {0, 0, -1});
        CHECK_FALSE(r.hit);
        CHECK_FALSE(r.mask.has_value());
    }
    TEST_CASE("zero move: no hit off the plane, fraction 0 when already reaching") {
        CHECK_FALSE(sweep({1, 1, 2}, {0, 0, 0}).hit);
        const auto reaching = sweep({1, 1, 0.2f}, {0, 0, 0});
        CHECK(reaching.hit);
        CHECK(reaching.fraction == 0.0f);
    }
}

TEST_SUITE("unit01 kernels on their own") {
    TEST_CASE("Segment_SphereIntersect 0x0034e120") {
        const Vec3 A{0, 0, 0}, E{4, 0, 0};
        auto two = segment_sphere_intersect(A, E, {2, -0.3f, 0.3f}, 0.5f);
        CHECK(two.hit);
        CHECK(two.count == 2);
        CHECK_VEC3_NEAR(two.points[0], 1.735425, 0, 0);
        CHECK_VEC3_NEAR(two.points[1], 2.264575, 0, 0);
        auto end = segment_sphere_intersect(A, E, {4.3f, -0.3f, 0}, 0.5f);
        CHECK(end.hit);
        CHECK(end.count == 1);
        CHECK_VEC3_NEAR(end.points[0], 3.9, 0, 0);
        auto inside = segment_sphere_intersect(A, E, {2, 0, 0}, 5.0f);  // u1 < 0: u2 = 1.75 used
        CHECK(inside.hit);
        CHECK(inside.count == 1);
        CHECK_VEC3_NEAR(inside.points[0], 7, 0, 0);
        auto tangent = segment_sphere_intersect(A, E, {2, -0.5f, 0}, 0.5f);
        CHECK(tangent.hit);
        CHECK(tangent.count == 1);
        CHECK_VEC3_NEAR(tangent.points[0], 2, 0, 0);
        auto miss = segment_sphere_intersect(A, E, {2, -1, 0}, 0.5f);
        CHECK_FALSE(miss.hit);
        CHECK(miss.count == 0);
        for (const auto& p : two.points) CHECK(p.w == 1.0f);
    }

    TEST_CASE("Segment_SphereIntersect 0x0034e120: a zero-length edge returns 0 (EE -0/0)") {
        auto r = segment_sphere_intersect({1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 0.5f);
        CHECK_FALSE(r.hit);
        CHECK(r.count == 0);
    }

    TEST_CASE("Ray_InfiniteCylinder 0x0034d938: wall roots, then the A cap's") {
        auto wall = ray_infinite_cylinder(0.5f, {2, -0.3f, 2}, {0, 0, -3}, {0, 0, 0}, {4, 0, 0});
        REQUIRE(wall.count == 2);
        CHECK_NEAR(wall.roots[0], 0.533333);
        CHECK_NEAR(wall.roots[1], 0.8);
        const Vec3 c{-0.9f, -0.2f, 0.45f}, M{1.6f, 0, -0.5f}, A{0, 0, 0}, E{4, 0, 0};
        auto mixed = ray_infinite_cylinder(0.5f, c, M, A, E);
        REQUIRE(mixed.count == 2);
        CHECK_NEAR(mixed.roots[0], 1.816515);  // the wall's exit first
        CHECK_NEAR(mixed.roots[1], 0.336596);  // then the A cap's entry
        auto cyl = sphere_sweep_edge_cylinder(0.5f, c, M, A, E);
        CHECK(cyl.hit);
        CHECK(cyl.count == 1);
        CHECK_VEC3_NEAR(cyl.points[0], -0.9 + 0.336596 * 1.6, -0.2, 0.45 - 0.336596 * 0.5);
        CHECK(cyl.points[0].w == 1.0f);
        auto edge = sphere_sweep_edge(A, E, c, 0.5f, M);
        CHECK(edge.hit);
        REQUIRE(edge.fraction.has_value());
        CHECK_NEAR(*edge.fraction, 1.816515);
        auto corrected = sphere_sweep_edge(A, E, c, 0.5f, M, Quirks::corrected());
        CHECK_NEAR(*corrected.fraction, 0.336596);
    }

    TEST_CASE("Ray_InfiniteCylinder 0x0034d938: a zero move returns no roots") {
        CHECK(ray_infinite_cylinder(0.5f, {2, -0.3f, 2}, {0, 0, 0}, {0, 0, 0}, {4, 0, 0}).count == 0);
    }

    TEST_CASE("SphereSweep_Edge 0x0034e3b8: a capsule miss leaves the fraction unwritten") {
        auto r = sphere_sweep_edge({0, 0, 0}, {4, 0, 0}, {2, -3, 2}, 0.5f, {0, 0, -3});
        CHECK_FALSE(r.hit);
        CHECK_FALSE(r.fraction.has_value());
    }

    TEST_CASE("SphereSweep_Edge 0x0034e3b8: the point is the centre at roots[0] clamped to the segment") {
        auto r = sphere_sweep_edge({0, 0, 0}, {4, 0, 0}, {2, -0.3f, 2}, 0.5f, {0, 0, -3});
        REQUIRE(r.hit);
        CHECK(r.count == 1);
        CHECK_VEC3_NEAR(r.points[0], 2, 0, 0);
    }

    TEST_CASE("Ray_SphereRoot 0x0034af50") {
        CHECK_NEAR(ray_sphere_root({-3, 0, 0}, {1, 0, 0}, 1), 2);
        CHECK_NEAR(ray_sphere_root({-3, 0.6f, 0}, {2, 0, 0}, 1), 1.1);
        CHECK_NEAR(ray_sphere_root({0.5f, 0, 0}, {1, 0, 0}, 1), -1.5);
        // A miss (discriminant -3) is not signalled: |disc| is used.
        CHECK_NEAR(ray_sphere_root({-3, 2, 0}, {1, 0, 0}, 1), 12.0 / (std::sqrt(3.0) + 3.0));
    }

    TEST_CASE("Ray_CircleRoot 0x0034afd8") { CHECK_NEAR(ray_circle_root(-3, 0, 1, 0, 1, 4), 1); }

    TEST_CASE("Ray_SphereRoot 0x0034af50: exact tangency gives the tangent root") {
        CHECK_NEAR(ray_sphere_root({-3, 1, 0}, {1, 0, 0}, 1), 3);
    }

    TEST_CASE("PointTriangle_DistanceSq 0x0034e840: regions 0, 4, 6/5, 1, 0, 5 and 3") {
        struct Row {
            Vec3 P;
            double q, s, t;
        };
        const Row rows[] = {{{1, 1, 2}, 4, 0.25, 0.25},
                            {{-1, -1, 0}, 2, 0, 0},
                            {{5, -1, 1}, 3, 1, 0},
                            {{3, 3, 0}, 2, 0.5, 0.5},
                            {{0.5f, 0.5f, -0.5f}, 0.25, 0.125, 0.125},
                            {{2, -2, 0}, 4, 0.5, 0},
                            {{-1, 2, 0}, 1, 0, 0.5}};
        for (const Row& row : rows) {
            CAPTURE(row.P.x);
            CAPTURE(row.P.y);
            const auto r = point_triangle_distance_sq(row.P, v0, v1, v2);
            CHECK_NEAR(r.distance_sq, row.q);
            CHECK_NEAR(r.s, row.s);
            CHECK_NEAR(r.t, row.t);
        }
    }

    TEST_CASE("SphereTriangle_Penetration 0x0034edd0: strict q < r^2") {
        const auto inside = sphere_triangle_penetration({1, 1, 0.3f}, 0.5f, v0, v1, v2);
        REQUIRE(inside.has_value());
        CHECK_NEAR(*inside, 0.2);
        CHECK_FALSE(sphere_triangle_penetration({1, 1, 0.5f}, 0.5f, v0, v1, v2).has_value());
        const auto corner = sphere_triangle_penetration({5, -1, 1}, 2.0f, v0, v1, v2);
        REQUIRE(corner.has_value());
        CHECK_NEAR(*corner, 2.0 - std::sqrt(3.0));
    }
}
