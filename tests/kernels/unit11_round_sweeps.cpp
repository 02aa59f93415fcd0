// Unit 11 (not in the spec): the round-shape sweeps of the sweep table, our
// definitions (docs/decisions.md, "The round-shape sweeps"). Hand cases whose
// answers follow from the geometry: face-on, touching at the end, grazing,
// start inside and touching, coincident centres, zero moves, very long and very
// short capsules, the flat ends of two capsules, and the words each row writes.
#include <doctest/doctest.h>

#include "levelsweep/overlap.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/round_sweep.hpp"
#include "pair_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test::pairs;

namespace {

struct Swept {
    bool hit = false;
    Contact c;
};

Swept run(SweepFn fn, const Shape& own, const Shape& other, Vec3 move, Quirks q = Quirks::faithful()) {
    Swept s;
    s.c = fresh_contact();
    s.hit = fn(s.c, Body{}, own, Body{}, other, with_w(move, 1.0f), q);
    return s;
}

// The sphere row's words (PhysicsSweep_SphereBox's, Unit 5, less +0x70/+0x74):
// +0x10, +0x50, +0x60 x y z, +0x80, +0x90, +0xb0.
const std::uint64_t sphere_row_words =
    words(0x10, 16) | words(0x50, 16) | words(0x60, 12) | words(0x80, 4) | words(0x90, 16) | words(0xb0, 4);
// The capsule row's (PhysicsSweep_CapsuleBox's, Unit 12): +0x10, +0x50, +0x60 to
// +0x6c, +0x80, +0x90, +0xa0, +0xb0.
const std::uint64_t capsule_row_words = words(0x10, 16) | words(0x50, 16) | words(0x60, 16) | words(0x80, 4) |
                                        words(0x90, 16) | words(0xa0, 16) | words(0xb0, 4);

void check_untouched(const Swept& s) {
    CHECK_FALSE(s.hit);
    CHECK(s.c.written == 0);
    CHECK(s.c.word_at(0x80) == leftover);
}

const Shape human_at_origin = capsule(0.35f, 1.8f, {0, 0, 0});

}  // namespace

