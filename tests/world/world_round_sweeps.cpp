// The round-shape sweeps (Unit 11, ours: docs/decisions.md "The round-shape
// sweeps") through the world: humans that meet, a hand against a ball, and the
// switch empty_round_sweeps; and the body sweep's own rule for short moves
// (PhysicsBody_SweepHumanMask 0x0033d498 stops below |D|^2 <= 1e-6), at its edge too.
#include <bit>
#include <cmath>
#include <cstdint>

#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

constexpr Quirks spec_units = Quirks::faithful().with(Quirk::empty_round_sweeps);

// The body sweep's bound at its edge: a move (x, y, 0) whose |D|^2, as the sweep
// computes it (dot: (x*x + y*y) + z*z in float), is exactly `target`. x is the
// largest float whose square lies below it; y starts at the double-precision
// root of what is left and steps a float at a time until the sum lands on it.
Vec3 move_with_square(float target) {
    const auto square = [](const Vec3& v) { return dot(v, v); };
    float x = std::sqrt(target);
    while (square({x, 0, 0}) >= target) x = std::nextafter(x, 0.0f);
    float y = static_cast<float>(std::sqrt(static_cast<double>(target) - static_cast<double>(x) * x));
    for (int step = 0; step < 1000 && square({x, y, 0}) != target; ++step)
        y = std::nextafter(y, square({x, y, 0}) < target ? 1.0f : 0.0f);
    const Vec3 move{x, y, 0};
    REQUIRE_MESSAGE(square(move) == target, "no move found whose square is " << target);
    return move;
}

// |D|^2 exactly at 1e-6 as a float (the nearest, 0x358637bd) and at the next
// float above it.
struct Edge {
    Vec3 at, above;
};
Edge body_sweep_edge() {
    const float bound = 1e-6f;
    REQUIRE(std::bit_cast<std::uint32_t>(bound) == 0x358637bdu);
    return {move_with_square(bound), move_with_square(std::nextafter(bound, 1.0f))};
}

}  // namespace

