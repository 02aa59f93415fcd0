// levelsweep benchmarks: portable seeded inputs (levelsweep/portable_random.hpp),
// so a seed gives the same queries, and the same result hash, with every
// compiler and standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

#include "levelsweep/portable_random.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::bench {

// The library's portable draws, plus the benchmarks' moves and boxes.
class BenchRng : public PortableRandom {
public:
    using PortableRandom::PortableRandom;

    // A move of uniformly random direction (rejection in the unit ball) and a
    // length uniform in [0, longest).
    Vec3 move(float longest) {
        Vec3 d;
        do d = uniform_vec(-1.0f, 1.0f);
        while (length_sq(d) > 1.0f || length_sq(d) < 1e-4f);
        return (uniform(0.0f, longest) / std::sqrt(length_sq(d))) * d;
    }

    // A box of half extents in [half_lo, half_hi) about `centre`, its rows the
    // rotation of a random unit quaternion (rejection in the unit 4-ball).
    Box box(const Vec3& centre, float half_lo, float half_hi) {
        float w, x, y, z, n2;
        do {
            w = uniform(-1, 1), x = uniform(-1, 1), y = uniform(-1, 1), z = uniform(-1, 1);
            n2 = (w * w + x * x) + (y * y + z * z);
        } while (n2 > 1.0f || n2 < 1e-4f);
        const float s = 1.0f / std::sqrt(n2);
        w *= s, x *= s, y *= s, z *= s;
        Box b;
        b.axis[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
        b.axis[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
        b.axis[2] = {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
        for (float& h : b.half) h = uniform(half_lo, half_hi);
        b.centre = centre;
        return b;
    }
};

}  // namespace levelsweep::bench
