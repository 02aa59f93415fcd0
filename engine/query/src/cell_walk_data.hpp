// levelsweep (private): what the batch path's cell walk (batch_cell_walk.cpp)
// reads besides the level's own grid: a box per triangle and a top per cell.
// Small on purpose (a few bytes a triangle and a cell): the walk is bound by
// the memory it touches, and a level's start-up by the memory it fills.
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/aligned.hpp"
#include "levelsweep/level.hpp"

namespace levelsweep::detail {

// Where a triangle lies, as two rows of four that one comparison each tests:
// its corners' box grown by its own share of the reach margin
// (batch_plan.cpp, triangle_reach_margin) in x, y, z; in the fourth lane, -inf
// below and its highest corner's z above (the walking capsule's step rule).
struct alignas(16) TriangleReach {
    float lo[4], hi[4];
};

struct CellWalkData {
    explicit CellWalkData(const Level& level);

    std::uint32_t triangles = 0;
    // Per triangle, then the one past: the box of a word that names no
    // triangle, NaN, which meets nothing.
    AlignedVector<TriangleReach> reach;
    // Per cell, the highest top of the enabled triangles it lists (-inf for
    // none): a walking capsule whose step is above it tests none of them.
    AlignedVector<float> cell_top;

    std::size_t memory_bytes() const { return reach.size() * sizeof(TriangleReach) + cell_top.size() * sizeof(float); }
};

}  // namespace levelsweep::detail
