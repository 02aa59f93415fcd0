// A brute-force reference for swept-shape kernels: the first time a moving
// point comes within r of a convex set, from an exact distance function in
// double precision, by sampling and bisection (Units 5 and 12).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "levelsweep/quirks.hpp"

namespace levelsweep::test {

struct ReferenceSweep {
    std::optional<double> first_touch;  // in [0, 1]; 0 when touching at the start
    double start_distance = 0.0;
    double min_distance = 0.0;  // over [0, 1]
};

// dist(t) is the distance from the moving point at t to a convex set, so it is
// convex in t. Sample [0, 1] finely and refine the first sample within r by
// bisection; a graze that falls between two samples is still found, from the
// minimum (golden-section search, exact for a convex function).
template <class Dist>
ReferenceSweep reference_sweep(Dist dist, double r, int samples = 512) {
    ReferenceSweep out;
    out.start_distance = dist(0.0);
    double lo = 0.0, hi = 1.0;
    const double g = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 120; ++i) {
        const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (dist(a) < dist(b))
            hi = b;
        else
            lo = a;
    }
    const double t_min = (lo + hi) / 2.0;
    out.min_distance = std::min({dist(t_min), out.start_distance, dist(1.0)});
    if (out.start_distance <= r) {
        out.first_touch = 0.0;
        return out;
    }
    const auto refine = [&](double outside, double inside) {
        for (int i = 0; i < 80; ++i) {
            const double mid = (outside + inside) / 2.0;
            (dist(mid) <= r ? inside : outside) = mid;
        }
        return inside;
    };
    for (int k = 1; k <= samples; ++k) {
        const double t = static_cast<double>(k) / samples;
        if (dist(t) <= r) {
            out.first_touch = refine(static_cast<double>(k - 1) / samples, t);
            return out;
        }
    }
    if (dist(t_min) <= r) out.first_touch = refine(0.0, t_min);
    return out;
}

// Whether a kernel's answer matches the reference up to float32 rounding near
// tangency. The kernels take their roots of |q + t.m|^2 = r^2 from B^2 - A.C,
// which cancels when the path grazes: the root then moves by about
// 2.eps.t^2.|m|^2 / (r.|slope|), slope the distance's rate of fall at the touch;
// and the hit-or-miss tests, differences of squares of the size scale^2, decide
// within about eps.scale^2 / r of the tangent distance. (eps = 2^-24; `scale` is
// the size of the coordinates, `move_length` |m|.) Four times these is allowed.
template <class Dist>
bool agrees_within_rounding(bool hit, double fraction, const ReferenceSweep& ref, Dist dist, double r,
                            double move_length, double scale) {
    constexpr double eps = 0x1p-24;
    if (hit && ref.first_touch) {
        const double t = *ref.first_touch, h = 1e-7;
        const double slope = t > h ? (dist(t - h) - dist(t)) / h : 0.0;
        if (!(slope > 0.0)) return std::fabs(fraction - t) <= 1e-4;
        return std::fabs(fraction - t) <= 1e-4 + 8.0 * eps * t * t * move_length * move_length / (r * slope);
    }
    if (hit == ref.first_touch.has_value()) return true;
    return std::fabs(ref.min_distance - r) <= 4.0 * eps * (scale * scale / r + scale);
}

// The distance from p to the box [-h, h] (coordinates along the box's axes).
inline double box_distance(const double p[3], const double h[3]) {
    double s = 0.0;
    for (int i = 0; i < 3; ++i) {
        const double e = std::fabs(p[i]) - h[i];
        if (e > 0.0) s += e * e;
    }
    return std::sqrt(s);
}

// One brute-force case's answers against the sampled sweep. Corrected mode must
// agree (or differ only by float32 rounding near tangency); faithful mode may
// differ only where one of `quirks`, switched off alone, gives the sampled
// answer. Counts each kind of difference in `kinds`, fails the check (and counts
// it in `unexplained`) on anything else, and returns the switch that explains a
// faithful difference, for the caller's unit-specific checks.
template <class Result, class Run, class Agrees, class Rounding>
std::optional<Quirk> classify_case(int i, const Result& corrected, const Result& faithful,
                                   std::span<const Quirk> quirks, Run&& run, Agrees&& agrees, Rounding&& rounding,
                                   std::map<std::string, int>& kinds, int& unexplained) {
    if (!agrees(corrected) && rounding(corrected)) {
        ++kinds["corrected: float32 rounding near tangency"];
    } else if (!agrees(corrected)) {
        ++unexplained;
        FAIL_CHECK("corrected disagrees: case " << i << ", kernel " << corrected.hit << " " << corrected.fraction);
    }
    if (agrees(faithful)) return std::nullopt;
    for (const Quirk q : quirks)
        if (agrees(run(Quirks::faithful().without(q)))) {
            ++kinds["faithful: " + std::string(quirk_name(q))];
            return q;
        }
    if (rounding(faithful)) {
        ++kinds["faithful: float32 rounding near tangency"];
    } else {
        ++unexplained;
        FAIL_CHECK("faithful disagreement no quirk explains: case " << i);
    }
    return std::nullopt;
}

}  // namespace levelsweep::test
