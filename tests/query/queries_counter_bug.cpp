// docs/design.md item 4: the cell counter bug of the box sweep (PhysicsMesh_SweepBox,
// Unit 13, 0x0034888c) and the walking capsule sweep (0x00347c08). A kernel miss
// (or a fraction above 1) leaves the cell's counter alone while the list pointer
// moves on, so the walk reads the next cell's count and indices as triangles.
#include <doctest/doctest.h>

#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// Two cells along x; the word array is [1, 0, 1, 1]: cell 0 lists triangle 0,
// cell 1 lists triangle 1. Cell 1's count word (1) reads as triangle 1.
void check_two_cell_layout(const Level& level) {
    REQUIRE(level.grid().nx() == 2);
    REQUIRE(level.grid().cell_count() == 2);
    const auto w = level.grid().words();
    REQUIRE(w.size() == 4);
    CHECK(w[0] == 1u);
    CHECK(w[1] == 0u);
    CHECK(w[2] == 1u);
    CHECK(w[3] == 1u);
}

}  // namespace

TEST_SUITE("queries counter bug") {
    TEST_CASE("PhysicsMesh_SweepBox 0x0034888c: a kernel miss makes the walk test the next cell's triangle") {
        // Triangle 0 in cell 0 (x 0.1-0.4); triangle 1 in cell 1 (x 1.2-1.8).
        const Level level =
            make_level({{{0.1f, 0, 0}, {0.4f, 0, 0}, {0.1f, 0.3f, 0}}, {{1.2f, 0, 0}, {1.8f, 0, 0}, {1.2f, 0.6f, 0}}},
                       Vec3{1.0f, 10.0f, 10.0f});
        check_two_cell_layout(level);
        // A box over cell 0 only, beside triangle 0 in y: its kernel returns 1e28.
        Box b;
        b.half[0] = b.half[1] = b.half[2] = 0.1f;
        b.centre = {0.25f, 0.6f, 0.5f};
        Query q = Query::box_sweep(b, {0, 0, -1});

        KernelLog faithful;
        const auto f = run(level, q, Walk::grid, &faithful);
        CHECK(f.result.count == 0);
        CHECK(faithful.cells.size() == 1);  // the query box covers cell 0 only
        CHECK(faithful.reached(0));
        CHECK(faithful.reached(1));                // read from cell 1's count word
        CHECK(f.result.stats.extra_entries == 2);  // cell 1's count, then its index (visited)
        CHECK(f.result.stats.kernel_calls == 2);

        q.settings.quirks = Quirks::faithful().without(Quirk::mesh_cell_counter);
        KernelLog corrected;
        const auto c = run(level, q, Walk::grid, &corrected);
        CHECK(c.result.count == 0);
        CHECK(corrected.reached(0));
        CHECK_FALSE(corrected.reached(1));
        CHECK(c.result.stats.extra_entries == 0);
        CHECK(c.result.stats.kernel_calls == 1);
    }

    TEST_CASE("walking capsule sweep 0x00347c08: a fraction above 1 skips the counter too") {
        // Unit 1 row 12's missed contact (the kernel returns 1.783594, dropped) on
        // T in cell 0, and a far triangle in cell 1.
        const Level level = make_level({{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}, {{10, 0, 0}, {11, 0, 0}, {10, 1, 0}}},
                                       Vec3{6.0f, 100.0f, 100.0f});
        check_two_cell_layout(level);
        Query q = Query::capsule_sweep({-0.9f, -0.9f, 0.6f - 0.52f}, {0.6f, 1.2f, -0.6f}, 0.5f);
        q.step_height = -0.1f;  // let the floor through the low-triangle rule
        KernelLog faithful;
        const auto f = run(level, q, Walk::grid, &faithful);
        CHECK(f.result.count == 0);  // the fraction 1.78 is dropped
        CHECK(faithful.reached(1));
        CHECK(f.result.stats.extra_entries > 0);

        // The sphere sweep counts correctly on the same miss.
        KernelLog sphere;
        run(level, Query::sphere_sweep({-0.9f, -0.9f, 0.6f}, 0.5f, {0.6f, 1.2f, -0.6f}), Walk::grid, &sphere);
        CHECK(sphere.reached(0));
        CHECK_FALSE(sphere.reached(1));

        q.settings.quirks = Quirks::corrected();
        KernelLog corrected;
        const auto c = run(level, q, Walk::grid, &corrected);
        CHECK_FALSE(corrected.reached(1));
        CHECK(c.result.stats.extra_entries == 0);
        // Corrected, the root order no longer misses the corner contact.
        REQUIRE(c.result.count == 1);
        CHECK_NEAR(c.contacts[0].fraction, 0.718294);
    }

    TEST_CASE("the walk past the last cell's list reads the no-triangle sentinel and stops") {
        // One cell; a miss reads past the end of the word array.
        const Level level = make_level({{{0.1f, 0, 0}, {0.4f, 0, 0}, {0.1f, 0.3f, 0}}}, Vec3{10.0f, 10.0f, 10.0f});
        REQUIRE(level.grid().cell_count() == 1);
        Box b;
        b.half[0] = b.half[1] = b.half[2] = 0.1f;
        b.centre = {0.25f, 0.6f, 0.5f};
        const auto r = run(level, Query::box_sweep(b, {0, 0, -1}));
        CHECK(r.result.count == 0);
        CHECK(r.result.stats.extra_entries == 1);
    }
}
