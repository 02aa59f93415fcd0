// levelsweep: seeded random draws that are the same on every platform.
//
// std::mt19937 is specified bit for bit by the standard; its distributions are
// not (libstdc++, libc++ and MSVC turn the same words into different floats), so
// every conversion here is our own and exact: 24 random bits scaled by 2^-24 is
// a float32 in [0, 1) without rounding, and every step after it is a correctly
// rounded float operation. The recorder (`levelsweep record`) and the
// benchmarks draw their queries with it, so a seed gives the same queries with
// every compiler and standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

#include "levelsweep/vec.hpp"

namespace levelsweep {

class PortableRandom {
public:
    explicit PortableRandom(std::uint32_t seed) : mt_(seed) {}

    // [0, 1) in steps of 2^-24.
    float unit() { return static_cast<float>(mt_() >> 8) * 0x1p-24f; }
    // [lo, hi] (hi only by rounding).
    float uniform(float lo, float hi) { return lo + (hi - lo) * unit(); }
    // Each coordinate in [lo, hi], drawn x, then y, then z.
    Vec3 uniform_vec(float lo, float hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
    Vec3 uniform_in(const Vec3& lo, const Vec3& hi) {
        return {uniform(lo.x, hi.x), uniform(lo.y, hi.y), uniform(lo.z, hi.z)};
    }
    // [0, 1) in steps of 2^-53: for choosing among many triangles by area.
    double unit_double() {
        const std::uint64_t hi = mt_() >> 5, lo = mt_() >> 6;
        return (static_cast<double>(hi) * 67108864.0 + static_cast<double>(lo)) * 0x1p-53;
    }
    // 0 to n - 1 (n > 0): the high word of a 32 x 32-bit product.
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>((std::uint64_t{mt_()} * n) >> 32); }
    bool chance(float p) { return unit() < p; }

    // A unit vector in the xy plane: a point of the unit disc, by rejection, scaled to length 1.
    Vec3 direction_xy() {
        for (;;) {
            const Vec3 d{uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f), 0.0f};
            const float len_sq = dot(d, d);
            if (len_sq > 0.01f && len_sq <= 1.0f) return (1.0f / std::sqrt(len_sq)) * d;
        }
    }
    // A unit vector in space, the same way from the unit ball.
    Vec3 direction() {
        for (;;) {
            const Vec3 d{uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f)};
            const float len_sq = dot(d, d);
            if (len_sq > 0.01f && len_sq <= 1.0f) return (1.0f / std::sqrt(len_sq)) * d;
        }
    }

private:
    std::mt19937 mt_;
};

}  // namespace levelsweep
