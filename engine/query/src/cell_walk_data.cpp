// The cell walk's data (cell_walk_data.hpp): one pass over the triangles and
// one over the cells' lists.
#include "cell_walk_data.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "batch_plan.hpp"
#include "levelsweep/triangle_filters.hpp"

namespace levelsweep::detail {

namespace {

// What the pass over the lists needs of a triangle: its top if it is enabled
// (-inf if not) and its lowest cell (the grid's listing rule, triangle_cells).
struct ListedTriangle {
    float enabled_top;
    std::uint32_t lowest[3];
};

}  // namespace

CellWalkData::CellWalkData(const Level& level) : triangles(level.triangle_count()) {
    const float inf = std::numeric_limits<float>::infinity();
    const CellGrid& grid = level.grid();
    const GridGeometry& g = grid.geometry();
    reach.resize(std::size_t{triangles} + 1);
    // The one past: NaN, which no comparison passes, so it meets nothing.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    reach[triangles] = {{nan, nan, nan, nan}, {nan, nan, nan, nan}};
    std::vector<ListedTriangle> listed(triangles);
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
        const Vec3 lo{std::min({a.x, b.x, c.x}), std::min({a.y, b.y, c.y}), std::min({a.z, b.z, c.z})};
        const Vec3 hi{std::max({a.x, b.x, c.x}), std::max({a.y, b.y, c.y}), std::max({a.z, b.z, c.z})};
        const float m = triangle_reach_margin(((hi.x - lo.x) + (hi.y - lo.y)) + (hi.z - lo.z));
        const float top = std::max(std::max(a.z, b.z), c.z);  // the reference visit's (mesh_visits.hpp)
        reach[t] = {{lo.x - m, lo.y - m, lo.z - m, -inf}, {hi.x + m, hi.y + m, hi.z + m, top}};
        listed[t] = {passes_flags(level.flags(t), false) ? top : -inf,
                     {g.cell_coordinate(lo.x, 0), g.cell_coordinate(lo.y, 1), g.cell_coordinate(lo.z, 2)}};
    }
    // Each cell's highest enabled top and its entries' first_on bits, in one
    // pass over the lists (count first, in cell order: z inner, then y, then x).
    const auto words = grid.words();
    const std::uint32_t* word = words.data();
    cell_top.resize(grid.cell_count());
    first_on.resize(words.size());  // 0 for the count words
    float* top = cell_top.data();
    std::uint8_t* first = first_on.data();
    for (std::uint32_t ix = 0; ix < g.dims[0]; ++ix) {
        for (std::uint32_t iy = 0; iy < g.dims[1]; ++iy) {
            for (std::uint32_t iz = 0; iz < g.dims[2]; ++iz, ++top) {
                *top = -inf;
                const std::uint32_t* const end = word + 1 + *word;
                for (++word, ++first; word != end; ++word, ++first) {
                    const ListedTriangle& t = listed[*word];
                    *top = std::max(*top, t.enabled_top);
                    *first = static_cast<std::uint8_t>((ix == t.lowest[0] ? first_on_x : 0) |
                                                       (iy == t.lowest[1] ? first_on_y : 0) |
                                                       (iz == t.lowest[2] ? first_on_z : 0));
                }
            }
        }
    }
}

}  // namespace levelsweep::detail
