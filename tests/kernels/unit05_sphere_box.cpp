// Spec Unit 5: a sphere swept against a box. The "Test ideas" rows (box B,
// centre (0, 0, 0.5), half (2, 1, 0.5), hand sphere r 0.09), the region and
// index table, the normal tables, and the contact words each entry writes.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>

#include "levelsweep/sphere_box_sweep.hpp"
#include "pair_support.hpp"
#include "support.hpp"

using namespace levelsweep;

namespace {

constexpr std::uint32_t leftover = 0xdeadbeefu;  // the caller's stack leftovers

using test::pairs::box_b;

struct Strike {
    bool hit = false;
    Contact c;
};

// PhysicsSweep_SphereBox for a sphere at `prev` moving by `move` (w 1), on a
// contact full of leftovers.
Strike sweep(const Vec3& prev, const Vec3& move, float r = 0.09f, Quirks q = Quirks::faithful(),
             const Box& box = box_b()) {
    Strike s;
    s.c.fill(leftover);
    s.hit = physics_sweep_sphere_box(s.c, Body{}, Shape::of(Sphere{r, prev}), Body{}, Shape::of(box),
                                     with_w(move, 1.0f), q);
    return s;
}

// The words PhysicsSweep_SphereBox writes on a hit (spec Unit 5, summary table):
// +0x10, +0x50, +0x60 x y z, +0x70, +0x74, +0x80, +0x90, +0xb0.
std::uint64_t sphere_box_words() {
    return Contact::word_mask(0x10, 16) | Contact::word_mask(0x50, 16) | Contact::word_mask(0x60, 12) |
           Contact::word_mask(0x70, 8) | Contact::word_mask(0x80, 4) | Contact::word_mask(0x90, 16) |
           Contact::word_mask(0xb0, 4);
}

void check_untouched(const Contact& c) {
    CHECK(c.written == 0);
    for (std::size_t off = 0; off < Contact::record_bytes; off += 4) CHECK(c.word_at(off) == leftover);
}

// 0x3f3504f4 and 0x3f13b646, the tables' words (docs/design.md: the hex wins).
const float table_a = std::bit_cast<float>(0x3f3504f4u);
const float table_b = std::bit_cast<float>(0x3f13b646u);

}  // namespace

