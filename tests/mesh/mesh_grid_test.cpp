// The cell grid: layout, the query-box mapping, and the lists against brute force.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "levelsweep/cell_runs.hpp"
#include "levelsweep/level.hpp"
#include "mesh_support.hpp"

using namespace levelsweep;
using levelsweep::test::corners;
using levelsweep::test::random_level_arrays;
using levelsweep::test::seeded_rng;
using levelsweep::test::triangle_overlaps_box;

namespace {

constexpr float nan_f = std::numeric_limits<float>::quiet_NaN();
constexpr float inf_f = std::numeric_limits<float>::infinity();

// The grids the mapping tests draw: 1 to 40 cells an axis, 0.1 to 7 m long,
// anywhere near the origin; and their points, by axis.
float& axis_of(Vec3& v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }

GridGeometry random_geometry(std::mt19937& rng) {
    GridGeometry g;
    std::uniform_real_distribution<float> origin(-50.0f, 50.0f), size(0.1f, 7.0f);
    g.origin = {origin(rng), origin(rng), origin(rng)};
    g.cell_size = {size(rng), size(rng), size(rng)};
    g.dims = {1 + static_cast<std::uint32_t>(rng() % 40), 1 + static_cast<std::uint32_t>(rng() % 40),
              1 + static_cast<std::uint32_t>(rng() % 40)};
    return g;
}

// The grid's length on an axis.
float grid_span(const GridGeometry& g, int axis) {
    return component(g.cell_size, axis) * static_cast<float>(g.dims[static_cast<std::size_t>(axis)]);
}

// A cell boundary on an axis, from the grid's low face to 40 cells past it.
float cell_boundary(const GridGeometry& g, int axis, std::mt19937& rng) {
    return component(g.origin, axis) + static_cast<float>(rng() % 41) * component(g.cell_size, axis);
}

// The closed box of cell (ix, iy, iz) in exact arithmetic, grown (or shrunk,
// for a negative margin) by `margin` cell sizes.
void cell_box(const GridGeometry& g, std::uint32_t ix, std::uint32_t iy, std::uint32_t iz, double margin,
              std::array<double, 3>& lo, std::array<double, 3>& hi) {
    const std::uint32_t i[3] = {ix, iy, iz};
    for (int a = 0; a < 3; ++a) {
        const double o = component(g.origin, a), s = component(g.cell_size, a);
        lo[static_cast<std::size_t>(a)] = o + s * (static_cast<double>(i[a]) - margin);
        hi[static_cast<std::size_t>(a)] = o + s * (static_cast<double>(i[a]) + 1.0 + margin);
    }
}

// Every structural property of the count-first layout.
void check_layout(const CellGrid& grid, std::uint32_t triangle_count) {
    const auto words = grid.words();
    std::size_t pos = 0;
    REQUIRE(grid.cell_count() == std::size_t{grid.nx()} * grid.ny() * grid.nz());
    for (std::size_t c = 0; c < grid.cell_count(); ++c) {
        REQUIRE(grid.list_offset(c) == pos);
        const std::uint32_t count = words[pos];
        REQUIRE(pos + 1 + count <= words.size());
        const auto list = grid.list(c);
        REQUIRE(list.size() == count);
        REQUIRE(list.data() == words.data() + pos + 1);
        for (std::size_t i = 0; i < count; ++i) {
            REQUIRE(list[i] < triangle_count);
            if (i > 0) REQUIRE(list[i - 1] < list[i]);  // ascending, no duplicates
        }
        pos += 1 + count;
    }
    CHECK(pos == words.size());
}

}  // namespace

