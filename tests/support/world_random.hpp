// A random frame for the world suites: a street of humans (with strike hands
// and forearms), cars and crates over a level's bounds, the owners' states, and
// a frame's worth of queries of every kind.
#pragma once

#include <deque>
#include <random>
#include <vector>

#include "world_support.hpp"

namespace levelsweep::test::world {

struct RandomScene {
    std::vector<BodyId> humans, objects;
    std::deque<TestOwner> owners;  // stable addresses for World::set_owner
};

// `count` bodies over [lo, hi] in x and y (z from the floor at lo.z).
inline RandomScene random_scene(World& w, std::mt19937& rng, int count, Vec3 lo, Vec3 hi) {
    RandomScene s;
    const auto at = [&] { return Vec3{uniform(rng, lo.x, hi.x), uniform(rng, lo.y, hi.y), lo.z}; };
    for (int i = 0; i < count; ++i) {
        const auto owner = static_cast<std::uint32_t>(i + 1);
        TestOwner& o = s.owners.emplace_back();
        o.flags = rng() % 4 == 0 ? airborne : 0;
        o.is_landing = rng() % 8 == 0;
        o.is_holding = rng() % 8 == 0;
        if (rng() % 10 == 0) o.refused_overlap.insert(owner + 1);
        if (rng() % 10 == 0) o.refused_strike.insert(owner + 2);
        w.set_owner(owner, &o);
        const Vec3 p = at();
        switch (rng() % 4) {
            case 0:
            case 1: {
                BodyDesc d = human(owner, p, owner * 10);
                d.group = rng() % 3;
                const Vec3 hand =
                    p + Vec3{uniform(rng, -0.6f, 0.6f), uniform(rng, -0.6f, 0.6f), uniform(rng, 0.5f, 1.6f)};
                d.strikes.push_back({owner * 10 + 1, sphere(0.09f, hand), shape_flag::enabled | shape_flag::strike});
                d.strikes.push_back({owner * 10 + 2, segment(hand, hand + uniform_vec(rng, -0.3f, 0.3f), 0.05f),
                                     shape_flag::enabled | shape_flag::strike});
                s.humans.push_back(add(w, d));
                break;
            }
            case 2: s.objects.push_back(add(w, car(owner, p))); break;
            default: {
                const std::uint32_t flags[] = {body_flag::block_humans, body_flag::jump_target,
                                               body_flag::charge_target | body_flag::object_target, 0};
                Box b = box(p + Vec3{0, 0, 0.4f}, {uniform(rng, 0.2f, 1.5f), uniform(rng, 0.2f, 1.5f), 0.4f});
                b = pairs::rotated(b, {0, 0, 1}, uniform(rng, 0, 90));
                s.objects.push_back(add(w, box_object(owner, flags[rng() % 4], b, owner * 10)));
            }
        }
    }
    return s;
}

// Re-poses every human's strike shapes by a small swing (a frame's update).
inline void swing_strikes(World& w, std::mt19937& rng, const RandomScene& s) {
    for (const BodyId h : s.humans) {
        const auto v = w.body(h);
        REQUIRE(v);
        std::vector<Shape> chain, strikes;
        for (const BodyShape& c : v->chain) chain.push_back(c.shape);
        for (const BodyShape& c : v->strikes) strikes.push_back(translated(c.shape, uniform_vec(rng, -0.4f, 0.4f)));
        REQUIRE(w.pose_body(h, chain, strikes) == WorldStatus::ok);
    }
}

// A frame's queries: every kind, from random bodies of the scene.
inline std::vector<WorldQuery> random_frame(std::mt19937& rng, const RandomScene& s, int count, bool mesh) {
    std::vector<WorldQuery> qs;
    const auto pick = [&](const std::vector<BodyId>& v) { return v[rng() % v.size()]; };
    const std::uint32_t mesh_bit = mesh ? world_option::mesh : 0u;
    for (int i = 0; i < count; ++i) {
        const Vec3 move{uniform(rng, -1.5f, 1.5f), uniform(rng, -1.5f, 1.5f), uniform(rng, -0.2f, 0.2f)};
        switch (rng() % 6) {
            case 0: {
                GatherQuery g;
                g.body = pick(s.humans);
                const Vec3 c{uniform(rng, 0, 40), uniform(rng, 0, 21), 1};
                g.box = {c - Vec3{2, 2, 1}, c + Vec3{2, 2, 1}};
                qs.emplace_back(g);
                break;
            }
            case 1: {
                ShapeOverlapQuery o;
                o.body = pick(s.humans);
                o.shape = sphere(uniform(rng, 0.3f, 2.0f), {uniform(rng, 0, 40), uniform(rng, 0, 21), 1});
                o.options = world_option::bodies | (rng() % 2 ? 0x390u : 0u) | mesh_bit;
                o.type_mask = rng() % 2 ? body_type::human : body_type::object;
                o.max = 1 + static_cast<int>(rng() % 40);
                qs.emplace_back(o);
                break;
            }
            case 2: {
                HumanSweepQuery h;
                h.human = pick(s.humans);
                h.move = move;
                h.max = 1 + static_cast<int>(rng() % 10);
                h.options = mesh_bit;
                qs.emplace_back(h);
                break;
            }
            case 3: {
                ObjectSweepQuery o;
                o.object = pick(s.objects);
                o.move = move;
                o.options = mesh_bit;
                qs.emplace_back(o);
                break;
            }
            case 4: {
                ShapeSweepQuery q;
                q.shape =
                    sphere(uniform(rng, 0.1f, 0.6f), {uniform(rng, 0, 40), uniform(rng, 0, 21), uniform(rng, 0.2f, 2)});
                q.move = with_w(move, 1.0f);
                q.options = world_option::bodies | mesh_bit;
                q.max = 1 + static_cast<int>(rng() % 60);
                qs.emplace_back(q);
                break;
            }
            default: {
                StrikeQuery q;
                q.striker = pick(s.humans);
                qs.emplace_back(q);
            }
        }
    }
    return qs;
}

}  // namespace levelsweep::test::world