TEST_SUITE("unit05 sphere-box sweep") {
    TEST_CASE("Face: a face-y hit at 0.525 with every contact word") {
        const Strike s = sweep({0.0f, -1.3f, 0.5f}, {0.0f, 0.4f, 0.0f});
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, 0.525);  // (0.3 - 0.09) / 0.4
        CHECK_VEC3_NEAR(s.c.other.local, 0.0, -1.0, 0.0);
        CHECK_VEC3_NEAR(s.c.point, 0.0, -1.0, 0.5);
        CHECK(s.c.point.w == 1.0f);
        CHECK_VEC3_NEAR(s.c.other.normal, 0.0, -1.0, 0.0);
        CHECK(s.c.other.normal.w == 0.0f);
        CHECK_VEC3_NEAR(s.c.own.normal, 0.0, 1.0, 0.0);
        CHECK(s.c.own.normal.w == 1.0f);
        CHECK(s.c.other.feature_type == 0);
        CHECK(s.c.other.feature_index == 2);
        CHECK(s.c.flags == 0u);
        // Exactly the summary table's words; +0x6c (the local point's w) keeps its leftover.
        CHECK(s.c.written == sphere_box_words());
        CHECK(s.c.word_at(0x6c) == leftover);
        CHECK(s.c.word_at(0x00) == leftover);
    }

    TEST_CASE("0.1 m short: fraction 1.909 > 1 is no hit and the contact is untouched") {
        const Strike s = sweep({0.0f, -1.3f, 0.5f}, {0.0f, 0.11f, 0.0f});
        CHECK_FALSE(s.hit);
        check_untouched(s.c);
    }

    TEST_CASE("Face region clipping the face's edge: the edge at x = 2 with the face's normal") {
        const Strike s = sweep({1.98f, -1.3f, 0.5f}, {0.1f, 0.4f, 0.0f});
        REQUIRE(s.hit);
        CHECK_NEAR_TOL(s.c.fraction, 0.5419, 1e-4);  // the spec gives 4 decimals
        CHECK_VEC3_NEAR(s.c.other.local, 2.0, -1.0, 0.0);
        CHECK_VEC3_NEAR(s.c.point, 2.0, -1.0, 0.5);
        CHECK_VEC3_NEAR(s.c.other.normal, 0.0, -1.0, 0.0);  // the face normal, though the edge was touched
        CHECK(s.c.other.normal.w == 0.0f);
        CHECK_NEAR_TOL(s.c.own.normal.x, -0.8359, 1e-4);
        CHECK_NEAR_TOL(s.c.own.normal.y, 0.5488, 1e-4);
        CHECK_NEAR(s.c.own.normal.z, 0.0);
        CHECK(s.c.own.normal.w == 1.0f);
        CHECK(s.c.other.feature_type == 0);
        CHECK(s.c.other.feature_index == 2);
    }

    TEST_CASE("Glancing miss past an edge: the path passes the edge 0.116 m away") {
        const Strike s = sweep({1.98f, -1.3f, 0.5f}, {0.2f, 0.4f, 0.0f});
        CHECK_FALSE(s.hit);
        check_untouched(s.c);
    }

    TEST_CASE("Vertical edge (edge along z): the cylinder at 0.5909, index 2") {
        const Strike s = sweep({2.3f, -1.3f, 0.5f}, {-0.4f, 0.4f, 0.0f});
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, (0.3 * std::sqrt(2.0) - 0.09) / (0.4 * std::sqrt(2.0)));
        CHECK_VEC3_NEAR(s.c.other.local, 2.0, -1.0, 0.0);
        CHECK_VEC3_NEAR(s.c.point, 2.0, -1.0, 0.5);
        CHECK_VEC3_NEAR(s.c.other.normal, table_a, -table_a, 0.0);
        CHECK(s.c.other.normal.w == 0.0f);
        CHECK_NEAR_TOL(s.c.own.normal.x, -0.8706, 1e-4);
        CHECK_NEAR_TOL(s.c.own.normal.y, 0.4921, 1e-4);
        CHECK(s.c.other.feature_type == 2);
        CHECK(s.c.other.feature_index == 2);
        CHECK(s.c.written == sphere_box_words());
    }

    TEST_CASE(
        "Sweep_SphereOrientedBox 0x0034bbe8 via SphereBox_ToBoxSpace 0x0034baf0: edge along y gets the "
        "wrong normal (quirk sphere_box_normal_tables)") {
        const Vec3 prev{2.3f, 0.0f, 1.3f}, move{-0.4f, 0.0f, -0.4f};
        const Strike s = sweep(prev, move);
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, (0.3 * std::sqrt(2.0) - 0.09) / (0.4 * std::sqrt(2.0)));
        CHECK_VEC3_NEAR(s.c.other.local, 2.0, 0.0, 0.5);
        CHECK_VEC3_NEAR(s.c.point, 2.0, 0.0, 1.0);
        CHECK(s.c.other.feature_type == 2);
        CHECK(s.c.other.feature_index == 7);
        CHECK_VEC3_NEAR(s.c.other.normal, -table_a, 0.0, table_a);  // the original's table entry 7
        CHECK_VEC3_NEAR(s.c.own.normal, -1.0, 0.0, 0.0);            // prev is 2.3 m from P along x
        CHECK(s.c.own.normal.w == 1.0f);

        const Strike fixed = sweep(prev, move, 0.09f, Quirks::faithful().without(Quirk::sphere_box_normal_tables));
        REQUIRE(fixed.hit);
        CHECK_VEC3_NEAR(fixed.c.other.normal, table_a, 0.0, table_a);  // the true outward normal
        CHECK(fixed.c.fraction == s.c.fraction);
    }

    TEST_CASE(
        "Sweep_SphereOrientedBox 0x0034bbe8, SphereBox_SweepFaceEdges 0x0034b984: the corner's point is "
        "the sphere centre and its normal the wrong table entry (quirks sphere_box_corner_point_centre, "
        "sphere_box_normal_tables)") {
        const Vec3 prev{2.3f, -1.3f, 1.3f}, move{-0.4f, 0.4f, -0.4f};
        const double f = (0.3 * std::sqrt(3.0) - 0.09) / (0.4 * std::sqrt(3.0));
        const Strike s = sweep(prev, move);
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, f);
        CHECK_NEAR_TOL(s.c.fraction, 0.6201, 1e-4);
        // The sphere's centre at contact, 0.09 m off the corner (2, -1, 1).
        CHECK_VEC3_NEAR(s.c.other.local, 2.3 - 0.4 * f, -(1.3 - 0.4 * f), 0.8 - 0.4 * f);
        CHECK_VEC3_NEAR(s.c.point, 2.3 - 0.4 * f, -(1.3 - 0.4 * f), 1.3 - 0.4 * f);
        CHECK_NEAR_TOL(s.c.point.x, 2.0520, 1e-4);
        CHECK(s.c.other.feature_type == 1);
        CHECK(s.c.other.feature_index == 5);
        // The spec prints -0.5774 (1/sqrt(3)), but the table word is 0x3f13b646 = 0.577 exactly
        // (docs/design.md, "Where the spec disagrees with itself": the hex wins).
        CHECK_VEC3_NEAR(s.c.other.normal, -0.5770, -0.5770, -0.5770);
        CHECK(s.c.other.normal.x == -table_b);
        CHECK(s.c.other.normal.w == 0.0f);
        CHECK_NEAR_TOL(s.c.own.normal.x, -0.8706, 1e-4);
        CHECK_NEAR_TOL(s.c.own.normal.y, 0.4921, 1e-4);

        const Strike corner_point =
            sweep(prev, move, 0.09f, Quirks::faithful().without(Quirk::sphere_box_corner_point_centre));
        REQUIRE(corner_point.hit);
        CHECK_VEC3_NEAR(corner_point.c.other.local, 2.0, -1.0, 0.5);  // the corner itself
        CHECK_VEC3_NEAR(corner_point.c.point, 2.0, -1.0, 1.0);

        const Strike tables = sweep(prev, move, 0.09f, Quirks::faithful().without(Quirk::sphere_box_normal_tables));
        CHECK_VEC3_NEAR(tables.c.other.normal, table_b, -table_b, table_b);  // true: (+, -, +)
    }

    TEST_CASE(
        "Sweep_SphereOrientedBox 0x0034beb0: start inside writes the world z into the local point "
        "(quirk sphere_box_inside_world_z)") {
        for (const Vec3 move : {Vec3{0.3f, -0.2f, 0.1f}, Vec3{}}) {  // any move, also zero
            const Strike s = sweep({0.5f, 0.2f, 0.6f}, move);
            REQUIRE(s.hit);
            CHECK(s.c.fraction == 0.0f);
            CHECK(s.c.other.feature_type == 4);
            CHECK(s.c.other.feature_index == 0);
            CHECK_VEC3_NEAR(s.c.point, 0.5, 0.2, 0.6);
            CHECK_VEC3_NEAR(s.c.other.local, 0.5, 0.2, 0.6);   // the local z would be 0.1
            CHECK_NEAR_TOL(s.c.other.normal.x, 0.9285, 1e-4);  // the spec gives 4 decimals
            CHECK_NEAR_TOL(s.c.other.normal.y, 0.3714, 1e-4);
            CHECK_VEC3_NEAR(s.c.other.normal, 0.5 / std::sqrt(0.29), 0.2 / std::sqrt(0.29), 0.0);
            CHECK(s.c.other.normal.w == 1.0f);  // inside: w 1 (docs/design.md)
            CHECK_VEC3_NEAR(s.c.own.normal, -0.5 / std::sqrt(0.29), -0.2 / std::sqrt(0.29), 0.0);
            CHECK(s.c.own.normal.w == 1.0f);
            CHECK(s.c.written == sphere_box_words());
        }
        const Strike fixed =
            sweep({0.5f, 0.2f, 0.6f}, {}, 0.09f, Quirks::faithful().without(Quirk::sphere_box_inside_world_z));
        CHECK_VEC3_NEAR(fixed.c.other.local, 0.5, 0.2, 0.1);
    }

    TEST_CASE(
        "Sweep_SphereOrientedBox 0x0034c244: a sphere touching at the start with its centre outside "
        "never hits (quirk sphere_box_start_touching)") {
        const Strike s = sweep({0.0f, -1.05f, 0.5f}, {0.0f, 0.1f, 0.0f});
        CHECK_FALSE(s.hit);  // the face step returns -1
        check_untouched(s.c);
        const SphereBoxSweep k =
            sweep_sphere_oriented_box(0.09f, 1.0f, box_b(), {}, {0.0f, -1.05f, 0.5f}, {0.0f, 0.1f, 0.0f});
        CHECK(k.step_result == -1);
        // Next update the centre is inside: a hit at 0.
        const Strike next = sweep({0.0f, -0.95f, 0.5f}, {0.0f, 0.1f, 0.0f});
        CHECK(next.hit);
        CHECK(next.c.fraction == 0.0f);
        CHECK(next.c.other.feature_type == 4);

        // Corrected: a hit at 0 at the box point nearest the start centre, with the region's normal.
        const Quirks fixed = Quirks::faithful().without(Quirk::sphere_box_start_touching);
        const Strike face = sweep({0.0f, -1.05f, 0.5f}, {0.0f, -0.1f, 0.0f}, 0.09f, fixed);  // moving away too
        REQUIRE(face.hit);
        CHECK(face.c.fraction == 0.0f);
        CHECK_VEC3_NEAR(face.c.other.local, 0.0, -1.0, 0.0);
        CHECK_VEC3_NEAR(face.c.point, 0.0, -1.0, 0.5);
        CHECK_VEC3_NEAR(face.c.other.normal, 0.0, -1.0, 0.0);
        CHECK(face.c.other.feature_index == 2);
        const Strike corner = sweep({2.05f, 1.05f, 1.05f}, {}, 0.09f, fixed);  // within 0.09 of the corner
        REQUIRE(corner.hit);
        CHECK_VEC3_NEAR(corner.c.other.local, 2.0, 1.0, 0.5);
        CHECK(corner.c.other.feature_type == 1);
        const Strike edge = sweep({2.05f, 1.05f, 0.7f}, {}, 0.09f, fixed);
        REQUIRE(edge.hit);
        CHECK_VEC3_NEAR(edge.c.other.local, 2.0, 1.0, 0.2);
        CHECK(edge.c.other.feature_type == 2);
    }

    TEST_CASE("Zero move: outside no hit, inside a hit") {
        const Strike out = sweep({0.0f, -1.3f, 0.5f}, {});
        CHECK_FALSE(out.hit);
        check_untouched(out.c);
        const Strike in = sweep({0.5f, 0.2f, 0.6f}, {});
        CHECK(in.hit);
        CHECK(in.c.fraction == 0.0f);
    }

    TEST_CASE("Exactly reaching: fraction 1.0 exactly hits, fraction 2 does not") {
        const Strike exact = sweep({0.0f, -1.5f, 0.5f}, {0.0f, 0.25f, 0.0f}, 0.25f);
        REQUIRE(exact.hit);
        CHECK(exact.c.fraction == 1.0f);  // (0.25 - 0.5) / -0.25, exact in binary
        const Strike short_move = sweep({0.0f, -1.5f, 0.5f}, {0.0f, 0.125f, 0.0f}, 0.25f);
        CHECK_FALSE(short_move.hit);
        check_untouched(short_move.c);
    }

    TEST_CASE("Rotated box: +0x60 is in the box's frame, +0x90 in the world") {
        Box b = box_b();
        b.centre = {10.0f, 5.0f, 0.5f};
        b.axis[0] = {0.0f, 1.0f, 0.0f};
        b.axis[1] = {-1.0f, 0.0f, 0.0f};
        b.axis[2] = {0.0f, 0.0f, 1.0f};
        const Strike s = sweep({11.3f, 5.0f, 0.5f}, {-0.4f, 0.0f, 0.0f}, 0.09f, Quirks::faithful(), b);
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, 0.525);
        CHECK_VEC3_NEAR(s.c.other.local, 0.0, -1.0, 0.0);
        CHECK_VEC3_NEAR(s.c.point, 11.0, 5.0, 0.5);
        CHECK_VEC3_NEAR(s.c.other.normal, 1.0, 0.0, 0.0);  // local (0, -1, 0) rotated
        CHECK(s.c.other.normal.w == 0.0f);
        CHECK_VEC3_NEAR(s.c.own.normal, -1.0, 0.0, 0.0);
        CHECK(s.c.other.feature_index == 2);
    }

    TEST_CASE("Mirror (PhysicsSweep_BoxSphere 0x003454c0): the box moves, the values land in the other half") {
        Contact c;
        c.fill(leftover);
        const bool hit =
            physics_sweep_box_sphere(c, Body{}, Shape::of(box_b()), Body{},
                                     Shape::of(Sphere{0.09f, {0.0f, -1.3f, 0.5f}}), Vec4{0.0f, -0.4f, 0.0f, 1.0f});
        REQUIRE(hit);
        CHECK_NEAR(c.fraction, 0.525);
        CHECK(c.own.feature_type == 0);
        CHECK(c.own.feature_index == 2);
        CHECK_VEC3_NEAR(c.own.local, 0.0, -1.0, 0.0);
        CHECK_VEC3_NEAR(c.point, 0.0, -1.0, 0.5);  // on the box's start pose (the true contact is at y -1.21)
        CHECK_VEC3_NEAR(c.own.normal, 0.0, -1.0, 0.0);
        CHECK(c.own.normal.w == 0.0f);
        CHECK_VEC3_NEAR(c.other.normal, 0.0, 1.0, 0.0);
        CHECK(c.other.normal.w == 1.0f);
        CHECK(c.flags == 0u);
        const std::uint64_t words = Contact::word_mask(0x10, 16) | Contact::word_mask(0x20, 12) |
                                    Contact::word_mask(0x30, 8) | Contact::word_mask(0x50, 16) |
                                    Contact::word_mask(0x80, 4) | Contact::word_mask(0x90, 16) |
                                    Contact::word_mask(0xb0, 4);
        CHECK(c.written == words);
        CHECK(c.word_at(0x2c) == leftover);
        CHECK(c.word_at(0x70) == leftover);

        Contact miss;
        miss.fill(leftover);
        CHECK_FALSE(physics_sweep_box_sphere(miss, Body{}, Shape::of(box_b()), Body{},
                                             Shape::of(Sphere{0.09f, {0.0f, -1.3f, 0.5f}}),
                                             Vec4{0.0f, 0.4f, 0.0f, 1.0f}));
        check_untouched(miss);
    }

    TEST_CASE("Strike integration (issue #72): a first zero-move test, then a hand 0.15 m outside to 0.05 m inside") {
        // A sphere switched on this update has previous = current: a zero move.
        CHECK_FALSE(sweep({0.0f, -1.15f, 0.5f}, {}).hit);
        CHECK(sweep({0.0f, -0.95f, 0.5f}, {}).hit);
        // Next update: from 0.15 m outside box 1's side to 0.05 m inside, a face hit.
        const Strike s = sweep({0.0f, -1.15f, 0.5f}, {0.0f, 0.2f, 0.0f});
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, (0.15 - 0.09) / 0.2);
        CHECK_VEC3_NEAR(s.c.other.local, 0.0, -1.0, 0.0);  // what Car_OnHit reads for its bands
        CHECK_VEC3_NEAR(s.c.point, 0.0, -1.0, 0.5);
    }

    TEST_CASE("Straight above the box centre: the direction to the box is (0, 0, 0, 1)") {
        const Strike s = sweep({0.0f, 0.0f, 1.3f}, {0.0f, 0.0f, -0.4f});
        REQUIRE(s.hit);
        CHECK_NEAR(s.c.fraction, 0.525);
        CHECK_VEC3_NEAR(s.c.own.normal, 0.0, 0.0, 0.0);
        CHECK(s.c.own.normal.w == 1.0f);
        CHECK(s.c.other.feature_index == 4);
    }

    TEST_CASE("Every region of the start centre gets the spec's type and index, even without a hit") {
        // (sign or 0 for inside the slab) on x, y, z -> index, from the spec's index table.
        struct Row {
            int sx, sy, sz, type, index;
        };
        const Row rows[] = {
            {1, 0, 0, 0, 1},    {-1, 0, 0, 0, 3},   {0, 1, 0, 0, 0},   {0, -1, 0, 0, 2}, {0, 0, 1, 0, 4},
            {0, 0, -1, 0, 5},   {-1, 1, 0, 2, 0},   {1, 1, 0, 2, 1},   {1, -1, 0, 2, 2}, {-1, -1, 0, 2, 3},
            {-1, 0, -1, 2, 4},  {-1, 0, 1, 2, 5},   {1, 0, -1, 2, 6},  {1, 0, 1, 2, 7},  {0, 1, 1, 2, 8},
            {0, 1, -1, 2, 9},   {0, -1, -1, 2, 10}, {0, -1, 1, 2, 11}, {-1, 1, 1, 1, 0}, {1, 1, 1, 1, 1},
            {1, 1, -1, 1, 2},   {-1, 1, -1, 1, 3},  {-1, -1, 1, 1, 4}, {1, -1, 1, 1, 5}, {1, -1, -1, 1, 6},
            {-1, -1, -1, 1, 7},
        };
        for (const Row& row : rows) {
            const Vec3 start{2.5f * row.sx + 0.1f * (row.sx == 0), 1.5f * row.sy - 0.1f * (row.sy == 0),
                             0.5f + 1.0f * row.sz + 0.05f * (row.sz == 0)};
            const SphereBoxSweep k = sweep_sphere_oriented_box(0.09f, 1.0f, box_b(), {}, start, {});
            CAPTURE(row.index);
            CHECK_FALSE(k.hit);
            CHECK(k.feature_type == row.type);
            CHECK(k.feature_index == row.index);
            // The corrected tables give the region's outward normal: each lane has the region's sign.
            const Vec4 n = sphere_box_to_box_space(box_b(), row.type, row.index, Quirks::corrected());
            CHECK(n.x * row.sx >= 0.0f);
            CHECK(n.y * row.sy >= 0.0f);
            CHECK(n.z * row.sz >= 0.0f);
            CHECK((n.x != 0.0f) == (row.sx != 0));
            CHECK((n.y != 0.0f) == (row.sy != 0));
            CHECK((n.z != 0.0f) == (row.sz != 0));
        }
    }

    TEST_CASE(
        "SphereBox_ToBoxSpace 0x0034baf0: the six wrong entries, the hex constants and the other type "
        "(quirk sphere_box_normal_tables)") {
        const Box b = box_b();
        const float a = table_a, t = table_b;
        CHECK(a == 0.70710683f);  // 0x3f3504f4, one ulp above 1/sqrt(2)
        CHECK(t == 0.577f);       // 0x3f13b646
        struct Wrong {
            int type, index;
            Vec3 original, outward;
        };
        const Wrong wrong[] = {
            {2, 7, {-a, 0, a}, {a, 0, a}},    {2, 6, {-a, 0, -a}, {a, 0, -a}},  {2, 5, {a, 0, -a}, {-a, 0, a}},
            {2, 4, {a, 0, a}, {-a, 0, -a}},   {1, 1, {-t, t, -t}, {t, t, t}},   {1, 3, {t, t, t}, {-t, t, -t}},
            {1, 5, {-t, -t, -t}, {t, -t, t}}, {1, 7, {t, -t, t}, {-t, -t, -t}},
        };
        for (const Wrong& w : wrong) {
            CAPTURE(w.index);
            const Vec4 original = sphere_box_to_box_space(b, w.type, w.index);
            CHECK(xyz(original) == w.original);
            CHECK(original.w == 0.0f);
            CHECK(xyz(sphere_box_to_box_space(b, w.type, w.index, Quirks::corrected())) == w.outward);
        }
        // The other entries are the same in both modes.
        for (int type : {0, 1, 2}) {
            for (int index = 0; index < 12; ++index) {
                const bool listed = (type == 2 && index >= 4 && index <= 7) || (type == 1 && index % 2 == 1);
                if (listed) continue;
                CHECK(xyz(sphere_box_to_box_space(b, type, index)) ==
                      xyz(sphere_box_to_box_space(b, type, index, Quirks::corrected())));
            }
        }
        // Any other type: (0, 1, 0, 1) turned by the rows, w = 1 from the fourth row.
        Box rotated = b;
        rotated.axis[0] = {0.0f, 1.0f, 0.0f};
        rotated.axis[1] = {-1.0f, 0.0f, 0.0f};
        const Vec4 other = sphere_box_to_box_space(rotated, 4, 0);
        CHECK_VEC3_NEAR(other, -1.0, 0.0, 0.0);
        CHECK(other.w == 1.0f);
        // An index past its table reads as "any other type", not out of bounds.
        CHECK(sphere_box_to_box_space(b, 0, 6).w == 1.0f);
        CHECK(sphere_box_to_box_space(b, 1, -1).w == 1.0f);
    }
}
