// IPhysics_QueryBox over the world's x-sorted list (spec Unit 4, step 1): the
// order, the box test, the broad phase against testing every body over random
// scenes of thousands of moving bodies, and its tree against the plain sorted
// array the list was, over long runs of insertions, moves and removals.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>

#include "../../bench/sorted_array_list.hpp"
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

    TEST_CASE(
        "IPhysics_QueryBox: the broad phase gives what testing every body gives, over random scenes of thousands of "
        "moving bodies") {
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
                        d.chain.push_back(
                            {4, Shape::of(pairs::randomly_oriented(box(at, {long_side, 0.5f, 0.5f}), rng))});
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

    TEST_CASE(
        "IPhysics_QueryBox: the list's work stays within c n log n for n bodies added in falling x and removed from "
        "the front") {
        // Counted, not timed: World::list_steps() counts every entry and child
        // slot the list's changes write or move and every node and entry they
        // visit. Here each body goes in before every other and leaves first, the
        // orders that made the sorted array the list was shift all of it: about
        // n^2 / 2 steps each way, 5e9 for 100,000 bodies, where the tree takes
        // a bounded number per level.
        const int n = scaled(100000);
        World w;
        std::vector<BodyId> ids;
        ids.reserve(static_cast<std::size_t>(n));
        const std::uint64_t start = w.list_steps();
        for (int i = 0; i < n; ++i)
            ids.push_back(
                add(w, ball(1 + static_cast<std::uint32_t>(i % 7), {16000.0f * float(n - i) / float(n), 0, 0}, 0.25f)));
        const std::uint64_t adding = w.list_steps() - start;
        REQUIRE(gather(w, box_query({-20000, -1, -1}, {20000, 1, 1})).front() == ids.back());
        for (auto it = ids.rbegin(); it != ids.rend(); ++it) REQUIRE(w.remove_body(*it) == WorldStatus::ok);
        const std::uint64_t removing = w.list_steps() - start - adding;
        REQUIRE(w.body_count() == 0);
        const double n_log_n = double(n) * std::log2(double(n));
        MESSAGE(n << " bodies: " << adding << " steps adding them (" << double(adding) / n_log_n << " n log2 n), "
                  << removing << " removing them (" << double(removing) / n_log_n << " n log2 n)");
        // Every change counts (a counter that stopped counting would pass the bound).
        CHECK(adding >= std::uint64_t(n));
        CHECK(removing >= std::uint64_t(n));
        constexpr double c = 16;
        CHECK(double(adding) <= c * n_log_n);
        CHECK(double(removing) <= c * n_log_n);
    }

    TEST_CASE(
        "IPhysics_QueryBox: the list's tree keeps the plain sorted array's order over insertions, moves and removals "
        "in any order") {
        // The world against the plain model of its list (bench/sorted_array_list.hpp):
        // bodies arriving in falling, rising and random x, leaving from the
        // front, the back and anywhere, moving a little or far, resized,
        // many sharing a min x (a 0.5 m grid), so that the tree's nodes
        // split, merge, even out, and its root grows and shrinks.
        std::mt19937 rng = seeded_rng(1203);
        const int many = scaled(20000);
        World w;
        bench::SortedArrayList model;
        std::map<std::uint32_t, BodyId> handles;  // by model id, which is also the order of addition
        std::uint32_t next_id = 0;
        const auto snap = [](float v) { return std::round(v * 2.0f) / 2.0f; };
        const auto listed = [&](BodyId id) {
            const auto v = w.body(id);
            REQUIRE(v);
            return v->bounds;
        };
        const auto add_at = [&](float x) {
            BodyDesc d;
            d.owner = 1 + next_id % 7;
            const Vec3 at{x, snap(uniform(rng, -20, 20)), 0};
            d.chain.push_back({1, sphere(snap(uniform(rng, 0.5f, 2.0f)), at)});
            if (rng() % 4 == 0)
                d.chain.push_back({2, capsule(0.35f, 1.8f, at + Vec3{snap(uniform(rng, -3, 3)), 0, 0})});
            const BodyId id = add(w, d);
            model.insert(next_id, next_id, listed(id));
            handles[next_id++] = id;
        };
        const auto remove = [&](std::map<std::uint32_t, BodyId>::iterator it) {
            REQUIRE(w.remove_body(it->second) == WorldStatus::ok);
            model.erase(it->first);
            handles.erase(it);
        };
        const auto move = [&](std::map<std::uint32_t, BodyId>::iterator it, float dx) {
            REQUIRE(w.move_body(it->second, {dx, snap(uniform(rng, -1, 1)), 0}) == WorldStatus::ok);
            model.update(it->first, listed(it->second));
        };
        const auto random_body = [&] {
            auto it = handles.begin();
            std::advance(it, static_cast<std::ptrdiff_t>(rng() % handles.size()));
            return it;
        };
        // The bodies in the model's order, as handles.
        const auto expected = [&](const ShapeBounds& q) {
            std::vector<BodyId> ids;
            for (const std::uint32_t id : model.gather(q)) ids.push_back(handles.at(id));
            return ids;
        };
        std::size_t compared = 0;
        const auto compare = [&] {
            REQUIRE(w.body_count() == handles.size());
            const GatherQuery all = box_query({-1e30f, -1e30f, -1e30f}, {1e30f, 1e30f, 1e30f});
            REQUIRE(gather(w, all) == expected(all.box));
            for (int k = 0; k < 20; ++k) {
                const Vec3 c{uniform(rng, -600, 600), uniform(rng, -25, 25), uniform(rng, -2, 4)};
                const Vec3 half{uniform(rng, 0, 40), uniform(rng, 0, 30), uniform(rng, 0, 3)};
                const GatherQuery q = box_query(c - half, c + half);
                CHECK(gather(w, q) == expected(q.box));
                ++compared;
            }
        };

        for (int i = 0; i < many; ++i) {  // falling x, ties on the grid
            add_at(snap(500.0f - 1000.0f * float(i) / float(many)));
            if (i % 1000 == 999) compare();
        }
        compare();
        for (int i = 0; i < many * 3 / 4; ++i) {  // from the front
            remove(handles.find(model.front()));
            if (i % 1000 == 999) compare();
        }
        for (int i = 0; i < many; ++i) {  // rising x, interleaved with removals from the back
            add_at(snap(-500.0f + 1000.0f * float(i) / float(many)));
            if (i % 3 == 0) remove(std::prev(handles.end()));
            if (i % 1000 == 999) compare();
        }
        compare();
        for (int i = 0; i < 2 * many; ++i) {  // churn: every kind of change, anywhere
            const unsigned dice = rng() % 100;
            if (dice < 30 || handles.size() < 10)
                add_at(snap(uniform(rng, -600, 600)));
            else if (dice < 55)
                remove(random_body());
            else if (dice < 85)
                move(random_body(), snap(uniform(rng, -1, 1)));
            else if (dice < 95) {  // far, to anywhere in the span
                const auto it = random_body();
                move(it, snap(uniform(rng, -600, 600)) - view(w, it->second).bounds.min.x);
            } else {
                const auto it = random_body();
                const BodyView v = view(w, it->second);
                std::vector<Shape> chain;
                for (const BodyShape& s : v.chain) {
                    Shape p = s.shape;
                    if (p.type == ShapeType::sphere) p.sphere.radius = snap(uniform(rng, 0.5f, 30.0f));
                    chain.push_back(p);
                }
                REQUIRE(w.pose_body(it->second, chain, {}) == WorldStatus::ok);
                model.update(it->first, listed(it->second));
            }
            if (i % 1000 == 999) compare();
        }
        compare();
        while (!handles.empty()) {  // everyone leaves, anywhere
            remove(random_body());
            if (handles.size() % 1000 == 0) compare();
        }
        compare();
        for (int i = 0; i < 100; ++i) add_at(snap(uniform(rng, -600, 600)));  // and the emptied list fills again
        compare();
        MESSAGE(compared << " gathers compared");
    }
}
