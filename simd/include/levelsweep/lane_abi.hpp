// levelsweep (private): what the batch path's generic code (batch_path.cpp)
// and its per-ISA code (simd/batch_<isa>.cpp) hand each other.
//
// Plain data and function pointers only: the per-ISA translation units are
// compiled with their own instruction-set flags, and any inline function they
// shared with the rest of the program could be emitted in one of them and
// picked by the linker for all (simd/README.md). So the generic side prepares
// every per-query constant here, and the per-ISA side returns lane results
// here, which the generic side turns into contacts.
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/packed_level.hpp"
#include "levelsweep/query.hpp"
#include "levelsweep/shapes.hpp"

namespace levelsweep::detail {

// One query, as the per-ISA code reads it.
struct BatchPlan {
    QueryKind kind = QueryKind::sphere_sweep;
    // The swept sphere (sphere sweep, the capsule's sphere, the ray with r 0, the
    // overlap's ball) or the box's centre, and the move.
    Vec3 c, M;
    float r = 0.0f;
    Box box;                 // box sweeps
    float step_top = 0.0f;   // capsule: feet z + step height (DESIGN.md item 6)
    bool capsule = false;
    // The filters (mesh_visits.hpp): option 0x8000 honoured (not by the box), the
    // n.z range (options 0x4, 0x8), option 0x40 marking.
    std::uint32_t options = 0, body_flags = 0;
    bool honour_option_8000 = true;
    bool marking = false;
    float nz_min = 0.0f, nz_max = 0.0f;
    Quirks quirks;
    // Where a triangle must reach to be tested: its box, grown on each axis by
    // `grow` plus `rel_margin` x (`size` + the box's own extents, summed), must
    // meet [reach_lo, reach_hi] and, with `slab`, the segment from c along M
    // (batch_path.cpp, reach_margin, says why the growth).
    Vec3 reach_lo, reach_hi;
    Vec3 grow;
    float rel_margin = 0.0f;
    float size = 0.0f;
    bool slab = false;
    bool slab_axis[3] = {false, false, false};  // the move is large enough on this axis to divide by
    Vec3 inv_move;                              // 1 / M on those axes
};

// What one lane's kernel call gave, for the generic side to make a contact of.
struct LaneHit {
    std::uint32_t slot = 0;
    float fraction = 0.0f;   // sweeps; the overlap's depth
    float s = 0.0f, t = 0.0f;  // the overlap's closest point
    std::int32_t mask = -1;  // the sphere kernel's inside mask
    std::uint8_t branch = 0; // HitBranch
    bool flipped = false;    // the sweep flipped a two-sided triangle
    std::uint32_t marks = 0; // option 0x40
    // The wide kernel left this lane to the scalar one (a zero-length capsule
    // edge): the generic side runs the reference kernel on it.
    bool scalar = false;
};

// One list entry of the exact cell walk: stopped by the filters, or its
// kernel call's effect on the cell counter (DESIGN.md item 4) and whether it
// gave a contact (hit, below). `scalar`: the wide kernel left it to the scalar
// one, as LaneHit::scalar.
enum class EntryOutcome : std::uint8_t { filtered, advanced, not_advanced, contact, scalar };

// Buffers owned by the caller's scratch, each with room for every slot plus
// one block (no allocation per query).
struct BatchBuffers {
    std::uint32_t* candidates = nullptr;  // slots in the leaves the traversal reached
    float* candidate_entry = nullptr;     // where along the move each one's grown box starts
    std::uint32_t* survivors = nullptr;   // slots past the filters
    std::uint32_t* survivor_bits = nullptr;  // their flip (bit 31) and marks
    float* survivor_entry = nullptr;
    std::uint32_t* stack = nullptr;       // node indices
    LaneHit* hits = nullptr;
    std::size_t survivor_count = 0, hit_count = 0;
    std::uint32_t nodes_visited = 0, candidate_count = 0, kernel_calls = 0;
};

// The entry points of one instruction set.
struct BatchIsaTable {
    std::size_t width;  // lanes per block
    // The pruned path, first: every enabled triangle the query can touch (the
    // hierarchy's leaves it reaches), past the query's filters, into
    // buffers.survivors, each with the fraction of the move where the sweep
    // enters its grown box (0 for an overlap): no contact with it comes earlier.
    void (*select)(const BatchData& data, const BatchPlan& plan, BatchBuffers& buffers);
    // Then the kernel on survivors [begin, end): contacts appended to buffers.hits.
    void (*sweep)(const BatchData& data, const BatchPlan& plan, BatchBuffers& buffers, std::size_t begin,
                  std::size_t end);
    // The exact walk's entries `slots` (box and capsule sweeps): their filters
    // and kernel, each entry as if it were the first visit of its triangle.
    // outcome[i] per entry; a contact's lane data in hits[i].
    void (*evaluate)(const BatchData& data, const BatchPlan& plan, const std::uint32_t* slots, std::size_t n,
                     EntryOutcome* outcome, LaneHit* hits);
};

}  // namespace levelsweep::detail
