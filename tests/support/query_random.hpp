// Seeded random queries around a level, for the differential suites.
#pragma once

#include <random>

#include "levelsweep/level.hpp"
#include "levelsweep/query.hpp"
#include "pair_support.hpp"
#include "support.hpp"

namespace levelsweep::test {

// A move of random direction and a length up to `longest`.
inline Vec3 random_move(std::mt19937& rng, float longest) {
    Vec3 d;
    do d = uniform_vec(rng, -1, 1);
    while (length_sq(d) > 1.0f || length_sq(d) < 1e-4f);
    return (uniform(rng, 0.0f, longest) / std::sqrt(length_sq(d))) * d;
}

// Random option bits (0x4, 0x8, 0x40, 0x8000, 0x20000), body flags and thresholds.
inline QuerySettings random_settings(std::mt19937& rng, Quirks quirks) {
    QuerySettings s;
    for (std::uint32_t bit :
         {option::nz_min, option::nz_max, option::mark_faces, option::skip_special, option::one_per_plane})
        if (rng() % 4 == 0) s.options |= bit;
    if (rng() % 4 == 0) s.body_flags |= Body::skips_special;
    s.nz_min = uniform(rng, -1.0f, 0.5f);
    s.nz_max = uniform(rng, -0.5f, 1.0f);
    s.max_contacts = 100;
    s.quirks = quirks;
    return s;
}

inline Query random_query(std::mt19937& rng, const Level& level, QueryKind kind, Quirks quirks) {
    const Vec3 lo = level.bounds_min() - Vec3{1, 1, 1}, hi = level.bounds_max() + Vec3{1, 1, 1};
    const Vec3 at{uniform(rng, lo.x, hi.x), uniform(rng, lo.y, hi.y), uniform(rng, lo.z, hi.z)};
    const QuerySettings s = random_settings(rng, quirks);
    switch (kind) {
        case QueryKind::sphere_sweep: return Query::sphere_sweep(at, uniform(rng, 0.05f, 1.5f), random_move(rng, 4), s);
        case QueryKind::capsule_sweep: {
            Query q = Query::capsule_sweep(at, random_move(rng, 3), uniform(rng, 0.2f, 0.6f), s);
            q.sphere_height = uniform(rng, 0.3f, 1.0f);
            q.step_height = uniform(rng, 0.0f, 0.4f);
            return q;
        }
        case QueryKind::box_sweep: {
            const Box b = pairs::randomly_oriented(pairs::box(at, uniform_vec(rng, 0.05f, 1.0f)), rng);
            return Query::box_sweep(b, random_move(rng, 3), s);
        }
        case QueryKind::sphere_overlap: return Query::sphere_overlap(at, uniform(rng, 0.05f, 2.0f), s);
        case QueryKind::ray: return Query::ray(at, random_move(rng, 20), s);
    }
    return {};
}

}  // namespace levelsweep::test
