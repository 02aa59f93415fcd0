// Sweeps through the sweep table against the world's bodies:
// PhysicsBody_SweepHumanMask (0x0033d498, spec Unit 12 "Who calls it") with the
// kernels' flag from BLOCKHUMANS and the owner's airborne and landing states,
// its box-against-capsules mirror, the sorted contact list, and the combined
// world + mesh sweep.
#include <cmath>
#include <limits>

#include "levelsweep/capsule_box_sweep.hpp"
#include "query_support.hpp"
#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

TEST_SUITE("world sweep") {
    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: a walking capsule against a BLOCKHUMANS box, every contact word") {
        World w;
        const BodyId me = add(w, human(20, {-2.6f, 0.2f, 0}, 3));
        add(w, box_object(9, body_flag::block_humans));
        const Answer a = ask(w, walk(me, {0.5f, 0, 0}));
        REQUIRE(a.result.status == WorldStatus::ok);
        REQUIRE(a.result.count == 1);
        const Contact& c = a.contacts[0];
        CHECK_NEAR(c.fraction, 0.5);  // Unit 12 test "Face"
        CHECK_VEC3_NEAR(c.other.normal, -1, 0, 0);
        CHECK_VEC3_NEAR(c.point, -2.35, 0.2, 0.9);
        CHECK(c.own.owner == 20u);
        CHECK(c.own.shape == 3u);
        CHECK(c.other.owner == 9u);
        CHECK(c.other.shape == 7u);
        CHECK(c.triangle == 0u);  // cleared by PhysicsBody_SweepHumanMask
        CHECK(c.was_written(offs::triangle, 4));
        CHECK(c.untouched(0x20, 0x10));  // +0x20 is not written by this pair
        CHECK(a.result.status_bits == 0u);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: a walking capsule against a box without BLOCKHUMANS while airborne "
        "gets the flag-1 behaviour and no corner slide") {
        World w;
        TestOwner jumper;
        w.set_owner(20, &jumper);
        // A JUMPTARGET box: not BLOCKHUMANS, so the kernels' flag comes from the owner.
        add(w, box_object(9, body_flag::jump_target));
        const BodyId me = add(w, human(20, {-2.5f, -1.5f, 0}));
        // Grounded, not holding: the mask is 0x4 alone and the box is not even a candidate.
        CHECK(ask(w, walk(me, {0.4f, 0.4f, 0})).result.stats.candidates == 0);

        jumper.flags = airborne;  // the mask gains 0x40; the flag is 1
        const Answer corner = ask(w, walk(me, {0.4f, 0.4f, 0}));
        REQUIRE(corner.result.count == 1);
        CHECK_NEAR(corner.contacts[0].fraction, 0.631282);  // Unit 12 test "Corner, diagonal"
        CHECK(corner.contacts[0].flags == 1u);              // +0xb0: a corner region
        CHECK(corner.contacts[0].slide.x == 0.0f);          // +0xa0 (0, 0, 0, 1): no slide in the air
        CHECK(corner.contacts[0].slide.y == 0.0f);
        CHECK(corner.contacts[0].slide.w == 1.0f);

        // Flag 1: touching a face and moving away is a hit at 0 (Unit 12 test 8).
        REQUIRE(w.move_body(me, {0.3f, 1.5f, 0}) == WorldStatus::ok);  // base (-2.2, 0)
        const Answer away = ask(w, walk(me, {-0.1f, 0, 0}));
        REQUIRE(away.result.count == 1);
        CHECK(away.contacts[0].fraction == 0.0f);
        CHECK_VEC3_NEAR(away.contacts[0].other.normal, -1, 0, 0);
        // The same box with BLOCKHUMANS: flag 0, no hit, whatever the owner.
        World w2;
        w2.set_owner(20, &jumper);
        add(w2, box_object(10, body_flag::block_humans | body_flag::jump_target));
        const BodyId me2 = add(w2, human(20, {-2.2f, 0, 0}));
        CHECK(ask(w2, walk(me2, {-0.1f, 0, 0})).result.count == 0);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498 quirk capsule_box_negative_fraction: through the world, a past root "
        "needs a body box wider than the struck box") {
        // Unit 12 test 12 (base (-2.5, 0.8), move (-1, 0.3), flag 1: fraction -0.5). The
        // capsule's swept box ends 0.15 m short of box B's, so with box B alone the
        // gather keeps them apart ...
        World w;
        TestOwner jumper;
        jumper.flags = airborne;
        w.set_owner(20, &jumper);
        const BodyId lone = add(w, box_object(9, body_flag::jump_target));
        const BodyId me = add(w, human(20, {-2.5f, 0.8f, 0}));
        CHECK(ask(w, walk(me, {-1.0f, 0.3f, 0})).result.stats.candidates == 0);
        // ... but a body whose chain reaches further (a sphere beside the box, which
        // no capsule sweep entry meets) is gathered, and box B gives the past root.
        REQUIRE(w.remove_body(lone) == WorldStatus::ok);
        BodyDesc wide = box_object(9, body_flag::jump_target);
        wide.chain.push_back({8, sphere(0.1f, {-4, 1, 0.5f})});
        add(w, wide);
        const Answer back = ask(w, walk(me, {-1.0f, 0.3f, 0}));
        REQUIRE(back.result.count == 1);
        CHECK_NEAR(back.contacts[0].fraction, -0.5);  // the original's value
        CHECK(back.contacts[0].other.shape == 7u);
        CHECK_VEC3_NEAR(back.contacts[0].other.normal, -1, 0, 0);
        // Corrected, the past root is refused.
        CHECK(ask(w, walk(me, {-1.0f, 0.3f, 0}, Quirks::faithful().without(Quirk::capsule_box_negative_fraction)))
                  .result.count == 0);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: landing gives flag 1 and keeps the corner slide, holding adds "
        "JUMPTARGET") {
        World w;
        TestOwner lander;
        lander.is_landing = true;
        lander.is_holding = true;  // the mask gains 0x40 by holding, not by being airborne
        w.set_owner(20, &lander);
        add(w, box_object(9, body_flag::jump_target));
        const BodyId me = add(w, human(20, {-2.2f, 0, 0}));
        const Answer away = ask(w, walk(me, {-0.1f, 0, 0}));
        REQUIRE(away.result.count == 1);
        CHECK(away.contacts[0].fraction == 0.0f);                        // flag 1 from landing
        REQUIRE(w.move_body(me, {-0.3f, -1.5f, 0}) == WorldStatus::ok);  // base (-2.5, -1.5)
        const Answer corner = ask(w, walk(me, {0.4f, 0.4f, 0}));
        REQUIRE(corner.result.count == 1);
        CHECK_VEC3_NEAR(corner.contacts[0].slide, -0.707107, -0.707107, 0);  // not airborne: the slide stays
        lander.is_holding = false;
        CHECK(ask(w, walk(me, {0.4f, 0.4f, 0})).result.count == 0);  // mask 0x4 only
        lander.targets = body_flag::jump_target;                     // the owner's own target bits count too
        CHECK(ask(w, walk(me, {0.4f, 0.4f, 0})).result.count == 1);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: a capsule and a box far apart in height are rejected by the gather, "
        "not the kernel") {
        World w;
        const Box high = box({0, 0, 50.5f}, {2, 1, 0.5f});
        add(w, box_object(9, body_flag::block_humans, high));
        const BodyId me = add(w, human(20, {-2.6f, 0.2f, 0}));
        Contact alone = pairs::fresh_contact();
        REQUIRE(physics_sweep_capsule_box(alone, Body{}, capsule(0.35f, 1.8f, {-2.6f, 0.2f, 0}), Body{0x4, 0, false},
                                          Shape::of(high), Vec4{0.5f, 0, 0, 1}));  // the kernel ignores heights
        const Answer a = ask(w, walk(me, {0.5f, 0, 0}));
        CHECK(a.result.count == 0);
        CHECK(a.result.stats.candidates == 0);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: every enabled shape of each body, sorted by fraction, discovery order "
        "on a tie") {
        World w;
        const BodyId me = add(w, human(20, {0, 0, 0}));
        // Three boxes ahead in +x at 1.0, 2.0 and (twice) 1.5 m of gap.
        const auto wall = [&](std::uint32_t owner, float x, float y, std::uint32_t flags = shape_flag::enabled) {
            BodyDesc d = box_object(owner, body_flag::block_humans, box({x, y, 0.5f}, {0.25f, 0.25f, 0.5f}), owner);
            d.chain[0].flags = flags;
            return add(w, d);
        };
        wall(31, 2.6f, 0);
        wall(32, 1.6f, 0);
        wall(33, 2.1f, 0.2f);
        wall(34, 2.1f, -0.2f);  // the same gap as 33: added later, it stays behind
        wall(35, 1.2f, 0, 0);   // switched off: skipped
        const Answer a = ask(w, walk(me, {3, 0, 0}));
        REQUIRE(a.result.count == 4);
        std::vector<std::uint32_t> order;
        for (const Contact& c : a.contacts) order.push_back(c.other.owner);
        CHECK(order == std::vector<std::uint32_t>{32, 33, 34, 31});
        CHECK(a.contacts[1].fraction == a.contacts[2].fraction);
        CHECK(a.result.stats.pairs == 4);
        // max 2 keeps the first two of that order.
        HumanSweepQuery two = walk(me, {3, 0, 0});
        two.max = 2;
        const Answer b = ask(w, two);
        REQUIRE(b.result.count == 2);
        CHECK(b.contacts[1].other.owner == 33u);
        CHECK(b.result.found == 4);
    }

    TEST_CASE("PhysicsBody_SweepHumanMask 0x0033d498 mirror: a world object's box against the humans' capsules") {
        World w;
        TestOwner jumper;
        w.set_owner(21, &jumper);
        const BodyId crate = add(w, box_object(9, body_flag::block_humans));
        add(w, human(21, {-2.6f, 0.2f, 0}, 5));
        BodyDesc statue = box_object(22, 0, box({-3.5f, 0.2f, 0.5f}, {0.3f, 0.3f, 0.5f}));  // no flag 0x2: not met
        add(w, statue);
        ObjectSweepQuery q;
        q.object = crate;
        q.move = {-0.5f, 0, 0};
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 1);
        const Contact& c = a.contacts[0];
        CHECK_NEAR(c.fraction, 0.5);  // Unit 12 test "Mirror"
        CHECK_VEC3_NEAR(c.own.normal, -1, 0, 0);
        CHECK(c.own.normal.w == 1.0f);
        CHECK_VEC3_NEAR(c.other.normal, 1, 0, 0);
        CHECK(c.other.normal.w == 1.0f);  // the move's w
        CHECK_VEC3_NEAR(c.point, -2.35, 0.2, 0.9);
        CHECK(c.own.owner == 9u);
        CHECK(c.own.shape == 7u);
        CHECK(c.other.owner == 21u);
        CHECK(c.other.shape == 5u);
    }

    TEST_CASE(
        "World::sweep: a sphere against bodies and the level, mesh contacts ahead of bodies on an equal fraction") {
        // A wall at x = 1.5 facing -x, and a box whose face is at x = 1.5 too.
        const Level level =
            make_level({{{1.5f, -5, -5}, {1.5f, -5, 5}, {1.5f, 5, -5}}, {{1.5f, 5, -5}, {1.5f, -5, 5}, {1.5f, 5, 5}}});
        World w(&level);
        add(w, box_object(9, 0, box({2, 2, 2}, {0.5f, 0.5f, 0.5f})));
        ShapeSweepQuery q;
        q.shape_id = 1;
        q.shape = sphere(0.5f, {0, 2, 2});
        q.move = {2, 0, 0, 1};
        q.options = world_option::bodies | world_option::mesh;
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 2);
        REQUIRE(a.contacts[0].fraction == a.contacts[1].fraction);  // both 0.5
        CHECK(a.contacts[0].other.owner == 0u);                     // the level first
        CHECK(a.contacts[0].triangle == 1u);
        CHECK(a.contacts[1].other.owner == 9u);
        CHECK(a.result.found == 2);
        CHECK(a.result.stats.mesh_contacts == 1);
        // With max 1 the equal body contact does not replace the level's.
        q.max = 1;
        const Answer one = ask(w, q);
        REQUIRE(one.result.count == 1);
        CHECK(one.contacts[0].other.owner == 0u);
        // A strictly closer body goes first.
        add(w, box_object(10, 0, box({1.9f, 2, 2}, {0.5f, 0.5f, 0.5f})));
        q.max = 8;
        const Answer closer = ask(w, q);
        REQUIRE(closer.result.count == 3);
        CHECK(closer.contacts[0].other.owner == 10u);
        CHECK(closer.contacts[0].fraction < closer.contacts[1].fraction);
        CHECK(closer.contacts[1].other.owner == 0u);
        // Without option 0x1 the level is not swept; without 0x2 no body is.
        q.options = world_option::bodies;
        CHECK(ask(w, q).result.stats.mesh_contacts == 0);
        q.options = world_option::mesh;
        CHECK(ask(w, q).result.count == 1);
    }

    TEST_CASE("World::sweep: more hits than the 50 slots keep the first 50 in sorted order and report the overflow") {
        World w;
        // 60 walls across the path, nearest last added: the list must sort them.
        for (int k = 59; k >= 0; --k)
            add(w, box_object(100 + static_cast<std::uint32_t>(k), 0,
                              box({1.0f + 0.05f * static_cast<float>(k), 0, 0}, {0.01f, 2, 2}),
                              1000 + static_cast<std::uint32_t>(k)));
        ShapeSweepQuery q;
        q.shape = sphere(0.1f, {0, 0, 0});
        q.move = {5, 0, 0, 1};
        q.max = 64;
        const Answer a = ask(w, q, 64);
        CHECK(a.result.found == 60);
        CHECK(a.result.overflow);
        REQUIRE(a.result.count == body_contact_slots);
        for (std::uint32_t i = 0; i < a.result.count; ++i) CHECK(a.contacts[i].other.owner == 100 + i);
        for (std::uint32_t i = 1; i < a.result.count; ++i) CHECK(a.contacts[i - 1].fraction < a.contacts[i].fraction);
    }

    TEST_CASE("World::sweep: a move reaching beyond the working range gets out_of_range and no contacts") {
        World w;
        add(w, box_object(100, 0, box({16380, 0, 0}, {1, 2, 2}), 1000));
        ShapeSweepQuery q;
        q.shape = sphere(0.5f, {16370, 0, 0});
        q.max = 8;
        q.move = {13, 0, 0, 1};  // ends at 16383.5 m: inside, and hits the box
        const Answer inside = ask(w, q, 8);
        CHECK(inside.result.status == WorldStatus::ok);
        CHECK(inside.result.count == 1);
        q.move = {20, 0, 0, 1};  // its swept sphere reaches 16390.5 m
        const Answer beyond = ask(w, q, 8);
        CHECK(beyond.result.status == WorldStatus::out_of_range);
        CHECK(beyond.result.count == 0);
    }

    TEST_CASE("World::sweep: a pair that writes no fraction (a segment's thunk) sorts as 0, its unwritten words zero") {
        World w;
        add(w, human(30, {0, 0, 0}, 300));
        add(w, box_object(9, 0, box({0.45f, 0, 1}, {0.05f, 0.5f, 0.5f})));  // box 0.4-0.5: a segment never meets it
        ShapeSweepQuery q;
        q.shape = segment({-1, 0, 1}, {0.2f, 0, 1}, 0.05f);
        q.move = {0.5f, 0, 0, 1};
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 1);
        const Contact& c = a.contacts[0];
        CHECK(c.other.owner == 30u);
        CHECK(c.untouched(offs::fraction, 4));  // PhysicsOverlap_SegmentCapsule writes nothing
        CHECK(c.fraction == 0.0f);
        CHECK(c.word_at(offs::point) == 0u);
        CHECK(c.written == (pairs::words(offs::own_owner, 8) | pairs::words(offs::other_owner, 8) |
                            pairs::words(offs::triangle, 4)));
        CHECK(a.result.stats.pairs == 2);  // the capsule's thunk and PhysicsSweep_SegmentBox (returns 0)
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498 with option 0x1: the walking capsule's mesh sweep beside the bodies") {
        // A wall at x = 1.5 facing -x, 2 m high; a BLOCKHUMANS crate just before it.
        const Level level =
            make_level({{{1.5f, -5, 0}, {1.5f, -5, 2}, {1.5f, 5, 0}}, {{1.5f, 5, 0}, {1.5f, -5, 2}, {1.5f, 5, 2}}});
        World w(&level);
        const BodyId me = add(w, human(20, {0, 0, 0}));
        add(w, box_object(9, body_flag::block_humans, box({1.3f, 0, 0.5f}, {0.1f, 0.5f, 0.5f})));
        HumanSweepQuery q = walk(me, {1.5f, 0, 0});
        q.options = world_option::mesh;
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 2);
        CHECK(a.contacts[0].other.owner == 9u);  // the crate's face at 1.2 comes before the wall at 1.5
        CHECK_NEAR(a.contacts[0].fraction, (1.2 - 0.35) / 1.5);
        CHECK(a.contacts[1].other.owner == 0u);
        CHECK_NEAR(a.contacts[1].fraction, (1.5 - 0.35) / 1.5);  // the sphere 0.52 m above the feet, radius 0.35
        CHECK(a.result.stats.mesh_contacts == 1);
    }

    TEST_CASE("World::sweep: bad input gets a status") {
        World w;
        const BodyId me = add(w, human(20, {0, 0, 0}));
        const float nan = std::numeric_limits<float>::quiet_NaN();
        CHECK(ask(w, walk(me, {nan, 0, 0})).result.status == WorldStatus::non_finite);
        CHECK(ask(w, walk(BodyId{7, 0}, {1, 0, 0})).result.status == WorldStatus::unknown_body);
        BodyDesc ghost;
        ghost.owner = 3;
        const BodyId empty = add(w, ghost);
        CHECK(ask(w, walk(empty, {1, 0, 0})).result.status == WorldStatus::no_shape);
        ObjectSweepQuery o;
        o.object = empty;
        CHECK(ask(w, o).result.status == WorldStatus::no_shape);
        ShapeSweepQuery q;
        q.shape = sphere(1, {0, 0, 0});
        q.move = {1, 0, 0, 1};
        q.options = world_option::mesh;
        CHECK(ask(w, q).result.status == WorldStatus::no_level);
        q.options = world_option::bodies;
        q.move.w = std::numeric_limits<float>::infinity();
        CHECK(ask(w, q).result.status == WorldStatus::non_finite);
        q.shape = sphere(1, {3e38f, 0, 0});
        q.move = {1, 0, 0, 1};  // a shape beyond the working range
        CHECK(ask(w, q).result.status == WorldStatus::out_of_range);
        q.shape = sphere(1, {0, 0, 0});
        q.move = {3e38f, 0, 0, 1};  // a move beyond it (a finite one can no longer pass float range)
        CHECK(ask(w, q).result.status == WorldStatus::out_of_range);
    }
}
