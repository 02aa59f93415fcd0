// levelsweep benchmarks: the six query sets of the performance goals
// (docs/performance.md), on any level: what a game asks of its level mesh.
//
// Every set starts from points on floors (enabled triangles with n.z >= 0.7,
// chosen by area, a uniform point on the chosen one), so that the queries
// move through the playable space rather than through the void around it:
//
//   short       a character's sphere (r 0.47) 0 to 1 m above a floor, moving
//               0.05 to 1 m in a mostly horizontal direction;
//   near_floor  the same sphere starting 5 to 50 mm above a floor (its lowest
//               point), moving 0.05 to 1 m across it and up to 0.1 m down;
//   box         a randomly turned 0.25 m box (half extents 0.125) 0.2 to 1 m
//               above a floor, moving 0.05 to 1 m in any direction;
//   long_ray    a line of sight from eye height (0.5 to 1.8 m), 5 to 50 m long;
//   long_sphere the character's sphere swept 5 to 50 m;
//   short_ray   rays along the short set's moves (its queries' starts and
//               moves, radius 0): what a ray engine answers for the short
//               sweeps, and Jolt's CastRay figure of issue 17.
//
// The draws are portable (BenchRng), so a seed gives the same queries and the
// same result hash with every compiler.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "bench_random.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::bench {

// (short_ray last: a set's seed is its place here, so the others keep theirs.)
enum class Scenario { short_sweep, near_floor, box, long_ray, long_sphere, short_ray };
inline constexpr std::array<Scenario, 6> scenarios = {Scenario::short_sweep, Scenario::near_floor,
                                                      Scenario::box,         Scenario::long_ray,
                                                      Scenario::long_sphere, Scenario::short_ray};

// The sets that run as closest queries beside the peers (which answer the
// closest hit) and have closest benchmarks of their own: the rays and the
// long sweeps.
inline bool closest_set(Scenario s) {
    return s == Scenario::long_ray || s == Scenario::long_sphere || s == Scenario::short_ray;
}

inline std::string_view scenario_name(Scenario s) {
    switch (s) {
        case Scenario::short_sweep: return "short";
        case Scenario::near_floor: return "near_floor";
        case Scenario::box: return "box";
        case Scenario::long_ray: return "long_ray";
        case Scenario::long_sphere: return "long_sphere";
        case Scenario::short_ray: return "short_ray";
    }
    return "?";
}

// The character's sphere (the walking human's radius, Query::capsule_sweep).
inline constexpr float character_radius = 0.4704f;

// Points on a level's floors, drawn by area.
class FloorSampler {
public:
    explicit FloorSampler(const Level& level) : level_(level) {
        double total = 0.0;
        for (std::uint32_t t = 0; t < level.triangle_count(); ++t) {
            if (!(level.flags(t) & tri_flags::enabled) || level.normal(t).z < 0.7f) continue;
            const Vec3 c = cross(level.edge(t, 0), level.corner(t, 2) - level.corner(t, 0));
            total += 0.5 * std::sqrt(static_cast<double>(length_sq(c)));
            floors_.push_back(t);
            cumulative_.push_back(total);
        }
    }

    bool empty() const { return floors_.empty(); }

    // A uniform point on a floor triangle chosen by area, and its normal.
    Vec3 point(BenchRng& rng, Vec3* normal = nullptr) const {
        const double pick = static_cast<double>(rng.uniform(0.0f, 1.0f)) * cumulative_.back();
        const auto at = std::upper_bound(cumulative_.begin(), cumulative_.end(), pick) - cumulative_.begin();
        const std::uint32_t t =
            floors_[static_cast<std::size_t>(std::min<std::ptrdiff_t>(at, std::ssize(floors_) - 1))];
        float u = rng.uniform(0.0f, 1.0f), v = rng.uniform(0.0f, 1.0f);
        if (u + v > 1.0f) u = 1.0f - u, v = 1.0f - v;
        const Vec3 a = level_.corner(t, 0);
        if (normal != nullptr) *normal = level_.normal(t);
        return (a + u * (level_.corner(t, 1) - a)) + v * (level_.corner(t, 2) - a);
    }

private:
    const Level& level_;
    std::vector<std::uint32_t> floors_;
    std::vector<double> cumulative_;
};

// A direction of random heading whose climb is at most `climb` (as a slope).
inline Vec3 heading(BenchRng& rng, float climb) {
    Vec3 d = rng.direction_xy();
    d.z = rng.uniform(-climb, climb);
    return (1.0f / std::sqrt(length_sq(d))) * d;
}

inline Query scenario_query(BenchRng& rng, const FloorSampler& floors, Scenario s) {
    const float r = character_radius;
    switch (s) {
        case Scenario::short_sweep: {
            const Vec3 c = floors.point(rng) + Vec3{0.0f, 0.0f, r + rng.uniform(0.0f, 1.0f)};
            return Query::sphere_sweep(c, r, rng.uniform(0.05f, 1.0f) * heading(rng, 0.3f));
        }
        case Scenario::near_floor: {
            Vec3 n;
            const Vec3 p = floors.point(rng, &n);
            const Vec3 c = p + (r + rng.uniform(0.005f, 0.05f)) * n;
            Vec3 move = rng.uniform(0.05f, 1.0f) * heading(rng, 0.0f);
            move.z -= rng.uniform(0.0f, 0.1f);
            return Query::sphere_sweep(c, r, move);
        }
        case Scenario::box: {
            const Vec3 c = floors.point(rng) + Vec3{0.0f, 0.0f, rng.uniform(0.2f, 1.0f)};
            const Box b = rng.box(c, 0.125f, 0.125f);
            Vec3 d = rng.move(1.0f);
            d = (rng.uniform(0.05f, 1.0f) / std::sqrt(length_sq(d))) * d;
            return Query::box_sweep(b, d);
        }
        case Scenario::long_ray: {
            const Vec3 eye = floors.point(rng) + Vec3{0.0f, 0.0f, rng.uniform(0.5f, 1.8f)};
            return Query::ray(eye, rng.uniform(5.0f, 50.0f) * heading(rng, 0.5f));
        }
        case Scenario::long_sphere: {
            const Vec3 c = floors.point(rng) + Vec3{0.0f, 0.0f, r + rng.uniform(0.0f, 1.0f)};
            return Query::sphere_sweep(c, r, rng.uniform(5.0f, 50.0f) * heading(rng, 0.3f));
        }
        case Scenario::short_ray: {
            const Query sweep = scenario_query(rng, floors, Scenario::short_sweep);
            return Query::ray(sweep.start, sweep.move);
        }
    }
    return {};
}

// `count` queries of one scenario on a level (none when it has no floor).
inline std::vector<Query> scenario_queries(const Level& level, Scenario s, std::size_t count, std::uint32_t seed = 1) {
    const FloorSampler floors(level);
    std::vector<Query> out;
    if (floors.empty()) return out;
    // The short rays draw the short set's own queries.
    const Scenario drawn = s == Scenario::short_ray ? Scenario::short_sweep : s;
    BenchRng rng(seed * 16u + static_cast<std::uint32_t>(drawn));
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) out.push_back(scenario_query(rng, floors, s));
    return out;
}

}  // namespace levelsweep::bench
