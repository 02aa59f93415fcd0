// levelsweep (private): the recorder's random draws, the same on every platform.
//
// std::mt19937 is specified bit for bit by the standard; its distributions are
// not (libstdc++, libc++ and MSVC turn the same words into different floats), so
// every conversion here is our own and exact: 24 random bits scaled by 2^-24 is
// a float32 in [0, 1) without rounding.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

#include "levelsweep/vec.hpp"

namespace levelsweep::detail {

class RecordRandom {
public:
    explicit RecordRandom(std::uint32_t seed) : mt_(seed) {}

    // [0, 1) in steps of 2^-24.
    float unit() { return static_cast<float>(mt_() >> 8) * 0x1p-24f; }
    // [lo, hi] (hi only by rounding).
    float uniform(float lo, float hi) { return lo + (hi - lo) * unit(); }
    // [0, 1) in steps of 2^-53: for choosing among many triangles by area.
    double unit_double() {
        const std::uint64_t hi = mt_() >> 5, lo = mt_() >> 6;
        return (static_cast<double>(hi) * 67108864.0 + static_cast<double>(lo)) * 0x1p-53;
    }
    // 0 to n - 1 (n > 0): the high word of a 32 x 32-bit product.
    std::uint32_t below(std::uint32_t n) {
        return static_cast<std::uint32_t>((std::uint64_t{mt_()} * n) >> 32);
    }
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

}  // namespace levelsweep::detail
