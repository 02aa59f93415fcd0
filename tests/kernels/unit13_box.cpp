// Spec Unit 13, a box against a box and a triangle: every "Test ideas" row with
// the values the spec gives (the mesh-walk rows at kernel level), the
// zero-speed quirk with its corrected values, and the box pair wrappers.
#include <cmath>

#include "levelsweep/box_sweep.hpp"
#include "pair_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;

namespace {

constexpr Quirks faithful = Quirks::faithful();
constexpr Quirks corrected = Quirks::corrected();

// Test 1's floor, raised by `z` (the brick's floor is at 0.2231).
WorkingTriangle floor_at(float z) { return prepare_triangle({-10, -10, z}, {30, -10, z}, {-10, 30, z}); }

// Box I: world-aligned, half extents 0.5.
Box unit_box(Vec3 P) { return box(P, {0.5f, 0.5f, 0.5f}); }

// Test 2's box: rotated 40 degrees about the unit axis along (1, 2, 3).
Box tilted_box() { return rotated(unit_box({0, 0, 2}), {1, 2, 3}, 40); }

const Body still{};

// A box's pair-table shape.
Shape box_shape(const Box& b) { return Shape::of(b); }

}  // namespace

TEST_SUITE("unit13 box") {
    // ---- Sweep_IntervalOverlap ----------------------------------------------------

    TEST_CASE("Sweep_IntervalOverlap 0x0034a8d0: the spec's interval rows (A = [0, 1], tMax 1)") {
        float first = 0.0f, last = box_triangle_open_window;
        CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, 4, 0, 1, -3, -2));  // B below, rising
        CHECK(first == 0.5f);
        CHECK(last == 1.0f);
        first = 0.0f, last = box_triangle_open_window;
        CHECK(sweep_interval_overlap(first, last, 1.0f, 1, 0, 1, -3, -2));  // tFirst = 2 > tMax
        CHECK(first == 2.0f);                                               // keeps the new value
        first = 0.0f, last = box_triangle_open_window;
        CHECK(sweep_interval_overlap(first, last, 1.0f, -1, 0, 1, -3, -2));  // moving away
        first = 0.0f, last = box_triangle_open_window;
        CHECK(sweep_interval_overlap(first, last, 1.0f, 0, 0, 1, 2, 3));  // apart at zero speed: right
        // B above A, falling: k = -1/4 (case 2); then overlapping now at +-2 (case 3).
        first = 0.0f, last = box_triangle_open_window;
        CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, -4, 0, 1, 2, 3));
        CHECK(first == 0.25f);
        CHECK(last == 0.75f);
        first = 0.0f, last = box_triangle_open_window;
        CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, 2, 0, 1, 0.5f, 2));
        CHECK(last == 0.25f);
        CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, -2, 0, 1, 0.5f, 2));
        CHECK(last == 0.25f);  // (0 - 2) / -2 = 1 does not lower it
        // The end test is strict: an empty window of one point is not empty.
        first = 0.25f, last = box_triangle_open_window;
        CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, 2, 0, 1, 0.5f, 2));
        CHECK(last == first);
        first = 0.5f, last = box_triangle_open_window;
        CHECK(sweep_interval_overlap(first, last, 1.0f, 2, 0, 1, 0.5f, 2));  // last 0.25 < first 0.5
    }

    TEST_CASE("Sweep_IntervalOverlap 0x0034a8d0 quirk interval_zero_speed_reset: overlapping at zero speed") {
        for (const float b_min : {0.5f, 1.0f}) {  // overlapping, and touching
            CAPTURE(b_min);
            float first = 0.7f, last = 0.9f;
            CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, 0, 0, 1, b_min, 2, faithful));
            CHECK(first == 0.0f);  // the earlier axes' window is thrown away
            CHECK(last == 1.0f);
            first = 0.7f, last = 0.9f;
            CHECK_FALSE(sweep_interval_overlap(first, last, 1.0f, 0, 0, 1, b_min, 2, corrected));
            CHECK(first == 0.7f);  // corrected: left alone
            CHECK(last == 0.9f);
        }
    }

    TEST_CASE("BoxTri_ProjectBox 0x0034aa60 and BoxTri_ProjectTriangle 0x0034ab28") {
        const AxisInterval b = box_tri_project_box(box({1, 2, 3}, {0.5f, 1, 2}), {1, 1, 0});  // L not unit
        CHECK_NEAR(b.min, 3 - 1.5);
        CHECK_NEAR(b.max, 3 + 1.5);
        const AxisInterval t = box_tri_project_triangle({1, 0, 0}, {0, 0, 0}, {2, 0, 0}, {1, 0, 0});
        CHECK(t.min == 0.0f);
        CHECK(t.max == 2.0f);
        const AxisInterval u = box_tri_project_triangle({1, 0, 0}, {3, 0, 0}, {0, 0, 0}, {1, 0, 0});
        CHECK(u.min == 0.0f);
        CHECK(u.max == 3.0f);
    }

    // ---- Sweep_BoxTriangle ---------------------------------------------------------

    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0 quirk interval_zero_speed_reset: the flat drop returns 0 (exact 0.75)") {
        const WorkingTriangle floor = floor_at(0);
        const Box I = unit_box({0, 0, 2});
        BoxTriangleTrace trace;
        CHECK(sweep_box_triangle(I, floor, {0, 0, -2}, faithful, trace) == 0.0f);
        REQUIRE(trace.axes == 13);
        CHECK_NEAR(trace.first[0], 0.75);  // the face
        for (int k : {1, 2}) {             // A0, A1: reset
            CHECK(trace.first[k] == 0.0f);
            CHECK(trace.last[k] == 1.0f);
        }
        CHECK_NEAR(trace.first[3], 0.75);                  // A2
        for (int k : {4 + 3 + 2, 4 + 6 + 1, 4 + 6 + 2}) {  // e1 x A2, e2 x A1, e2 x A2: the last resets
            CHECK(trace.first[k] == 0.0f);
            CHECK(trace.last[k] == 1.0f);
        }
        CHECK(sweep_box_triangle(I, floor, {0, 0, -2}) == 0.0f);  // the plain form agrees
        CHECK_NEAR(sweep_box_triangle(I, floor, {0, 0, -2}, corrected), 0.75);
        // A horizontal part does not help: the edge along x is parallel to A0 (a zero axis).
        CHECK(sweep_box_triangle(I, floor, {0.1f, 0.05f, -2}, faithful) == 0.0f);
        CHECK_NEAR(sweep_box_triangle(I, floor, {0.1f, 0.05f, -2}, corrected), 0.75);
        // Turned 30 degrees about z: still 0 straight down, the true 0.75 with a horizontal part.
        const Box turned = rotated(I, {0, 0, 1}, 30);
        CHECK(sweep_box_triangle(turned, floor, {0, 0, -2}, faithful) == 0.0f);
        CHECK_NEAR(sweep_box_triangle(turned, floor, {0, 0, -2}, corrected), 0.75);
        CHECK_NEAR(sweep_box_triangle(turned, floor, {0.1f, 0.05f, -2}, faithful), 0.75);
        CHECK_NEAR(sweep_box_triangle(turned, floor, {0.1f, 0.05f, -2}, corrected), 0.75);
    }

    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0: the tilted drop gets the true fraction (Mesh contact, kernel part)") {
        const Box tilted = tilted_box();
        for (const Quirks q : {faithful, corrected}) {
            const float t = sweep_box_triangle(tilted, floor_at(0), {0, 0, -2}, q);
            CHECK_NEAR(t, 0.629511);
            // The mesh contact's +0x90 is the box centre at contact, P + t x move.
            CHECK_NEAR(2.0f + t * -2.0f, 0.740977);
        }
    }

    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0 quirk interval_zero_speed_reset: too early (0.5, exact 1.0)") {
        const WorkingTriangle wall = prepare_triangle({0, 0, 0}, {0, 0, 2}, {0, 2, 0});  // normal -x
        const Box I = unit_box({-1, -2, 0});
        CHECK_NEAR(sweep_box_triangle(I, wall, {1, 1.5f, 0}, faithful), 0.5);
        CHECK_NEAR(sweep_box_triangle(I, wall, {1, 1.5f, 0}, corrected), 1.0);
    }

    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0 quirk interval_zero_speed_reset: a contact where there is none") {
        const WorkingTriangle tri = prepare_triangle({1, 3, -1}, {0, 0, 1}, {1, -1, 0});  // normal (5, 1, 4)
        const Box I = unit_box({2, 1.5f, 0});
        const Vec3 move{-2, 0, 1.5f};
        BoxTriangleTrace trace;
        CHECK_NEAR(sweep_box_triangle(I, tri, move, faithful, trace), 0.25);
        REQUIRE(trace.axes == 13);
        CHECK_NEAR(trace.first[0], 0.625);  // face [0.625, 3.125]
        CHECK_NEAR(trace.last[0], 3.125);
        CHECK_NEAR(trace.first[1], 0.625);  // A0 [0.625, 1.25]
        CHECK_NEAR(trace.last[1], 1.25);
        CHECK(trace.first[2] == 0.0f);  // A1 resets to [0, 1]
        CHECK(trace.last[2] == 1.0f);
        CHECK_NEAR(trace.first[12], 0.25);  // the crosses narrow it to [0.25, 0.556]
        CHECK_NEAR_TOL(trace.last[12], 0.556, 5e-4);
        CHECK(sweep_box_triangle(I, tri, move, corrected) == box_triangle_no_contact);
    }

    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0: short and touching moves") {
        const WorkingTriangle floor = floor_at(0);
        const Box I = unit_box({0, 0, 2});
        for (const Quirks q : {faithful, corrected}) {
            CHECK(sweep_box_triangle(I, floor, {0, 0, -1}, q) == box_triangle_no_contact);  // the face axis refuses
            CHECK(sweep_box_triangle(tilted_box(), floor, {0, 0, -1}, q) == box_triangle_no_contact);
        }
        // Touching exactly at the end: 0.0 by the quirk, exact 1.0 (t = 1 is a contact).
        CHECK(sweep_box_triangle(I, floor, {0, 0, -1.5f}, faithful) == 0.0f);
        CHECK(sweep_box_triangle(I, floor, {0, 0, -1.5f}, corrected) == 1.0f);
        CHECK(box_triangle_no_contact == 1e28f);
        CHECK(std::bit_cast<std::uint32_t>(box_triangle_no_contact) == 0x6e013f39u);
        CHECK(std::bit_cast<std::uint32_t>(box_triangle_open_window) == 0x6753c21cu);
    }

    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0 quirk interval_zero_speed_reset: the brick lands (Settling)") {
        // Floor at 0.2231, brick half (0.035, 0.105, 0.05) turned 30 degrees about z,
        // centre (0, 0, 0.35), D = (0.3, 0.2, -5.4886) m/s x 1/30 s.
        const WorkingTriangle floor = floor_at(0.2231f);
        const Box brick = rotated(box({0, 0, 0.35f}, {0.035f, 0.105f, 0.05f}), {0, 0, 1}, 30);
        const Vec3 D{0.01f, 0.006667f, -0.182953f};
        for (const Quirks q : {faithful, corrected}) {  // no axis has zero speed: no reset
            const float t = sweep_box_triangle(brick, floor, D, q);
            CHECK_NEAR(t, 0.420326);
            CHECK_NEAR(t * D.z, -0.0769);  // the advance
        }
        // Straight down the fraction is 0 and the brick is not advanced; corrected, the true fraction.
        CHECK(sweep_box_triangle(brick, floor, {0, 0, D.z}, faithful) == 0.0f);
        CHECK_NEAR(sweep_box_triangle(brick, floor, {0, 0, D.z}, corrected), 0.420326);
    }

    // ---- Sweep_BoxBox and the pair wrappers -----------------------------------------

    TEST_CASE("Sweep_BoxBox 0x0034c430 via PhysicsSweep_BoxBox 0x003451e8: boxes passing") {
        const Shape own = box_shape(unit_box({0, 0, 0}));
        const Shape other = box_shape(unit_box({0, 2, 0}));
        struct Row {
            Vec3 move;
            bool meet;
        };
        const Row rows[] = {{{3, 0, 0}, false}, {{0, 0.99f, 0}, false}, {{0, 1.0f, 0}, true}, {{0, 1.5f, 0}, true}};
        for (const Row& r : rows) {
            CAPTURE(r.move.x);
            CAPTURE(r.move.y);
            Contact c = fresh_contact();
            CHECK(physics_sweep_box_box(c, still, own, still, other, with_w(r.move, 0), faithful) == r.meet);
            if (!r.meet) CHECK(c.untouched(0, Contact::record_bytes));
        }
        // Move (3, 0, 0) is separated by A1 (axis 1).
        const auto axis = sweep_box_box_separating_axis(own.box, {3, 0, 0}, other.box, {});
        REQUIRE(axis.has_value());
        CHECK(*axis == 1);
    }

    TEST_CASE("Sweep_BoxBox 0x0034c430: a corner only the velocity axes see") {
        const Box own = unit_box({-2, 0, 0});
        const Box other = unit_box({0, 0, 0});
        // Own moves by (2, 3, 0): W = -move. The 15 end-point axes all pass; W x A2 separates.
        const auto axis = sweep_box_box_separating_axis(own, {2, 3, 0}, other, {});
        REQUIRE(axis.has_value());
        CHECK(*axis == 15 + 2);
        CHECK_FALSE(sweep_box_box(own, {2, 3, 0}, other, {}));
        CHECK(sweep_box_box(own, {3, 3, 0}, other, {}));  // touching the corner
        // The same meeting seen from the other box (it moves, own stands): same answer.
        CHECK_FALSE(sweep_box_box(own, {}, other, {-2, -3, 0}));
        CHECK(sweep_box_box(own, {}, other, {-3, -3, 0}));
    }

    TEST_CASE("PhysicsSweep_BoxBox 0x003451e8: the contact of a meeting") {
        const Shape own = box_shape(unit_box({0, 0, 1}));
        const Shape other = box_shape(unit_box({1.5f, 0.3f, 1.2f}));
        Contact c = fresh_contact();
        REQUIRE(physics_sweep_box_box(c, still, own, still, other, {2, 0, 0, 0}, faithful));
        CHECK(c.fraction == 0.0f);
        CHECK_VEC3_NEAR(c.other.normal, -1, 0, 0);
        CHECK(c.other.normal.w == 0.0f);  // the move's w
        CHECK_VEC3_NEAR(c.own.normal, 1, 0, 0);
        CHECK(c.own.normal.w == 0.0f);
        CHECK_NEAR(c.other.local.x, -0.5);  // clamp(-1.5, -0.5, 0.5)
        CHECK_NEAR(c.other.local.y, -0.3);
        CHECK_NEAR(c.other.local.z, 1.0);  // the own centre's world z
        CHECK_VEC3_NEAR(c.point, -0.5, -0.3, 1.0);
        CHECK(c.point.w == 1.0f);
        CHECK(c.flags == 0u);
        const std::uint64_t writes = words(offs::own_normal, 16) | words(offs::other_normal, 16) |
                                     words(offs::other_local, 12) | words(offs::fraction, 4) | words(offs::point, 16) |
                                     words(offs::flags, 4);
        CHECK(c.written == writes);  // +0x6c, +0x88, +0xa0, +0xb4 are not written
        // The move's w is copied into both normals.
        Contact w = fresh_contact();
        REQUIRE(physics_sweep_box_box(w, still, own, still, other, {3, 0, 4, 1}, faithful));
        CHECK_VEC3_NEAR(w.own.normal, 0.6, 0, 0.8);
        CHECK_VEC3_NEAR(w.other.normal, -0.6, 0, -0.8);
        CHECK(w.own.normal.w == 1.0f);
        CHECK(w.other.normal.w == 1.0f);
        // A zero move with overlapping boxes still meets.
        Contact z = fresh_contact();
        CHECK(physics_sweep_box_box(z, still, own, still, box_shape(unit_box({0.5f, 0, 1})), {0, 0, 0, 0}, faithful));
        CHECK(z.fraction == 0.0f);
    }

    TEST_CASE("PhysicsSweep_BoxBox 0x003451e8 quirk box_box_sweep_point: frame offsets added to world x, y") {
        const Shape own = box_shape(unit_box({0, 0, 1}));
        const Shape other = box_shape(unit_box({1.5f, 0.3f, 1.2f}));
        const Quirks q = faithful.without(Quirk::box_box_sweep_point);
        Contact c = fresh_contact();
        REQUIRE(physics_sweep_box_box(c, still, own, still, other, {2, 0, 0, 0}, q));
        // Corrected: the point of the other box nearest the own centre, Q + (-0.5, -0.3, -0.2).
        CHECK_VEC3_NEAR(c.point, 1.0, 0.0, 1.0);
        CHECK(c.point.w == 1.0f);
        CHECK_NEAR(c.other.local.x, -0.5);  // the frame offsets themselves are unchanged
        // The other box turned 90 degrees about z: its B0 is world y. The original's point
        // is the own centre plus frame offsets; corrected, a point on the turned box.
        const Shape turned = box_shape(rotated(box({1.5f, 0, 1}, {0.5f, 1.0f, 0.5f}), {0, 0, 1}, 90));
        Contact f = fresh_contact();
        REQUIRE(physics_sweep_box_box(f, still, own, still, turned, {2, 0, 0, 0}, faithful));
        CHECK_NEAR(f.other.local.x, 0.0);  // B0 = (0, 1, 0): B0.P - B0.Q = 0
        CHECK_NEAR(f.other.local.y, 1.0);  // B1 = (-1, 0, 0): 0 + 1.5 = 1.5, clamped to 1
        CHECK_VEC3_NEAR(f.point, 0.0, 1.0, 1.0);
        Contact g = fresh_contact();
        REQUIRE(physics_sweep_box_box(g, still, own, still, turned, {2, 0, 0, 0}, q));
        CHECK_VEC3_NEAR(g.point, 0.5, 0.0, 1.0);  // Q + 1 x B1 = (1.5, 0, 1) + (-1, 0, 0)
    }

    TEST_CASE("PhysicsSweep_SegmentBox 0x00345588 and PhysicsSweep_BoxSegment 0x00345590: never touch") {
        const Shape cube = box_shape(unit_box({0, 0, 0}));
        const Shape through = segment({-2, 0, 0}, {2, 0, 0}, 0.1f);
        Contact a = fresh_contact();
        CHECK_FALSE(physics_sweep_segment_box(a, still, through, still, cube, {1, 0, 0, 0}, faithful));
        CHECK(a.untouched(0, Contact::record_bytes));
        Contact b = fresh_contact();
        CHECK_FALSE(physics_sweep_box_segment(b, still, cube, still, through, {1, 0, 0, 0}, faithful));
        CHECK(b.untouched(0, Contact::record_bytes));
        CHECK(b.word_at(offs::own_normal) == leftover);  // no halves swapped
    }
}
