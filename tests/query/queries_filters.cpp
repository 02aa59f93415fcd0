// The per-triangle filters of the sphere sweep (Unit 1 "Issue #150",
// PhysicsMesh_SweepSphere 0x00348a50), the capsule's low-triangle rule, the
// overlap and ray queries, validation, the 100-contact buffer and the sort.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

constexpr std::uint16_t on = tri_flags::enabled;

// Unit 1's triangle T, n = (0, 0, 1).
Tri T(std::uint16_t flags = on, float z = 0) { return {{0, 0, z}, {4, 0, z}, {0, 4, z}, flags}; }

Query sphere(Vec3 c, Vec3 M, std::uint32_t options = 0, float r = 0.5f) {
    QuerySettings s;
    s.options = options;
    return Query::sphere_sweep(c, r, M, s);
}

}  // namespace

TEST_SUITE("queries sphere sweep") {
    TEST_CASE("PhysicsMesh_SweepSphere 0x00348a50: row 1 of Unit 1 through the mesh, with its contact fields") {
        const auto r = run(make_level({T()}), sphere({1, 1, 2}, {0, 0, -3}));
        REQUIRE(r.result.count == 1);
        const MeshContact& c = r.contacts[0];
        CHECK_NEAR(c.fraction, 0.5);
        CHECK_VEC3_NEAR(c.normal, 0, 0, 1);
        CHECK_VEC3_NEAR(c.point, 1, 1, 0);  // the centre at contact (1, 1, 0.5) minus r.n
        CHECK_VEC3_NEAR(c.direction, 0, 0, -1);
        CHECK(c.flags == 0u);
        CHECK(c.triangle == 0u);
        CHECK(c.inside_mask == -1);  // the sphere sweep's thunk drops the mask
        CHECK(r.result.stats.hits_by_branch[static_cast<int>(HitBranch::face)] == 1);
    }

    TEST_CASE("PhysicsMesh_SweepSphere 0x00348a50: fractions outside [0, 1] are dropped (row 12's 1.78)") {
        const auto r = run(make_level({T()}), sphere({-0.9f, -0.9f, 0.6f}, {0.6f, 1.2f, -0.6f}));
        CHECK(r.result.count == 0);
        CHECK(r.result.stats.kernel_calls == 1);
        Query q = sphere({-0.9f, -0.9f, 0.6f}, {0.6f, 1.2f, -0.6f});
        q.settings.quirks = Quirks::corrected();
        const auto fixed = run(make_level({T()}), q);
        REQUIRE(fixed.result.count == 1);
        CHECK_NEAR(fixed.contacts[0].fraction, 0.718294);
    }

    TEST_CASE("flag 0x8 is skipped for a body with 0x100 or a query with option 0x8000") {
        const Level level = make_level({T(on | tri_flags::special)});
        CHECK(run(level, sphere({1, 1, 2}, {0, 0, -3})).result.count == 1);
        CHECK(run(level, sphere({1, 1, 2}, {0, 0, -3}, option::skip_special)).result.count == 0);
        Query body = sphere({1, 1, 2}, {0, 0, -3});
        body.settings.body_flags = Body::skips_special;
        CHECK(run(level, body).result.count == 0);
        // Flags are tested masked to 0xfff: bits above are ignored.
        CHECK(run(make_level({T(on | 0xf000)}), sphere({1, 1, 2}, {0, 0, -3})).result.count == 1);
        CHECK(run(make_level({T(0xf000 | tri_flags::special)}), sphere({1, 1, 2}, {0, 0, -3})).result.count == 0);
    }

    TEST_CASE("a disabled triangle never reaches the kernel") {
        KernelLog log;
        CHECK(run(make_level({T(0)}), sphere({1, 1, 2}, {0, 0, -3}), Walk::grid, &log).result.count == 0);
        CHECK(log.kernel.empty());
    }

    TEST_CASE("options 0x4 and 0x8: the n.z range with the two thresholds") {
        const Level level = make_level({T()});  // n.z = 1
        Query q = sphere({1, 1, 2}, {0, 0, -3}, option::nz_max);
        q.settings.nz_max = 0.5f;
        CHECK(run(level, q).result.count == 0);  // n.z above the second threshold
        q.settings.nz_max = 1.0f;
        CHECK(run(level, q).result.count == 1);
        q = sphere({1, 1, 2}, {0, 0, -3}, option::nz_min);
        q.settings.nz_min = 1.5f;
        CHECK(run(level, q).result.count == 0);  // n.z below the first threshold
        q.settings.nz_min = -0.65f;
        CHECK(run(level, q).result.count == 1);
        // Without the option the thresholds are not read.
        q = sphere({1, 1, 2}, {0, 0, -3});
        q.settings.nz_min = 1.5f;
        q.settings.nz_max = -1.0f;
        CHECK(run(level, q).result.count == 1);
    }

    TEST_CASE("side test n.c - n.v0 < 1e-6: a one-sided face is skipped, a two-sided one flipped") {
        // From below, moving up.
        CHECK(run(make_level({T()}), sphere({1, 1, -2}, {0, 0, 3})).result.count == 0);
        const auto two = run(make_level({T(on | tri_flags::two_sided)}), sphere({1, 1, -2}, {0, 0, 3}));
        REQUIRE(two.result.count == 1);
        CHECK_NEAR(two.contacts[0].fraction, 0.5);
        CHECK_VEC3_NEAR(two.contacts[0].normal, 0, 0, -1);
        CHECK_VEC3_NEAR(two.contacts[0].point, 1, 1, 0);
        // The centre is taken at the start, not raised: on the plane counts as behind.
        CHECK(run(make_level({T()}), sphere({1, 1, 0}, {0, 0, -1})).result.count == 0);
    }

    TEST_CASE("direction n.M >= -0.001 skips, option 0x40 marks behind, away and parallel instead") {
        const Level level = make_level({T()});
        CHECK(run(level, sphere({1, 1, 0.3f}, {0, 0, -0.0009f})).result.count == 0);  // receding by the rule
        CHECK(run(level, sphere({1, 1, 0.3f}, {0, 0, -0.0011f})).result.count == 1);
        const auto parallel = run(level, sphere({1, 1, 0.3f}, {1, 0, 0}, option::mark_faces));
        REQUIRE(parallel.result.count == 1);
        CHECK(parallel.contacts[0].flags == mark::parallel);
        const auto away = run(level, sphere({1, 1, 0.3f}, {0, 0, 1}, option::mark_faces));
        REQUIRE(away.result.count == 1);
        CHECK(away.contacts[0].flags == mark::away);
        // Behind a one-sided face (reaching it), moving down: marked behind only.
        const auto behind = run(level, sphere({1, 1, -0.3f}, {0, 0, -1}, option::mark_faces));
        REQUIRE(behind.result.count == 1);
        CHECK(behind.contacts[0].flags == mark::behind);
        // Behind it and moving up through it: behind and away (n.M = 3), and the
        // kernel, which handles both sides, hits at 0.5.
        const auto through = run(level, sphere({1, 1, -2}, {0, 0, 3}, option::mark_faces));
        REQUIRE(through.result.count == 1);
        CHECK(through.contacts[0].flags == (mark::behind | mark::away));
        CHECK_NEAR(through.contacts[0].fraction, 0.5);
    }

    TEST_CASE("option 0x20000 keeps the earliest contact per plane") {
        // Two coplanar halves of a floor and a second floor below.
        const Level level = make_level({{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}},
                                        {{4, 0, 0}, {4, 4, 0}, {0, 4, 0}},
                                        {{-5, -5, -1}, {9, -5, -1}, {-5, 9, -1}, on | tri_flags::two_sided}});
        const auto all = run(level, sphere({2, 2, 1}, {0, 0, -3}, 0, 2.0f));
        CHECK(all.result.count == 3);
        const auto per_plane = run(level, sphere({2, 2, 1}, {0, 0, -3}, option::one_per_plane, 2.0f));
        REQUIRE(per_plane.result.count == 2);
        CHECK(per_plane.contacts[0].triangle == 0u);  // the first of the two tied halves
        CHECK(per_plane.contacts[1].triangle == 2u);
    }
}

