// levelsweep benchmarks: seeded worlds of moving bodies and their frames of
// queries (bench_world.cpp). A street of humans (each with a hand sphere and a
// forearm segment among its strike shapes), cars and crates, one body per 25 m²
// whatever the count, so a query meets about as many bodies in every scene.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "bench_random.hpp"
#include "levelsweep/world.hpp"

namespace levelsweep::bench {

struct BenchWorld {
    World world;
    std::vector<BodyId> humans, others;
    float side = 0.0f;  // the square the bodies stand on, from (0, 0)
};

inline std::unique_ptr<BenchWorld> make_bench_world(std::uint32_t count, std::uint32_t seed) {
    auto bw = std::make_unique<BenchWorld>();
    BenchRng rng(seed);
    bw->side = std::sqrt(25.0f * static_cast<float>(count));
    for (std::uint32_t i = 0; i < count; ++i) {
        const Vec3 at{rng.uniform(0, bw->side), rng.uniform(0, bw->side), 0};
        BodyDesc d;
        d.owner = i + 1;
        const std::uint32_t kind = rng.below(4);
        if (kind < 2) {  // a human
            d.flags = body_flag::object_target;
            d.type = body_type::human;
            d.chain.push_back({i * 4, Shape::of(Capsule{0.35f, 1.8f, at}), shape_flag::enabled | shape_flag::target});
            const Vec3 hand = at + Vec3{0.4f, 0, 1.2f};
            d.strikes.push_back({i * 4 + 1, Shape::of(Sphere{0.09f, hand}), shape_flag::enabled | shape_flag::strike});
            d.strikes.push_back({i * 4 + 2, Shape::of(Segment{hand - Vec3{0.25f, 0, 0}, hand, 0.05f}),
                                 shape_flag::enabled | shape_flag::strike});
        } else {  // a car's two boxes, or a crate
            d.flags = kind == 2 ? 0x2211au : body_flag::block_humans;
            d.type = body_type::object;
            const float half = kind == 2 ? 2.0f : rng.uniform(0.2f, 1.0f);
            d.chain.push_back({i * 4, Shape::of(rng.box(at + Vec3{0, 0, 0.5f}, half * 0.5f, half))});
            if (kind == 2) d.chain.push_back({i * 4 + 1, Shape::of(rng.box(at + Vec3{0, 0, 1.25f}, 0.3f, 1.0f))});
        }
        const World::Added a = bw->world.add_body(d);
        (kind < 2 ? bw->humans : bw->others).push_back(a.id);
    }
    return bw;
}

// One update: every body moves by up to 0.2 m (a walk at 6 m/s over 1/30 s),
// its strike shapes swinging by up to 0.4 m, through the world's pose calls.
inline void move_bodies(BenchWorld& bw, BenchRng& rng) {
    for (const auto* ids : {&bw.humans, &bw.others})
        for (const BodyId id : *ids)
            bw.world.move_body(id, Vec3{rng.uniform(-0.2f, 0.2f), rng.uniform(-0.2f, 0.2f), 0});
    for (const BodyId id : bw.humans) {
        const auto v = bw.world.body(id);
        Shape chain[1] = {v->chain[0].shape};
        Shape strikes[2] = {v->strikes[0].shape, v->strikes[1].shape};
        for (Shape& s : strikes) {
            const Vec3 d = rng.uniform_vec(-0.4f, 0.4f);
            s.sphere.centre = s.sphere.centre + d;
            s.segment.start = s.segment.start + d;
            s.segment.end = s.segment.end + d;
        }
        bw.world.pose_body(id, chain, strikes);
    }
}

// A frame's queries of one kind (or every kind in turn, `mixed`), from the
// scene's own bodies: gathers of a human's 4 m reach, push-sphere overlaps,
// the humans' walking sweeps, the objects' box sweeps and strike tests.
enum class WorldBenchKind { gather, overlap, sweep_human, sweep_object, strikes, mixed };

inline std::vector<WorldQuery> bench_frame(const BenchWorld& bw, WorldBenchKind kind, std::size_t count,
                                           std::uint32_t seed) {
    BenchRng rng(seed);
    std::vector<WorldQuery> qs;
    for (std::size_t i = 0; i < count; ++i) {
        const BodyId h = bw.humans[rng.below(static_cast<std::uint32_t>(bw.humans.size()))];
        const BodyId o = bw.others[rng.below(static_cast<std::uint32_t>(bw.others.size()))];
        const Vec3 feet = bw.world.body(h)->chain[0].shape.capsule.base;
        const Vec3 step{rng.uniform(-0.3f, 0.3f), rng.uniform(-0.3f, 0.3f), 0};
        const auto k = kind == WorldBenchKind::mixed ? static_cast<WorldBenchKind>(i % 5) : kind;
        switch (k) {
            case WorldBenchKind::gather: {
                GatherQuery g;
                g.body = h;
                g.box = {feet - Vec3{2, 2, 0}, feet + Vec3{2, 2, 2}};
                qs.emplace_back(g);
                break;
            }
            case WorldBenchKind::overlap: {  // PhysicsHumanBody_PushAwayHumans
                ShapeOverlapQuery q;
                q.body = h;
                q.shape = Shape::of(Sphere{2.0f, feet + Vec3{0, 0, 1}});
                q.options = 0x2012;
                q.type_mask = body_type::human;
                q.max = 32;
                qs.emplace_back(q);
                break;
            }
            case WorldBenchKind::sweep_human: {
                HumanSweepQuery q;
                q.human = h;
                q.move = step;
                qs.emplace_back(q);
                break;
            }
            case WorldBenchKind::sweep_object: {
                ObjectSweepQuery q;
                q.object = o;
                q.move = step;
                qs.emplace_back(q);
                break;
            }
            default: {
                StrikeQuery q;
                q.striker = h;
                qs.emplace_back(q);
            }
        }
    }
    return qs;
}

}  // namespace levelsweep::bench
