// The cell walk's data (cell_walk_data.hpp): one pass over the triangles and
// one over the cells' lists.
#include "cell_walk_data.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "batch_plan.hpp"
#include "levelsweep/triangle_filters.hpp"

namespace levelsweep::detail {

CellWalkData::CellWalkData(const Level& level) : triangles(level.triangle_count()) {
    const float inf = std::numeric_limits<float>::infinity();
    reach.resize(std::size_t{triangles} + 1);
    // The one past: NaN, which no comparison passes, so it meets nothing.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    reach[triangles] = {{nan, nan, nan, nan}, {nan, nan, nan, nan}};
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
        const Vec3 lo{std::min({a.x, b.x, c.x}), std::min({a.y, b.y, c.y}), std::min({a.z, b.z, c.z})};
        const Vec3 hi{std::max({a.x, b.x, c.x}), std::max({a.y, b.y, c.y}), std::max({a.z, b.z, c.z})};
        const float g = triangle_reach_margin(((hi.x - lo.x) + (hi.y - lo.y)) + (hi.z - lo.z));
        const float top = std::max(std::max(a.z, b.z), c.z);  // the reference visit's (mesh_visits.hpp)
        reach[t] = {{lo.x - g, lo.y - g, lo.z - g, -inf}, {hi.x + g, hi.y + g, hi.z + g, top}};
    }
    // Each enabled triangle's top (-inf for the others), then each cell's
    // highest, in one pass over the lists (count first, in cell order).
    std::vector<float> enabled_top(triangles);
    for (std::uint32_t t = 0; t < triangles; ++t)
        enabled_top[t] = passes_flags(level.flags(t), false) ? reach[t].hi[3] : -inf;
    const CellGrid& grid = level.grid();
    const std::uint32_t* word = grid.words().data();
    cell_top.resize(grid.cell_count());
    for (float& top : cell_top) {
        top = -inf;
        for (const std::uint32_t* end = word + 1 + *word; ++word != end;) top = std::max(top, enabled_top[*word]);
    }
}

}  // namespace levelsweep::detail
