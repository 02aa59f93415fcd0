// The cell walk's data (cell_walk_data.hpp): one pass over the triangles and
// one over the cells' lists.
#include "cell_walk_data.hpp"

#include <algorithm>
#include <array>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "batch_plan.hpp"
#include "levelsweep/cell_runs.hpp"
#include "levelsweep/triangle_filters.hpp"

namespace levelsweep::detail {

namespace {

// What the pass over the lists needs of a triangle: its lowest cell, once
// the pass has met it (the first of its cells in the lists' order, as the
// grid lists it in every cell of its box), and its top if it is enabled (-inf
// if not), in one row of four that one comparison tests against a cell.
struct alignas(16) ListedTriangle {
    std::uint32_t lowest[3];
    float enabled_top;
};
constexpr std::uint32_t not_met = ~0u;  // lowest[0] before the pass meets the triangle (no grid is that long)

// The first_on bits of a triangle met before, listed in the cell `at` (x, y, z, 0).
#if defined(__SSE2__)
using CellAt = __m128i;
inline CellAt cell_at(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return _mm_setr_epi32(static_cast<int>(x), static_cast<int>(y), static_cast<int>(z), 0);
}
inline std::uint8_t first_on_bits(const ListedTriangle& t, const CellAt& at) {
    const __m128i row = _mm_load_si128(reinterpret_cast<const __m128i*>(&t));
    // Lanes x, y, z give bits 1, 2, 4 of the mask; the top's lane is not a coordinate.
    return static_cast<std::uint8_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(row, at))) & 7);
}
#else
using CellAt = std::array<std::uint32_t, 3>;
inline CellAt cell_at(std::uint32_t x, std::uint32_t y, std::uint32_t z) { return {x, y, z}; }
inline std::uint8_t first_on_bits(const ListedTriangle& t, const CellAt& at) {
    return static_cast<std::uint8_t>((at[0] == t.lowest[0] ? CellWalkData::first_on_x : 0) |
                                     (at[1] == t.lowest[1] ? CellWalkData::first_on_y : 0) |
                                     (at[2] == t.lowest[2] ? CellWalkData::first_on_z : 0));
}
#endif

// A count word's summary (CellWalkData::first_on) gains, for an entry with
// first_on bits b, every set n of axes that b holds all of: bit n of
// needs_met[b].
constexpr std::array<std::uint8_t, 8> needs_met = [] {
    std::array<std::uint8_t, 8> met{};
    for (unsigned b = 0; b < 8; ++b)
        for (unsigned n = 0; n < 8; ++n)
            if ((b & n) == n) met[b] = static_cast<std::uint8_t>(met[b] | 1u << n);
    return met;
}();

}  // namespace

CellWalkData::CellWalkData(const Level& level) : triangles(level.triangle_count()) {
    static_assert(first_on_x == 1 && first_on_y == 2 && first_on_z == 4, "the comparison's lanes, in order");
    const float inf = std::numeric_limits<float>::infinity();
    const CellGrid& grid = level.grid();
    const GridGeometry& g = grid.geometry();
    // Both arrays appended, not written over zeros: their pages touched once.
    reach.reserve(std::size_t{triangles} + 1);
    AlignedVector<ListedTriangle> listed;
    listed.reserve(triangles);
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
        const Vec3 lo{std::min({a.x, b.x, c.x}), std::min({a.y, b.y, c.y}), std::min({a.z, b.z, c.z})};
        const Vec3 hi{std::max({a.x, b.x, c.x}), std::max({a.y, b.y, c.y}), std::max({a.z, b.z, c.z})};
        const float m = triangle_reach_margin(((hi.x - lo.x) + (hi.y - lo.y)) + (hi.z - lo.z));
        const float top = std::max(std::max(a.z, b.z), c.z);  // the reference visit's (mesh_visits.hpp)
        reach.push_back({{lo.x - m, lo.y - m, lo.z - m, -inf}, {hi.x + m, hi.y + m, hi.z + m, top}});
        listed.push_back({{not_met, 0, 0}, passes_flags(level.flags(t), false) ? top : -inf});
    }
    // The one past: NaN, which no comparison passes, so it meets nothing.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    reach.push_back({{nan, nan, nan, nan}, {nan, nan, nan, nan}});
    // Each cell's highest enabled top, its entries' first_on bits and its
    // list's summary, in one pass over the lists (count first, in cell order:
    // z inner, then y, then x) that skips the runs of cells listing nothing.
    const auto words = grid.words();
    const std::size_t cells = grid.cell_count();
    tops = TopScale(g);
    cell_top.assign(cells, 0);
    first_on.resize(words.size() + first_on_padding);  // an empty list's summary: 0
    for_each_listing_cell(
        words.data(), cells, g.dims[1], g.dims[2], [](std::size_t, std::size_t, std::size_t) {},
        [&](std::size_t cell, std::size_t pos, CellCursor cursor) {
            const CellAt at = cell_at(cursor.ix, cursor.iy, cursor.iz);
            const std::size_t end = pos + 1 + words[pos];
            float top = -inf;
            std::uint8_t met = 0;
            for (std::size_t e = pos + 1; e != end; ++e) {
                ListedTriangle& t = listed[words[e]];
                top = std::max(top, t.enabled_top);
                if (t.lowest[0] == not_met) {
                    t.lowest[0] = cursor.ix, t.lowest[1] = cursor.iy, t.lowest[2] = cursor.iz;
                    first_on[e] = first_on_x | first_on_y | first_on_z;
                } else {
                    first_on[e] = first_on_bits(t, at);
                }
                met |= needs_met[first_on[e]];
            }
            cell_top[cell] = tops.step(top);  // -inf, none enabled: 0
            first_on[pos] = met;
            return true;
        });
}

}  // namespace levelsweep::detail
