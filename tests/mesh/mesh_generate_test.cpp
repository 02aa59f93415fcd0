// The street level generator: determinism, size, the features and their normals.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "levelsweep/generate.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/level_stats.hpp"
#include "support.hpp"

using namespace levelsweep;

namespace {

Vec3 centroid(const Level& level, std::uint32_t t) {
    const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
    return {(a.x + b.x + c.x) / 3.0f, (a.y + b.y + c.y) / 3.0f, (a.z + b.z + c.z) / 3.0f};
}

Vec3 size_of(const LevelFeature& f) { return f.max - f.min; }
Vec3 centre_of(const LevelFeature& f) { return 0.5f * (f.min + f.max); }

bool near(const Vec3& a, const Vec3& b, float tol = 1e-5f) {
    return std::fabs(a.x - b.x) <= tol && std::fabs(a.y - b.y) <= tol && std::fabs(a.z - b.z) <= tol;
}

// Every normal of the feature's triangles is one of `allowed` (to an ulp or two:
// the normal is c * (1 / sqrt(c.c)), CollTri_ComputeNormal 0x00343c30, which
// need not give exactly 1 for an axis-aligned c).
void check_normals_among(const Level& level, const LevelFeature& f, std::initializer_list<Vec3> allowed) {
    for (std::uint32_t t = f.first_triangle; t < f.first_triangle + f.triangle_count; ++t) {
        bool found = false;
        for (const Vec3& n : allowed) found = found || near(level.normal(t), n, 2e-7f);
        CHECK_MESSAGE(found, feature_name(f.kind) << " triangle " << t);
    }
}

// A closed-ish box: every face points away from the box's centre.
void check_outward(const Level& level, const LevelFeature& f) {
    const Vec3 c = centre_of(f);
    for (std::uint32_t t = f.first_triangle; t < f.first_triangle + f.triangle_count; ++t)
        CHECK_MESSAGE(dot(level.normal(t), centroid(level, t) - c) > 0.0f, feature_name(f.kind) << " triangle " << t);
}

std::vector<std::byte> file_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::vector<char> c((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> out(c.size());
    std::transform(c.begin(), c.end(), out.begin(), [](char x) { return static_cast<std::byte>(x); });
    return out;
}

}  // namespace

TEST_SUITE("mesh generate") {
    TEST_CASE("the same seed and size give the same level, another seed another") {
        const StreetLevel a = generate_street_level({7, 3000, std::nullopt});
        const StreetLevel b = generate_street_level({7, 3000, std::nullopt});
        CHECK(serialize_level(a.level) == serialize_level(b.level));
        REQUIRE(a.features.size() == b.features.size());
        for (std::size_t i = 0; i < a.features.size(); ++i) {
            CHECK(a.features[i].min == b.features[i].min);
            CHECK(a.features[i].first_triangle == b.features[i].first_triangle);
        }
        const StreetLevel c = generate_street_level({8, 3000, std::nullopt});
        CHECK(c.level.checksum() != a.level.checksum());
    }

    TEST_CASE("the committed levels are what the generator writes") {
        const std::filesystem::path dir = std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "data" / "levels";
        CHECK(file_bytes(dir / "street_1k.lvl") ==
              serialize_level(generate_street_level({1, 1000, std::nullopt}).level));
        CHECK(file_bytes(dir / "street_10k.lvl") ==
              serialize_level(generate_street_level({2, 10000, std::nullopt}).level));
        const Level loaded = load_level(dir / "street_10k.lvl");
        CHECK(loaded.triangle_count() == 9970);
    }

    TEST_CASE("the size is about the triangle count asked for") {
        for (std::uint32_t n : {1000u, 2500u, 10000u, 100000u}) {
            const std::uint32_t got = generate_street_level({1, n, std::nullopt}).level.triangle_count();
            CHECK_MESSAGE(std::abs(static_cast<double>(got) - n) <= 0.1 * n, n << " asked, " << got << " made");
        }
    }

    TEST_CASE("a million triangles: generate, save and load in seconds") {
        // Under the sanitizers a tenth of it.
        const std::uint32_t n = static_cast<std::uint32_t>(levelsweep::test::scaled(1000000));
        const auto t0 = std::chrono::steady_clock::now();
        const StreetLevel s = generate_street_level({3, n, std::nullopt});
        const auto t1 = std::chrono::steady_clock::now();
        const std::vector<std::byte> bytes = serialize_level(s.level);
        const Level loaded = load_level_from_memory(bytes, "1M");
        const auto t2 = std::chrono::steady_clock::now();
        CHECK(loaded.checksum() == s.level.checksum());
        CHECK(s.level.triangle_count() >= 0.9 * n);
        CHECK(s.level.grid().cell_count() <= 16u * s.level.triangle_count() + 64u);
        MESSAGE(s.level.triangle_count() << " triangles: generate+build "
                                         << std::chrono::duration<double>(t1 - t0).count() << " s, save+load "
                                         << std::chrono::duration<double>(t2 - t1).count() << " s, "
                                         << s.level.memory_bytes() / 1000000 << " MB, file " << bytes.size() / 1000000
                                         << " MB");
    }

    TEST_CASE("every block has every feature, and the features partition the triangles") {
        const StreetLevel s = generate_street_level({5, 4000, std::nullopt});
        std::uint32_t next = 0;
        for (const LevelFeature& f : s.features) {
            CHECK(f.first_triangle == next);
            next += f.triangle_count;
            for (std::uint32_t t = f.first_triangle; t < f.first_triangle + f.triangle_count; ++t) {
                CHECK(s.level.flags(t) == f.flags);
                CHECK(s.level.material(t) == f.material);
            }
        }
        CHECK(next == s.level.triangle_count());
        const std::uint32_t blocks = s.features.back().block + 1;
        CHECK(blocks == 4);
        for (FeatureKind k : {FeatureKind::road, FeatureKind::kerb, FeatureKind::sidewalk, FeatureKind::wall,
                              FeatureKind::ledge, FeatureKind::post, FeatureKind::planter, FeatureKind::special,
                              FeatureKind::slope, FeatureKind::stairs, FeatureKind::fence, FeatureKind::disabled})
            CHECK_MESSAGE(s.of(k).size() == blocks, feature_name(k));
        CHECK(s.of(FeatureKind::crate).size() >= 2 * blocks);
        const LevelStats stats = level_stats(s.level);
        CHECK(stats.degenerate == 0);
        CHECK(stats.duplicate == 0);
        CHECK(stats.special == 10 * blocks);
        CHECK(stats.two_sided == 12 * blocks);
        CHECK(stats.disabled == 2 * blocks);
    }

    TEST_CASE("the features have the sizes of the spec's runtime sections") {
        const StreetLevel s = generate_street_level({11, 2000, std::nullopt});
        for (std::uint32_t b = 0; b < 2; ++b) {
            const LevelFeature post = s.of(FeatureKind::post)[b], planter = s.of(FeatureKind::planter)[b];
            const LevelFeature kerb = s.of(FeatureKind::kerb)[b], sidewalk = s.of(FeatureKind::sidewalk)[b];
            const LevelFeature road = s.of(FeatureKind::road)[b], ledge = s.of(FeatureKind::ledge)[b];
            const LevelFeature wall = s.of(FeatureKind::wall)[b], fence = s.of(FeatureKind::fence)[b];
            const LevelFeature stairs = s.of(FeatureKind::stairs)[b], slope = s.of(FeatureKind::slope)[b];
            // Unit 1, "Seen at runtime": a 0.37 m square post of material 16, taller than the walking
            // sphere (centre 0.52 m above the feet, radius 0.4704).
            CHECK(near(size_of(post), {0.37f, 0.37f, 3.0f}));
            CHECK(post.material == 16);
            CHECK(post.min.z == sidewalk.min.z);
            CHECK(near(size_of(planter), {1.3f, 1.3f, 1.2f}));
            CHECK(size_of(planter).z > 0.52f + 0.4704f);
            // The kerb: 0.15 m from the road to the sidewalk.
            CHECK(road.max.z == 0.0f);
            CHECK(kerb.min.z == 0.0f);
            CHECK(kerb.max.z == 0.15f);
            CHECK(sidewalk.min.z == 0.15f);
            CHECK(sidewalk.max.z == 0.15f);
            CHECK(kerb.min.y == road.max.y);
            // The ledge: 2.62 x 0.61 m, 0.6 m above the sidewalk, against the wall (material 41).
            CHECK(near(size_of(ledge), {2.62f, 0.61f, 0.6f}));
            CHECK(ledge.min.z == sidewalk.max.z);
            CHECK(ledge.max.y == wall.min.y);
            CHECK(ledge.material == 41);
            CHECK(wall.max.z - sidewalk.max.z > 3.0f);
            CHECK(fence.flags == (tri_flags::enabled | tri_flags::two_sided));
            CHECK(size_of(fence).z > 0.52f + 0.4704f);
            CHECK(stairs.steps == 5);
            CHECK(stairs.step_rise == 0.18f);
            CHECK(stairs.step_run == 0.3f);
            CHECK(near(size_of(stairs), {1.5f, 2.0f, 0.9f}));
            CHECK(near(size_of(slope), {3.0f, 2.0f, 1.5f}));
        }
    }

    TEST_CASE("normals point into the playable space") {
        const StreetLevel s = generate_street_level({13, 1000, std::nullopt});
        const Level& level = s.level;
        const Vec3 up{0, 0, 1}, px{1, 0, 0}, mx{-1, 0, 0}, py{0, 1, 0}, my{0, -1, 0};
        for (const LevelFeature& f : s.features) {
            switch (f.kind) {
                case FeatureKind::road:
                case FeatureKind::sidewalk: check_normals_among(level, f, {up}); break;
                case FeatureKind::kerb:
                case FeatureKind::fence:
                case FeatureKind::disabled: check_normals_among(level, f, {my}); break;
                case FeatureKind::wall: check_normals_among(level, f, {my, up, py}); break;
                case FeatureKind::stairs: check_normals_among(level, f, {mx, up, my, py, px}); break;
                case FeatureKind::slope: {
                    check_normals_among(level, f, {my, py, px, normalize_rsqrt({-1.5f, 0.0f, 3.0f})});
                    break;
                }
                default:  // post, planter, special, ledge, crate: boxes facing out
                    check_outward(level, f);
            }
        }
        // The slope's top faces the way up it (-x) and the sky.
        const LevelFeature slope = s.of(FeatureKind::slope)[0];
        CHECK(level.normal(slope.first_triangle).z > 0.8f);
        CHECK(level.normal(slope.first_triangle).x < -0.4f);
    }

    TEST_CASE("the seed moves features by at most 0.5 m in 1/16 m steps") {
        const StreetLevel a = generate_street_level({21, 1000, std::nullopt});
        const StreetLevel b = generate_street_level({22, 1000, std::nullopt});
        bool moved = false;
        for (FeatureKind k : {FeatureKind::post, FeatureKind::planter, FeatureKind::ledge, FeatureKind::fence}) {
            const float dx = a.of(k)[0].min.x - b.of(k)[0].min.x;
            CHECK(std::fabs(dx) <= 1.0f);
            CHECK(std::fabs(dx * 16.0f - std::round(dx * 16.0f)) < 1e-3f);
            CHECK(a.of(k)[0].min.y == b.of(k)[0].min.y);
            moved = moved || dx != 0.0f;
        }
        CHECK(moved);
    }
}
