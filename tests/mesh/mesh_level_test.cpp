// The level store: arrays, derived per-triangle data, validation, checksum.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "levelsweep/build_error.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/triangle.hpp"
#include "mesh_support.hpp"

using namespace levelsweep;
using levelsweep::test::random_level_arrays;
using levelsweep::test::seeded_rng;

namespace {

bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
bool same_bits(const Vec3& a, const Vec3& b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

std::string build_error(const LevelArrays& a, const std::optional<Vec3>& size = std::nullopt) {
    try {
        (void)build_level(a, size);
    } catch (const LevelBuildError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_SUITE("mesh level") {
    TEST_CASE("build_level stores the vertices, corners, flags and materials it was given") {
        const std::vector<Vec3> v{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 3}};
        const std::vector<TriangleRecord> t{{{0, 1, 2}, 0x1, 7}, {{0, 3, 1}, 0x3, 16}, {{2, 1, 3}, 0x8, 41}};
        const Level level = build_level(v, t);
        REQUIRE(level.vertex_count() == 4);
        REQUIRE(level.triangle_count() == 3);
        for (std::uint32_t i = 0; i < 4; ++i) CHECK(level.vertex(i) == v[i]);
        for (std::uint32_t i = 0; i < 3; ++i) {
            for (int k = 0; k < 3; ++k) {
                CHECK(level.corner_index(i, k) == t[i].v[static_cast<std::size_t>(k)]);
                CHECK(level.corner(i, k) == v[t[i].v[static_cast<std::size_t>(k)]]);
                CHECK(level.corner_indices(k)[i] == t[i].v[static_cast<std::size_t>(k)]);
            }
            CHECK(level.flags(i) == t[i].flags);
            CHECK(level.material(i) == t[i].material);
        }
        CHECK(level.bounds_min() == Vec3{0, 0, 0});
        CHECK(level.bounds_max() == Vec3{4, 4, 3});
        // Spec Unit 1, "Test ideas", working triangle T: e0 (4,0,0), e1 (-4,4,0), e2 (0,-4,0), n (0,0,1), d 0.
        CHECK(level.edge(0, 0) == Vec3{4, 0, 0});
        CHECK(level.edge(0, 1) == Vec3{-4, 4, 0});
        CHECK(level.edge(0, 2) == Vec3{0, -4, 0});
        CHECK(level.normal(0) == Vec3{0, 0, 1});
        CHECK(level.plane(0) == 0.0f);
    }

    TEST_CASE("the level's edges, normal and plane are bit-identical to prepare_triangle") {
        auto rng = seeded_rng(1101);
        for (int round = 0; round < 4; ++round) {
            const Level level = build_level(random_level_arrays(rng, 300, levelsweep::test::scaled(3000) + 50));
            std::uint32_t degenerate = 0;
            for (std::uint32_t t = 0; t < level.triangle_count(); ++t) {
                const WorkingTriangle w = prepare_triangle(level.corner(t, 0), level.corner(t, 1), level.corner(t, 2));
                for (int k = 0; k < 3; ++k) CHECK(same_bits(level.edge(t, k), xyz(w.e[k])));
                CHECK(same_bits(level.normal(t), xyz(w.n)));
                CHECK(same_bits(level.plane(t), w.d));
                if (level.normal(t) == Vec3{}) ++degenerate;
            }
            CHECK(degenerate > 0);  // the soup has repeated and collinear corners
        }
    }

    TEST_CASE("each block of four triangles, and a last block of one to three, has prepare_triangle's normals") {
        // The level makes them four triangles at a time (mesh/src/triangle_planes.cpp):
        // every count of the last block, on small and on working-range coordinates.
        auto rng = seeded_rng(1103);
        for (const float reach : {1.0f, 20.0f, 16000.0f}) {
            for (std::uint32_t count = 1; count <= 9; ++count) {
                const Level level = build_level(random_level_arrays(rng, 12, count, -reach, reach));
                REQUIRE(level.triangle_count() == count);
                for (std::uint32_t t = 0; t < count; ++t) {
                    const WorkingTriangle w =
                        prepare_triangle(level.corner(t, 0), level.corner(t, 1), level.corner(t, 2));
                    CHECK(same_bits(level.normal(t), xyz(w.n)));
                    CHECK(same_bits(level.plane(t), w.d));
                }
            }
        }
    }

    TEST_CASE("a degenerate triangle's stored normal is exactly zero, as CollTri_ComputeNormal 0x00343c30 gives") {
        const std::vector<Vec3> v{{1, 2, 3}, {2, 4, 6}, {3, 6, 9}};
        const std::vector<TriangleRecord> t{{{0, 1, 2}}, {{0, 0, 1}}};
        const Level level = build_level(v, t);
        for (std::uint32_t i = 0; i < 2; ++i) {
            CHECK(same_bits(level.normal(i), Vec3{}));
            CHECK(same_bits(level.plane(i), 0.0f));
        }
    }

    TEST_CASE("every raw array is 64-byte aligned") {
        auto rng = seeded_rng(1102);
        const Level level = build_level(random_level_arrays(rng, 50, 77));
        const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 64 == 0; };
        CHECK(aligned(level.vertices().x.data()));
        CHECK(aligned(level.vertices().y.data()));
        CHECK(aligned(level.vertices().z.data()));
        for (int k = 0; k < 3; ++k) {
            CHECK(aligned(level.corner_indices(k).data()));
        }
        CHECK(aligned(level.flags().data()));
        CHECK(aligned(level.materials().data()));
        CHECK(aligned(level.normals().y.data()));
        CHECK(aligned(level.planes().data()));
        CHECK(aligned(level.grid().words().data()));
        CHECK(aligned(level.grid().offsets().data()));
    }

    TEST_CASE("build_level refuses bad arrays with the reason") {
        LevelArrays ok = LevelArrays::from(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
                                           std::vector<TriangleRecord>{{{0, 1, 2}}});
        CHECK(build_error(ok).empty());

        LevelArrays bad_index = ok;
        bad_index.i2[0] = 3;
        CHECK(build_error(bad_index).find("triangle 0 corner 2 is vertex 3, out of range (3 vertices)") !=
              std::string::npos);

        LevelArrays nan = ok;
        nan.y[1] = std::numeric_limits<float>::quiet_NaN();
        CHECK(build_error(nan).find("vertex 1 has a non-finite coordinate") != std::string::npos);
        LevelArrays inf = ok;
        inf.z[2] = -std::numeric_limits<float>::infinity();
        CHECK(build_error(inf).find("vertex 2 has a non-finite coordinate") != std::string::npos);

        LevelArrays short_y = ok;
        short_y.y.pop_back();
        CHECK(build_error(short_y).find("x, y, z differ") != std::string::npos);
        LevelArrays short_flags = ok;
        short_flags.flags.clear();
        CHECK(build_error(short_flags).find("differ in length") != std::string::npos);

        for (float s : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()})
            CHECK(build_error(ok, Vec3{1.0f, s, 1.0f}).find("positive finite") != std::string::npos);
        CHECK(build_error(ok, Vec3{1e-4f, 1e-4f, 1.0f}).find("more than 2^26 cells") != std::string::npos);
        CHECK(build_error(ok, Vec3{1e-9f, 1.0f, 1.0f}).find("more than 2^24 cells along an axis") != std::string::npos);
    }

    TEST_CASE("the empty level has one empty cell") {
        for (const Level& level : {Level{}, build_level(LevelArrays{})}) {
            CHECK(level.triangle_count() == 0);
            CHECK(level.vertex_count() == 0);
            CHECK(level.grid().cell_count() == 1);
            CHECK(level.grid().list(0).empty());
            CHECK(level.grid().word(0) == 0);
            CHECK(level.grid().word(1) == no_triangle);
        }
        CHECK(Level{}.checksum() == build_level(LevelArrays{}).checksum());
    }

    TEST_CASE("the checksum follows every stored value and nothing else") {
        auto rng = seeded_rng(1103);
        const LevelArrays a = random_level_arrays(rng, 40, 60);
        const Vec3 s{2.0f, 2.0f, 2.0f};
        const std::uint64_t base = build_level(a, s).checksum();
        CHECK(build_level(a, s).checksum() == base);  // deterministic
        CHECK(build_level(a, s).checksum() == content_checksum(a, build_level(a, s).grid().geometry()));

        LevelArrays x = a;
        x.x[7] = std::nextafter(x.x[7], 100.0f);
        CHECK(build_level(x, s).checksum() != base);
        LevelArrays i = a;
        std::swap(i.i0[3], i.i1[3]);
        if (i.i0[3] != i.i1[3]) CHECK(build_level(i, s).checksum() != base);
        LevelArrays f = a;
        f.flags[59] ^= 0x8;
        CHECK(build_level(f, s).checksum() != base);
        LevelArrays m = a;
        m.material[0] ^= 1;
        CHECK(build_level(m, s).checksum() != base);
        CHECK(build_level(a, Vec3{2.0f, 2.0f, 2.5f}).checksum() != base);  // the walk depends on the grid
    }

    TEST_CASE("memory_bytes counts every array") {
        auto rng = seeded_rng(1104);
        const Level level = build_level(random_level_arrays(rng, 100, 200));
        const std::size_t expected = level.vertex_count() * 12u + level.triangle_count() * (12u + 4u + 4u * 4u) +
                                     (level.grid().words().size() + level.grid().offsets().size()) * 4u;
        CHECK(level.memory_bytes() == expected);
    }
}
