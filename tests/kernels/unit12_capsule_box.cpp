// Spec Unit 12: a capsule swept against a box. The "Test ideas" rows (box B,
// centre (0, 0, 0.5), half (2, 1, 0.5); capsule r 0.35, h 1.8, base z 0; flag 0,
// grounded, unless given), the quirks, and the contact words written.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "levelsweep/capsule_box_sweep.hpp"
#include "pair_support.hpp"
#include "support.hpp"

using namespace levelsweep;

namespace {

constexpr std::uint32_t leftover = 0xdeadbeefu;

using test::pairs::box_b;

// How the kernels' flag comes about (0x0034468c-0x003446cc).
enum class Owner { grounded, landing, airborne };

struct Walk {
    bool hit = false;
    Contact c;
};

Walk sweep(const Vec3& base, const Vec4& move, Owner owner = Owner::grounded, Quirks q = Quirks::faithful(),
           float r = 0.35f, const Box& box = box_b()) {
    Body human;
    human.owner_landing = owner == Owner::landing;
    if (owner == Owner::airborne) human.owner_object_flags = Body::owner_airborne;
    Walk w;
    w.c.fill(leftover);
    w.hit = physics_sweep_capsule_box(w.c, human, Shape::of(Capsule{r, 1.8f, base}), Body{}, Shape::of(box), move, q);
    return w;
}
Vec4 mv(float x, float y, float z = 0.0f) { return {x, y, z, 1.0f}; }

// The words written on a hit (0x00345000-0x003450c8): +0x10, +0x50 (a corner's w
// not), +0x60 to +0x6c, +0x80, +0x90, +0xa0, +0xb0.
std::uint64_t capsule_box_words(bool corner) {
    return Contact::word_mask(0x10, 16) | Contact::word_mask(0x50, corner ? 12 : 16) | Contact::word_mask(0x60, 16) |
           Contact::word_mask(0x80, 4) | Contact::word_mask(0x90, 16) | Contact::word_mask(0xa0, 16) |
           Contact::word_mask(0xb0, 4);
}

void check_untouched(const Contact& c) {
    CHECK(c.written == 0);
    for (std::size_t off = 0; off < Contact::record_bytes; off += 4) CHECK(c.word_at(off) == leftover);
}

// The smaller root of |q + t.m| = r in 2D, in double.
double circle_root(double qx, double qy, double mx, double my, double r) {
    const double A = mx * mx + my * my, B = qx * mx + qy * my, C = qx * qx + qy * qy - r * r;
    return (-B - std::sqrt(B * B - A * C)) / A;
}

void check_unit(const Vec4& v, double x, double y) {
    const double n = std::sqrt(x * x + y * y);
    CHECK_VEC3_NEAR(v, x / n, y / n, 0.0);
}

}  // namespace

