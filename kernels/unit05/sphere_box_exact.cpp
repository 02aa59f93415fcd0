// The exact first touch of a swept sphere and a box (sphere_box_exact.hpp).
#include "sphere_box_exact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace levelsweep::detail {

namespace {

constexpr float inf = std::numeric_limits<float>::infinity();

// A closed interval of times; empty unless lo <= hi (so NaN bounds are empty).
struct Interval {
    float lo, hi;
    bool empty() const { return !(lo <= hi); }
};
constexpr Interval everything{-inf, inf};
constexpr Interval nothing{1.0f, 0.0f};

Interval meet(const Interval& a, const Interval& b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }

// The times at which |x + t.m| <= e.
Interval slab(float x, float m, float e) {
    if (m == 0.0f) return std::fabs(x) <= e ? everything : nothing;
    const float t0 = (-e - x) / m, t1 = (e - x) / m;
    return t0 <= t1 ? Interval{t0, t1} : Interval{t1, t0};
}

// The times at which |q + t.m|^2 <= rr, from A = m.m, B = q.m, C = q.q - rr,
// with the roots in the form that does not cancel.
Interval ball(float A, float B, float C) {
    if (A == 0.0f) return C <= 0.0f ? everything : nothing;
    const float disc = B * B - A * C;
    if (!(disc >= 0.0f)) return nothing;
    const float s = -(B + std::copysign(std::sqrt(disc), B));
    if (s == 0.0f) return {0.0f, 0.0f};  // B = 0 and disc = 0: C = 0, touching at t = 0
    const float t0 = s / A, t1 = C / s;
    return t0 <= t1 ? Interval{t0, t1} : Interval{t1, t0};
}

float clamp_to(float v, float h) { return std::clamp(v, -h, h); }

}  // namespace

std::optional<RoundedBoxEntry> rounded_box_entry(const Vec3& half, const Vec3& start, const Vec3& move, float r) {
    const float h[3] = {half.x, half.y, half.z};
    const float x[3] = {start.x, start.y, start.z};
    const float m[3] = {move.x, move.y, move.z};
    const float rr = r * r;
    float first = inf;
    const auto consider = [&](const Interval& in) {
        if (!in.empty() && in.hi >= 0.0f) first = std::min(first, std::max(in.lo, 0.0f));
    };
    for (int i = 0; i < 3; ++i) {
        // The box grown by r along axis i (the two faces normal to it).
        Interval in = everything;
        for (int j = 0; j < 3; ++j) in = meet(in, slab(x[j], m[j], j == i ? h[j] + r : h[j]));
        consider(in);
        // The four edges along axis i: a circle in the other two axes, within the edge's length.
        const int a = (i + 1) % 3, b = (i + 2) % 3;
        for (const float sa : {-1.0f, 1.0f}) {
            for (const float sb : {-1.0f, 1.0f}) {
                const float qa = x[a] - sa * h[a], qb = x[b] - sb * h[b];
                const Interval circle =
                    ball(m[a] * m[a] + m[b] * m[b], qa * m[a] + qb * m[b], (qa * qa + qb * qb) - rr);
                consider(meet(circle, slab(x[i], m[i], h[i])));
            }
        }
    }
    // The eight corners.
    for (const float s0 : {-1.0f, 1.0f}) {
        for (const float s1 : {-1.0f, 1.0f}) {
            for (const float s2 : {-1.0f, 1.0f}) {
                const Vec3 q{x[0] - s0 * h[0], x[1] - s1 * h[1], x[2] - s2 * h[2]};
                consider(ball(dot(move, move), dot(q, move), dot(q, q) - rr));
            }
        }
    }
    if (!(first < inf)) return std::nullopt;
    const Vec3 at = start + first * move;
    return RoundedBoxEntry{first, {clamp_to(at.x, h[0]), clamp_to(at.y, h[1]), clamp_to(at.z, h[2])}};
}

}  // namespace levelsweep::detail
