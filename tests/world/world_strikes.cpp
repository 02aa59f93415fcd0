// Human_TestStrikes (0x0033f110, spec Unit 5 "How Human_TestStrikes builds the
// sweep" and Unit 4 "Who reaches a car"): each enabled strike shape swept from
// its previous position to its current one, the first hit per body, the bodies
// a strike may reach, and the one contact record the original reuses.
#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

constexpr std::uint32_t striking = shape_flag::enabled | shape_flag::strike;
constexpr ShapeRef hand{Chain::strikes, 0}, forearm{Chain::strikes, 1};

// A striker 3 m from everything, with a right hand (bone 19, r 0.09) and a
// right forearm (bone 18, r 0.05), both switched on.
BodyDesc striker(std::uint32_t owner) {
    BodyDesc d = human(owner, {-3, -3, 0});
    d.strikes.push_back({19, sphere(0.09f, {-3, -3, 1}), striking});
    d.strikes.push_back({18, segment({-3, -3, 1}, {-2.8f, -3, 1}, 0.05f), striking});
    return d;
}

// Poses a shape twice: from `prev` to `cur` (the update before, then this one).
void swing(World& w, BodyId id, ShapeRef ref, const Shape& prev, const Shape& cur) {
    REQUIRE(w.pose_shape(id, ref, prev) == WorldStatus::ok);
    REQUIRE(w.pose_shape(id, ref, cur) == WorldStatus::ok);
}

// Keeps a strike shape still, out of everyone's reach.
void park(World& w, BodyId id, ShapeRef ref, const Shape& s) { swing(w, id, ref, s, s); }

StrikeQuery strike_test(BodyId id, Quirks quirks = Quirks::faithful()) {
    StrikeQuery q;
    q.striker = id;
    q.quirks = quirks;
    return q;
}

}  // namespace

