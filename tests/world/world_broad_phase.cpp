// IPhysics_QueryBox over the world's x-sorted list (spec Unit 4, step 1): the
// order, the box test, and the broad phase against testing every body over
// random scenes of thousands of moving bodies.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

BodyDesc ball(std::uint32_t owner, Vec3 c, float r, std::uint32_t type = body_type::object) {
    BodyDesc d;
    d.owner = owner;
    d.type = type;
    d.chain.push_back({owner, sphere(r, c)});
    return d;
}

// What testing every body gives: the bodies whose boxes overlap, but the
// querying body and its owner's, in ascending min x, the earlier added first on
// a tie.
struct Listed {
    BodyId id;
    std::uint64_t added = 0;  // the order of additions
    std::uint32_t owner = 0;
};

std::vector<BodyId> every_body(const World& w, const std::vector<Listed>& live, const GatherQuery& q) {
    std::vector<std::pair<float, std::uint64_t>> keys;
    std::vector<BodyId> ids;
    std::uint32_t self_owner = 0;
    if (q.body) {
        const auto v = w.body(*q.body);
        REQUIRE(v);
        self_owner = v->owner;
    }
    std::vector<std::size_t> hits;
    for (std::size_t i = 0; i < live.size(); ++i) {
        const auto v = w.body(live[i].id);
        REQUIRE(v);
        if (q.body && live[i].id == *q.body) continue;
        if (self_owner != 0 && v->owner == self_owner) continue;
        if (q.type_mask != ~0u && (v->type & q.type_mask) == 0) continue;
        if (v->chain.empty() || !bounds_overlap(v->bounds, q.box)) continue;
        hits.push_back(i);
    }
    std::sort(hits.begin(), hits.end(), [&](std::size_t a, std::size_t b) {
        const float xa = view(w, live[a].id).bounds.min.x, xb = view(w, live[b].id).bounds.min.x;
        return xa < xb || (xa == xb && live[a].added < live[b].added);
    });
    for (std::size_t i : hits) ids.push_back(live[i].id);
    return ids;
}

// A world box computed here from the shapes, not read from the world.
ShapeBounds chain_bounds(const BodyView& v) {
    ShapeBounds b = world_bounds(v.chain.front().shape);
    for (const BodyShape& s : v.chain) b = bounds_union(b, world_bounds(s.shape));
    return b;
}

bool same_box(const ShapeBounds& a, const ShapeBounds& b) { return a.min == b.min && a.max == b.max; }

}  // namespace