TEST_SUITE("mesh grid") {
    TEST_CASE("count-first lists in walk order, z fastest, empty cells included") {
        // Cell size 1 over [0, 2.5] x [0, 1.5] x [0, 1.5]: nx = 3, ny = 2, nz = 2.
        const std::vector<Vec3> v{{0, 0, 0},          {0.5f, 0, 0},       {0, 0.5f, 0},         // cell (0,0,0)
                                  {2.5f, 1.5f, 1.5f}, {1.5f, 1.5f, 1.5f}, {2.5f, 1.5f, 0.5f},   // (1..2, 1, 0..1)
                                  {0.2f, 0.2f, 0.9f}, {0.2f, 0.2f, 1.2f}, {0.3f, 0.2f, 1.1f}};  // (0, 0, 0..1)
        const std::vector<TriangleRecord> t{{{0, 1, 2}}, {{3, 4, 5}}, {{6, 7, 8}}};
        const Level level = build_level(v, t, Vec3{1, 1, 1});
        const CellGrid& g = level.grid();
        REQUIRE(g.nx() == 3);
        REQUIRE(g.ny() == 2);
        REQUIRE(g.nz() == 2);
        CHECK(g.origin() == Vec3{0, 0, 0});
        CHECK(g.cell_index(0, 0, 1) == 1);
        CHECK(g.cell_index(0, 1, 0) == 2);
        CHECK(g.cell_index(1, 0, 0) == 4);
        CHECK(g.cell_index(2, 1, 1) == 11);
        const std::vector<std::uint32_t> expected{2, 0, 2,      // (0,0,0): triangles 0 and 2
                                                  1, 2,         // (0,0,1): triangle 2
                                                  0, 0, 0, 0,   // (0,1,0), (0,1,1), (1,0,0), (1,0,1)
                                                  1, 1, 1, 1,   // (1,1,0), (1,1,1): triangle 1
                                                  0, 0,         // (2,0,0), (2,0,1)
                                                  1, 1, 1, 1};  // (2,1,0), (2,1,1): triangle 1
        const auto words = g.words();
        CHECK(std::vector<std::uint32_t>(words.begin(), words.end()) == expected);
        check_layout(g, level.triangle_count());
        CHECK(g.list_offset(1) == 3);
        CHECK(g.list_offset(4) == 7);
        CHECK(g.list_offset(11) == 17);
        // Past the end, every position reads as the index every walk skips.
        CHECK(g.word(words.size() - 1) == 1);
        CHECK(g.word(words.size()) == no_triangle);
        CHECK(g.word(std::numeric_limits<std::size_t>::max()) == no_triangle);
    }

    TEST_CASE("cell_range clamps to the grid and is empty for a miss, an inverted box or a NaN") {
        GridGeometry g;
        g.origin = {10, 20, 0};
        g.cell_size = {2, 1, 0.5f};
        g.dims = {5, 4, 3};  // x 10..20, y 20..24, z 0..1.5
        const CellRange all = g.cell_range({-inf_f, -inf_f, -inf_f}, {inf_f, inf_f, inf_f});
        CHECK(all.lo == std::array<std::uint32_t, 3>{0, 0, 0});
        CHECK(all.hi == std::array<std::uint32_t, 3>{4, 3, 2});

        const CellRange inner = g.cell_range({13, 21.5f, 0.6f}, {15.9f, 22, 0.9f});
        CHECK(inner.lo == std::array<std::uint32_t, 3>{1, 1, 1});
        CHECK(inner.hi == std::array<std::uint32_t, 3>{2, 2, 1});

        const CellRange clamped = g.cell_range({0, 23.5f, -5}, {11, 99, 0.2f});
        CHECK(clamped.lo == std::array<std::uint32_t, 3>{0, 3, 0});
        CHECK(clamped.hi == std::array<std::uint32_t, 3>{0, 3, 0});

        // A box touching the grid's low face belongs to cell 0.
        CHECK_FALSE(g.cell_range({0, 0, -1}, {10, 20, 0}).empty());

        CHECK(g.cell_range({0, 20, 0}, {9.9f, 21, 1}).empty());       // below in x
        CHECK(g.cell_range({20, 20, 0}, {30, 21, 1}).empty());        // at x = 20: past cell 4
        CHECK(g.cell_range({12, 20, 2}, {13, 21, 3}).empty());        // above in z
        CHECK(g.cell_range({13, 21, 1}, {12, 22, 1}).empty());        // inverted
        CHECK(g.cell_range({13, nan_f, 1}, {14, 22, 1}).empty());     // NaN low
        CHECK(g.cell_range({13, 21, 0}, {14, 22, nan_f}).empty());    // NaN high
        CHECK(g.cell_range({inf_f, 21, 0}, {inf_f, 22, 1}).empty());  // +inf box
        CHECK(CellRange{}.empty());
    }

    TEST_CASE("cell_range is, axis by axis, cell_coordinate of the box's corners when the box meets the grid") {
        // The definition, one axis at a time (cell_range takes the three at
        // once): empty for a NaN, an inverted box or a miss of the grid on
        // any axis; otherwise each corner's cell_coordinate.
        auto rng = seeded_rng(1306);
        const float specials[] = {nan_f, inf_f, -inf_f, 0.0f, -0.0f};
        const auto expected_range = [](const GridGeometry& g, const Vec3& lo, const Vec3& hi) {
            CellRange r;
            for (int axis = 0; axis < 3; ++axis) {
                const float plo = component(lo, axis), phi = component(hi, axis);
                const float o = component(g.origin, axis), s = component(g.cell_size, axis);
                const float n = static_cast<float>(g.dims[static_cast<std::size_t>(axis)]);
                if (!(plo <= phi) || (phi - o) / s < 0.0f || (plo - o) / s >= n) return CellRange{};
                r.lo[static_cast<std::size_t>(axis)] = g.cell_coordinate(plo, axis);
                r.hi[static_cast<std::size_t>(axis)] = g.cell_coordinate(phi, axis);
            }
            return r;
        };
        std::size_t met = 0;
        for (int round = 0; round < 20000; ++round) {
            const GridGeometry g = random_geometry(rng);
            // Boxes around the grid: from a little before it to a little past it.
            std::uniform_real_distribution<float> at(-0.2f, 1.2f), extent(0.0f, 0.5f);
            Vec3 lo, hi;
            for (int axis = 0; axis < 3; ++axis) {
                axis_of(lo, axis) = component(g.origin, axis) + at(rng) * grid_span(g, axis);
                axis_of(hi, axis) = component(lo, axis) + extent(rng) * grid_span(g, axis);
            }
            if (rng() % 4 == 0) std::swap(lo, hi);  // inverted on some axes
            if (rng() % 5 == 0) axis_of(rng() % 2 ? lo : hi, static_cast<int>(rng() % 3)) = specials[rng() % 5];
            if (rng() % 5 == 0) {  // on a cell boundary
                const int axis = static_cast<int>(rng() % 3);
                axis_of(lo, axis) = cell_boundary(g, axis, rng);
            }
            const CellRange got = g.cell_range(lo, hi), want = expected_range(g, lo, hi);
            REQUIRE(got.empty() == want.empty());
            if (want.empty()) continue;
            ++met;
            CHECK(got.lo == want.lo);
            CHECK(got.hi == want.hi);
        }
        CHECK(met > 2000);  // the draws reach inside the grid often enough to test the coordinates
    }

    TEST_CASE("triangle_cells is, axis by axis, cell_coordinate of the corners' minimum and maximum") {
        // The listing rule one axis at a time (triangle_cells takes the three
        // at once), with std::min and std::max's own choice among equal
        // values, NaNs and zeros of either sign.
        auto rng = seeded_rng(1307);
        const float specials[] = {nan_f, inf_f, -inf_f, 0.0f, -0.0f};
        for (int round = 0; round < 20000; ++round) {
            const GridGeometry g = random_geometry(rng);
            std::uniform_real_distribution<float> at(-0.2f, 1.2f);
            Vec3 corner[3];
            for (Vec3& v : corner)
                for (int axis = 0; axis < 3; ++axis)
                    axis_of(v, axis) = component(g.origin, axis) + at(rng) * grid_span(g, axis);
            if (rng() % 4 == 0) corner[rng() % 3] = corner[rng() % 3];  // shared coordinates
            if (rng() % 4 == 0) axis_of(corner[rng() % 3], static_cast<int>(rng() % 3)) = specials[rng() % 5];
            if (rng() % 5 == 0) {  // on a cell boundary
                const int axis = static_cast<int>(rng() % 3);
                axis_of(corner[rng() % 3], axis) = cell_boundary(g, axis, rng);
            }
            const CellRange got = g.triangle_cells(corner[0], corner[1], corner[2]);
            for (int axis = 0; axis < 3; ++axis) {
                const float a = component(corner[0], axis), b = component(corner[1], axis),
                            c = component(corner[2], axis);
                const auto k = static_cast<std::size_t>(axis);
                REQUIRE(got.lo[k] == g.cell_coordinate(std::min({a, b, c}), axis));
                REQUIRE(got.hi[k] == g.cell_coordinate(std::max({a, b, c}), axis));
            }
        }
    }

    TEST_CASE("random levels: every cell lists exactly what brute force allows") {
        auto rng = seeded_rng(1301);
        for (int round = 0; round < 12; ++round) {
            const LevelArrays a = random_level_arrays(rng, 60, 150 + rng() % 100);
            const float s = levelsweep::test::uniform(rng, 1.5f, 9.0f);
            const Vec3 size{s, s * levelsweep::test::uniform(rng, 0.5f, 2.0f), s};
            const Level level = build_level(a, size);
            const CellGrid& g = level.grid();
            const GridGeometry& geo = g.geometry();
            check_layout(g, level.triangle_count());
            std::size_t listed = 0;
            for (std::uint32_t ix = 0; ix < g.nx(); ++ix)
                for (std::uint32_t iy = 0; iy < g.ny(); ++iy)
                    for (std::uint32_t iz = 0; iz < g.nz(); ++iz) {
                        const auto list = g.list(g.cell_index(ix, iy, iz));
                        const std::set<std::uint32_t> in(list.begin(), list.end());
                        listed += list.size();
                        std::array<double, 3> lo, hi, glo, ghi;
                        cell_box(geo, ix, iy, iz, -1e-4, lo, hi);   // shrunk: rounding cannot move these points
                        cell_box(geo, ix, iy, iz, 1e-4, glo, ghi);  // grown
                        for (std::uint32_t t = 0; t < level.triangle_count(); ++t) {
                            const auto tri = corners(level, t);
                            // Conservative: a triangle with a point inside the cell is listed.
                            if (triangle_overlaps_box(tri, lo, hi)) REQUIRE(in.count(t) == 1);
                            // Tight to the rule: a listed triangle's bounding box reaches the cell.
                            if (in.count(t)) {
                                for (int axis = 0; axis < 3; ++axis) {
                                    const double tmin = std::min(
                                        {component(tri[0], axis), component(tri[1], axis), component(tri[2], axis)});
                                    const double tmax = std::max(
                                        {component(tri[0], axis), component(tri[1], axis), component(tri[2], axis)});
                                    REQUIRE(tmin <= ghi[static_cast<std::size_t>(axis)]);
                                    REQUIRE(tmax >= glo[static_cast<std::size_t>(axis)]);
                                }
                            }
                        }
                    }
            CHECK(listed >= level.triangle_count());  // every triangle is in at least one cell
        }
    }

    // CellGrid::adopt (the level file's lists, checked instead of rebuilt)
    // takes exactly the lists the builder makes: any other words, however
    // near, are refused (a list out of order, an entry out of its triangle's
    // cells or missing from one, a count that runs past the words or stops
    // short of them).
    TEST_CASE("adopt takes the builder's lists and refuses every other word") {
        auto rng = seeded_rng(1302);
        int refused = 0, tried = 0;
        for (int round = 0; round < 12; ++round) {
            const LevelArrays a = random_level_arrays(rng, 60, 150 + rng() % 100);
            const float s = levelsweep::test::uniform(rng, 1.5f, 9.0f);
            const Level level = build_level(a, Vec3{s, s, s});
            const CellGrid& built = level.grid();
            const auto words = built.words();
            auto adopt = [&](const AlignedVector<std::uint32_t>& w) {
                return CellGrid::adopt(built.geometry(), w, a.x, a.y, a.z, a.i0, a.i1, a.i2);
            };
            const AlignedVector<std::uint32_t> same(words.begin(), words.end());
            const std::optional<CellGrid> taken = adopt(same);
            REQUIRE(taken);
            CHECK(std::equal(taken->offsets().begin(), taken->offsets().end(), built.offsets().begin(),
                             built.offsets().end()));
            for (int i = 0; i < 300; ++i) {
                AlignedVector<std::uint32_t> w = same;
                const std::size_t at = rng() % w.size();
                switch (rng() % 4) {
                    case 0: w[at] += 1 + rng() % 3; break;  // a nearby index or count
                    case 1: w[at] -= 1 + rng() % 3; break;
                    case 2: w[at] = static_cast<std::uint32_t>(rng()); break;  // anything
                    default:                                                   // a word more or less
                        if (rng() % 2)
                            w.insert(w.begin() + static_cast<std::ptrdiff_t>(at), w[at]);
                        else
                            w.erase(w.begin() + static_cast<std::ptrdiff_t>(at));
                }
                if (std::equal(w.begin(), w.end(), words.begin(), words.end())) continue;
                ++tried;
                refused += adopt(w) ? 0 : 1;
            }
        }
        MESSAGE(tried << " altered lists, " << refused << " refused");
        CHECK(tried > 3000);
        CHECK(refused == tried);
    }

    TEST_CASE("random points of a triangle map to a cell that lists it") {
        auto rng = seeded_rng(1302);
        const Level level = build_level(random_level_arrays(rng, 200, 2000), Vec3{1.7f, 1.7f, 1.7f});
        const GridGeometry& g = level.grid().geometry();
        for (int i = 0; i < levelsweep::test::scaled(50000); ++i) {
            const std::uint32_t t = rng() % level.triangle_count();
            const auto tri = corners(level, t);
            double u = levelsweep::test::uniform(rng, 0.0f, 1.0f), w = levelsweep::test::uniform(rng, 0.0f, 1.0f);
            if (u + w > 1.0) u = 1.0 - u, w = 1.0 - w;
            const auto point = [&](int axis) {
                const double a = component(tri[0], axis), b = component(tri[1], axis), c = component(tri[2], axis);
                return static_cast<float>(a + u * (b - a) + w * (c - a));
            };
            const auto list = level.grid().list(g.cell_index(
                g.cell_coordinate(point(0), 0), g.cell_coordinate(point(1), 1), g.cell_coordinate(point(2), 2)));
            REQUIRE(std::binary_search(list.begin(), list.end(), t));
        }
    }

    TEST_CASE("a walk over a box's cells never misses a triangle the box touches") {
        auto rng = seeded_rng(1303);
        const Level level = build_level(random_level_arrays(rng, 150, 800), Vec3{2.5f, 2.5f, 2.5f});
        const CellGrid& g = level.grid();
        for (int q = 0; q < levelsweep::test::scaled(400); ++q) {
            const Vec3 c = levelsweep::test::uniform_vec(rng, -25.0f, 25.0f);
            const Vec3 h = levelsweep::test::uniform_vec(rng, 0.0f, 3.0f);
            const Vec3 lo = c - h, hi = c + h;
            std::set<std::uint32_t> found;
            const CellRange r = g.cell_range(lo, hi);
            g.for_each_cell(r, [&](std::size_t cell) {
                for (std::uint32_t t : g.list(cell)) found.insert(t);
            });
            const std::array<double, 3> dlo{lo.x, lo.y, lo.z}, dhi{hi.x, hi.y, hi.z};
            for (std::uint32_t t = 0; t < level.triangle_count(); ++t)
                if (triangle_overlaps_box(corners(level, t), dlo, dhi)) REQUIRE(found.count(t) == 1);
        }
    }

    TEST_CASE("the heuristic cell size aims at a few triangles per occupied cell within sixteen cells per triangle") {
        // A tessellated floor of 1 m squares and a few walls: a few triangles per occupied cell.
        std::vector<Vec3> v;
        std::vector<TriangleRecord> t;
        const auto quad = [&](Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
            const auto i = static_cast<std::uint32_t>(v.size());
            v.insert(v.end(), {a, b, c, d});
            t.push_back({{i, i + 1, i + 2}});
            t.push_back({{i, i + 2, i + 3}});
        };
        for (int x = 0; x < 60; ++x)
            for (int y = 0; y < 30; ++y) {
                const auto fx = static_cast<float>(x), fy = static_cast<float>(y);
                quad({fx, fy, 0}, {fx + 1, fy, 0}, {fx + 1, fy + 1, 0}, {fx, fy + 1, 0});
            }
        for (int x = 0; x < 60; ++x) {
            const auto fx = static_cast<float>(x);
            quad({fx, 30, 0}, {fx + 1, 30, 0}, {fx + 1, 30, 3}, {fx, 30, 3});
        }
        const Level level = build_level(v, t);
        const CellGrid& g = level.grid();
        CHECK(g.cell_size().x == g.cell_size().y);
        CHECK(g.cell_size().x == g.cell_size().z);
        CHECK(g.cell_count() <= 16 * level.triangle_count() + 64);
        std::size_t occupied = 0, listed = 0;
        for (std::size_t c = 0; c < g.cell_count(); ++c) {
            occupied += g.list(c).empty() ? 0 : 1;
            listed += g.list(c).size();
        }
        const double mean = static_cast<double>(listed) / static_cast<double>(occupied);
        MESSAGE("cell size " << g.cell_size().x << ", " << mean << " triangles per occupied cell");
        CHECK(mean >= 2.0);
        CHECK(mean <= 6.0);
    }

    TEST_CASE("a flat level has one layer of cells") {
        const std::vector<Vec3> v{{0, 0, 5}, {10, 0, 5}, {0, 10, 5}};
        const Level level = build_level(v, std::vector<TriangleRecord>{{{0, 1, 2}}}, Vec3{1, 1, 1});
        CHECK(level.grid().nz() == 1);
        CHECK(level.grid().nx() == 11);
        CHECK(level.grid().ny() == 11);
        // The triangle's box covers every cell, its hypotenuse half of them included.
        for (std::size_t c = 0; c < level.grid().cell_count(); ++c) CHECK(level.grid().list(c).size() == 1);
    }

    // cell_runs.hpp: the passes over every cell skip the empty ones a block
    // of count words and a z row at a time; each step against its one-by-one
    // definition.
    TEST_CASE("zero_words counts the zeros a word at a time would, up to its bound") {
        auto rng = seeded_rng(1303);
        for (int round = 0; round < 2000; ++round) {
            std::vector<std::uint32_t> w(1 + rng() % 40);
            for (auto& x : w) x = rng() % 3 == 0 ? static_cast<std::uint32_t>(1 + rng() % 5) : 0u;
            if (rng() % 2) std::fill(w.begin(), w.end() - static_cast<std::ptrdiff_t>(rng() % w.size()), 0u);
            const std::size_t from = rng() % w.size(), most = rng() % (w.size() - from + 1);
            std::size_t expected = 0;
            while (expected < most && w[from + expected] == 0) ++expected;
            CHECK(zero_words(w.data() + from, most) == expected);
        }
    }

    TEST_CASE("CellCursor moved n cells on is where n single steps lead") {
        auto rng = seeded_rng(1304);
        for (int round = 0; round < 300; ++round) {
            const std::uint32_t ny = 1 + rng() % 6, nz = 1 + rng() % 7;
            CellCursor jumped, stepped;
            for (int move = 0; move < 20; ++move) {
                const std::size_t n = rng() % (3 * ny * nz);
                jumped.advance(n, ny, nz);
                for (std::size_t i = 0; i < n; ++i) {
                    if (++stepped.iz == nz) {
                        stepped.iz = 0;
                        if (++stepped.iy == ny) stepped.iy = 0, ++stepped.ix;
                    }
                }
                REQUIRE(jumped.ix == stepped.ix);
                REQUIRE(jumped.iy == stepped.iy);
                REQUIRE(jumped.iz == stepped.iz);
            }
        }
    }

    TEST_CASE("for_each_listing_cell visits the cells a cell at a time would, and stops where told") {
        auto rng = seeded_rng(1305);
        struct Visit {
            std::size_t cell, pos;
            bool listed;
            std::uint32_t ix, iy, iz;
            bool operator==(const Visit&) const = default;
        };
        for (int round = 0; round < 500; ++round) {
            const std::uint32_t nx = 1 + rng() % 4, ny = 1 + rng() % 5, nz = 1 + rng() % 6;
            const std::size_t cells = std::size_t{nx} * ny * nz;
            // Count-first lists, mostly empty cells, some runs long enough to
            // cross z rows and the zero block's four words.
            std::vector<std::uint32_t> words;
            std::vector<Visit> expected;
            for (std::uint32_t ix = 0; ix < nx; ++ix)
                for (std::uint32_t iy = 0; iy < ny; ++iy)
                    for (std::uint32_t iz = 0; iz < nz; ++iz) {
                        const std::uint32_t count = rng() % 4 == 0 ? static_cast<std::uint32_t>(1 + rng() % 3) : 0u;
                        expected.push_back({expected.size(), words.size(), count != 0, ix, iy, iz});
                        words.push_back(count);
                        for (std::uint32_t e = 0; e < count; ++e) words.push_back(static_cast<std::uint32_t>(rng()));
                    }
            const std::size_t lists = static_cast<std::size_t>(
                std::count_if(expected.begin(), expected.end(), [](const Visit& v) { return v.listed; }));
            // Stop at the k-th list (none when k == lists): nothing visited after it.
            const std::size_t stop_at = rng() % 2 ? lists : rng() % (lists + 1);
            std::vector<Visit> seen;
            std::size_t taken = 0;
            const auto end = for_each_listing_cell(
                words.data(), cells, ny, nz,
                [&](std::size_t cell, std::size_t pos, std::size_t n) {
                    for (std::size_t i = 0; i < n; ++i) seen.push_back({cell + i, pos + i, false, 0, 0, 0});
                },
                [&](std::size_t cell, std::size_t pos, const CellCursor& at) {
                    seen.push_back({cell, pos, true, at.ix, at.iy, at.iz});
                    return taken++ != stop_at;
                });
            // The empty cells' coordinates are the caller's to derive: compared by cell and position.
            for (auto& v : expected)
                if (!v.listed) v.ix = v.iy = v.iz = 0;
            if (stop_at == lists) {
                REQUIRE(end == words.size());
                CHECK(seen == expected);
            } else {
                REQUIRE_FALSE(end.has_value());
                const auto last = std::find_if(
                    expected.begin(), expected.end(),
                    [&, k = std::size_t{0}](const Visit& v) mutable { return v.listed && k++ == stop_at; });
                CHECK(seen == std::vector<Visit>(expected.begin(), last + 1));
            }
        }
    }
}
