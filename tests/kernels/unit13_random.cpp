// Spec Unit 13, randomised: Sweep_BoxTriangle (corrected) against a
// double-precision static separating-axis test searched along the move,
// faithful equal to corrected when no axis has zero speed, and Sweep_BoxBox
// against the same kind of search over the relative motion.
#include <cmath>

#include "levelsweep/box_sweep.hpp"
#include "pair_support.hpp"
#include "reference_geometry.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;
using sat_ref::D3;

namespace {

// True when one of Sweep_BoxTriangle's 13 axes has exactly zero speed (the
// quirk's trigger), with the kernel's own float arithmetic.
bool some_speed_zero(const Box& b, const WorkingTriangle& t, const Vec3& move) {
    if (dot(cross(xyz(t.e[0]), xyz(t.e[1])), move) == 0.0f) return true;
    for (const Vec3& A : b.axis) {
        if (dot(A, move) == 0.0f) return true;
        for (const Vec4& e : t.e)
            if (dot(cross(xyz(e), A), move) == 0.0f) return true;
    }
    return false;
}

// The reference's first contact along the move: 0 when touching at the start,
// -1 when never within [0, 1]; `ambiguous` when it grazes (|min gap| < 1e-5) or
// enters so slowly that float rounding moves the time by more than 1e-4.
struct Entry {
    double t = -1;
    bool ambiguous = false;
};

template <class Gap>
Entry first_entry(Gap gap) {
    Entry e;
    const double g0 = gap(0.0);
    if (g0 <= 0) {
        e.t = 0;
        e.ambiguous = g0 > -1e-5;
        return e;
    }
    const auto [t_min, g_min] = sat_ref::convex_min(gap, 0.0, 1.0);
    if (std::fabs(g_min) < 1e-5) {
        e.ambiguous = true;
        return e;
    }
    if (g_min > 0) return e;
    e.t = sat_ref::first_root(gap, 0.0, t_min);
    const double slope = (gap(std::max(e.t - 1e-3, 0.0)) - gap(e.t)) / 1e-3;  // the gap's rate of closing
    e.ambiguous = slope < 0.1;
    return e;
}

}  // namespace

