// Spec Unit 13, PhysicsMesh_SweepBox (0x00348530) through the level store: the
// "Mesh filters", "Mesh contact" and "The brick lands" test ideas.
#include <doctest/doctest.h>

#include "pair_support.hpp"
#include "query_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;

namespace {

// Test 1's floor, counter-clockwise from above: n = (0, 0, 1).
Tri floor_at(float z, std::uint16_t flags = tri_flags::enabled) {
    return {{-10, -10, z}, {30, -10, z}, {-10, 30, z}, flags};
}
Box tilted_box(Vec3 centre = {0, 0, 2}) { return rotated(box(centre, {0.5f, 0.5f, 0.5f}), {1, 2, 3}, 40); }

Query box_query(const Box& b, Vec3 move, std::uint32_t max = 100, std::uint32_t body_flags = 0) {
    QuerySettings s;
    s.max_contacts = max;
    s.body_flags = body_flags;
    return Query::box_sweep(b, move, s);
}

}  // namespace

TEST_SUITE("queries box mesh") {
    TEST_CASE("PhysicsMesh_SweepBox 0x00348530 mesh contact: test 2 through the mesh with max 1") {
        const Level level = make_level({floor_at(0)});
        const auto r = run(level, box_query(tilted_box(), {0, 0, -2}, 1));
        CHECK(r.result.status == QueryStatus::ok);
        REQUIRE(r.result.count == 1);
        const MeshContact& c = r.contacts[0];
        CHECK_NEAR(c.fraction, 0.629511);
        CHECK_VEC3_NEAR(c.normal, 0, 0, 1);
        CHECK_VEC3_NEAR(c.point, 0, 0, 2 - 1.259023);  // the box centre at contact
        CHECK(c.flags == 0u);
        CHECK_VEC3_NEAR(c.direction, 0, 0, -1);
        CHECK(c.triangle == 0u);
    }

    TEST_CASE("PhysicsMesh_SweepBox 0x00348530 mesh filters: the side is taken at the box centre") {
        // Centre below a one-sided floor: skipped.
        const Level one_sided = make_level({floor_at(2.5f)});
        CHECK(run(one_sided, box_query(tilted_box(), {0, 0, -2})).result.count == 0);
        // Two-sided: flipped to (0, 0, -1), and a downward move then recedes.
        const Level two_sided = make_level({floor_at(2.5f, tri_flags::enabled | tri_flags::two_sided)});
        KernelLog log;
        CHECK(run(two_sided, box_query(tilted_box(), {0, 0, -2}), Walk::grid, &log).result.count == 0);
        CHECK(log.kernel.empty());
        // Moving up into the flipped face does reach it, with the flipped normal.
        const auto up = run(two_sided, box_query(tilted_box(), {0, 0, 2}));
        REQUIRE(up.result.count == 1);
        CHECK_VEC3_NEAR(up.contacts[0].normal, 0, 0, -1);
    }

    TEST_CASE("PhysicsMesh_SweepBox 0x00348530 mesh filters: n.move >= -0.001 recedes") {
        const Level level = make_level({floor_at(0)});
        KernelLog log;
        CHECK(run(level, box_query(tilted_box({0, 0, 0.7415f}), {0, 0, -0.0009f}), Walk::grid, &log).result.count == 0);
        CHECK(log.kernel.empty());
        CHECK(run(level, box_query(tilted_box({0, 0, 0.7415f}), {0, 0, -0.0011f})).result.count == 1);
    }

    TEST_CASE("PhysicsMesh_SweepBox 0x00348530 mesh filters: flag 0x8 with body flag 0x100") {
        const Level level = make_level({floor_at(0, tri_flags::enabled | tri_flags::special)});
        CHECK(run(level, box_query(tilted_box(), {0, 0, -2}, 100, Body::skips_special)).result.count == 0);
        CHECK(run(level, box_query(tilted_box(), {0, 0, -2}, 100, 0)).result.count == 1);
        // The sphere's option 0x8000 has no counterpart here.
        Query q = box_query(tilted_box(), {0, 0, -2});
        q.settings.options = option::skip_special;
        CHECK(run(level, q).result.count == 1);
        // A disabled triangle is never tested.
        CHECK(run(make_level({floor_at(0, 0)}), box_query(tilted_box(), {0, 0, -2})).result.count == 0);
    }

    TEST_CASE("PhysicsMesh_SweepBox 0x00348530 the brick lands at 0.2831 through the mesh") {
        const Level level = make_level({floor_at(0.2231f)});
        const Box brick = rotated(box({0, 0, 0.35f}, {0.035f, 0.105f, 0.05f}), {0, 0, 1}, 30);
        const Vec3 D{0.01f, 0.006667f, -0.182953f};
        const auto r = run(level, box_query(brick, D, 1));
        REQUIRE(r.result.count == 1);
        CHECK_NEAR(r.contacts[0].fraction, 0.420326);
        // The resolution's advance f * D.z, then the 0.01 skin (Unit 13 test 9).
        CHECK_NEAR_TOL(0.35 + r.contacts[0].fraction * D.z + 0.01, 0.2831, 1e-4);
    }

    TEST_CASE("PhysicsMesh_SweepBox 0x00348530 the brick falling straight down: fraction 0 by the zero-speed reset") {
        const Level level = make_level({floor_at(0.2231f)});
        const Box brick = rotated(box({0, 0, 0.35f}, {0.035f, 0.105f, 0.05f}), {0, 0, 1}, 30);
        const auto faithful = run(level, box_query(brick, {0, 0, -0.182953f}, 1));
        REQUIRE(faithful.result.count == 1);
        CHECK(faithful.contacts[0].fraction == 0.0f);
        Query q = box_query(brick, {0, 0, -0.182953f}, 1);
        q.settings.quirks = Quirks::corrected();
        const auto corrected = run(level, q);
        REQUIRE(corrected.result.count == 1);
        CHECK_NEAR_TOL(corrected.contacts[0].fraction, 0.0769 / 0.182953, 1e-4);
    }
}
