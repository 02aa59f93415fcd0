// levelsweep (private): the batch path's plan of a query: its reach (where a
// triangle must lie to be tested), its filters and its shape, as the per-ISA
// code reads them (simd's lane ABI, LanePlan).
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/batch_level.hpp"
#include "levelsweep/lane_abi.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::detail {

// The widest SIMD block any ISA evaluates at once (AVX-512's sixteen lanes).
inline constexpr std::size_t max_block = 16;

simd::LanePlan make_lane_plan(const BatchLevel& level, const Query& q);

// How a query runs on the batch path: the reference's own cell walk with a
// reach test per entry (batch_cell_walk.cpp), or the search of the hierarchy
// (batch_pruned.cpp). The walking capsule sweeps with the counter bug always
// walk (the bug's reads past a list are the walk's; the box sweeps with it
// take the box walk: reaches_every_entry); the others walk when their cells
// are few.
enum class BatchRoute : std::uint8_t { cell_walk, pruned };
// `walked`: the cells of the query's box.
BatchRoute batch_route(const BatchLevel& level, const Query& q, const CellRange& walked);

// Whether every list entry the walk reads can reach the query's kernel, so
// that the cell walk has nothing to pass over: a box sweep with the counter
// bug (every miss of its kernel counts, however far) or whose contacts need
// not touch the swept box (the zero-speed reset, a skewed box). The batch
// path walks it as the reference does, the kernel in lanes (batch_box_walk.cpp).
bool reaches_every_entry(const Query& q);

// The cell walk's reach: where a triangle's TriangleReach box must lie for the
// query's kernel to find a contact with it, or for its visit to matter at all.
// Not for a query that reaches every entry (it has none).
struct CellWalkReach {
    // The query's segment (from c along M) grown, on each axis, by the shape
    // and the share of the margin that does not depend on the triangle.
    Bounds box;
    Vec3 c, M, growth;
    // With `slab`, a triangle's grown box must also meet the segment itself,
    // slab by slab on the axes the move is not too small on.
    bool slab = false;
    bool slab_axis[3] = {false, false, false};
    Vec3 inv_move;
};
CellWalkReach cell_walk_reach(float extent, const Query& q);

// A triangle's own share of that margin, from the sum of its box's extents:
// its TriangleReach box is its corners' box grown by this on every side.
float triangle_reach_margin(float extent_sum);

}  // namespace levelsweep::detail
