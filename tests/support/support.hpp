// Helpers shared by the test suites.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "levelsweep/vec.hpp"
#include "test_seed.hpp"

namespace levelsweep::test {

// The spec's tolerance for values from its double-precision model.
inline constexpr double spec_tol = 1e-5;

// A fixed generator (std::mt19937 is the same on every platform); the seed is
// printed so a failure can be replayed (with LEVELSWEEP_TEST_SEED, test_seed.hpp,
// when it is set).
inline std::mt19937 seeded_rng(std::uint32_t seed) {
    if (test_seed_offset() != 0)
        MESSAGE("random seed " << seed << ", moved by LEVELSWEEP_TEST_SEED to " << test_seed(seed));
    else
        MESSAGE("random seed " << seed);
    return std::mt19937(test_seed(seed));
}

inline float uniform(std::mt19937& rng, float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(rng);
}

inline Vec3 uniform_vec(std::mt19937& rng, float lo, float hi) {
    return {uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi)};
}

// Iteration counts are scaled down under the sanitizers and an emulator
// (qemu-user: tests/aarch64), which run the same code ~10x slower; the
// Release build runs the full counts.
inline int scaled(int full) {
#if defined(LEVELSWEEP_SANITIZED) || defined(LEVELSWEEP_EMULATED)
    return full / 10 > 0 ? full / 10 : 1;
#else
    return full;
#endif
}

// Whether a randomised loop of `full` draws takes its i-th: scaled(full) of
// them, and in a scaled run more (up to `full`) while a rare case its
// coverage checks ask for is not yet `covered`, which a tenth of the draws
// may not hold under every seed.
inline bool keep_drawing(int i, int full, bool covered) { return i < scaled(full) || (!covered && i < full); }

// How many checks have failed so far in the running test case (tests/main.cpp).
unsigned failed_checks_in_case();

// A real game level of ../shared/data/levels (kept outside the repository).
// Where it is missing (a plain clone), a ctest entry ends here with exit code
// 77, which ctest reports as skipped with this message (./x test lists the
// skipped entries with it); a run of the program itself fails here, saying so.
// CI sets LEVELSWEEP_REQUIRE_SHARED_DATA: there a missing file is a broken
// set-up, and every run fails rather than passing with nothing checked. Call it
// first in a case of its own, named for the real level: a skip ends the whole
// case, and where a check has already failed in it the case fails here instead
// of hiding that failure behind a skip.
inline std::string shared_level(const char* file_name) {
    const std::filesystem::path path =
        std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / ".." / "shared" / "data" / "levels" / file_name;
    const bool present = std::filesystem::is_regular_file(path);
    if (!present && std::getenv("LEVELSWEEP_CTEST_ENTRY") != nullptr &&
        std::getenv("LEVELSWEEP_REQUIRE_SHARED_DATA") == nullptr && failed_checks_in_case() == 0) {
        std::printf("skipped: %s is missing (the real levels live in ../shared/data beside the checkout)\n",
                    path.string().c_str());
        std::fflush(stdout);
        std::_Exit(77);  // ctest's SKIP_RETURN_CODE (tests/CMakeLists.txt)
    }
    REQUIRE_MESSAGE(present, path.string() << " is missing: the tests need ../shared/data beside the checkout "
                                              "(under ctest they are reported as skipped)");
    return path.string();
}

inline Vec3 as_vec3(const Vec3& v) { return v; }
inline Vec3 as_vec3(const Vec4& v) { return xyz(v); }

}  // namespace levelsweep::test

// |actual - expected| <= tol, with both values printed on failure.
#define CHECK_NEAR_TOL(actual, expected, tol)                                                   \
    do {                                                                                        \
        const double a_ = static_cast<double>(actual), e_ = static_cast<double>(expected);      \
        CHECK_MESSAGE(std::fabs(a_ - e_) <= (tol), #actual " = " << a_ << ", expected " << e_); \
    } while (0)
#define CHECK_NEAR(actual, expected) CHECK_NEAR_TOL(actual, expected, ::levelsweep::test::spec_tol)
#define CHECK_VEC3_NEAR(actual, ex, ey, ez)                                \
    do {                                                                   \
        const ::levelsweep::Vec3 v_ = ::levelsweep::test::as_vec3(actual); \
        CHECK_NEAR(v_.x, ex);                                              \
        CHECK_NEAR(v_.y, ey);                                              \
        CHECK_NEAR(v_.z, ez);                                              \
    } while (0)