TEST_SUITE("world round sweeps") {
    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: a walking human meets another through PhysicsSweep_CapsuleCapsule "
        "(ours)") {
        World w;
        const BodyId me = add(w, human(20, {-2, 0, 0}, 100));
        BodyDesc other = human(30, {0, 0, 0}, 200);
        other.flags |= body_flag::block_humans;  // the human's mask meets bodies with 0x4
        const BodyId them = add(w, other);
        for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
            const Answer a = ask(w, walk(me, {2, 0, 0}, q));
            REQUIRE(a.result.count == 1);
            const Contact& c = a.contacts[0];
            CHECK_NEAR(c.fraction, 0.65);  // the axes 0.7 apart
            CHECK_VEC3_NEAR(c.other.normal, -1, 0, 0);
            CHECK_VEC3_NEAR(c.point, -0.7, 0, 0.9);
            CHECK(c.own.owner == 20u);
            CHECK(c.own.shape == 100u);
            CHECK(c.other.owner == 30u);
            CHECK(c.other.shape == 200u);
            CHECK(c.triangle == 0u);
            CHECK(a.result.status_bits == 0u);
        }
        // The spec's units alone: the pair is empty and the walker passes through.
        const Answer through = ask(w, walk(me, {2, 0, 0}, spec_units));
        CHECK(through.result.count == 0);
        CHECK(through.result.stats.candidates == 1);
        CHECK(through.result.stats.pairs == 0);
        // Without 0x4 the other human is not in the walker's mask: no candidate.
        REQUIRE(w.set_body_words(them, body_flag::object_target, body_type::human, 0) == WorldStatus::ok);
        CHECK(ask(w, walk(me, {2, 0, 0})).result.stats.candidates == 0);
    }

    TEST_CASE("Human_IsWayClearTo 0x0021c0a8: a capsule of radius 0.2 swept from one human to another meets it") {
        World w;
        const BodyId me = add(w, human(20, {0, 0, 0}));
        add(w, human(30, {3, 1, 0}, 7));
        ShapeSweepQuery q;
        q.body = me;
        q.shape = capsule(0.2f, 1.8f, {0, 0, 0});
        q.move = {3, 1, 0, 1};
        q.options = 0x2802;  // 0x2803 less the mesh: bodies
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 1);
        CHECK(a.contacts[0].other.shape == 7u);
        // The axes meet 0.55 apart along the line between them.
        CHECK_NEAR(a.contacts[0].fraction, 1.0 - 0.55 / std::sqrt(10.0));
        q.quirks = spec_units;
        CHECK(ask(w, q).result.count == 0);
    }

    TEST_CASE("World::sweep: a sphere swept onto a ball body, and a segment strike through the (4, 2) thunk") {
        World w;
        BodyDesc ball;
        ball.owner = 9;
        ball.flags = body_flag::melee_target;
        ball.type = body_type::object;
        ball.chain.push_back({5, sphere(0.2f, {1, 0, 1})});
        add(w, ball);
        ShapeSweepQuery q;
        q.shape = sphere(0.1f, {0, 0, 1});
        q.move = {1, 0, 0, 1};
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 1);
        CHECK_NEAR(a.contacts[0].fraction, 0.7);
        CHECK_VEC3_NEAR(a.contacts[0].point, 0.8, 0, 1);
        // A forearm strike: the stretched segment from its previous start reaches the ball.
        BodyDesc striker = human(20, {-3, -3, 0});
        striker.strikes.push_back(
            {18, segment({0, 0, 1}, {0.3f, 0, 1}, 0.05f), shape_flag::enabled | shape_flag::strike});
        const BodyId me = add(w, striker);
        REQUIRE(w.pose_shape(me, {Chain::strikes, 0}, segment({0.7f, 0, 1}, {0.9f, 0, 1}, 0.05f)) == WorldStatus::ok);
        StrikeQuery s;
        s.striker = me;
        CHECK(ask(w, s).result.count == 1);
        s.quirks = spec_units;
        CHECK(ask(w, s).result.count == 0);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: a move with |D|^2 <= 1e-6 never reaches a pair (spec Unit 13), in both "
        "modes") {
        World w;
        const BodyId me = add(w, human(20, {0.5f, 0.2f, 0}));  // standing over box B: Unit 12's "over the box"
        add(w, box_object(9, body_flag::block_humans));
        for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
            for (const Vec3 tiny : {Vec3{0, 0, 0}, Vec3{0.0009f, 0, 0}, Vec3{0.0005f, 0.0005f, 0.0005f}}) {
                const Answer a = ask(w, walk(me, tiny, q));
                CHECK(a.result.status == WorldStatus::ok);
                CHECK(a.result.count == 0);
                CHECK(a.result.stats.pairs == 0);
                CHECK(a.result.status_bits == 0u);
            }
            // Just above the threshold the sweep runs: over the box, a hit at 0.
            const Answer a = ask(w, walk(me, {0.0011f, 0, 0}, q));
            REQUIRE(a.result.count == 1);
            CHECK(a.contacts[0].fraction == 0.0f);
            CHECK((a.result.status_bits & sweep_status::contact_at_start) != 0u);
        }
        // The sweep table itself has no such rule: a zero move through World::sweep
        // finds the start overlap (Unit 12: over the box, whatever the move).
        ShapeSweepQuery direct;
        direct.body = me;
        direct.shape = capsule(0.35f, 1.8f, {0.5f, 0.2f, 0});
        direct.move = {0, 0, 0, 1};
        direct.flags_mask = body_flag::block_humans;
        CHECK(ask(w, direct).result.count == 1);
    }

    TEST_CASE(
        "PhysicsBody_SweepHumanMask 0x0033d498: |D|^2 exactly 1e-6 still stops the sweep (<=), the next float above "
        "runs it") {
        const Edge edge = body_sweep_edge();
        World w;
        const BodyId me = add(w, human(20, {0.5f, 0.2f, 0}));  // over box B: any move that runs hits at 0
        add(w, box_object(9, body_flag::block_humans));
        for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
            const Answer at = ask(w, walk(me, edge.at, q));
            CHECK(at.result.status == WorldStatus::ok);
            CHECK(at.result.count == 0);
            CHECK(at.result.stats.pairs == 0);
            const Answer above = ask(w, walk(me, edge.above, q));
            REQUIRE(above.result.count == 1);
            CHECK(above.contacts[0].fraction == 0.0f);
        }
    }

    TEST_CASE("PhysicsBody_SweepHumanMask 0x0033d498 mirror: an object's box with |D|^2 <= 1e-6 meets no human") {
        World w;
        const BodyId crate = add(w, box_object(9, body_flag::block_humans));
        add(w, human(21, {0.5f, 0.2f, 0}));  // under the crate: over the box from the capsule's side
        CHECK(ask(w, push(crate, {0, 0, 0})).result.count == 0);
        CHECK(ask(w, push(crate, {0, -0.0009f, 0}, Quirks::corrected())).result.count == 0);
        const Answer a = ask(w, push(crate, {0, -0.0011f, 0}));
        REQUIRE(a.result.count == 1);
        CHECK(a.contacts[0].fraction == 0.0f);
        // At the bound's edge: |D|^2 exactly 1e-6 stops it, the next float above runs it.
        const Edge edge = body_sweep_edge();
        for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
            const Answer at = ask(w, push(crate, -edge.at, q));
            CHECK(at.result.count == 0);
            CHECK(at.result.stats.pairs == 0);
            const Answer above = ask(w, push(crate, -edge.above, q));
            REQUIRE(above.result.count == 1);
            CHECK(above.contacts[0].fraction == 0.0f);
        }
    }
}
