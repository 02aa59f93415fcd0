// The working range (kernels/include/levelsweep/working_range.hpp,
// docs/decisions.md "Working range"): a query whose swept shape reaches beyond
// +-16384 m gets the status out_of_range and walks nothing; one inside it is
// answered as before, up to the boundary itself; and within the range (and
// its longest triangle edge) a sweep's contact stays within millimetres of the
// exact one.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

#include "levelsweep/working_range.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// A 64 m floor at z = 0 in the far corner of the range, two triangles.
Level far_floor() {
    const float r = working_range, a = r - 64;
    return make_level({{{a, a, 0}, {r, a, 0}, {r, r, 0}}, {{a, a, 0}, {r, r, 0}, {a, r, 0}}});
}

QueryStatus status(const Level& level, const Query& q) {
    const Ran r = run(level, q);
    if (r.result.status != QueryStatus::ok) {
        CHECK(r.result.count == 0);
        CHECK(r.result.stats.cells == 0);
        CHECK(r.result.stats.kernel_calls == 0);
    }
    return r.result.status;
}

}  // namespace

TEST_SUITE("queries working range") {
    TEST_CASE("a sweep reaching past the working range is out_of_range, one reaching its edge is answered") {
        const Level level = far_floor();
        const float r = working_range;
        // A sphere of radius 0.5 dropping onto the floor at the far edge: its box reaches x = r exactly.
        const Query edge = Query::sphere_sweep({r - 0.5f, r - 2, 2}, 0.5f, {0, 0, -3});
        const Ran hit = run(level, edge);
        REQUIRE(hit.result.status == QueryStatus::ok);
        REQUIRE(hit.result.count == 1);
        CHECK(hit.contacts[0].fraction == doctest::Approx(0.5));
        // The same sweep a centimetre further out.
        CHECK(status(level, Query::sphere_sweep({r - 0.49f, r - 2, 2}, 0.5f, {0, 0, -3})) == QueryStatus::out_of_range);
        // Starting inside, moving out; starting outside, moving in; both ends far beyond.
        CHECK(status(level, Query::sphere_sweep({r - 8, r - 8, 2}, 0.5f, {0, 0, -2 * r})) == QueryStatus::out_of_range);
        CHECK(status(level, Query::sphere_sweep({r - 8, r - 8, -2 * r}, 0.5f, {0, 0, 2 * r})) ==
              QueryStatus::out_of_range);
        CHECK(status(level, Query::sphere_sweep({1e9f, 1e9f, 2}, 0.5f, {0, 0, -3})) == QueryStatus::out_of_range);
        // A move whose end overflows float32 (finite inputs, an infinite end).
        CHECK(status(level, Query::sphere_sweep({3e38f, 1, 2}, 0.5f, {3e38f, 0, 0})) == QueryStatus::out_of_range);
        // A radius larger than the range.
        CHECK(status(level, Query::sphere_sweep({r - 8, r - 8, 2}, 2 * r, {0, 0, -3})) == QueryStatus::out_of_range);
    }

    TEST_CASE(
        "near the edges of the longest triangles the range allows, anywhere in it, sweeps stay within millimetres") {
        // A sphere dropped beside the long edge of a triangle at the edge limit:
        // it meets the edge where its centre comes within its radius of the edge
        // line (computed in double), or misses it.
        auto rng = seeded_rng(1111);
        const float edge = max_triangle_edge;
        for (const float at : {0.0f, working_range - edge}) {
            CAPTURE(at);
            // Corners (at, at), (at + edge, at + edge) on the diagonal, (at, at + edge): the points with y >= x.
            const Level level = make_level({{{at, at, 0}, {at + edge, at + edge, 0}, {at, at + edge, 0}}});
            double worst = 0;
            for (int i = 0; i < scaled(4000); ++i) {
                const double along = std::uniform_real_distribution<double>(0.05, 0.95)(rng) * edge;
                const double off = std::uniform_real_distribution<double>(0.0, 0.7)(rng);
                const float cx = static_cast<float>(at + along + off / std::sqrt(2.0));
                const float cy = static_cast<float>(at + along - off / std::sqrt(2.0));
                const double rho =
                    std::fabs((cx - static_cast<double>(at)) - (cy - static_cast<double>(at))) / std::sqrt(2.0);
                const Ran ran = run(level, Query::sphere_sweep({cx, cy, 2}, 0.5f, {0, 0, -3}));
                REQUIRE(ran.result.status == QueryStatus::ok);
                if (std::fabs(rho - 0.5) < 1e-3) continue;  // within a millimetre of tangency either answer is right
                REQUIRE_MESSAGE((ran.result.count > 0) == (rho < 0.5),
                                "the sphere's centre is " << rho << " m from the edge");
                if (rho < 0.5)
                    worst = std::max(worst,
                                     3 * std::fabs(ran.contacts[0].fraction - (2 - std::sqrt(0.25 - rho * rho)) / 3));
            }
            MESSAGE("largest distance between the contact and the exact one: " << worst << " m");
            CHECK(worst < 0.005);
        }
    }

    TEST_CASE("every query kind is held to the working range through its swept box") {
        const Level level = far_floor();
        const float r = working_range;
        const float m = r - 32;  // over the middle of the floor
        CHECK(status(level, Query::ray({m, m, 2}, {0, 0, -4})) == QueryStatus::ok);
        CHECK(status(level, Query::ray({m, m, 2}, {0, 0, -2 * r})) == QueryStatus::out_of_range);
        CHECK(status(level, Query::sphere_overlap({m, m, 0}, 0.5f)) == QueryStatus::ok);
        CHECK(status(level, Query::sphere_overlap({m, m, 0}, 64)) == QueryStatus::out_of_range);
        CHECK(status(level, Query::capsule_sweep({m, m, 0}, {1, 0, 0})) == QueryStatus::ok);
        Query tall = Query::capsule_sweep({m, m, 0}, {1, 0, 0});
        tall.sphere_height = r;  // the swept sphere's centre is raised past the range
        CHECK(status(level, tall) == QueryStatus::out_of_range);
        Box box;
        box.centre = {m, m, 1};
        box.half[0] = box.half[1] = box.half[2] = 0.5f;
        CHECK(status(level, Query::box_sweep(box, {0, 0, -2})) == QueryStatus::ok);
        Box long_axes = box;
        long_axes.axis[0] = {4e4f, 0, 0};  // axes are not checked for unit length; the box reaches 2e4 m
        CHECK(status(level, Query::box_sweep(long_axes, {0, 0, -2})) == QueryStatus::out_of_range);
    }

    TEST_CASE("the statuses that existed before the working range keep their precedence") {
        const Level level = far_floor();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        CHECK(status(level, Query::sphere_sweep({1e9f, nan, 2}, 0.5f, {0, 0, -3})) == QueryStatus::non_finite);
        CHECK(status(level, Query::sphere_sweep({1e9f, 1, 2}, -0.5f, {0, 0, -3})) == QueryStatus::negative_radius);
        QuerySettings none;
        none.max_contacts = 0;
        CHECK(status(level, Query::sphere_sweep({1e9f, 1, 2}, 0.5f, {0, 0, -3}, none)) ==
              QueryStatus::zero_max_contacts);
        CHECK(query_status_name(QueryStatus::out_of_range) == "out_of_range");
        CHECK(static_cast<int>(QueryStatus::out_of_range) == query_status_count - 1);  // added at the end
    }
}
