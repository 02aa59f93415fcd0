// levelsweep (private): the batch path's plan of a query: its reach (where a
// triangle must lie to be tested), its filters and its shape, as the per-ISA
// code reads them (simd's lane ABI, LanePlan).
#pragma once

#include <cstddef>

#include "levelsweep/batch_level.hpp"
#include "levelsweep/lane_abi.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::detail {

// The widest SIMD block any ISA evaluates at once (AVX-512's sixteen lanes).
inline constexpr std::size_t max_block = 16;

// The box and walking capsule sweeps with the counter bug take the exact cell
// walk (batch_exact_walk.cpp); every other query the pruned search, whose
// reach the plan computes.
inline bool takes_exact_walk(const Query& q) {
    return q.settings.quirks.has(Quirk::mesh_cell_counter) &&
           (q.kind == QueryKind::box_sweep || q.kind == QueryKind::capsule_sweep);
}

simd::LanePlan make_lane_plan(const BatchLevel& level, const Query& q);

}  // namespace levelsweep::detail
