// Visited bits: one per triangle per query, reset by the words touched.
#include <doctest/doctest.h>

#include <vector>

#include "levelsweep/grid.hpp"
#include "levelsweep/visited.hpp"
#include "support.hpp"

using namespace levelsweep;

TEST_SUITE("mesh visited") {
    TEST_CASE("test_and_set reports the previous state and reset clears it") {
        VisitedBits bits(130);
        CHECK(bits.size() == 130);
        CHECK_FALSE(bits.test_and_set(0));
        CHECK(bits.test_and_set(0));
        CHECK_FALSE(bits.test_and_set(129));
        CHECK_FALSE(bits.test_and_set(64));
        CHECK(bits.test(64));
        CHECK_FALSE(bits.test(63));
        CHECK(bits.touched_words() == 3);
        bits.reset();
        CHECK(bits.touched_words() == 0);
        for (std::uint32_t t : {0u, 63u, 64u, 129u}) CHECK_FALSE(bits.test(t));
        CHECK_FALSE(bits.test_and_set(129));
    }

    TEST_CASE("an index past the level reads as visited and writes nothing") {
        VisitedBits bits(10);
        for (std::uint32_t t : {10u, 64u, 1000000u, no_triangle}) {
            CHECK(bits.test_and_set(t));
            CHECK(bits.test(t));
        }
        CHECK(bits.touched_words() == 0);
        VisitedBits none;
        CHECK(none.test_and_set(0));
    }

    TEST_CASE("the reset costs the words touched, not the level size") {
        VisitedBits bits(1u << 24);
        for (std::uint32_t t = 5000; t < 5150; ++t) bits.test_and_set(t);  // 150 triangles in words 78, 79, 80
        CHECK(bits.touched_words() == 3);
        bits.test_and_set(1u << 23);
        CHECK(bits.touched_words() == 4);
        bits.reset();
        CHECK_FALSE(bits.test(5050));
        CHECK_FALSE(bits.test(1u << 23));
    }

    TEST_CASE("random queries agree with a plain bool array") {
        auto rng = levelsweep::test::seeded_rng(1201);
        const std::uint32_t n = 5000;
        VisitedBits bits(n);
        for (int query = 0; query < 200; ++query) {
            std::vector<bool> seen(n, false);
            std::size_t newly = 0;
            const int calls = static_cast<int>(rng() % 300);
            for (int i = 0; i < calls; ++i) {
                const std::uint32_t t = rng() % (n + 20);  // some past the end
                const bool expected = t >= n || seen[t];
                if (t < n && !seen[t]) ++newly;
                if (t < n) seen[t] = true;
                REQUIRE(bits.test_and_set(t) == expected);
            }
            CHECK(bits.touched_words() <= newly);
            bits.reset();
        }
    }
}