TEST_SUITE("unit13 box") {
    TEST_CASE("Sweep_BoxTriangle 0x0034d5d0 (corrected) against a static separating-axis test along the move") {
        auto rng = seeded_rng(0x13b7u);
        const int n = scaled(4000);
        int contacts = 0, misses = 0, ambiguous = 0, slivers = 0, zero_speed = 0, quirk_changed = 0;
        for (int k = 0; k < n; ++k) {
            const Vec3 v0 = uniform_vec(rng, -2, 2), v1 = uniform_vec(rng, -2, 2), v2 = uniform_vec(rng, -2, 2);
            const WorkingTriangle tri = prepare_triangle(v0, v1, v2);
            if (length_sq(cross(v1 - v0, v2 - v0)) < 0.01f) {  // near-degenerate: no stable axes
                ++slivers;
                continue;
            }
            // Aim the box at a point of the triangle from some way off.
            const float a = uniform(rng, 0, 1), b = uniform(rng, 0, 1 - a);
            const Vec3 target = (v0 + a * (v1 - v0)) + b * (v2 - v0);
            // Every fifth case: a world-aligned box moving along a world axis, so that
            // exact zero speeds (the quirk's trigger) occur.
            const bool aligned = k % 5 == 0;
            const Vec3 world[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
            const Vec3 dir =
                aligned ? (k % 2 ? 1.0f : -1.0f) * world[(k / 5) % 3] : normalize_rsqrt(uniform_vec(rng, -1, 1));
            const Box placed = box(target - uniform(rng, 0, 5) * dir, uniform_vec(rng, 0.1f, 1.0f));
            const Box bx = aligned ? placed : randomly_oriented(placed, rng);
            const Vec3 move =
                aligned ? uniform(rng, 0.3f, 6) * dir : uniform(rng, 0.3f, 6) * dir + uniform_vec(rng, -0.3f, 0.3f);

            const sat_ref::RBox rb = sat_ref::rbox(bx);
            const std::array<D3, 3> rv{sat_ref::d3(v0), sat_ref::d3(v1), sat_ref::d3(v2)};
            const auto axes = sat_ref::box_triangle_axes(rb, rv);
            const D3 rm = sat_ref::d3(move);
            const Entry want = first_entry([&](double t) { return sat_ref::box_triangle_gap(rb, t * rm, rv, axes); });
            if (want.ambiguous) {
                ++ambiguous;
                continue;
            }
            const float got = sweep_box_triangle(bx, tri, move, Quirks::corrected());
            CAPTURE(k);
            CAPTURE(want.t);
            if (want.t < 0) {
                CHECK(got == box_triangle_no_contact);
                ++misses;
            } else {
                CHECK_NEAR_TOL(got, want.t, 1e-4);
                ++contacts;
            }
            // Without an exactly zero speed the quirk never fires: faithful is corrected.
            if (some_speed_zero(bx, tri, move)) {
                ++zero_speed;
                quirk_changed += sweep_box_triangle(bx, tri, move, Quirks::faithful()) != got;
            } else {
                CHECK(std::bit_cast<std::uint32_t>(sweep_box_triangle(bx, tri, move, Quirks::faithful())) ==
                      std::bit_cast<std::uint32_t>(got));
            }
        }
        MESSAGE(contacts << " contacts, " << misses << " misses; skipped " << ambiguous << " grazing or slow, "
                         << slivers << " slivers; " << zero_speed << " with a zero speed, where the quirk changed "
                         << quirk_changed);
        CHECK(zero_speed > n / 10);
        CHECK(quirk_changed > 0);
        CHECK(contacts > n / 5);
        CHECK(misses > n / 10);
        CHECK((ambiguous + slivers) * 20 < n);
    }

    TEST_CASE("Sweep_BoxBox 0x0034c430 against a static separating-axis test over the relative motion") {
        auto rng = seeded_rng(0xb0c5u);
        const int n = scaled(5000);
        int meet = 0, apart = 0, ambiguous = 0, velocity_axis = 0;
        for (int k = 0; k < n; ++k) {
            const Box a = randomly_oriented(box(uniform_vec(rng, -3, 3), uniform_vec(rng, 0.1f, 1.0f)), rng);
            const Box b =
                randomly_oriented(box(a.centre + uniform_vec(rng, -2.5f, 2.5f), uniform_vec(rng, 0.1f, 1.0f)), rng);
            const Vec3 move_a = uniform_vec(rng, -4, 4);
            const Vec3 move_b = k % 4 == 0 ? Vec3{} : uniform_vec(rng, -2, 2);
            const sat_ref::RBox ra = sat_ref::rbox(a), rb = sat_ref::rbox(b);
            const auto axes = sat_ref::box_box_axes(ra, rb);
            const D3 W = sat_ref::d3(move_b) - sat_ref::d3(move_a);
            const auto [t_min, g_min] =
                sat_ref::convex_min([&](double t) { return sat_ref::box_box_gap(ra, rb, t * W, axes); }, 0, 1);
            (void)t_min;
            if (std::fabs(g_min) < 1e-4) {
                ++ambiguous;
                continue;
            }
            const auto axis = sweep_box_box_separating_axis(a, move_a, b, move_b);
            CAPTURE(k);
            CAPTURE(g_min);
            CHECK(!axis.has_value() == (g_min <= 0));
            CHECK(sweep_box_box(a, move_a, b, move_b) == !axis.has_value());
            if (axis) {
                ++apart;
                velocity_axis += *axis >= 15;
            } else {
                ++meet;
            }
        }
        MESSAGE(meet << " meet, " << apart << " apart (" << velocity_axis << " by a velocity axis), " << ambiguous
                     << " grazing skipped");
        CHECK(meet > n / 10);
        CHECK(apart > n / 10);
        CHECK(velocity_axis > 0);
        CHECK(ambiguous * 50 < n);
    }
}

TEST_SUITE("unit13 box") {
    TEST_CASE("Unit 13 kernels with NaN and infinite inputs: no crash, no fraction outside [0, 1]") {
        auto rng = seeded_rng(0xbad13u);
        const float bad[] = {std::nanf(""), INFINITY, -INFINITY};
        const std::uint64_t box_box_words = words(offs::own_normal, 16) | words(offs::other_normal, 16) |
                                            words(offs::other_local, 12) | words(offs::fraction, 4) |
                                            words(offs::point, 16) | words(offs::flags, 4);
        const int n = scaled(3000);
        for (int k = 0; k < n; ++k) {
            Box b = randomly_oriented(box(uniform_vec(rng, -2, 2), uniform_vec(rng, 0.1f, 1)), rng);
            Vec3 v[3] = {uniform_vec(rng, -2, 2), uniform_vec(rng, -2, 2), uniform_vec(rng, -2, 2)};
            Vec3 move = uniform_vec(rng, -3, 3);
            float* fields[] = {&b.half[0], &b.axis[1].y, &b.centre.z, &v[0].x, &v[2].z, &move.y};
            *fields[rng() % std::size(fields)] = bad[rng() % 3];
            const WorkingTriangle t = prepare_triangle(v[0], v[1], v[2]);
            for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
                const float f = sweep_box_triangle(b, t, move, q);
                CHECK((std::isnan(f) || f == box_triangle_no_contact || (f >= 0.0f && f <= 1.0f)));
                Contact c = fresh_contact();
                const Box other = box(uniform_vec(rng, -2, 2), uniform_vec(rng, 0.1f, 1));
                physics_sweep_box_box(c, Body{}, Shape::of(b), Body{}, Shape::of(other), with_w(move, 0), q);
                CHECK((c.written & ~box_box_words) == 0);
            }
        }
    }
}
