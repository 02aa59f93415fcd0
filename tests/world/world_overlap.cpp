// IPhysics_OverlapShape (0x0033ebb8, spec Unit 4 "How IPhysics_OverlapShape
// fills a contact") over the world: every option, the 50-slot buffer and the
// cap, discovery order, and the mesh contacts appended after the bodies'.
#include <limits>

#include "levelsweep/overlap.hpp"
#include "query_support.hpp"
#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

// PhysicsHumanBody_PushAwayHumans' query (0x003425c0): the 2.0 m push sphere
// 1 m above the feet, options 0x2012, type mask 0x40 (humans), max 32.
ShapeOverlapQuery push_sphere(BodyId human, Vec3 feet) {
    ShapeOverlapQuery q;
    q.body = human;
    q.shape_id = 0x84;
    q.shape = sphere(2.0f, feet + Vec3{0, 0, 1});
    q.options = 0x2012;
    q.type_mask = body_type::human;
    q.max = 32;
    return q;
}

ShapeOverlapQuery probe(Shape s, std::uint32_t options, int max = 32) {
    ShapeOverlapQuery q;
    q.shape = s;
    q.options = options;
    q.max = max;
    return q;
}

std::vector<std::uint32_t> owners(const Answer& a) {
    std::vector<std::uint32_t> o;
    for (const Contact& c : a.contacts) o.push_back(c.other.owner);
    return o;
}

}  // namespace

