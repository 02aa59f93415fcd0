// The quirk switches: names round-trip and the two modes are what docs/design.md says.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "levelsweep/quirks.hpp"

using namespace levelsweep;

TEST_SUITE("quirks") {
    TEST_CASE("every quirk has a unique name that parses back") {
        for (std::uint32_t i = 0; i < quirk_count; ++i) {
            const auto q = static_cast<Quirk>(i);
            const auto name = quirk_name(q);
            CHECK(!name.empty());
            REQUIRE(quirk_from_name(name).has_value());
            CHECK(*quirk_from_name(name) == q);
        }
        CHECK_FALSE(quirk_from_name("no_such_quirk").has_value());
    }

    TEST_CASE("faithful has every quirk on, corrected none, neither a definition switch, and toggles are independent") {
        CHECK(definition_switches == 1u << static_cast<std::uint32_t>(Quirk::empty_round_sweeps));
        for (std::uint32_t i = 0; i < quirk_count; ++i) {
            const auto q = static_cast<Quirk>(i);
            CHECK(quirks_for(Mode::faithful).has(q) == !((definition_switches >> i) & 1u));
            CHECK_FALSE(quirks_for(Mode::corrected).has(q));
            const Quirks one = Quirks::corrected().with(q);
            for (std::uint32_t j = 0; j < quirk_count; ++j) CHECK(one.has(static_cast<Quirk>(j)) == (i == j));
            CHECK(Quirks::faithful().toggled(q).toggled(q) == Quirks::faithful());
            CHECK(Quirks::from_bits(Quirks::faithful().with(q).bits()) == Quirks::faithful().with(q));
        }
    }
}

TEST_SUITE("quirks") {
    TEST_CASE("docs/quirks.md has a row for every switch") {
        std::ifstream in(std::string(LEVELSWEEP_SOURCE_DIR) + "/docs/quirks.md");
        REQUIRE(in.good());
        const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        for (std::uint32_t i = 0; i < quirk_count; ++i) {
            const std::string row = "| `" + std::string(quirk_name(static_cast<Quirk>(i))) + "`";
            CHECK_MESSAGE(doc.find(row) != std::string::npos, row);
        }
    }
}