TEST_SUITE("unit12 capsule-box sweep") {
    TEST_CASE("Face: fraction 0.5 and every contact word") {
        const Walk w = sweep({-2.6f, 0.2f, 0.0f}, mv(0.5f, 0.0f));
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, 0.5);
        CHECK_VEC3_NEAR(w.c.other.normal, -1.0, 0.0, 0.0);
        CHECK(w.c.other.normal.w == 1.0f);
        CHECK_VEC3_NEAR(w.c.other.local, -2.0, 0.2, 0.9);
        CHECK(w.c.other.local.w == 1.0f);
        CHECK_VEC3_NEAR(w.c.point, -2.35, 0.2, 0.9);
        CHECK(w.c.point.w == 1.0f);
        CHECK(w.c.slide.x == 0.0f);
        CHECK(w.c.slide.y == 0.0f);
        CHECK(w.c.slide.z == 0.0f);
        CHECK(w.c.slide.w == 1.0f);
        CHECK(w.c.flags == 0u);
        CHECK_VEC3_NEAR(w.c.own.normal, 1.0, 0.0, 0.0);
        CHECK(w.c.own.normal.w == 1.0f);
        CHECK(w.c.written == capsule_box_words(false));
        CHECK(w.c.word_at(0x20) == leftover);
        CHECK(w.c.word_at(0x84) == leftover);
    }

    TEST_CASE("No vertical test: heights decide nothing, and +0x68 is the mid-height at contact") {
        const Walk high = sweep({-2.6f, 0.2f, 5.0f}, mv(0.5f, 0.0f));
        REQUIRE(high.hit);
        CHECK_NEAR(high.c.fraction, 0.5);
        CHECK_NEAR(high.c.other.local.z, 5.9);
        CHECK_NEAR(high.c.point.z, 5.9);
        const Walk down = sweep({-2.6f, 0.2f, 1.0f}, mv(0.5f, 0.0f, -0.4f));
        REQUIRE(down.hit);
        CHECK_NEAR(down.c.fraction, 0.5);
        CHECK_NEAR(down.c.other.local.z, 1.7);
        CHECK_VEC3_NEAR(down.c.own.normal, 0.780869, 0.0, -0.624695);  // the full 3D move
    }

    TEST_CASE("A face's end: the side step's end corner, with the face normal") {
        const Walk w = sweep({-2.6f, 0.9f, 0.0f}, mv(0.5f, 0.4f));
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, 0.539394);
        CHECK_NEAR(w.c.fraction, circle_root(-0.6, -0.1, 0.5, 0.4, 0.35));
        CHECK_NEAR(w.c.other.local.x, -2.0);
        CHECK_NEAR(w.c.other.local.y, 1.0);
        CHECK_VEC3_NEAR(w.c.other.normal, -1.0, 0.0, 0.0);
        CHECK_NEAR_TOL(w.c.point.x, -2.3303, 1e-4);
        CHECK_NEAR_TOL(w.c.point.y, 1.1158, 1e-4);
        CHECK(w.c.flags == 0u);
    }

    TEST_CASE("Corner, diagonal: the corner normal's w is not written, an airborne owner gets no slide") {
        const Walk w = sweep({-2.5f, -1.5f, 0.0f}, mv(0.4f, 0.4f));
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, 0.631282);
        CHECK_NEAR(w.c.fraction, (std::sqrt(0.5) - 0.35) / (0.4 * std::sqrt(2.0)));
        CHECK_VEC3_NEAR(w.c.other.normal, -0.707107, -0.707107, 0.0);
        CHECK(w.c.word_at(0x5c) == leftover);  // a stack word never set
        CHECK_NEAR(w.c.other.local.x, -2.0);
        CHECK_NEAR(w.c.other.local.y, -1.0);
        CHECK_VEC3_NEAR(w.c.point, -2.5 + 0.4 * w.c.fraction, -1.5 + 0.4 * w.c.fraction, 0.9);
        CHECK_NEAR_TOL(w.c.point.x, -2.2475, 1e-4);  // the spec gives 4 decimals
        CHECK_VEC3_NEAR(w.c.slide, -0.707107, -0.707107, 0.0);
        CHECK(w.c.slide.w == 1.0f);
        CHECK(w.c.flags == 1u);
        CHECK(w.c.written == capsule_box_words(true));

        const Walk air = sweep({-2.5f, -1.5f, 0.0f}, mv(0.4f, 0.4f), Owner::airborne);
        REQUIRE(air.hit);
        CHECK_NEAR(air.c.fraction, 0.631282);
        CHECK(air.c.slide.x == 0.0f);
        CHECK(air.c.slide.y == 0.0f);
        CHECK(air.c.slide.w == 1.0f);
        CHECK(air.c.flags == 1u);  // +0xb0 stays 1
    }

    TEST_CASE(
        "PhysicsSweep_CapsuleBox 0x00344f38: a corner normal points from the touch point to the capsule's "
        "start (quirk capsule_box_start_centre_normal)") {
        const Vec3 base{-2.5f, -1.2f, 0.0f};
        const Walk w = sweep(base, mv(0.5f, 0.1f));
        REQUIRE(w.hit);
        const double f = circle_root(-0.5, -0.2, 0.5, 0.1, 0.35);
        CHECK_NEAR(w.c.fraction, f);
        CHECK_NEAR(w.c.fraction, 0.379545);
        CHECK_VEC3_NEAR(w.c.other.normal, -0.928477, -0.371391, 0.0);  // from the start (-2.5, -1.2)
        const Walk fixed = sweep(base, mv(0.5f, 0.1f), Owner::grounded,
                                 Quirks::faithful().without(Quirk::capsule_box_start_centre_normal));
        REQUIRE(fixed.hit);
        check_unit(fixed.c.other.normal, (-2.5 + 0.5 * f) + 2.0, (-1.2 + 0.1 * f) + 1.0);  // (-0.886, -0.463)
        CHECK_NEAR_TOL(fixed.c.other.normal.x, -0.886, 1e-3);
    }

    TEST_CASE("Corner region reaching a face: the face x = -2 with the start-centre corner normal") {
        const Walk w = sweep({-2.5f, -1.1f, 0.0f}, mv(0.5f, 0.5f));
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, 0.3);
        CHECK_NEAR(w.c.other.local.x, -2.0);
        CHECK_NEAR(w.c.other.local.y, -0.95);
        CHECK_VEC3_NEAR(w.c.other.normal, -0.957826, -0.287348, 0.0);
        CHECK_VEC3_NEAR(w.c.slide, -0.707107, -0.707107, 0.0);
        CHECK(w.c.flags == 1u);
        const Walk fixed = sweep({-2.5f, -1.1f, 0.0f}, mv(0.5f, 0.5f), Owner::grounded,
                                 Quirks::faithful().without(Quirk::capsule_box_start_centre_normal));
        CHECK_VEC3_NEAR(fixed.c.other.normal, -1.0, 0.0, 0.0);  // the true normal
    }

    TEST_CASE(
        "PhysicsSweep_CapsuleBox 0x00344f38: touching the (-, -) corner at the start takes its normal from "
        "the opposite corner (quirk capsule_box_opposite_corner)") {
        const Walk w = sweep({-2.2f, -1.2f, 0.0f}, mv(0.1f, 0.1f));
        REQUIRE(w.hit);
        CHECK(w.c.fraction == 0.0f);
        CHECK_VEC3_NEAR(w.c.other.normal, -0.885832, -0.464007, 0.0);  // from (-4.2, -2.2)
        CHECK(w.c.other.local.x == 0.0f);
        CHECK(w.c.other.local.y == 0.0f);
        const Walk pp = sweep({2.2f, 1.2f, 0.0f}, mv(-0.1f, -0.1f));  // (+, +) uses its own corner
        REQUIRE(pp.hit);
        CHECK_VEC3_NEAR(pp.c.other.normal, 0.707107, 0.707107, 0.0);
        CHECK_FALSE(sweep({-2.2f, -1.2f, 0.0f}, mv(-0.1f, -0.1f)).hit);  // moving away, flag 0
        const Walk away = sweep({-2.2f, -1.2f, 0.0f}, mv(-0.1f, -0.1f), Owner::landing);
        REQUIRE(away.hit);
        CHECK(away.c.fraction == 0.0f);
        CHECK_VEC3_NEAR(away.c.other.normal, -0.885832, -0.464007, 0.0);

        const Walk fixed = sweep({-2.2f, -1.2f, 0.0f}, mv(0.1f, 0.1f), Owner::grounded,
                                 Quirks::faithful().without(Quirk::capsule_box_opposite_corner));
        CHECK_VEC3_NEAR(fixed.c.other.normal, -0.707107, -0.707107, 0.0);
    }

    TEST_CASE("Start touching a face: a hit at 0 only when moving towards it, or with flag 1") {
        const Walk in = sweep({-2.2f, 0.0f, 0.0f}, mv(0.1f, 0.0f));
        REQUIRE(in.hit);
        CHECK(in.c.fraction == 0.0f);
        CHECK_VEC3_NEAR(in.c.other.normal, -1.0, 0.0, 0.0);
        CHECK(in.c.other.normal.w == 1.0f);
        CHECK(in.c.other.local.x == 0.0f);
        CHECK(in.c.other.local.y == 0.0f);
        for (const Vec4 m : {mv(-0.1f, 0.0f), mv(0.0f, 0.3f)}) {
            const Walk w = sweep({-2.2f, 0.0f, 0.0f}, m);
            CHECK_FALSE(w.hit);
            check_untouched(w.c);
        }
        const Walk flag1 = sweep({-2.2f, 0.0f, 0.0f}, mv(-0.1f, 0.0f), Owner::landing);
        REQUIRE(flag1.hit);
        CHECK(flag1.c.fraction == 0.0f);
    }

    TEST_CASE("Over the box: a hit at 0 whatever the move, with an unsigned axis") {
        for (const Vec4 m : {mv(0.3f, -0.2f), mv(0.0f, 0.0f)}) {
            const Walk w = sweep({-1.5f, 0.1f, 0.0f}, m);
            REQUIRE(w.hit);
            CHECK(w.c.fraction == 0.0f);
            CHECK_VEC3_NEAR(w.c.other.normal, 1.0, 0.0, 0.0);  // though the capsule is on the -x half
            CHECK(w.c.other.normal.w == 1.0f);
            CHECK(w.c.other.local.x == 0.0f);
            CHECK(w.c.other.local.y == 0.0f);
            CHECK(w.c.flags == 0u);
        }
        CHECK_VEC3_NEAR(sweep({0.5f, -0.9f, 0.0f}, mv(0.1f, 0.0f)).c.other.normal, 0.0, 1.0, 0.0);
        CHECK_VEC3_NEAR(sweep({0.5f, -0.5f, 0.0f}, mv(0.1f, 0.0f)).c.other.normal, 1.0, 0.0, 0.0);  // a tie: A_i
    }

    TEST_CASE("Short and exact: 1.25 is no hit, exactly 1.0 hits") {
        const Walk short_move = sweep({-2.6f, 0.2f, 0.0f}, mv(0.2f, 0.0f));
        CHECK_FALSE(short_move.hit);
        check_untouched(short_move.c);
        const Walk exact = sweep({-2.5f, 0.0f, 0.0f}, mv(0.25f, 0.0f), Owner::grounded, Quirks::faithful(), 0.25f);
        REQUIRE(exact.hit);
        CHECK(exact.c.fraction == 1.0f);
    }

    TEST_CASE(
        "CapsuleBox_SweepCorner 0x0034a318: a graze of the near corner not moving towards that side is "
        "missed (quirk capsule_box_missed_grazes)") {
        // -k = 0.1848 > r.mx = 0.168 and my < 0: the step returns 0, though the line passes
        // |k| / |m| = 0.3265 < r from the corner.
        const Walk w = sweep({-2.6f, -1.01f, 0.0f}, mv(0.48f, -0.3f));
        CHECK_FALSE(w.hit);
        check_untouched(w.c);
        const Walk fixed = sweep({-2.6f, -1.01f, 0.0f}, mv(0.48f, -0.3f), Owner::grounded,
                                 Quirks::faithful().without(Quirk::capsule_box_missed_grazes));
        REQUIRE(fixed.hit);
        CHECK_NEAR(fixed.c.fraction, circle_root(-0.6, -0.01, 0.48, -0.3, 0.35));
        CHECK_NEAR_TOL(fixed.c.fraction, 0.6667, 1e-4);  // the sampled sweep's touch
        CHECK_NEAR(fixed.c.other.local.x, -2.0);
        CHECK_NEAR(fixed.c.other.local.y, -1.0);
    }

    TEST_CASE(
        "CapsuleBox_SweepSide 0x0034a6d0: with flag 1 a receding path gets the end corner's past root, a "
        "negative fraction (quirk capsule_box_negative_fraction)") {
        const Walk w = sweep({-2.5f, 0.8f, 0.0f}, mv(-1.0f, 0.3f), Owner::landing);
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, -0.5);  // q = (-0.5, -0.2), B 0.44, C 0.1675, D 0.105
        CHECK_VEC3_NEAR(w.c.other.normal, -1.0, 0.0, 0.0);
        CHECK(w.c.other.normal.w == 1.0f);
        CHECK_NEAR(w.c.other.local.x, -2.0);
        CHECK_NEAR(w.c.other.local.y, 1.0);
        CHECK_VEC3_NEAR(w.c.point, -2.0, 0.65, 0.9);
        CHECK_FALSE(sweep({-2.5f, 0.8f, 0.0f}, mv(-1.0f, 0.3f)).hit);  // flag 0
        const Walk fixed = sweep({-2.5f, 0.8f, 0.0f}, mv(-1.0f, 0.3f), Owner::landing,
                                 Quirks::faithful().without(Quirk::capsule_box_negative_fraction));
        CHECK_FALSE(fixed.hit);
        check_untouched(fixed.c);
    }

    TEST_CASE(
        "PhysicsSweep_CapsuleBox 0x00344f38: corner normals use A0 and A1 whatever the in-plane axes "
        "are (quirk capsule_box_corner_axes01)") {
        // Box B lying on its side: u = 0, the same footprint.
        Box lying;
        lying.half[0] = 0.5f;
        lying.half[1] = 2.0f;
        lying.half[2] = 1.0f;
        lying.axis[0] = {0.0f, 0.0f, 1.0f};
        lying.axis[1] = {1.0f, 0.0f, 0.0f};
        lying.axis[2] = {0.0f, 1.0f, 0.0f};
        lying.centre = {0.0f, 0.0f, 0.5f};
        const Walk face = sweep({-2.6f, 0.2f, 0.0f}, mv(0.5f, 0.0f), Owner::grounded, Quirks::faithful(), 0.35f, lying);
        REQUIRE(face.hit);
        CHECK_NEAR(face.c.fraction, 0.5);
        CHECK_VEC3_NEAR(face.c.other.normal, -1.0, 0.0, 0.0);
        const Walk w = sweep({-2.5f, -1.5f, 0.0f}, mv(0.4f, 0.4f), Owner::grounded, Quirks::faithful(), 0.35f, lying);
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, 0.631282);
        CHECK_VEC3_NEAR(w.c.other.normal, -0.707107, 0.0, -0.707107);  // a z part
        CHECK_VEC3_NEAR(w.c.slide, -0.707107, -0.707107, 0.0);         // the slide is right
        const Walk fixed = sweep({-2.5f, -1.5f, 0.0f}, mv(0.4f, 0.4f), Owner::grounded,
                                 Quirks::faithful().without(Quirk::capsule_box_corner_axes01), 0.35f, lying);
        CHECK_VEC3_NEAR(fixed.c.other.normal, -0.707107, -0.707107, 0.0);
    }

    TEST_CASE("Rotated box: +0x60 in the box's plane, +0x90 in the world") {
        Box b = box_b();
        b.centre = {10.0f, 5.0f, 0.5f};
        b.axis[0] = {0.0f, 1.0f, 0.0f};
        b.axis[1] = {-1.0f, 0.0f, 0.0f};
        const Walk w = sweep({11.6f, 5.2f, 0.0f}, mv(-0.5f, 0.0f), Owner::grounded, Quirks::faithful(), 0.35f, b);
        REQUIRE(w.hit);
        CHECK_NEAR(w.c.fraction, 0.5);
        CHECK_VEC3_NEAR(w.c.other.normal, 1.0, 0.0, 0.0);  // -A1
        CHECK_NEAR(w.c.other.local.x, 0.2);
        CHECK_NEAR(w.c.other.local.y, -1.0);
        CHECK_VEC3_NEAR(w.c.point, 11.35, 5.2, 0.9);
    }

    TEST_CASE("Mirror (PhysicsSweep_BoxCapsule 0x00345108): the move negated, the halves swapped wholesale") {
        Contact c;
        c.fill(leftover);
        const Vec4 move{-0.5f, 0.0f, 0.0f, 0.25f};  // an unusual w, to see it copied
        const bool hit = physics_sweep_box_capsule(c, Body{}, Shape::of(box_b()), Body{},
                                                   Shape::of(Capsule{0.35f, 1.8f, {-2.6f, 0.2f, 0.0f}}), move);
        REQUIRE(hit);
        CHECK_NEAR(c.fraction, 0.5);
        CHECK_VEC3_NEAR(c.own.normal, -1.0, 0.0, 0.0);
        CHECK(c.own.normal.w == 1.0f);
        CHECK_VEC3_NEAR(c.other.normal, 1.0, 0.0, 0.0);  // normalize(-M): not a surface normal
        CHECK(c.other.normal.w == 0.25f);
        CHECK_VEC3_NEAR(c.own.local, -2.0, 0.2, 0.9);
        CHECK(c.own.local.w == 1.0f);
        CHECK_VEC3_NEAR(c.point, -2.35, 0.2, 0.9);
        CHECK(c.slide.w == 1.0f);
        CHECK(c.slide.x == 0.0f);
        CHECK(c.flags == 0u);
        const std::uint64_t words = Contact::word_mask(0x10, 16) | Contact::word_mask(0x20, 16) |
                                    Contact::word_mask(0x50, 16) | Contact::word_mask(0x80, 4) |
                                    Contact::word_mask(0x90, 16) | Contact::word_mask(0xa0, 16) |
                                    Contact::word_mask(0xb0, 4);
        CHECK(c.written == words);
        CHECK(c.word_at(0x60) == leftover);  // what +0x20 held, swapped in

        Contact miss;
        miss.fill(leftover);
        CHECK_FALSE(physics_sweep_box_capsule(miss, Body{}, Shape::of(box_b()), Body{},
                                              Shape::of(Capsule{0.35f, 1.8f, {-2.6f, 0.2f, 0.0f}}),
                                              Vec4{0.5f, 0.0f, 0.0f, 1.0f}));
        check_untouched(miss);
    }

    TEST_CASE("Zero move: no hit outside with flag 0, with flag 1 the corner's guard gives a hit at 0") {
        const Walk w = sweep({-2.6f, 0.2f, 0.0f}, mv(0.0f, 0.0f));
        CHECK_FALSE(w.hit);
        check_untouched(w.c);
        CHECK_FALSE(sweep({-2.5f, -1.5f, 0.0f}, mv(0.0f, 0.0f)).hit);
        const Vec4 zero{0.0f, 0.0f, 0.0f, 0.75f};
        const Walk corner = sweep({-2.5f, -1.5f, 0.0f}, zero, Owner::landing);
        REQUIRE(corner.hit);
        CHECK(corner.c.fraction == 0.0f);
        CHECK_VEC3_NEAR(corner.c.other.normal, -0.874157, -0.485643, 0.0);  // from (-4.5, -2.5)
        CHECK_NEAR(corner.c.other.local.x, -2.0);
        CHECK_NEAR(corner.c.other.local.y, -1.0);
        CHECK_VEC3_NEAR(corner.c.own.normal, 0.0, 0.0, 0.0);  // normalize(0): (0, 0, 0, w)
        CHECK(corner.c.own.normal.w == 0.75f);
    }

    TEST_CASE(
        "CapsuleBox_SweepSide 0x0034a6d0: a zero move with flag 1 divides by a signed zero, the EE's signed "
        "FLT_MAX hits on the right and top sides only") {
        // The side step gets -mx (or -my) in the regions that negate: -0, so -s / -0 = -FLT_MAX.
        CHECK_FALSE(sweep({-2.6f, 0.2f, 0.0f}, mv(0.0f, 0.0f), Owner::landing).hit);  // left: +FLT_MAX
        CHECK_FALSE(sweep({0.5f, -1.6f, 0.0f}, mv(0.0f, 0.0f), Owner::landing).hit);  // bottom
        const Walk right = sweep({2.6f, 0.2f, 0.0f}, mv(0.0f, 0.0f), Owner::landing);
        REQUIRE(right.hit);
        CHECK(right.c.fraction == -FLT_MAX);
        CHECK_VEC3_NEAR(right.c.other.normal, 1.0, 0.0, 0.0);
        CHECK_NEAR(right.c.other.local.x, 2.0);
        CHECK_NEAR(right.c.other.local.y, 0.2);
        CHECK_VEC3_NEAR(right.c.point, 2.6, 0.2, 0.9);  // B + f.0: the EE's FLT_MAX x 0 is 0
        const Walk top = sweep({0.5f, 1.6f, 0.0f}, mv(0.0f, 0.0f), Owner::landing);
        REQUIRE(top.hit);
        CHECK(top.c.fraction == -FLT_MAX);
        CHECK_VEC3_NEAR(top.c.other.normal, 0.0, 1.0, 0.0);
        // Corrected: that negative fraction is no hit.
        CHECK_FALSE(sweep({2.6f, 0.2f, 0.0f}, mv(0.0f, 0.0f), Owner::landing,
                          Quirks::faithful().without(Quirk::capsule_box_negative_fraction))
                        .hit);
    }

    TEST_CASE("The kernels' flag: 0 for a box that blocks humans, else 1 for an airborne or landing owner") {
        Body human, box;
        CHECK(capsule_box_sweep_flag(human, box) == 0);
        human.owner_landing = true;
        CHECK(capsule_box_sweep_flag(human, box) == 1);
        human.owner_landing = false;
        human.owner_object_flags = Body::owner_airborne;
        CHECK(capsule_box_sweep_flag(human, box) == 1);
        box.flags = Body::block_humans;
        CHECK(capsule_box_sweep_flag(human, box) == 0);
        // Through the entry: a box with BLOCKHUMANS screens a receding airborne capsule.
        Contact c;
        c.fill(leftover);
        CHECK_FALSE(physics_sweep_capsule_box(c, human, Shape::of(Capsule{0.35f, 1.8f, {-2.2f, 0.0f, 0.0f}}), box,
                                              Shape::of(box_b()), mv(-0.1f, 0.0f)));
        box.flags = 0;
        CHECK(physics_sweep_capsule_box(c, human, Shape::of(Capsule{0.35f, 1.8f, {-2.2f, 0.0f, 0.0f}}), box,
                                        Shape::of(box_b()), mv(-0.1f, 0.0f)));
    }

    TEST_CASE("The steps' returns: -1 touching (fraction 0, no point), 0 with flag 0 when not approaching") {
        const CapsuleBoxStep touch = capsule_box_sweep_side(-2.2f, 0.0f, 0.35f, 0.1f, 0.0f, 2.0f, 1.0f, 0);
        CHECK(touch.result == -1);
        CHECK(touch.fraction == 0.0f);
        CHECK_FALSE(touch.point);
        const CapsuleBoxStep away = capsule_box_sweep_side(-2.6f, 0.0f, 0.35f, -0.1f, 0.0f, 2.0f, 1.0f, 0);
        CHECK(away.result == 0);
        CHECK_FALSE(away.fraction);
        const CapsuleBoxStep face = capsule_box_sweep_side(-2.6f, 0.2f, 0.35f, 0.5f, 0.0f, 2.0f, 1.0f, 0);
        CHECK(face.result == 1);
        REQUIRE(face.fraction);
        REQUIRE(face.point);
        CHECK_NEAR(*face.fraction, 0.5);
        CHECK_NEAR(face.point->x, -2.0);
        CHECK_NEAR(face.point->y, 0.2);

        const CapsuleBoxStep ctouch = capsule_box_sweep_corner(-2.2f, -1.2f, 0.35f, -0.1f, -0.1f, 2.0f, 1.0f, 1);
        CHECK(ctouch.result == -1);
        CHECK(ctouch.fraction == 0.0f);
        CHECK(capsule_box_sweep_corner(-2.5f, -1.5f, 0.35f, -0.1f, 0.0f, 2.0f, 1.0f, 0).result == 0);
        // The near corner's explicit guard (0x0034a3f0): D exactly 0 gives fraction 0.
        const CapsuleBoxStep guard = capsule_box_sweep_corner(-2.5f, -1.5f, 0.35f, 0.0f, 0.0f, 2.0f, 1.0f, 1);
        CHECK(guard.result == 1);
        CHECK(guard.fraction == 0.0f);
        REQUIRE(guard.point);
        CHECK_NEAR(guard.point->x, -2.0);
        CHECK_NEAR(guard.point->y, -1.0);
        // The far corner (-hx, +hy) from the corner region: the path passes the face x = -2 farther
        // than r (k2 = 2.1 > r.my = 1.8) but within r of that corner (k2^2 = 4.41 <= r^2.A = 6.48).
        const CapsuleBoxStep far = capsule_box_sweep_corner(-4.9f, -1.2f, 0.6f, 3.0f, 3.0f, 2.0f, 1.0f, 0);
        CHECK(far.result == 1);
        REQUIRE(far.fraction);
        REQUIRE(far.point);
        CHECK_NEAR(*far.fraction, circle_root(-2.9, -2.2, 3.0, 3.0, 0.6));
        CHECK_NEAR(far.point->x, -2.0);
        CHECK_NEAR(far.point->y, 1.0);
    }

    TEST_CASE(
        "capsule-box: NaN, infinite and huge inputs flow through the float math: no crash, and a contact is written "
        "whole or not at all") {
        const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
        const float odd[] = {nan, inf, -inf, 3e38f, 0.0f, -0.0f, 0.5f};
        int calls = 0;
        for (const float v : odd) {
            for (int slot = 0; slot < 5; ++slot) {
                Box box = box_b();
                Vec3 base{-2.5f, -1.4f, 0.0f};
                Vec4 move = mv(0.4f, 0.5f);
                float r = 0.35f;
                if (slot == 0) base.x = v;
                if (slot == 1) move.y = v;
                if (slot == 2) r = v;
                if (slot == 3) box.half[0] = v;
                if (slot == 4) box.axis[0].z = box.axis[1].z = box.axis[2].z = v;  // NaN: the axis scan keeps u = -1
                for (const Owner owner : {Owner::grounded, Owner::landing}) {
                    const Walk w = sweep(base, move, owner, Quirks::faithful(), r, box);
                    const Walk fixed = sweep(base, move, owner, Quirks::corrected(), r, box);
                    // A hit writes +0x10, +0x50 x y z, +0x60, +0x80, +0x90, +0xa0, +0xb0 at least.
                    CHECK((w.c.written & capsule_box_words(true)) == (w.hit ? capsule_box_words(true) : 0u));
                    CHECK((fixed.c.written & capsule_box_words(true)) == (fixed.hit ? capsule_box_words(true) : 0u));
                    calls += 2;
                }
            }
            (void)capsule_box_sweep_side(v, 0.0f, 0.35f, v, 0.0f, 2.0f, 1.0f, 1);
            (void)capsule_box_sweep_corner(-2.5f, v, 0.35f, 0.1f, v, 2.0f, 1.0f, 1, Quirks::corrected());
        }
        CHECK(calls == 140);
    }
}