TEST_SUITE("world overlap") {
    TEST_CASE(
        "IPhysics_OverlapShape 0x0033ebb8: two bodies overlapped by one push sphere are both reported, in discovery "
        "order") {
        World w;
        const BodyId me = add(w, human(20, {0, 0, 0}));
        const BodyId right = add(w, human(22, {1.5f, 0, 0}));
        add(w, human(21, {-1, 0, 0}));
        add(w, car(9, {0, 2.5f, 0}));  // within reach, but not a human (type mask 0x40)
        const Answer a = ask(w, push_sphere(me, {0, 0, 0}));
        REQUIRE(a.result.status == WorldStatus::ok);
        CHECK(owners(a) == std::vector<std::uint32_t>{21, 22});  // the x-sorted list's order
        CHECK(a.contacts[0].own.owner == 20);
        CHECK(a.contacts[0].own.shape == 0x84u);
        CHECK(a.result.stats.candidates == 2);
        // SphereCapsule writes nothing: the rest of the record is zero, not the buffer's leftovers.
        CHECK(a.contacts[0].untouched(offs::fraction, 4));
        CHECK(a.contacts[0].word_at(offs::fraction) == 0u);
        CHECK(a.contacts[0].written == (pairs::words(offs::own_owner, 8) | pairs::words(offs::other_owner, 8) |
                                        pairs::words(offs::triangle, 4)));
        // Move the right one past the left one: the order follows the list.
        REQUIRE(w.move_body(right, {-3, 0, 0}) == WorldStatus::ok);
        CHECK(owners(ask(w, push_sphere(me, {0, 0, 0}))) == std::vector<std::uint32_t>{22, 21});
    }

    TEST_CASE(
        "IPhysics_OverlapShape 0x0033ebb8: a capsule and a box far apart in height are rejected by the gather, not the "
        "kernel") {
        // Human_FindPickupNear (0x002193e4): the human's capsule, options 0x12, type 8, max 32.
        World w;
        const BodyId me = add(w, human(20, {0, -1.2f, 0}));
        const Box high = box({0, 0, 50.5f}, {2, 1, 0.5f});
        add(w, box_object(9, 0, high));
        const Shape capsule_shape = capsule(0.35f, 1.8f, {0, -1.2f, 0});
        Contact alone = pairs::fresh_contact();
        REQUIRE(physics_overlap_capsule_box(alone, capsule_shape, Shape::of(high),
                                            Quirks::faithful()));  // heights not read
        ShapeOverlapQuery q = probe(capsule_shape, 0x12);
        q.body = me;
        q.type_mask = body_type::object;
        const Answer a = ask(w, q);
        CHECK(a.result.count == 0);
        CHECK(a.result.stats.candidates == 0);  // never reached the pair function
        CHECK(a.result.stats.pairs == 0);
        // The same box on the ground is found, with the pair's +0x50 and +0x88.
        add(w, box_object(10, 0, pairs::box_b()));
        const Answer low = ask(w, q);
        REQUIRE(low.result.count == 1);
        CHECK(low.contacts[0].other.owner == 10);
        CHECK_VEC3_NEAR(low.contacts[0].other.normal, 0, -1, 0);
        CHECK_NEAR(low.contacts[0].depth, 0.15);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8 option 0x10: the type mask applies only with the option") {
        World w;
        add(w, human(21, {1, 0, 0}));
        add(w, box_object(9, 0, box({-1, 0, 0.5f}, {0.3f, 0.3f, 0.3f})));
        ShapeOverlapQuery q = probe(sphere(2, {0, 0, 1}), world_option::bodies);
        q.type_mask = body_type::human;
        CHECK(ask(w, q).result.count == 2);  // +0x14 is not read without 0x10
        q.options |= world_option::type_mask;
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{21});
        q.type_mask = body_type::object;
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{9});
    }

    TEST_CASE(
        "IPhysics_OverlapShape 0x0033ebb8 option 0x80: bodies of the querying body's non-zero group are skipped") {
        World w;
        BodyDesc me = human(20, {0, 0, 0});
        me.group = 5;
        const BodyId self = add(w, me);
        BodyDesc mate = human(21, {1, 0, 0});
        mate.group = 5;
        add(w, mate);
        add(w, human(22, {-1, 0, 0}));  // group 0
        ShapeOverlapQuery q = push_sphere(self, {0, 0, 0});
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22, 21});
        q.options |= world_option::group;
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22});
        // Group 0 skips nobody, not even other bodies of group 0.
        REQUIRE(w.set_body_words(self, body_flag::object_target, body_type::human, 0) == WorldStatus::ok);
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22, 21});
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8 option 0x100: the querying owner is asked about each other owner") {
        World w;
        TestOwner me_owner;
        me_owner.refused_overlap = {22};
        w.set_owner(20, &me_owner);
        const BodyId me = add(w, human(20, {0, 0, 0}));
        add(w, human(21, {1, 0, 0}));
        add(w, human(22, {-1, 0, 0}));
        ShapeOverlapQuery q = push_sphere(me, {0, 0, 0});
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22, 21});  // not asked without 0x100
        q.options |= world_option::ask_owner;
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{21});
        w.set_owner(20, nullptr);  // an owner without answers accepts everyone
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22, 21});
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8 option 0x200: only shapes with flag 0x1") {
        World w;
        BodyDesc d = car(9);
        d.chain[0].flags = 0;  // box 1 switched off
        add(w, d);
        ShapeOverlapQuery q = probe(sphere(1.5f, {0, 0, 1}), world_option::bodies);
        const Answer all = ask(w, q);
        REQUIRE(all.result.count == 2);
        CHECK(all.contacts[0].other.shape == 11);
        q.options |= world_option::enabled_only;
        const Answer on = ask(w, q);
        REQUIRE(on.result.count == 1);
        CHECK(on.contacts[0].other.shape == 12);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8 option 0x400: the box at +0x08 gathers instead of the shape's bounds") {
        World w;
        add(w, human(21, {10, 0, 0}));
        add(w, human(22, {1, 0, 0}));
        // The push sphere reaches the human at x = 1; a given box around x = 10 gathers the other,
        // which the sphere itself does not reach: the pair test still decides.
        ShapeOverlapQuery q = probe(sphere(2, {0, 0, 1}), world_option::bodies | world_option::given_box);
        q.box = {{9, -1, 0}, {11, 1, 2}};
        const Answer far = ask(w, q);
        CHECK(far.result.count == 0);
        CHECK(far.result.stats.candidates == 1);
        q.box = {{-3, -3, 0}, {12, 3, 2}};
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22});
        q.box->max.x = std::numeric_limits<float>::infinity();
        CHECK(ask(w, q).result.status == WorldStatus::non_finite);
        q.options &= ~world_option::given_box;  // without 0x400 the box is not read
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{22});
    }

    TEST_CASE(
        "IPhysics_OverlapShape 0x0033ebb8 option 0x400 without a box is refused with no_box, not gathered at the "
        "origin") {
        World w;
        add(w, human(21, {10, 0, 0}));
        // The sphere overlaps the human far from the origin; a box left out
        // must not stand for one at the origin, which gathers nobody.
        ShapeOverlapQuery q = probe(sphere(2, {10, 0, 1}), world_option::bodies | world_option::given_box);
        const Answer missing = ask(w, q);
        CHECK(missing.result.status == WorldStatus::no_box);
        CHECK(missing.result.count == 0);
        CHECK(missing.result.stats.candidates == 0);
        CHECK(world_status_name(WorldStatus::no_box) == "no_box");
        q.box = ShapeBounds{{0, 0, 0}, {0, 0, 0}};  // a box at the origin, given on purpose, is read as given
        CHECK(ask(w, q).result.status == WorldStatus::ok);
        CHECK(ask(w, q).result.count == 0);
        q.box = ShapeBounds{{8, -2, -1}, {12, 2, 3}};
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{21});
        q.box.reset();
        q.options &= ~world_option::given_box;  // without 0x400 no box is needed: the shape's bounds gather
        CHECK(owners(ask(w, q)) == std::vector<std::uint32_t>{21});
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: 50 slots and the cap at max, reported, never overflowed") {
        World w;
        for (std::uint32_t k = 0; k < 60; ++k) {
            BodyDesc d;
            d.owner = 100 + k;
            d.chain.push_back({k, sphere(0.1f, {0.01f * float(k), 0, 0})});
            add(w, d);
        }
        const Shape s = sphere(1, {0, 0, 0});
        const Answer all = ask(w, probe(s, world_option::bodies, 64), 64);
        CHECK(all.result.count == body_contact_slots);
        CHECK(all.result.found == 60);
        CHECK(all.result.overflow);  // the original's buffer would have been written past
        CHECK(all.contacts[49].other.owner == 149);
        const Answer five = ask(w, probe(s, world_option::bodies, 5), 64);
        CHECK(five.result.count == 5);
        CHECK(five.result.found == 60);  // every candidate is tested, as in the original
        CHECK(five.contacts[4].other.owner == 104);
        const Answer small = ask(w, probe(s, world_option::bodies, 32), 3);
        CHECK(small.result.count == 3);
        const Answer none = ask(w, probe(s, world_option::bodies, 0), 64);
        CHECK(none.result.count == 0);
        CHECK(none.result.stats.pairs == 0);                                    // +0x18 of 0: no body is tested at all
        CHECK(ask(w, probe(s, 0, 32)).result.stats.pairs == 0);                 // without 0x2 no body either
        CHECK(ask(w, probe(s, world_option::bodies, 32), 64).result.overflow);  // whatever max, all 60 are found
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8 option 0x1: the mesh contacts follow the bodies', up to max") {
        const Level level = make_level({{{-5, -5, 0}, {5, -5, 0}, {-5, 5, 0}}, {{5, -5, 0}, {5, 5, 0}, {-5, 5, 0}}});
        World w(&level);
        const BodyId me = add(w, human(20, {3, 3, 0}));
        add(w, human(21, {0.5f, 0, 0}));
        ShapeOverlapQuery q = probe(sphere(0.6f, {0, 0, 0.3f}), world_option::mesh | world_option::bodies, 8);
        q.body = me;
        q.shape_id = 5;
        const Answer a = ask(w, q);
        REQUIRE(a.result.count == 3);
        CHECK(a.contacts[0].other.owner == 21);  // the body first
        for (int i : {1, 2}) {
            const Contact& m = a.contacts[static_cast<std::size_t>(i)];
            CHECK(m.other.owner == 0u);  // the level
            CHECK(m.own.owner == 20u);
            CHECK(m.own.shape == 5u);
            CHECK(m.triangle == static_cast<std::uint32_t>(i - 1));
            CHECK_NEAR(m.depth, 0.3);
            CHECK_VEC3_NEAR(m.other.normal, 0, 0, 1);
        }
        CHECK(a.result.stats.mesh_contacts == 2);
        // max 2: one body contact, then one from the mesh.
        q.max = 2;
        CHECK(ask(w, q).result.count == 2);
        // max 1 filled by the body: the mesh is not queried.
        q.max = 1;
        const Answer one = ask(w, q);
        CHECK(one.result.count == 1);
        CHECK(one.result.stats.mesh_contacts == 0);
        // Only the sphere has a mesh overlap that can hit.
        q.max = 8;
        q.shape = capsule(0.35f, 1.8f, {0, 0, -0.5f});
        CHECK(ask(w, q).result.stats.mesh_contacts == 0);
        // Without a level, option 0x1 is refused.
        World bare;
        CHECK(ask(bare, probe(sphere(1, {0, 0, 0}), world_option::mesh)).result.status == WorldStatus::no_level);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: a stale querying body and bad shapes get a status") {
        World w;
        const BodyId gone = add(w, human(20, {0, 0, 0}));
        REQUIRE(w.remove_body(gone) == WorldStatus::ok);
        ShapeOverlapQuery q = probe(sphere(1, {0, 0, 0}), world_option::bodies);
        q.body = gone;
        CHECK(ask(w, q).result.status == WorldStatus::unknown_body);
        q.body.reset();
        q.shape = sphere(std::numeric_limits<float>::quiet_NaN(), {0, 0, 0});
        CHECK(ask(w, q).result.status == WorldStatus::non_finite);
        q.shape = sphere(-1, {0, 0, 0});
        CHECK(ask(w, q).result.status == WorldStatus::negative_radius);
    }
}
