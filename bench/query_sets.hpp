// levelsweep benchmarks: seeded random query sets on a level.
//
// Every program asks for its queries here, so bench_queries and the peer
// benchmarks walk the very same queries. Starts are uniform over the level's
// bounds (the street levels are 0 to 4 m high, so most queries meet the road,
// kerbs, walls or furniture); the settings are the defaults (no options,
// faithful quirks), the game's common call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "bench_random.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::bench {

// Queries per batch: one benchmark iteration runs the whole batch.
inline constexpr std::size_t queries_per_batch = 1024;
inline constexpr std::uint32_t query_seed = 1;

// One random query of `kind` starting inside the level's bounds:
//   sphere sweep  radius 0.1 to 1 m, a move up to 4 m;
//   capsule sweep the human capsule (radius 0.4704) walking up to 3 m on x and
//                 y, -0.5 to 0.5 m on z;
//   box sweep     half extents 0.1 to 1 m, randomly turned, a move up to 3 m;
//   overlap       radius 0.1 to 2 m;
//   ray           up to 20 m.
inline Query random_query(BenchRng& rng, const Level& level, QueryKind kind) {
    const Vec3 at = rng.uniform_in(level.bounds_min(), level.bounds_max());
    switch (kind) {
        case QueryKind::sphere_sweep: {
            const float radius = rng.uniform(0.1f, 1.0f);
            return Query::sphere_sweep(at, radius, rng.move(4.0f));
        }
        case QueryKind::capsule_sweep: {
            const Vec3 walk{rng.uniform(-3.0f, 3.0f), rng.uniform(-3.0f, 3.0f), rng.uniform(-0.5f, 0.5f)};
            return Query::capsule_sweep(at, walk);
        }
        case QueryKind::box_sweep: {
            const Box box = rng.box(at, 0.1f, 1.0f);
            return Query::box_sweep(box, rng.move(3.0f));
        }
        case QueryKind::sphere_overlap: return Query::sphere_overlap(at, rng.uniform(0.1f, 2.0f));
        case QueryKind::ray: return Query::ray(at, rng.move(20.0f));
    }
    return {};
}

// `count` queries of one kind, or of every kind in turn when `kind` is empty
// (the mixed batch of the thread benchmarks). The seed is mixed with the kind,
// so each kind's set stands alone.
inline std::vector<Query> random_queries(const Level& level, std::optional<QueryKind> kind, std::size_t count,
                                         std::uint32_t seed = query_seed) {
    BenchRng rng(seed * 8u + (kind ? static_cast<std::uint32_t>(*kind) : 7u));
    std::vector<Query> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(random_query(rng, level, kind ? *kind : static_cast<QueryKind>(i % query_kind_count)));
    return out;
}

}  // namespace levelsweep::bench
