// Spec Unit 5 against brute force: random spheres swept against random boxes,
// compared with a finely sampled sweep on the exact distance. Corrected mode
// must agree everywhere; in faithful mode every disagreement must be one that
// a single Unit 5 quirk switch explains (turning it off gives the sampled answer).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>

#include "levelsweep/sphere_box_sweep.hpp"
#include "support.hpp"
#include "sweep_reference.hpp"

using namespace levelsweep;
using levelsweep::test::reference_sweep;
using levelsweep::test::ReferenceSweep;

namespace {

struct Case {
    Box box;
    float r = 0.0f;
    Vec3 centre, move;
};

// A box of random extents, turned by a random rotation half of the time; a
// sphere starting within 4 m of its centre, moving up to 4 m on each axis.
Case random_case(std::mt19937& rng, int i) {
    using levelsweep::test::uniform;
    Case c;
    for (float& h : c.box.half) h = uniform(rng, 0.2f, 2.0f);
    if (i % 2 == 1) {
        double q[4];
        for (double& v : q) v = uniform(rng, -1.0f, 1.0f);
        const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
        c.box.axis[0] = {float(1 - 2 * (y * y + z * z)), float(2 * (x * y + z * w)), float(2 * (x * z - y * w))};
        c.box.axis[1] = {float(2 * (x * y - z * w)), float(1 - 2 * (x * x + z * z)), float(2 * (y * z + x * w))};
        c.box.axis[2] = {float(2 * (x * z + y * w)), float(2 * (y * z - x * w)), float(1 - 2 * (x * x + y * y))};
    }
    c.box.centre = levelsweep::test::uniform_vec(rng, -1.0f, 1.0f);
    c.r = uniform(rng, 0.05f, 1.0f);
    c.centre = c.box.centre + levelsweep::test::uniform_vec(rng, -4.0f, 4.0f);
    c.move = levelsweep::test::uniform_vec(rng, -4.0f, 4.0f);
    if (i % 4 >= 2) {
        // Half of the moves head for a point near the box (i % 4 == 2) or about
        // r from it (i % 4 == 3), so that hits and grazes of edges and corners
        // are common.
        float local[3], nearest[3];
        for (int k = 0; k < 3; ++k) {
            local[k] = uniform(rng, -1.3f, 1.3f) * c.box.half[k];
            nearest[k] = std::clamp(local[k], -c.box.half[k], c.box.half[k]);
        }
        const Vec3 out{local[0] - nearest[0], local[1] - nearest[1], local[2] - nearest[2]};
        const float away = i % 4 == 3 ? c.r * uniform(rng, 0.9f, 1.1f) : 0.0f;
        const Vec3 offset = away * normalize_rsqrt(out);
        Vec3 target = c.box.centre;
        for (int k = 0; k < 3; ++k) {
            const float along = (i % 4 == 3 ? nearest[k] : local[k]) + (k == 0   ? offset.x
                                                                        : k == 1 ? offset.y
                                                                                 : offset.z);
            target = target + along * c.box.axis[k];
        }
        c.move = uniform(rng, 0.5f, 1.5f) * (target - c.centre);
    }
    return c;
}

// The sphere's centre at t against the box, in double, along the box's axes.
double distance_at(const Case& c, double t) {
    const double h[3] = {c.box.half[0], c.box.half[1], c.box.half[2]};
    const double p[3] = {c.centre.x + t * c.move.x - c.box.centre.x, c.centre.y + t * c.move.y - c.box.centre.y,
                         c.centre.z + t * c.move.z - c.box.centre.z};
    double local[3];
    for (int i = 0; i < 3; ++i) {
        const Vec3& a = c.box.axis[i];
        local[i] = p[0] * a.x + p[1] * a.y + p[2] * a.z;
    }
    return levelsweep::test::box_distance(local, h);
}

ReferenceSweep reference(const Case& c) {
    return reference_sweep([&](double t) { return distance_at(c, t); }, c.r);
}

bool agrees(const SphereBoxSweep& k, const ReferenceSweep& ref) {
    if (k.hit != ref.first_touch.has_value()) return false;
    return !k.hit || std::fabs(k.fraction - *ref.first_touch) <= 1e-4;
}

// A grazing path where float32's cancellation, not the kernel's logic, makes the difference.
bool rounding(const Case& c, const SphereBoxSweep& k, const ReferenceSweep& ref) {
    const double move = std::sqrt(length_sq(c.move)), scale = std::sqrt(length_sq(c.centre - c.box.centre)) + move;
    return levelsweep::test::agrees_within_rounding(
        k.hit, k.fraction, ref, [&](double t) { return distance_at(c, t); }, c.r, move, scale);
}

SphereBoxSweep run(const Case& c, Quirks q) {
    return sweep_sphere_oriented_box(c.r, 1.0f, c.box, {}, c.centre, c.move, q);
}

constexpr std::array<Quirk, 5> unit5_quirks = {Quirk::sphere_box_start_touching, Quirk::sphere_box_edge_graze,
                                               Quirk::sphere_box_edge_region_graze, Quirk::sphere_box_edge_end_corner,
                                               Quirk::sphere_box_corner_region_graze};

}  // namespace

TEST_SUITE("unit05 sphere-box brute force") {
    TEST_CASE(
        "40,000 random sphere-box sweeps: corrected agrees with the sampled sweep, faithful differs only by "
        "its quirks") {
        std::mt19937 rng = levelsweep::test::seeded_rng(5);
        const int n = levelsweep::test::scaled(40000);
        std::map<std::string, int> kinds;
        int hits = 0, unexplained = 0;
        for (int i = 0; i < n; ++i) {
            const Case c = random_case(rng, i);
            const ReferenceSweep ref = reference(c);
            hits += ref.first_touch.has_value();
            const SphereBoxSweep faithful = run(c, Quirks::faithful());
            const auto why = levelsweep::test::classify_case(
                i, run(c, Quirks::corrected()), faithful, unit5_quirks, [&](Quirks q) { return run(c, q); },
                [&](const SphereBoxSweep& k) { return agrees(k, ref); },
                [&](const SphereBoxSweep& k) { return rounding(c, k, ref); }, kinds, unexplained);
            // A start-touching miss is exactly that: touching at the start, the step's -1.
            if (why == Quirk::sphere_box_start_touching) {
                CHECK(ref.start_distance <= c.r);
                CHECK(faithful.step_result == -1);
            }
        }
        MESSAGE(n << " sweeps, " << hits << " touching the box in the sampled sweep");
        for (const auto& [kind, count] : kinds) MESSAGE("differences, " << kind << ": " << count);
        CHECK(unexplained == 0);
        CHECK(kinds.count("faithful: sphere_box_start_touching") == 1);  // common: about 1 in 20
    }
}
