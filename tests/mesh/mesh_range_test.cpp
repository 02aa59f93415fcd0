// The working range's check (level_range.hpp): vertices within +-16384 m,
// no edge longer than 1024 m, against a model that takes every edge's root.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <string>

#include "levelsweep/level.hpp"
#include "levelsweep/level_range.hpp"
#include "support.hpp"

using namespace levelsweep;

namespace {

// The first triangle with an edge past the limit, each edge's length taken
// as a double's correctly rounded root, as the check reports it.
std::optional<std::uint32_t> first_long_edge(const LevelArrays& a) {
    for (std::uint32_t t = 0; t < a.i0.size(); ++t) {
        const std::uint32_t c[3] = {a.i0[t], a.i1[t], a.i2[t]};
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t p = c[k], q = c[(k + 1) % 3];
            const double dx = double{a.x[q]} - a.x[p], dy = double{a.y[q]} - a.y[p], dz = double{a.z[q]} - a.z[p];
            if (std::sqrt(dx * dx + dy * dy + dz * dz) > double{max_triangle_edge}) return t;
        }
    }
    return std::nullopt;
}

// One triangle from the origin along x by `length` and a step `across` in y,
// its third corner a metre off the middle (its other edges about half as long).
LevelArrays one_triangle(float length, float across) {
    LevelArrays a;
    a.x = {0.0f, length, 0.5f * length};
    a.y = {0.0f, across, 1.0f};
    a.z = {0.0f, 0.0f, 0.0f};
    a.i0 = {0};
    a.i1 = {1};
    a.i2 = {2};
    a.flags = {tri_flags::enabled};
    a.material = {0};
    return a;
}

}  // namespace

TEST_SUITE("mesh range") {
    TEST_CASE("edges at the limit: 1024 m and a root that rounds to it are within, one ulp longer is not") {
        CHECK_FALSE(beyond_working_range(one_triangle(1024.0f, 0.0f)));
        // 1024^2 + 2^-32 is past the limit's square, but its root rounds to 1024.
        CHECK_FALSE(beyond_working_range(one_triangle(1024.0f, std::ldexp(1.0f, -16))));
        const float longer = std::nextafter(1024.0f, 2048.0f);
        const auto why = beyond_working_range(one_triangle(longer, 0.0f));
        REQUIRE(why);
        char expected[96];
        std::snprintf(expected, sizeof expected, "triangle 0 has an edge of %.9g m, longer than", double{longer});
        CHECK(why->find(expected) == 0);
    }

    TEST_CASE("random triangles about the limit: the check refuses exactly where every edge's root says") {
        auto rng = levelsweep::test::seeded_rng(1501);
        std::uniform_real_distribution<float> near(1023.99f, 1024.01f), angle(0.0f, 6.2831853f);
        std::uniform_int_distribution<int> ulps(-3, 3);
        int refused = 0, kept = 0;
        for (int round = 0; round < levelsweep::test::scaled(2000); ++round) {
            // A triangle whose first edge is about the limit long, in any direction
            // in the plane, a few ulps either side of it.
            float length = near(rng);
            for (int u = ulps(rng); u != 0; u += u > 0 ? -1 : 1)
                length = std::nextafter(length, u > 0 ? 2048.0f : 0.0f);
            const float a = angle(rng);
            LevelArrays t = one_triangle(0.0f, 0.0f);
            t.x[1] = length * std::cos(a);
            t.y[1] = length * std::sin(a);
            t.x[2] = 0.5f * t.x[1];
            t.y[2] = 0.5f * t.y[1] + 1.0f;
            const std::optional<std::uint32_t> model = first_long_edge(t);
            const auto why = beyond_working_range(t);
            CHECK(why.has_value() == model.has_value());
            (model ? refused : kept) += 1;
        }
        CHECK(refused > 0);
        CHECK(kept > 0);
    }
}