TEST_SUITE("world broad phase") {
    TEST_CASE("IPhysics_QueryBox: candidates in the x-sorted list's order, the earlier added first on a tie") {
        World w;
        const BodyId c = add(w, ball(3, {4, 0, 0}, 0.5f));
        const BodyId a = add(w, ball(1, {-3, 0, 0}, 0.5f));
        const BodyId t1 = add(w, ball(4, {1, 0, 0}, 0.5f));
        const BodyId t2 = add(w, ball(5, {1, 2, 0}, 0.5f));  // the same min x as t1, added later
        const GatherQuery all = box_query({-10, -10, -10}, {10, 10, 10});
        CHECK(gather(w, all) == std::vector<BodyId>{a, t1, t2, c});
        // Moving a body re-sorts the list in place.
        REQUIRE(w.move_body(c, {-8, 0, 0}) == WorldStatus::ok);
        CHECK(gather(w, all) == std::vector<BodyId>{c, a, t1, t2});
        // A tie keeps the order of addition whichever way the body came from.
        REQUIRE(w.move_body(t1, {5, 0, 0}) == WorldStatus::ok);
        REQUIRE(w.move_body(t1, {-5, 0, 0}) == WorldStatus::ok);
        CHECK(gather(w, all) == std::vector<BodyId>{c, a, t1, t2});
        REQUIRE(w.move_body(t2, {-5, 0, 0}) == WorldStatus::ok);
        REQUIRE(w.move_body(t2, {5, 0, 0}) == WorldStatus::ok);
        CHECK(gather(w, all) == std::vector<BodyId>{c, a, t1, t2});
    }

    TEST_CASE("IPhysics_QueryBox: overlap in x, y and z, touching included") {
        World w;
        const BodyId b = add(w, ball(1, {0, 0, 0}, 1));
        CHECK(gather(w, box_query({1, -5, -5}, {3, 5, 5})) == std::vector<BodyId>{b});  // touching in x
        CHECK(gather(w, box_query({1.001f, -5, -5}, {3, 5, 5})).empty());
        CHECK(gather(w, box_query({-5, 1.001f, -5}, {5, 3, 5})).empty());
        CHECK(gather(w, box_query({-5, -5, -3}, {5, 5, -1.001f})).empty());
        CHECK(gather(w, box_query({-0.1f, -0.1f, -0.1f}, {0.1f, 0.1f, 0.1f})) == std::vector<BodyId>{b});  // inside
        // A NaN corner is refused with a status.
        std::vector<BodyId> out(4);
        GatherQuery q = box_query({0, 0, 0}, {1, 1, 1});
        q.box.max.y = std::numeric_limits<float>::quiet_NaN();
        CHECK(w.gather(q, out).status == WorldStatus::non_finite);
        // A body with an empty chain is never gathered.
        BodyDesc empty;
        empty.owner = 2;
        add(w, empty);
        CHECK(gather(w, box_query({-1e30f, -1e30f, -1e30f}, {1e30f, 1e30f, 1e30f})) == std::vector<BodyId>{b});
    }

    TEST_CASE("IPhysics_QueryBox: a buffer too small keeps the first in list order and counts the rest") {
        World w;
        std::vector<BodyId> ids;
        for (int k = 0; k < 10; ++k) ids.push_back(add(w, ball(1 + k, {float(9 - k), 0, 0}, 0.2f)));
        std::vector<BodyId> out(3);
        const WorldResult r = w.gather(box_query({-20, -1, -1}, {20, 1, 1}), out);
        CHECK(r.count == 3);
        CHECK(r.found == 10);
        CHECK(out == std::vector<BodyId>{ids[9], ids[8], ids[7]});
    }

    TEST_CASE("IPhysics_QueryBox: the broad phase gives what testing every body gives, over random scenes of thousands of moving bodies") {
        std::mt19937 rng = seeded_rng(1201);
        const int rounds = scaled(30), queries_per_round = scaled(200);
        World w;
        std::vector<Listed> live;
        std::uint64_t added = 0;
        // Positions on a 0.25 m grid over 400 m in x, so that many boxes share a
        // min x (the tie order is exercised); radii from 1 cm to 2 m, a few
        // long walls (the window's width bound must follow them).
        const auto snap = [](float v) { return std::round(v * 4.0f) / 4.0f; };
        const auto random_desc = [&](std::uint32_t owner) {
            BodyDesc d;
            d.owner = owner;
            d.type = 1u << (rng() % 4);
            const Vec3 c{snap(uniform(rng, -200, 200)), snap(uniform(rng, -30, 30)), snap(uniform(rng, 0, 10))};
            const int shapes = 1 + static_cast<int>(rng() % 3);
            for (int k = 0; k < shapes; ++k) {
                const Vec3 at{snap(c.x + uniform(rng, -1, 1)), c.y + uniform(rng, -1, 1), c.z};
                switch (rng() % 4) {
                    case 0: d.chain.push_back({1, sphere(snap(uniform(rng, 0.01f, 2)), at)}); break;
                    case 1: d.chain.push_back({2, capsule(0.35f, 1.8f, at)}); break;
                    case 2: d.chain.push_back({3, segment(at, at + uniform_vec(rng, -2, 2), 0.05f)}); break;
                    default: {
                        const float long_side = rng() % 50 == 0 ? 40.0f : uniform(rng, 0.1f, 2);
                        d.chain.push_back({4, Shape::of(pairs::randomly_oriented(box(at, {long_side, 0.5f, 0.5f}), rng))});
                    }
                }
            }
            return d;
        };
        const auto add_one = [&] {
            const std::uint32_t owner = 1 + static_cast<std::uint32_t>(rng() % 500);  // owners of several bodies
            live.push_back({add(w, random_desc(owner)), added++, owner});
        };
        for (int i = 0; i < 3000; ++i) add_one();

        std::uint64_t compared = 0, nonempty = 0;
        for (int round = 0; round < rounds; ++round) {
            // Between queries: most bodies move a little, some jump, some are
            // re-posed to another size, some leave and others arrive.
            for (std::size_t i = 0; i < live.size(); ++i) {
                const unsigned dice = rng() % 100;
                if (dice < 60) {
                    const Vec3 step{snap(uniform(rng, -0.5f, 0.5f)), uniform(rng, -0.5f, 0.5f), 0};
                    REQUIRE(w.move_body(live[i].id, step) == WorldStatus::ok);
                } else if (dice < 62) {
                    const Vec3 jump{snap(uniform(rng, -300, 300)), 0, 0};  // keeps the grid
                    REQUIRE(w.move_body(live[i].id, jump) == WorldStatus::ok);
                } else if (dice < 64) {
                    const auto v = w.body(live[i].id);
                    REQUIRE(v);
                    std::vector<Shape> chain;
                    for (const BodyShape& s : v->chain) {
                        Shape p = s.shape;
                        p.sphere.radius = snap(uniform(rng, 0.0f, 3.0f));
                        p.box.half[0] = uniform(rng, 0.05f, 30.0f);
                        chain.push_back(p);
                    }
                    std::vector<Shape> strikes;
                    REQUIRE(w.pose_body(live[i].id, chain, strikes) == WorldStatus::ok);
                }
            }
            for (int k = 0; k < 40; ++k) {
                const std::size_t i = rng() % live.size();
                REQUIRE(w.remove_body(live[i].id) == WorldStatus::ok);
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
            }
            for (int k = 0; k < 40; ++k) add_one();
            REQUIRE(w.body_count() == live.size());

            for (int k = 0; k < queries_per_round; ++k) {
                GatherQuery q;
                const Vec3 c{uniform(rng, -220, 220), uniform(rng, -40, 40), uniform(rng, -2, 12)};
                const Vec3 half{uniform(rng, 0, 6), uniform(rng, 0, 40), uniform(rng, 0, 6)};
                q.box = {c - half, c + half};
                if (rng() % 2) q.body = live[rng() % live.size()].id;
                if (rng() % 3 == 0) q.type_mask = 1u + rng() % 15;
                const std::vector<BodyId> expected = every_body(w, live, q);
                const std::vector<BodyId> got = gather(w, q);
                CHECK(got == expected);
                ++compared;
                nonempty += !expected.empty();
            }
        }
        // The world's boxes are the union of each chain's shapes.
        for (const Listed& l : live) {
            const auto v = w.body(l.id);
            REQUIRE(v);
            CHECK(same_box(v->bounds, chain_bounds(*v)));
        }
        MESSAGE(compared << " gathers compared, " << nonempty << " with bodies");
        CHECK(nonempty > compared / 4);  // the queries meet bodies, not only empty space
    }
}