TEST_SUITE("queries capsule, overlap, ray") {
    TEST_CASE("walking capsule sweep 0x00347c08: the sphere 0.52 m above the feet, the inside mask kept") {
        // A wall facing -y at y = 1, from z 0 to 2.
        const Level level = make_level({{{-2, 1, 0}, {2, 1, 0}, {2, 1, 2}}, {{-2, 1, 0}, {2, 1, 2}, {-2, 1, 2}}});
        const auto r = run(level, Query::capsule_sweep({0, 0, 0}, {0, 1, 0}));
        REQUIRE(r.result.count >= 1);
        CHECK_NEAR(r.contacts[0].fraction, 1.0 - 0.4704);
        CHECK_VEC3_NEAR(r.contacts[0].point, 0, 1, 0.52);
        CHECK(r.contacts[0].inside_mask >= 0);
        CHECK(r.contacts[0].inside_mask <= 7);
    }

    TEST_CASE("walking capsule sweep 0x00347c08: a triangle below feet z + 0.25 never reaches the kernel") {
        // A 0.2 m step face ahead: its top corner is below the step height.
        const Level level =
            make_level({{{-2, 1, 0}, {2, 1, 0}, {2, 1, 0.2f}}, {{-2, 1, 0}, {2, 1, 0.2f}, {-2, 1, 0.2f}}});
        KernelLog log;
        const auto low = run(level, Query::capsule_sweep({0, 0, 0.15f}, {0, 1, 0}), Walk::grid, &log);
        CHECK(low.result.count == 0);
        CHECK(log.kernel.empty());
        // The same face with a lower step height does reach it.
        Query q = Query::capsule_sweep({0, 0, -0.35f}, {0, 1, 0});
        q.sphere_height = 0.52f;
        q.step_height = 0.25f;  // top 0.2 >= -0.35 + 0.25
        KernelLog log2;
        run(level, q, Walk::grid, &log2);
        CHECK(!log2.kernel.empty());
    }

    TEST_CASE("sphere overlap 0x003473c8: SphereTriangle_Penetration with the depth in the contact") {
        const Level level = make_level({T()});
        const auto r = run(level, Query::sphere_overlap({1, 1, 0.3f}, 0.5f));
        REQUIRE(r.result.count == 1);
        CHECK_NEAR(r.contacts[0].depth, 0.2);
        CHECK(r.contacts[0].fraction == 0.0f);
        CHECK_VEC3_NEAR(r.contacts[0].point, 1, 1, 0);
        CHECK_VEC3_NEAR(r.contacts[0].normal, 0, 0, 1);
        CHECK(r.result.stats.hits_by_branch[static_cast<int>(HitBranch::penetration)] == 1);
        // Below the face, the normal faces the centre.
        const auto below = run(level, Query::sphere_overlap({1, 1, -0.3f}, 0.5f));
        REQUIRE(below.result.count == 1);
        CHECK_VEC3_NEAR(below.contacts[0].normal, 0, 0, -1);
        // q = r^2 is no overlap (strict).
        CHECK(run(level, Query::sphere_overlap({1, 1, 0.5f}, 0.5f)).result.count == 0);
    }

    TEST_CASE("ray: the sphere sweep with radius 0 (line of sight)") {
        const Level level = make_level({T()});
        const auto hit = run(level, Query::ray({1, 1, 2}, {0, 0, -4}));
        REQUIRE(hit.result.count == 1);
        CHECK_NEAR(hit.contacts[0].fraction, 0.5);
        CHECK_VEC3_NEAR(hit.contacts[0].point, 1, 1, 0);
        CHECK(run(level, Query::ray({1, 1, 2}, {0, 0, -1})).result.count == 0);  // short
        CHECK(run(level, Query::ray({5, 5, 2}, {0, 0, -4})).result.count == 0);  // beside
        CHECK(run(level, Query::ray({1, 1, -2}, {0, 0, 4})).result.count == 0);  // a one-sided back face
        CHECK(run(make_level({T(on | tri_flags::two_sided)}), Query::ray({1, 1, -2}, {0, 0, 4})).result.count == 1);
        // On an edge counts as inside (m_k.P <= m_k.v_k).
        CHECK(run(level, Query::ray({2, 0, 2}, {0, 0, -4})).result.count == 1);
    }
}