TEST_SUITE("unit11 round sweeps") {
    TEST_CASE(
        "PhysicsSweep_SphereSphere (ours): face-on, touching at the end, short, and the words of the sphere row") {
        // 1 m apart, radii 0.09 and 0.16: they touch after 0.75 m.
        const Swept a = run(physics_sweep_sphere_sphere, sphere(0.09f, {0, 0, 1}), sphere(0.16f, {1, 0, 1}), {1, 0, 0});
        REQUIRE(a.hit);
        CHECK(a.c.written == sphere_row_words);
        CHECK_NEAR(a.c.fraction, 0.75);
        CHECK_VEC3_NEAR(a.c.other.normal, -1, 0, 0);  // the other's outward normal, towards the mover
        CHECK(a.c.other.normal.w == 0.0f);            // as Unit 5's feature normals
        CHECK_VEC3_NEAR(a.c.point, 0.84, 0, 1);       // on the other's surface
        CHECK(a.c.point.w == 1.0f);
        CHECK_VEC3_NEAR(a.c.other.local, -0.16, 0, 0);  // from the other's centre
        CHECK(a.c.word_at(0x6c) == leftover);           // +0x6c not written, as Unit 5
        CHECK_VEC3_NEAR(a.c.own.normal, 1, 0, 0);       // horizontally towards the other's centre
        CHECK(a.c.own.normal.w == 1.0f);
        CHECK(a.c.flags == 0u);
        // Radii 0.125 + 0.125 and a move of 0.75: touching exactly at the end counts.
        const Swept end =
            run(physics_sweep_sphere_sphere, sphere(0.125f, {0, 0, 0}), sphere(0.125f, {1, 0, 0}), {0.75f, 0, 0});
        REQUIRE(end.hit);
        CHECK(end.c.fraction == 1.0f);
        check_untouched(
            run(physics_sweep_sphere_sphere, sphere(0.125f, {0, 0, 0}), sphere(0.125f, {1, 0, 0}), {0.7f, 0, 0}));
        check_untouched(
            run(physics_sweep_sphere_sphere, sphere(0.125f, {0, 0, 0}), sphere(0.125f, {1, 0, 0}), {-1, 0, 0}));
    }

    TEST_CASE(
        "PhysicsSweep_SphereSphere (ours): a graze at exactly the sum of the radii touches, 0.1 mm farther misses") {
        const Shape other = sphere(0.125f, {1, 0, 0});
        const Swept graze = run(physics_sweep_sphere_sphere, sphere(0.125f, {0, 0.25f, 0}), other, {2, 0, 0});
        REQUIRE(graze.hit);
        CHECK(graze.c.fraction == 0.5f);  // the discriminant is exactly 0
        CHECK_VEC3_NEAR(graze.c.other.normal, 0, 1, 0);
        check_untouched(run(physics_sweep_sphere_sphere, sphere(0.125f, {0, 0.2501f, 0}), other, {2, 0, 0}));
    }

    TEST_CASE(
        "PhysicsSweep_SphereSphere (ours): a start inside or touching is a hit at 0 with the separation direction, "
        "whatever the move") {
        for (const Vec3 move : {Vec3{1, 0, 0}, Vec3{-1, 0, 0}, Vec3{0, 0, 0}, Vec3{0, 3, 0}}) {
            CAPTURE(move.x);
            CAPTURE(move.y);
            const Swept in =
                run(physics_sweep_sphere_sphere, sphere(0.25f, {0, 0, 1}), sphere(0.5f, {0.5f, 0, 1}), move);
            REQUIRE(in.hit);
            CHECK(in.c.fraction == 0.0f);
            CHECK_VEC3_NEAR(in.c.other.normal, -1, 0, 0);
            CHECK(in.c.other.normal.w == 1.0f);  // as Unit 5's start-inside normal
            CHECK_VEC3_NEAR(in.c.point, 0, 0, 1);
            // Touching at the start (0.25 + 0.5 apart) counts too.
            const Swept touch =
                run(physics_sweep_sphere_sphere, sphere(0.25f, {0, 0, 1}), sphere(0.5f, {0.75f, 0, 1}), move);
            REQUIRE(touch.hit);
            CHECK(touch.c.fraction == 0.0f);
        }
    }

    TEST_CASE(
        "PhysicsSweep_SphereSphere (ours): coincident centres take the coincident-axes normal of "
        "PhysicsOverlap_CapsuleCapsule 0x00346388") {
        // Within 1 mm (|v|^2 below 1e-6) the separation has no direction: +0x50 is
        // the negation of (0, 1, 0) at 0x00511730, as the overlap's other half.
        for (const Vec3 at : {Vec3{2, 3, 1}, Vec3{2.0005f, 3, 1}}) {
            const Swept s = run(physics_sweep_sphere_sphere, sphere(0.1f, {2, 3, 1}), sphere(0.3f, at), {1, 1, 0});
            REQUIRE(s.hit);
            CHECK(s.c.fraction == 0.0f);
            CHECK_VEC3_NEAR(s.c.other.normal, 0, -1, 0);
            CHECK_VEC3_NEAR(s.c.point, at.x, at.y - 0.3f, at.z);  // the other's surface along that normal
        }
        // 2 mm apart is a direction again.
        const Swept apart = run(physics_sweep_sphere_sphere, sphere(0.1f, {2, 3, 1}), sphere(0.3f, {2.002f, 3, 1}), {});
        REQUIRE(apart.hit);
        CHECK_VEC3_NEAR(apart.c.other.normal, -1, 0, 0);
        // A zero move that does not start within reach finds nothing.
        check_untouched(run(physics_sweep_sphere_sphere, sphere(0.1f, {2, 3, 1}), sphere(0.3f, {3, 3, 1}), {}));
    }

    TEST_CASE(
        "PhysicsSweep_SphereCapsule (ours): a hand against a human's side, the top and below the feet (a true "
        "capsule)") {
        const Shape hand = sphere(0.09f, {-0.6f, 0, 1});
        const Swept side = run(physics_sweep_sphere_capsule, hand, human_at_origin, {0.6f, 0, 0});
        REQUIRE(side.hit);
        CHECK(side.c.written == sphere_row_words);
        CHECK_NEAR(side.c.fraction, 0.16 / 0.6);
        CHECK_VEC3_NEAR(side.c.other.normal, -1, 0, 0);
        CHECK_VEC3_NEAR(side.c.point, -0.35, 0, 1);
        CHECK_VEC3_NEAR(side.c.other.local, -0.35, 0, 1);  // from the base B
        // Over the head: the rounded top, 0.35 above B.z + h.
        const Swept top =
            run(physics_sweep_sphere_capsule, sphere(0.09f, {0, 0, 2.5f}), human_at_origin, {0, 0, -0.5f});
        REQUIRE(top.hit);
        CHECK_NEAR(top.c.fraction, 0.26 / 0.5);
        CHECK_VEC3_NEAR(top.c.other.normal, 0, 0, 1);
        CHECK_VEC3_NEAR(top.c.point, 0, 0, 2.15);
        CHECK_VEC3_NEAR(top.c.own.normal, 0, 0, 0);  // straight above the axis: (0, 0, 0, 1)
        CHECK(top.c.own.normal.w == 1.0f);
        // Below the feet.
        const Swept below =
            run(physics_sweep_sphere_capsule, sphere(0.09f, {0, 0, -0.6f}), human_at_origin, {0, 0, 0.5f});
        REQUIRE(below.hit);
        CHECK_NEAR(below.c.fraction, 0.16 / 0.5);
        CHECK_VEC3_NEAR(below.c.other.normal, 0, 0, -1);
        // A rounded shoulder: diagonally onto the top cap's centre.
        const Swept cap = run(physics_sweep_sphere_capsule, sphere(0.05f, {1, 0, 2.8f}), human_at_origin, {-1, 0, -1});
        REQUIRE(cap.hit);
        CHECK_NEAR(cap.c.fraction, 1.0 - 0.4 / std::sqrt(2.0));
        CHECK_VEC3_NEAR(cap.c.other.normal, std::sqrt(0.5), 0, std::sqrt(0.5));
    }

    TEST_CASE("PhysicsSweep_SphereCapsule (ours): a very long capsule and a zero-height one (a sphere)") {
        const Swept tall =
            run(physics_sweep_sphere_capsule, sphere(0.09f, {-1, 0, 500}), capsule(0.35f, 1000, {0, 0, 0}), {1, 0, 0});
        REQUIRE(tall.hit);
        CHECK_NEAR(tall.c.fraction, 0.56);
        CHECK_VEC3_NEAR(tall.c.point, -0.35, 0, 500);
        const Swept flat =
            run(physics_sweep_sphere_capsule, sphere(0.09f, {-1, 0, 0.2f}), capsule(0.35f, 0, {0, 0, 0}), {1, 0, 0});
        REQUIRE(flat.hit);
        CHECK_NEAR(flat.c.fraction, 1.0 - std::sqrt(0.44 * 0.44 - 0.2 * 0.2));
        const Swept as_ball =
            run(physics_sweep_sphere_sphere, sphere(0.09f, {-1, 0, 0.2f}), sphere(0.35f, {0, 0, 0}), {1, 0, 0});
        CHECK(flat.c.fraction == as_ball.c.fraction);
    }

    TEST_CASE("PhysicsSweep_SphereSegment (ours): a segment along y, its side and its rounded end") {
        const Shape bar = segment({0, 0, 0}, {0, 2, 0}, 0.05f);
        const Swept side = run(physics_sweep_sphere_segment, sphere(0.1f, {1, 1, 0}), bar, {-1, 0, 0});
        REQUIRE(side.hit);
        CHECK(side.c.written == sphere_row_words);
        CHECK_NEAR(side.c.fraction, 0.85);
        CHECK_VEC3_NEAR(side.c.other.normal, 1, 0, 0);
        CHECK_VEC3_NEAR(side.c.point, 0.05, 1, 0);
        CHECK_VEC3_NEAR(side.c.other.local, 0.05, 1, 0);  // from the segment's start
        const Swept end = run(physics_sweep_sphere_segment, sphere(0.1f, {0, 3, 0}), bar, {0, -1, 0});
        REQUIRE(end.hit);
        CHECK_NEAR(end.c.fraction, 0.85);
        CHECK_VEC3_NEAR(end.c.other.normal, 0, 1, 0);
        check_untouched(run(physics_sweep_sphere_segment, sphere(0.1f, {1, 1, 0}), bar, {0, 0, 1}));
    }

    TEST_CASE("PhysicsSweep_CapsuleSphere (ours): a human walking into a ball, and the words of the capsule row") {
        const Swept a =
            run(physics_sweep_capsule_sphere, capsule(0.35f, 1.8f, {-2, 0, 0}), sphere(0.15f, {0, 0, 0.5f}), {2, 0, 0});
        REQUIRE(a.hit);
        CHECK(a.c.written == capsule_row_words);
        CHECK_NEAR(a.c.fraction, 0.75);
        CHECK_VEC3_NEAR(a.c.other.normal, -1, 0, 0);  // from the ball towards the capsule
        CHECK(a.c.other.normal.w == 1.0f);
        CHECK_VEC3_NEAR(a.c.other.local, -0.15, 0, 0.9);  // the touch point from the ball's centre; the mid-height z
        CHECK(a.c.other.local.w == 1.0f);
        CHECK_VEC3_NEAR(a.c.point, -0.5, 0, 0.9);  // the capsule's axis at mid-height
        CHECK_VEC3_NEAR(a.c.own.normal, 1, 0, 0);
        CHECK(a.c.slide.x == 0.0f);
        CHECK(a.c.slide.w == 1.0f);
        CHECK(a.c.flags == 0u);
        // A ball on the floor under the capsule's rounded foot.
        const Swept foot =
            run(physics_sweep_capsule_sphere, capsule(0.35f, 1.8f, {0, 0, 1}), sphere(0.1f, {0, 0, 0.2f}), {0, 0, -1});
        REQUIRE(foot.hit);
        CHECK_NEAR(foot.c.fraction, 0.35);
        CHECK_VEC3_NEAR(foot.c.other.normal, 0, 0, 1);
    }

    TEST_CASE(
        "PhysicsSweep_CapsuleCapsule (ours): two walking humans meet side to side, flat-ended as "
        "PhysicsOverlap_CapsuleCapsule 0x00346388 reads them") {
        const Shape other = capsule(0.35f, 1.8f, {0, 0, 0});
        const Swept a = run(physics_sweep_capsule_capsule, capsule(0.35f, 1.8f, {-2, 0, 0}), other, {2, 0, 0});
        REQUIRE(a.hit);
        CHECK(a.c.written == capsule_row_words);
        CHECK_NEAR(a.c.fraction, 0.65);
        CHECK_VEC3_NEAR(a.c.other.normal, -1, 0, 0);
        CHECK_VEC3_NEAR(a.c.other.local, -0.35, 0, 0.9);
        CHECK_VEC3_NEAR(a.c.point, -0.7, 0, 0.9);
        // One standing on a step 1.5 m up still meets the other's range (inclusive
        // ends): the flat top at 1.8 against the base at 1.5.
        const Swept step = run(physics_sweep_capsule_capsule, capsule(0.35f, 1.8f, {-2, 0, 1.5f}), other, {2, 0, 0});
        REQUIRE(step.hit);
        CHECK_NEAR(step.c.fraction, 0.65);
        // 2 m up they pass: no rounded ends here.
        check_untouched(run(physics_sweep_capsule_capsule, capsule(0.35f, 1.8f, {-2, 0, 2}), other, {2, 0, 0}));
    }

    TEST_CASE("PhysicsSweep_CapsuleCapsule (ours): coming down on the other's flat top gets the end's normal") {
        const Shape other = capsule(0.35f, 1.8f, {0, 0, 0});
        const Swept drop = run(physics_sweep_capsule_capsule, capsule(0.35f, 1.8f, {0.6f, 0, 3}), other, {0, 0, -2});
        REQUIRE(drop.hit);
        CHECK_NEAR(drop.c.fraction, 0.6);  // the base reaches 1.8
        CHECK_VEC3_NEAR(drop.c.other.normal, 0, 0, 1);
        CHECK_VEC3_NEAR(drop.c.other.local, 0.35, 0, 3 - 1.2 + 0.9);  // the own axis clamped to the top's disc
        // Rising into its base from below.
        const Swept rise = run(physics_sweep_capsule_capsule, capsule(0.35f, 1.0f, {0.2f, 0.1f, -2}), other, {0, 0, 2});
        REQUIRE(rise.hit);
        CHECK_NEAR(rise.c.fraction, 0.5);
        CHECK_VEC3_NEAR(rise.c.other.normal, 0, 0, -1);
        CHECK_VEC3_NEAR(rise.c.other.local, 0.2, 0.1, -1 + 0.5);  // the own axis, inside the disc
    }

    TEST_CASE(
        "PhysicsSweep_CapsuleCapsule (ours): touching side by side is a hit at 0, though the overlap's strict test "
        "says apart") {
        const Shape other = capsule(0.25f, 1.8f, {0, 0, 0});
        for (const Vec3 move : {Vec3{0.5f, 0, 0}, Vec3{-0.5f, 0, 0}, Vec3{0, 0, 0}}) {
            const Swept s = run(physics_sweep_capsule_capsule, capsule(0.25f, 1.8f, {-0.5f, 0, 0}), other, move);
            REQUIRE(s.hit);
            CHECK(s.c.fraction == 0.0f);
            CHECK_VEC3_NEAR(s.c.other.normal, -1, 0, 0);
        }
        Contact probe = fresh_contact();
        CHECK_FALSE(
            physics_overlap_capsule_capsule(probe, capsule(0.25f, 1.8f, {-0.5f, 0, 0}), other, Quirks::faithful()));
        // Coincident axes: the overlap's own constant, negated into +0x50.
        const Swept same = run(physics_sweep_capsule_capsule, capsule(0.3f, 1.8f, {0, 0, 0.5f}), other, {1, 0, 0});
        REQUIRE(same.hit);
        CHECK_VEC3_NEAR(same.c.other.normal, 0, -1, 0);
        check_untouched(run(physics_sweep_capsule_capsule, capsule(0.25f, 1.8f, {-0.6f, 0, 0}), other, {}));
    }

    TEST_CASE(
        "PhysicsSweep_CapsuleCapsule (ours) quirk interval_zero_speed_reset: Sweep_IntervalOverlap 0x0034a8d0 runs "
        "first, so both modes agree") {
        // A level walk (move.z = 0) with overlapping height ranges takes the
        // zero-speed branch; with no earlier window to reset, the answer is the same.
        const Shape other = capsule(0.35f, 1.8f, {0, 0, 0.3f});
        for (const Vec3 move : {Vec3{2, 0.3f, 0}, Vec3{2, 0.3f, 0.4f}, Vec3{0, 0, 0}}) {
            const Swept f = run(physics_sweep_capsule_capsule, capsule(0.35f, 1.8f, {-1.8f, 0, 0}), other, move);
            const Swept c = run(physics_sweep_capsule_capsule, capsule(0.35f, 1.8f, {-1.8f, 0, 0}), other, move,
                                Quirks::corrected());
            CHECK(f.hit == c.hit);
            CHECK(f.c.written == c.c.written);
            for (std::size_t off = 0; off < Contact::record_bytes; off += 4)
                CHECK(f.c.word_at(off) == c.c.word_at(off));
        }
    }

    TEST_CASE("Unit 11 (ours): ball_window's two roots and its no-move cases") {
        const auto w = ball_window({-2, 0, 0}, {4, 0, 0}, 1.0f);  // enters at x = -1, leaves at x = 1
        REQUIRE(w);
        CHECK(w->first == 0.25f);
        CHECK(w->last == 0.75f);
        const auto inside = ball_window({0.5f, 0, 0}, {}, 1.0f);
        REQUIRE(inside);
        CHECK(inside->first < 0.0f);
        CHECK(inside->last > 1.0f);
        CHECK_FALSE(ball_window({2, 0, 0}, {}, 1.0f));
        CHECK_FALSE(ball_window({-2, 1.5f, 0}, {4, 0, 0}, 1.0f));     // the line passes 1.5 from the centre
        const auto behind = ball_window({2, 0, 0}, {4, 0, 0}, 1.0f);  // the whole window lies before the start
        REQUIRE(behind);
        CHECK(behind->last < 0.0f);
    }
}
