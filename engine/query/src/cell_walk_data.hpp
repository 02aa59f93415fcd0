// levelsweep (private): what the batch path's cell walk (batch_cell_walk.cpp)
// reads besides the level's own grid: a box per triangle and a top per cell.
// Small on purpose (a few bytes a triangle and a cell): the walk is bound by
// the memory it touches, and a level's start-up by the memory it fills.
#pragma once

#include <algorithm>
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

// A height on the grid's z range as a 16-bit step: floor((z - z0) * per_metre)
// + 1, steps 1 to 65534 spanning the grid, clamped to 0 (NaN, -inf, below it)
// and 65535. A cell whose top's step is below the capsule's step's is passed
// over: floor(a) < floor(b) gives a < b, and the scaling's two float
// roundings are monotone, so its top is below the step in float32 too. A
// clamp raises a value below 0 (no value is below 0) or lowers one above
// 65535 (no top passed over then, and a lower step passes over less).
struct TopScale {
    float z0 = 0.0f;
    float per_metre = 0.0f;  // positive: a grid's z extent is

    TopScale() = default;
    explicit TopScale(const GridGeometry& g)
        : z0(g.origin.z),
          per_metre(static_cast<float>(65533.0 / (static_cast<double>(g.dims[2]) * double{g.cell_size.z}))) {}

    std::uint16_t step(float z) const {
        const float v = (z - z0) * per_metre;
        if (!(v >= 0.0f)) return 0;
        return static_cast<std::uint16_t>(static_cast<std::uint32_t>(std::min(v, 65534.0f)) + 1u);
    }
};

struct CellWalkData {
    explicit CellWalkData(const Level& level);

    std::uint32_t triangles = 0;
    // Per triangle, then the one past: the box of a word that names no
    // triangle, NaN, which meets nothing.
    AlignedVector<TriangleReach> reach;
    // Per cell, the highest top of the enabled triangles it lists, its step
    // on the scale `tops` (0 for none): a walking capsule whose step is above it
    // tests none of them. Two bytes, not a float's four: the cells are nine
    // in ten empty, and a level's start-up pays for every page it fills.
    TopScale tops;
    AlignedVector<std::uint16_t> cell_top;
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
        return reach.size() * sizeof(TriangleReach) + cell_top.size() * sizeof(std::uint16_t) + first_on.size();
    }
};

}  // namespace levelsweep::detail