TEST_SUITE("queries validation and buffers") {
    TEST_CASE("bad inputs get a status, never a crash, and walk nothing") {
        const Level level = make_level({T()});
        const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
        CHECK(run(level, sphere({nan, 1, 2}, {0, 0, -3})).result.status == QueryStatus::non_finite);
        CHECK(run(level, sphere({1, 1, 2}, {0, 0, inf})).result.status == QueryStatus::non_finite);
        CHECK(run(level, sphere({1, 1, 2}, {0, 0, -3}, 0, -0.1f)).result.status == QueryStatus::negative_radius);
        CHECK(run(level, sphere({1, 1, 2}, {0, 0, -3}, 0, nan)).result.status == QueryStatus::non_finite);
        Query zero = sphere({1, 1, 2}, {0, 0, -3});
        zero.settings.max_contacts = 0;
        CHECK(run(level, zero).result.status == QueryStatus::zero_max_contacts);
        Query thresholds = sphere({1, 1, 2}, {0, 0, -3});
        thresholds.settings.nz_min = nan;
        CHECK(run(level, thresholds).result.status == QueryStatus::non_finite);
        Box b;
        b.half[0] = 0.5f;
        b.half[1] = 0.0f;
        b.half[2] = 0.5f;
        b.centre = {1, 1, 2};
        CHECK(run(level, Query::box_sweep(b, {0, 0, -3})).result.status == QueryStatus::bad_extent);
        b.half[1] = -1.0f;
        CHECK(run(level, Query::box_sweep(b, {0, 0, -3})).result.status == QueryStatus::bad_extent);
        b.half[1] = 0.5f;
        b.axis[2] = {0, nan, 1};
        CHECK(run(level, Query::box_sweep(b, {0, 0, -3})).result.status == QueryStatus::non_finite);
        Query capsule = Query::capsule_sweep({1, 1, 0}, {0, 0, -1});
        capsule.sphere_height = inf;
        CHECK(run(level, capsule).result.status == QueryStatus::non_finite);
        const auto bad = run(level, sphere({nan, 1, 2}, {0, 0, -3}));
        CHECK(bad.result.count == 0);
        CHECK(bad.result.stats.cells == 0);
    }

    TEST_CASE("a query box far larger than the level clamps to the grid") {
        const Level level = make_level({T()});
        // Thousands of times the level's size, and still inside the working range.
        const auto r = run(level, sphere({1, 1, 8000}, {0, 0, -16000}, 0, 300));
        CHECK(r.result.status == QueryStatus::ok);
        CHECK(r.result.stats.cells == level.grid().cell_count());
        const auto beside = run(level, sphere({10000, 1, 2}, {0, 0, -3}));
        CHECK(beside.result.status == QueryStatus::ok);
        CHECK(beside.result.stats.cells == 0);  // a box that misses the grid walks nothing
    }

    TEST_CASE("the 100-contact buffer never overflows: overflow is reported and the first 100 found kept") {
        // 150 stacked two-sided floors, all reached by one long drop.
        std::vector<Vec3> v;
        std::vector<TriangleRecord> t;
        for (std::uint32_t i = 0; i < 150; ++i) {
            const float z = -static_cast<float>(i) * 0.01f;
            v.insert(v.end(), {{0, 0, z}, {4, 0, z}, {0, 4, z}});
            TriangleRecord r;
            r.v = {3 * i, 3 * i + 1, 3 * i + 2};
            t.push_back(r);
        }
        const Level level = build_level(v, t);
        const auto r = run(level, sphere({1, 1, 1}, {0, 0, -4}));
        CHECK(r.result.overflow);
        CHECK(r.result.found == mesh_contact_capacity);
        CHECK(r.result.count == mesh_contact_capacity);
        for (std::size_t i = 1; i < r.contacts.size(); ++i) CHECK(r.contacts[i - 1].fraction <= r.contacts[i].fraction);
        // max_contacts caps what is copied out, after the sort: the earliest ones.
        Query capped = sphere({1, 1, 1}, {0, 0, -4});
        capped.settings.max_contacts = 3;
        const auto three = run(level, capped);
        REQUIRE(three.result.count == 3);
        CHECK(three.contacts[0].fraction == r.contacts[0].fraction);
        CHECK(three.contacts[2].fraction == r.contacts[2].fraction);
    }

    TEST_CASE("the sort is stable: equal fractions keep their discovery order") {
        // Two duplicates of T (both hit at 0.5) and a higher copy hit first, all in
        // one cell listed in index order.
        const Level level = make_level({T(), T(), T(on, 0.5f)}, Vec3{100, 100, 100});
        const auto r = run(level, sphere({1, 1, 2}, {0, 0, -3}));
        REQUIRE(r.result.count == 3);
        CHECK(r.contacts[0].triangle == 2u);
        CHECK_NEAR(r.contacts[0].fraction, 1.0 / 3.0);
        CHECK(r.contacts[1].triangle == 0u);
        CHECK(r.contacts[2].triangle == 1u);
        CHECK(r.contacts[1].fraction == r.contacts[2].fraction);
    }

    TEST_CASE("the sort is stable for dozens of contacts too: ascending fraction, equal ones in discovery order") {
        // Floors stacked at a few heights (so that many share a fraction), their
        // indices shuffled, all in one cell: the walk finds them in index
        // order, and one drop meets them all. Past a handful the collector
        // sorts keys and places instead of the contacts (collector.hpp).
        auto rng = seeded_rng(2026);
        int rounds_with_ties = 0;
        for (int round = 0; round < 40; ++round) {
            const auto n = static_cast<std::uint32_t>(uniform(rng, 2.0f, 99.99f));
            const auto heights = static_cast<std::uint32_t>(uniform(rng, 1.0f, static_cast<float>(n) + 0.99f));
            std::vector<float> z(n);
            for (std::uint32_t i = 0; i < n; ++i)
                z[i] = -0.01f * static_cast<float>(static_cast<std::uint32_t>(uniform(rng, 0.0f, 0.99f) * heights));
            std::vector<Vec3> v;
            std::vector<TriangleRecord> t;
            for (std::uint32_t i = 0; i < n; ++i) {
                v.insert(v.end(), {{0, 0, z[i]}, {4, 0, z[i]}, {0, 4, z[i]}});
                TriangleRecord r;
                r.v = {3 * i, 3 * i + 1, 3 * i + 2};
                t.push_back(r);
            }
            const Level level = build_level(v, t, Vec3{100, 100, 100});
            // The highest floor is met first; equal heights in index order.
            std::vector<std::uint32_t> expected(n);
            for (std::uint32_t i = 0; i < n; ++i) expected[i] = i;
            std::stable_sort(expected.begin(), expected.end(),
                             [&](std::uint32_t a, std::uint32_t b) { return z[a] > z[b]; });
            rounds_with_ties += heights < n ? 1 : 0;
            const auto r = run(level, sphere({1, 1, 1}, {0, 0, -4}));
            REQUIRE(r.result.count == n);
            for (std::uint32_t i = 0; i < n; ++i) {
                CAPTURE(i);
                CHECK(r.contacts[i].triangle == expected[i]);
                if (i > 0) CHECK(r.contacts[i - 1].fraction <= r.contacts[i].fraction);
            }
        }
        CHECK(rounds_with_ties > 20);
    }

    TEST_CASE("level_triangle matches the original's flip-then-compute order bit for bit") {
        auto rng = seeded_rng(77);
        for (int i = 0; i < 2000; ++i) {
            const Vec3 a = uniform_vec(rng, -50, 50), b = uniform_vec(rng, -50, 50), c = uniform_vec(rng, -50, 50);
            const Level level = make_level({{a, b, c}});
            for (const bool flipped : {false, true}) {
                WorkingTriangle expect = WorkingTriangle::from_corners(a, b, c);
                coll_tri_compute_normal(expect);
                if (flipped) coll_tri_flip(expect);
                coll_tri_compute_edges(expect, false);
                coll_tri_compute_plane(expect);
                const WorkingTriangle got = level_triangle(level, 0, flipped);
                for (int k = 0; k < 3; ++k) {
                    CHECK(std::bit_cast<std::uint32_t>(got.v[k].x) == std::bit_cast<std::uint32_t>(expect.v[k].x));
                    CHECK(std::bit_cast<std::uint32_t>(got.e[k].x) == std::bit_cast<std::uint32_t>(expect.e[k].x));
                    CHECK(std::bit_cast<std::uint32_t>(got.e[k].y) == std::bit_cast<std::uint32_t>(expect.e[k].y));
                    CHECK(std::bit_cast<std::uint32_t>(got.e[k].z) == std::bit_cast<std::uint32_t>(expect.e[k].z));
                }
                CHECK(std::bit_cast<std::uint32_t>(got.n.x) == std::bit_cast<std::uint32_t>(expect.n.x));
                CHECK(std::bit_cast<std::uint32_t>(got.n.z) == std::bit_cast<std::uint32_t>(expect.n.z));
                CHECK(std::bit_cast<std::uint32_t>(got.d) == std::bit_cast<std::uint32_t>(expect.d));
            }
        }
    }
}