TEST_SUITE("world strikes") {
    TEST_CASE(
        "Human_TestStrikes 0x0033f110: a hand sphere overlapping a car box hits while a forearm segment through it "
        "does not (issue #72 step 1)") {
        World w;
        add(w, car(9));
        const BodyId me = add(w, striker(20));
        // The hand moves from 0.15 m outside box 1's side (y = -1) to 0.05 m inside.
        swing(w, me, hand, sphere(0.09f, {0, -1.15f, 0.5f}), sphere(0.09f, {0, -0.95f, 0.5f}));
        // The forearm swings through box 1 too.
        swing(w, me, forearm, segment({-0.2f, -1.3f, 0.5f}, {0.2f, -1.3f, 0.5f}, 0.05f),
              segment({-0.2f, -0.9f, 0.5f}, {0.2f, -0.9f, 0.5f}, 0.05f));
        const Answer a = ask(w, strike_test(me));
        REQUIRE(a.result.status == WorldStatus::ok);
        REQUIRE(a.result.count == 1);  // only the sphere reaches a box: sweep (4, 1) returns 0
        const Contact& c = a.contacts[0];
        CHECK_NEAR(c.fraction, 0.3);  // (0.15 - 0.09) / 0.2, the face case of Unit 5
        CHECK(c.other.feature_type == 0);
        CHECK_VEC3_NEAR(c.point, 0, -1, 0.5);      // +0x90, Car_OnHit's world point
        CHECK_VEC3_NEAR(c.other.local, 0, -1, 0);  // +0x60 in box 1's frame
        CHECK(c.own.owner == 20u);                 // the striker
        CHECK(c.own.shape == 19u);                 // the hand
        CHECK(c.other.owner == 9u);                // the car
        CHECK(c.other.shape == 11u);               // box 1, which Car_OnHit compares with the cabin
        CHECK(a.result.stats.pairs == 3);  // the hand's first try hits; the forearm tries both boxes (each returns 0)
    }

    TEST_CASE(
        "Human_TestStrikes 0x0033f110: a strike shape switched on this update has a zero move and hits only from "
        "inside") {
        World w;
        add(w, car(9));
        BodyDesc d = striker(20);
        d.strikes[0].flags = shape_flag::strike;  // the hand is off
        d.strikes[1].flags = shape_flag::strike;
        const BodyId me = add(w, d);
        // Switched on (0x11) and posed once: its stale centre from elsewhere is not the start.
        REQUIRE(w.enable_shape(me, hand, true) == WorldStatus::ok);
        REQUIRE(w.pose_shape(me, hand, sphere(0.09f, {0, -1.05f, 0.5f})) == WorldStatus::ok);
        // Overlapping the face by 0.04 with the centre outside: a zero move, no hit.
        const Answer touching = ask(w, strike_test(me));
        CHECK(touching.result.count == 0);
        CHECK(touching.result.stats.pairs == 2);
        // Switched on again with the centre inside box 1: a hit at fraction 0, type 4.
        REQUIRE(w.enable_shape(me, hand, false) == WorldStatus::ok);
        REQUIRE(w.enable_shape(me, hand, true) == WorldStatus::ok);
        REQUIRE(w.pose_shape(me, hand, sphere(0.09f, {0.5f, 0.2f, 0.6f})) == WorldStatus::ok);
        const Answer inside = ask(w, strike_test(me));
        REQUIRE(inside.result.count == 1);
        CHECK(inside.contacts[0].fraction == 0.0f);
        CHECK(inside.contacts[0].other.feature_type == 4);
        CHECK_VEC3_NEAR(inside.contacts[0].point, 0.5, 0.2, 0.6);
        // The next pose sweeps from there: from inside box 1 up into the cabin's
        // region, still a hit on box 1 (the first shape of the chain that hits).
        REQUIRE(w.pose_shape(me, hand, sphere(0.09f, {0.5f, 0.2f, 1.3f})) == WorldStatus::ok);
        const auto prev = w.previous_position(me, hand);
        REQUIRE(prev);
        CHECK_VEC3_NEAR(*prev, 0.5, 0.2, 0.6);
        const Answer next = ask(w, strike_test(me));
        REQUIRE(next.result.count == 1);
        CHECK(next.contacts[0].other.shape == 11u);
        // Switched off: not swept at all.
        REQUIRE(w.enable_shape(me, hand, false) == WorldStatus::ok);
        CHECK(ask(w, strike_test(me)).result.stats.pairs == 0);
    }

    TEST_CASE(
        "Human_TestStrikes 0x0033f110: the first hit per body ends its shapes, and the test goes on with the next body "
        "and the next strike shape") {
        World w;
        add(w, car(9, {0, 0, 0}));
        add(w, car(10, {0, 4, 0}));
        const BodyId me = add(w, striker(20));
        // The hand sweeps along y through box 1 and the cabin of car 9, then car 10.
        swing(w, me, hand, sphere(0.09f, {0.5f, -1.5f, 1.0f}), sphere(0.09f, {0.5f, 5.0f, 1.0f}));
        // The forearm sweeps its start through car 10's box 1 (a segment reaches no box).
        park(w, me, forearm, segment({-3, -3, 1}, {-2.8f, -3, 1}, 0.05f));
        const Answer a = ask(w, strike_test(me));
        REQUIRE(a.result.count == 2);
        CHECK(a.contacts[0].other.owner == 9u);
        CHECK(a.contacts[0].other.shape == 11u);  // box 1 first in the chain; the cabin is not tried
        CHECK(a.contacts[1].other.owner == 10u);
        CHECK(a.contacts[1].other.shape == 11u);
        CHECK(a.result.stats.pairs == 2);  // one try per car: each ends at its first hit
        // A second sphere that also reaches car 9 gets its own hit (one per shape and body).
        BodyDesc two = striker(21);
        two.strikes.push_back({25, sphere(0.09f, {0, 0, 0}), striking});  // the left hand
        World w2;
        add(w2, car(9));
        const BodyId me2 = add(w2, two);
        swing(w2, me2, hand, sphere(0.09f, {0, -1.15f, 0.5f}), sphere(0.09f, {0, -0.95f, 0.5f}));
        park(w2, me2, forearm, segment({-3, -3, 1}, {-2.8f, -3, 1}, 0.05f));
        swing(w2, me2, {Chain::strikes, 2}, sphere(0.09f, {1, 1.15f, 0.5f}), sphere(0.09f, {1, 0.95f, 0.5f}));
        const Answer b = ask(w2, strike_test(me2));
        REQUIRE(b.result.count == 2);
        CHECK(b.contacts[0].own.shape == 19u);
        CHECK(b.contacts[1].own.shape == 25u);
    }

    TEST_CASE(
        "Human_TestStrikes 0x0033f110: a human's shapes need flag 0x4, another body MELEETARGET or CHARGETARGET and "
        "the owner's accept") {
        World w;
        TestOwner me_owner;
        w.set_owner(20, &me_owner);
        BodyDesc target = human(30, {0, 0, 0}, 300);
        const BodyId victim = add(w, target);
        const BodyId me = add(w, striker(20));
        park(w, me, hand, sphere(0.09f, {-3, -3, 1}));
        // The forearm swings into the victim's capsule (segment-capsule, through the overlap test).
        swing(w, me, forearm, segment({-0.6f, -0.5f, 1}, {-0.6f, -0.3f, 1}, 0.05f),
              segment({-0.6f, 0.0f, 1}, {-0.2f, 0.0f, 1}, 0.05f));
        const Answer hit = ask(w, strike_test(me));
        REQUIRE(hit.result.count == 1);
        CHECK(hit.contacts[0].other.owner == 30u);
        CHECK(hit.contacts[0].other.shape == 300u);
        // The capsule without flag 0x4: not a target.
        const auto v = w.body(victim);
        REQUIRE(v);
        BodyDesc untargeted = human(30, {0, 0, 0}, 300);
        untargeted.chain[0].flags = shape_flag::enabled;
        REQUIRE(w.remove_body(victim) == WorldStatus::ok);
        const BodyId plain = add(w, untargeted);
        CHECK(ask(w, strike_test(me)).result.count == 0);
        // A human's chain is not asked about: refusing the owner changes nothing for humans.
        REQUIRE(w.remove_body(plain) == WorldStatus::ok);
        add(w, target);
        me_owner.refused_strike = {30};
        CHECK(ask(w, strike_test(me)).result.count == 1);

        // A car: needs 0x10 or 0x20, and the striker owner's accept.
        World cars;
        cars.set_owner(20, &me_owner);
        const BodyId striker_id = add(cars, striker(20));
        swing(cars, striker_id, hand, sphere(0.09f, {0, -1.15f, 0.5f}), sphere(0.09f, {0, -0.95f, 0.5f}));
        park(cars, striker_id, forearm, segment({-3, -3, 1}, {-2.8f, -3, 1}, 0.05f));
        BodyDesc parked = car(31);
        parked.flags = 0x2211a & ~(body_flag::melee_target | body_flag::charge_target);
        const BodyId no_target = add(cars, parked);
        CHECK(ask(cars, strike_test(striker_id)).result.count == 0);
        REQUIRE(cars.set_body_words(no_target, body_flag::charge_target, body_type::object, 0) == WorldStatus::ok);
        CHECK(ask(cars, strike_test(striker_id)).result.count == 1);
        me_owner.refused_strike = {31};
        CHECK(ask(cars, strike_test(striker_id)).result.count == 0);
    }

    TEST_CASE(
        "Human_TestStrikes 0x0033f110: a hand sphere strikes a human through PhysicsSweep_SphereCapsule (ours), and "
        "never with empty_round_sweeps") {
        World w;
        add(w, human(30, {0, 0, 0}));
        const BodyId me = add(w, striker(20));
        swing(w, me, hand, sphere(0.09f, {-0.6f, 0, 1}), sphere(0.09f, {0, 0, 1}));  // right through the capsule
        park(w, me, forearm, segment({-3, -3, 1}, {-2.8f, -3, 1}, 0.05f));
        for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
            const Answer a = ask(w, strike_test(me, q));
            REQUIRE(a.result.count == 1);
            const Contact& hit = a.contacts[0];
            CHECK(hit.own.owner == 20u);
            CHECK(hit.own.shape == 19u);
            CHECK(hit.other.owner == 30u);
            // The hand's surface meets the capsule's side when the centre is 0.44 m from the axis.
            CHECK_NEAR(hit.fraction, (0.6 - 0.44) / 0.6);
            CHECK_VEC3_NEAR(hit.other.normal, -1, 0, 0);  // the capsule's side, towards the hand
            CHECK(hit.other.normal.w == 0.0f);
            CHECK_VEC3_NEAR(hit.point, -0.35, 0, 1);   // on the capsule's surface
            CHECK_VEC3_NEAR(hit.own.normal, 1, 0, 0);  // from the hand's start to the capsule's axis
        }
        // The spec's units alone: sweep (2, 3) is empty, so the hand passes through.
        const Answer a = ask(w, strike_test(me, Quirks::faithful().with(Quirk::empty_round_sweeps)));
        CHECK(a.result.count == 0);
        CHECK(a.result.stats.candidates == 1);
        CHECK(a.result.stats.pairs == 0);
    }

    TEST_CASE(
        "Human_TestStrikes 0x0033f110: a segment's previous position moves only its start, so the strike tests the "
        "stretched segment") {
        World w;
        add(w, human(30, {0, 0, 0}));
        const BodyId me = add(w, striker(20));
        park(w, me, hand, sphere(0.09f, {-3, -3, 1}));
        // Now the forearm runs from x 1.0 to 1.3, a metre from the capsule's axis: no
        // overlap. Its start was at x 0.2: the stretched segment from there reaches it.
        swing(w, me, forearm, segment({0.2f, 0, 1}, {0.5f, 0, 1}, 0.05f), segment({1.0f, 0, 1}, {1.3f, 0, 1}, 0.05f));
        const Answer a = ask(w, strike_test(me));
        REQUIRE(a.result.count == 1);
        CHECK(a.contacts[0].own.shape == 18u);
        // Standing still at the new pose, it reaches nothing.
        park(w, me, forearm, segment({1.0f, 0, 1}, {1.3f, 0, 1}, 0.05f));
        CHECK(ask(w, strike_test(me)).result.count == 0);
    }

    TEST_CASE("Human_TestStrikes 0x0033f110 quirk strike_contact_leftovers: one record for every try, never cleared") {
        World w;
        add(w, car(9));
        add(w, human(30, {0, -3, 0}));
        const BodyId me = add(w, striker(20));
        swing(w, me, hand, sphere(0.09f, {0, -1.15f, 0.5f}), sphere(0.09f, {0, -0.95f, 0.5f}));
        swing(w, me, forearm, segment({-0.2f, -3.2f, 1}, {0.2f, -3.2f, 1}, 0.05f),
              segment({-0.2f, -3.0f, 1}, {0.2f, -3.0f, 1}, 0.05f));
        // Faithful: the forearm's hit (segment-capsule writes nothing) carries the
        // hand's earlier sphere-box try: its fraction, point and normals.
        const Answer faithful = ask(w, strike_test(me));
        REQUIRE(faithful.result.count == 2);
        const Contact& sphere_hit = faithful.contacts[0];
        const Contact& segment_hit = faithful.contacts[1];
        REQUIRE(sphere_hit.own.shape == 19u);
        REQUIRE(segment_hit.own.shape == 18u);
        CHECK(segment_hit.other.owner == 30u);
        CHECK(segment_hit.fraction == sphere_hit.fraction);  // 0.3, the hand's
        CHECK_NEAR(segment_hit.fraction, 0.3);
        CHECK_VEC3_NEAR(segment_hit.point, 0, -1, 0.5);
        CHECK(segment_hit.was_written(offs::fraction, 4));
        // Corrected: each try starts from a cleared record, so the forearm's holds
        // only the four words the strike loop writes.
        const Answer corrected = ask(w, strike_test(me, Quirks::faithful().without(Quirk::strike_contact_leftovers)));
        REQUIRE(corrected.result.count == 2);
        const Contact& clean = corrected.contacts[1];
        CHECK(clean.fraction == 0.0f);
        CHECK(clean.untouched(offs::fraction, 4));
        CHECK(clean.written == (pairs::words(offs::own_owner, 8) | pairs::words(offs::other_owner, 8)));
        CHECK(corrected.contacts[0].fraction == sphere_hit.fraction);  // the first hit is the same
    }

    TEST_CASE("Human_TestStrikes 0x0033f110: a stale striker gets a status, and a shape out of reach gathers nobody") {
        World w;
        add(w, car(9));
        const BodyId me = add(w, striker(20));
        CHECK(ask(w, strike_test(me)).result.stats.candidates == 0);
        REQUIRE(w.remove_body(me) == WorldStatus::ok);
        CHECK(ask(w, strike_test(me)).result.status == WorldStatus::unknown_body);
    }
}
