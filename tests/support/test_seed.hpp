// The seeds of the randomised tests, moved on request: LEVELSWEEP_TEST_SEED=n
// (a whole number) adds n times a large prime to the seeds the tests draw
// their cases from (seeded_rng, the lane tests' draws; the levels they build
// keep theirs), so that their loops meet other cases than the fixed ones CI
// runs (CONTRIBUTING.md, "Other seeds"). Unset or 0: CI's seeds.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace levelsweep::test {

inline std::uint32_t test_seed_offset() {
    static const std::uint32_t offset = [] {
        const char* text = std::getenv("LEVELSWEEP_TEST_SEED");
        return text ? static_cast<std::uint32_t>(std::strtoul(text, nullptr, 10)) * 1000003u : 0u;
    }();
    return offset;
}

// A test's fixed seed, moved by LEVELSWEEP_TEST_SEED.
inline std::uint32_t test_seed(std::uint32_t seed) { return seed + test_seed_offset(); }

}  // namespace levelsweep::test
