// Independent double-precision references for the randomised tests of Units 4
// and 13: static separating-axis gaps with normalised axes, and a search for the
// minimum and the first root of a convex function of one variable. They share
// no code with the kernels they check.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "levelsweep/shapes.hpp"

namespace levelsweep::test::sat_ref {

struct D3 {
    double x = 0, y = 0, z = 0;
};
inline D3 d3(const Vec3& v) { return {v.x, v.y, v.z}; }
inline D3 operator+(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline D3 operator-(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline D3 operator*(double s, D3 v) { return {s * v.x, s * v.y, s * v.z}; }
inline double dot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline D3 cross(D3 a, D3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline double norm(D3 v) { return std::sqrt(dot(v, v)); }

// A box in double: axes, half extents and centre.
struct RBox {
    std::array<D3, 3> axis;
    std::array<double, 3> half;
    D3 centre;
};
inline RBox rbox(const Box& b) {
    return {{d3(b.axis[0]), d3(b.axis[1]), d3(b.axis[2])}, {b.half[0], b.half[1], b.half[2]}, d3(b.centre)};
}
// The box's half width along the unit axis L.
inline double reach(const RBox& b, D3 L) {
    return b.half[0] * std::fabs(dot(L, b.axis[0])) + b.half[1] * std::fabs(dot(L, b.axis[1])) +
           b.half[2] * std::fabs(dot(L, b.axis[2]));
}

// Unit axes from candidate directions; near-zero ones (parallel edges) are dropped.
inline std::vector<D3> unit_axes(const std::vector<D3>& candidates) {
    std::vector<D3> out;
    for (const D3& c : candidates)
        if (const double n = norm(c); n > 1e-9) out.push_back((1.0 / n) * c);
    return out;
}

// Largest separation gap over the axes (> 0: apart, <= 0: touching or
// overlapping), with the box's centre displaced by `shift`.
inline double box_triangle_gap(const RBox& b, D3 shift, const std::array<D3, 3>& v, const std::vector<D3>& axes) {
    double gap = -1e300;
    for (const D3& L : axes) {
        const double c = dot(L, b.centre + shift), r = reach(b, L);
        const double p0 = dot(L, v[0]), p1 = dot(L, v[1]), p2 = dot(L, v[2]);
        const double lo = std::min({p0, p1, p2}), hi = std::max({p0, p1, p2});
        gap = std::max(gap, std::max(lo - (c + r), (c - r) - hi));
    }
    return gap;
}
inline std::vector<D3> box_triangle_axes(const RBox& b, const std::array<D3, 3>& v) {
    const D3 e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
    std::vector<D3> c{cross(e[0], e[1]), b.axis[0], b.axis[1], b.axis[2]};
    for (const D3& edge : e)
        for (const D3& a : b.axis) c.push_back(cross(edge, a));
    return unit_axes(c);
}

// Largest separation gap of two boxes, B's centre displaced by `shift`.
inline double box_box_gap(const RBox& a, const RBox& b, D3 shift, const std::vector<D3>& axes) {
    double gap = -1e300;
    const D3 between = (b.centre + shift) - a.centre;
    for (const D3& L : axes) gap = std::max(gap, std::fabs(dot(L, between)) - reach(a, L) - reach(b, L));
    return gap;
}
inline std::vector<D3> box_box_axes(const RBox& a, const RBox& b) {
    std::vector<D3> c{a.axis[0], a.axis[1], a.axis[2], b.axis[0], b.axis[1], b.axis[2]};
    for (const D3& p : a.axis)
        for (const D3& q : b.axis) c.push_back(cross(p, q));
    return unit_axes(c);
}

// The minimum of a convex f on [lo, hi]: a coarse scan, then ternary search in
// the bracket around the best sample.
template <class F>
std::pair<double, double> convex_min(F f, double lo, double hi) {
    constexpr int samples = 64;
    int best = 0;
    double best_f = f(lo);
    for (int k = 1; k <= samples; ++k) {
        const double v = f(lo + (hi - lo) * k / samples);
        if (v < best_f) best_f = v, best = k;
    }
    double a = lo + (hi - lo) * std::max(best - 1, 0) / samples;
    double b = lo + (hi - lo) * std::min(best + 1, samples) / samples;
    for (int it = 0; it < 200; ++it) {
        const double m1 = a + (b - a) / 3, m2 = b - (b - a) / 3;
        if (f(m1) <= f(m2))
            b = m2;
        else
            a = m1;
    }
    const double t = 0.5 * (a + b);
    return {t, f(t)};
}

// The first t in [lo, hi] with f(t) <= 0, given f(lo) > 0 >= f(hi) (bisection).
template <class F>
double first_root(F f, double lo, double hi) {
    for (int it = 0; it < 200; ++it) {
        const double m = 0.5 * (lo + hi);
        if (f(m) <= 0)
            hi = m;
        else
            lo = m;
    }
    return hi;
}

}  // namespace levelsweep::test::sat_ref
