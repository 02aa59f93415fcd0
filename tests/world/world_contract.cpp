// The query contract of native-collision-reference.txt, checked on the world:
// exclusions by pass entity and owner and the content (type) mask decide who is
// tested (HIT-001); status words survive a hit that is not copied, and a closer
// hit replaces the nearest only on a strict < (HIT-002).
#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

BodyDesc ball(std::uint32_t owner, Vec3 c, std::uint32_t type = body_type::object) {
    BodyDesc d;
    d.owner = owner;
    d.type = type;
    d.chain.push_back({owner, sphere(0.5f, c)});
    return d;
}

ShapeSweepQuery sweep_sphere(Vec3 from, Vec3 move, int max) {
    ShapeSweepQuery q;
    q.shape = sphere(0.5f, from);
    q.move = with_w(move, 1.0f);
    q.max = max;
    return q;
}

BodyId wall(World& w, std::uint32_t owner, Vec3 centre) {
    return add(w, box_object(owner, 0, box(centre, {0.5f, 0.5f, 0.5f}), owner));
}

}  // namespace

TEST_SUITE("world contract") {
    TEST_CASE(
        "HIT-001 pass-entity and owner exclusions: the querying body and its owner's bodies are not tested, with no "
        "querying body nothing is excluded") {
        World w;
        const BodyId self = add(w, ball(7, {0, 0, 0}));
        const BodyId sibling = add(w, ball(7, {0.5f, 0, 0}));  // the same owner: a related body
        const BodyId other = add(w, ball(8, {1, 0, 0}));
        const BodyId ownerless = add(w, ball(0, {1.5f, 0, 0}));
        GatherQuery q = box_query({-5, -5, -5}, {5, 5, 5});
        CHECK(gather(w, q) == std::vector<BodyId>{self, sibling, other, ownerless});  // the sentinel: no body
        q.body = self;
        CHECK(gather(w, q) == std::vector<BodyId>{other, ownerless});
        q.body = ownerless;  // owner 0 relates to nobody: only the body itself goes
        CHECK(gather(w, q) == std::vector<BodyId>{self, sibling, other});
        // The same filters decide who an overlap and a sweep test.
        ShapeOverlapQuery o;
        o.body = self;
        o.shape = sphere(3, {0, 0, 0});
        o.max = 32;
        const Answer a = ask(w, o);
        REQUIRE(a.result.count == 2);
        CHECK(a.contacts[0].other.owner == 8u);
        CHECK(a.contacts[1].other.owner == 0u);
        ShapeSweepQuery s = sweep_sphere({0, 0, 0}, {3, 0, 0}, 32);
        s.body = sibling;
        CHECK(ask(w, s).result.stats.candidates == 2);
    }

    TEST_CASE(
        "HIT-001 content mask: a type mask that shares a bit with the body's type is tested, one that does not is "
        "not") {
        World w;
        add(w, ball(1, {0, 0, 0}, 2));  // type 2: nonzero, but no bit of mask 1
        add(w, ball(2, {1, 0, 0}, 3));  // type 3: overlaps mask 1
        GatherQuery q = box_query({-5, -5, -5}, {5, 5, 5});
        q.type_mask = 1;
        const std::vector<BodyId> got = gather(w, q);
        REQUIRE(got.size() == 1);
        REQUIRE(w.body(got[0]));
        CHECK(view(w, got[0]).owner == 2u);
        // Through IPhysics_OverlapShape with option 0x10, with and without a querying body.
        ShapeOverlapQuery o;
        o.shape = sphere(3, {0, 0, 0});
        o.options = world_option::bodies | world_option::type_mask;
        o.type_mask = 1;
        o.max = 32;
        const Answer a = ask(w, o);
        REQUIRE(a.result.count == 1);
        CHECK(a.contacts[0].other.owner == 2u);
        o.type_mask = 2;
        CHECK(ask(w, o).result.count == 2);
        o.type_mask = 4;
        CHECK(ask(w, o).result.count == 0);
    }

    TEST_CASE("HIT-002 a status is kept while a farther hit is not copied") {
        // A sphere sweeping +x: box A ahead (hit at 0.5), box C farther (hit at
        // 0.8), and box B touching the sphere at the start with its centre outside
        // (Unit 5: no contact, but the overlap at the start is a status).
        World w;
        wall(w, 3, {2.6f, 0, 0});          // C
        wall(w, 1, {2.0f, 0, 0});          // A
        wall(w, 2, {-0.5f, 0.0f, 0.95f});  // B: its bottom face 0.05 m into the sphere
        const Answer a = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 1));
        REQUIRE(a.result.count == 1);
        CHECK(a.contacts[0].other.owner == 1u);
        CHECK_NEAR(a.contacts[0].fraction, 0.5);
        CHECK(a.result.found == 2);                                     // C's hit was found, not copied
        CHECK(a.result.status_bits == sweep_status::overlap_at_start);  // B's status survives
        // All three, with room for all: B still has no contact.
        const Answer all = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 8));
        REQUIRE(all.result.count == 2);
        CHECK(all.contacts[1].other.owner == 3u);
        CHECK(all.result.status_bits == sweep_status::overlap_at_start);
        // Starting inside box A instead: a contact at fraction 0 and both statuses.
        const Answer inside = ask(w, sweep_sphere({2.0f, 0, 0}, {0.5f, 0, 0}, 1));
        REQUIRE(inside.result.count == 1);
        CHECK(inside.contacts[0].fraction == 0.0f);
        CHECK(inside.result.status_bits == (sweep_status::contact_at_start | sweep_status::overlap_at_start));
        // Nothing at the start: no status.
        CHECK(ask(w, sweep_sphere({0, 3, 0}, {2, 0, 0}, 8)).result.status_bits == 0u);
    }

    TEST_CASE("HIT-002 an equal fraction does not replace the nearest hit: the first found stays") {
        World w;
        const BodyId left = wall(w, 1, {2.0f, 0.3f, 0});
        wall(w, 2, {2.0f, -0.3f, 0});  // the same face x = 1.5, found second
        const Answer a = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 1));
        REQUIRE(a.result.count == 1);
        CHECK(a.contacts[0].other.owner == 1u);
        CHECK(a.result.found == 2);
        const Answer both = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 2));
        REQUIRE(both.result.count == 2);
        REQUIRE(both.contacts[0].fraction == both.contacts[1].fraction);
        // Moving away and back keeps the list's order (an equal min x: the order of addition).
        REQUIRE(w.move_body(left, {1, 0, 0}) == WorldStatus::ok);
        REQUIRE(w.move_body(left, {-1, 0, 0}) == WorldStatus::ok);
        const Answer again = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 1));
        REQUIRE(again.result.count == 1);
        CHECK(again.contacts[0].other.owner == 1u);
        // Added again, the left box is found second: now the right one is kept.
        REQUIRE(w.remove_body(left) == WorldStatus::ok);
        const BodyId left_again = wall(w, 1, {2.0f, 0.3f, 0});
        const Answer swapped = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 1));
        REQUIRE(swapped.result.count == 1);
        CHECK(swapped.contacts[0].other.owner == 2u);
        // A strictly closer hit does replace it.
        REQUIRE(w.move_body(left_again, {-0.001f, 0, 0}) == WorldStatus::ok);
        const Answer closer = ask(w, sweep_sphere({0, 0, 0}, {2, 0, 0}, 1));
        REQUIRE(closer.result.count == 1);
        CHECK(closer.contacts[0].other.owner == 1u);
        CHECK(closer.contacts[0].fraction < swapped.contacts[0].fraction);
    }
}
