// levelsweep (simd's lane ABI): what the batch path's generic side
// (engine/query/src/batch_*.cpp) and its per-ISA code (simd/isa/<isa>.cpp)
// hand each other, and how the generic side finds an ISA's entry points.
//
// Plain data and function pointers only: the per-ISA translation units are
// compiled with their own instruction-set flags, and any inline function they
// shared with the rest of the program could be emitted in one of them and
// picked by the linker for all (simd/README.md). So the generic side prepares
// every per-query constant here (LanePlan), and the per-ISA side returns lane
// results here (LaneHit), which the generic side turns into
// contacts. Nothing here knows a query, a file or a thread.
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/packed_level.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"

namespace levelsweep::simd {

// Which kernel a query's triangles go through.
enum class LaneKernel : std::uint8_t {
    sphere_sweep,        // Sweep_SphereTriangle (sphere sweeps, the walking capsule's sphere, rays with r 0)
    box_sweep,           // Sweep_BoxTriangle
    sphere_penetration,  // SphereTriangle_Penetration (the sphere overlap)
};

// The filters a query's triangles pass before the kernel, in the reference
// visits' order (levelsweep/triangle_filters.hpp, engine/query/src/mesh_visits.hpp).
struct LaneFilters {
    bool skip_special = false;     // flag 0x8 triangles skipped
    std::uint32_t nz_options = 0;  // option::nz_min and option::nz_max, where the query tests the n.z range
    float nz_min = 0.0f, nz_max = 0.0f;
    bool face_test = false;  // the sweeps' side and direction tests, at side_at
    Vec3 side_at;            // the sphere's centre, or the box's
    bool marking = false;    // option 0x40: marks instead of skips
    bool step = false;       // the walking capsule's low-triangle rule
    float step_top = 0.0f;   // feet z + step height
};

// One query, as the per-ISA code reads it.
struct LanePlan {
    LaneKernel kernel = LaneKernel::sphere_sweep;
    // The swept sphere (sphere sweep, the capsule's sphere, the ray with r 0, the
    // overlap's ball) or the box's centre, and the move.
    Vec3 c, M;
    float r = 0.0f;
    Box box;  // box sweeps
    LaneFilters filters;
    Quirks quirks;
    // Where a triangle must reach to be tested: its box, grown on each axis by
    // `grow` plus `rel_margin` x (`size` + the box's own extents, summed), must
    // meet [reach_lo, reach_hi] and, with `slab`, the segment from c along M
    // (engine/query/src/batch_plan.cpp says why the growth).
    Vec3 reach_lo, reach_hi;
    Vec3 grow;
    float rel_margin = 0.0f;
    float size = 0.0f;
    bool slab = false;
    bool slab_axis[3] = {false, false, false};  // the move is large enough on this axis to divide by
    Vec3 inv_move;                              // 1 / M on those axes
};

// The branch a lane's contact came from, numbered as levelsweep::HitBranch.
enum class LaneBranch : std::uint8_t { face, edge, corner, box_triangle, penetration };

// What one lane's kernel call gave, for the generic side to make a contact of.
struct LaneHit {
    std::uint32_t slot = 0;
    float fraction = 0.0f;     // sweeps; the overlap's depth
    float s = 0.0f, t = 0.0f;  // the overlap's closest point
    std::int32_t mask = -1;    // the sphere kernel's inside mask
    LaneBranch branch = LaneBranch::face;
    bool flipped = false;     // the sweep flipped a two-sided triangle
    std::uint32_t marks = 0;  // option 0x40
    // The wide kernel left this lane to the scalar one (a zero-length capsule
    // edge, or a block with few lanes past the filters): the generic side runs
    // the reference kernel on it.
    bool scalar = false;
};

// A survivor's flip (bit 31) and marks in one word.
inline constexpr std::uint32_t survivor_flip_bit = 0x80000000u;

// Buffers owned by the caller's scratch, each with room for every slot plus
// one block (no allocation per query).
struct LaneBuffers {
    std::uint32_t* candidates = nullptr;     // slots in the leaves the traversal reached
    float* candidate_entry = nullptr;        // where along the move each one's grown box starts
    std::uint32_t* survivors = nullptr;      // slots past the filters
    std::uint32_t* survivor_bits = nullptr;  // their flip (bit 31) and marks
    float* survivor_entry = nullptr;
    std::uint32_t* stack = nullptr;  // node indices
    LaneHit* hits = nullptr;
    std::size_t survivor_count = 0, hit_count = 0;
    std::uint32_t nodes_visited = 0, candidate_count = 0, kernel_calls = 0;
};

// A block with this few lanes past the filters is left to the scalar kernel
// (the generic side runs it): one wide call costs more than two scalar ones.
inline constexpr int sparse_lanes = 2;

// The entry points of one instruction set.
struct LaneTable {
    std::size_t width;  // lanes per block
    // The pruned path, first: every enabled triangle the query can touch (the
    // hierarchy's leaves it reaches), past the query's filters, into
    // buffers.survivors, each with the fraction of the move where the sweep
    // enters its grown box (0 for an overlap): no contact with it comes earlier.
    void (*select)(const PackedLevel& level, const LanePlan& plan, LaneBuffers& buffers);
    // Then the kernel on survivors [begin, end): contacts appended to buffers.hits.
    void (*sweep)(const PackedLevel& level, const LanePlan& plan, LaneBuffers& buffers, std::size_t begin,
                  std::size_t end);
};

// The instruction sets there is wide code for.
enum class LaneIsa : std::uint8_t { sse4_2, avx2, avx512, neon };

// Whether this build has code for `isa` and this CPU runs it (asked once).
bool lane_isa_runs(LaneIsa isa);
// Its entry points, or null unless lane_isa_runs(isa).
const LaneTable* lane_table(LaneIsa isa);

}  // namespace levelsweep::simd
