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
    // Per word of the grid's lists, for an entry: on which axes its cell is
    // its triangle's lowest (first_on_x, _y, _z). A walk reads a triangle
    // first in the low corner of its cells within the query's: where the
    // entry's cell is not that (an axis where it is neither the triangle's
    // lowest nor the query's), the walk has read the triangle before. For a
    // count word, the list's summary: bit n (n a set of those axes) when some
    // entry's bits hold all of n, so that a walk that needs n of this cell
    // and finds the bit clear has none of the list to test (list_has_first).
    // Then `first_on_padding` zero bytes: a walk reads a list's bytes sixteen
    // at a time, and the last list's last block may pass its end.
    AlignedVector<std::uint8_t> first_on;
    static constexpr std::uint8_t first_on_x = 1, first_on_y = 2, first_on_z = 4;
    static constexpr std::size_t first_on_padding = 15;

    // Whether the list whose count word is at `offset` has an entry whose
    // triangle a walk that needs the axes `needed` of its cell reads there first.
    bool list_has_first(std::size_t offset, std::uint8_t needed) const { return (first_on[offset] >> needed) & 1u; }

    std::size_t memory_bytes() const {
        return reach.size() * sizeof(TriangleReach) + cell_top.size() * sizeof(float) + first_on.size();
    }
};

}  // namespace levelsweep::detail
