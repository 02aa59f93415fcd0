// The batch path's cell walk (batch_run.hpp): the reference walk itself
// (mesh_walk.hpp: the cells of the query's box in the original's order, the
// counter bug's reads past a list, the visited bits) with the reference visits
// (mesh_visits.hpp), but a list entry reaches the visit only when its triangle
// can matter. The queries a game frame makes take it (docs/performance.md,
// "The port's workload").
//
// Why the answers are the reference's (docs/design.md, "The batch path"): an
// entry is passed over when its triangle is below a walking capsule's step (the
// visit would drop it before the kernel), or when its box, grown by the shape
// and a proven margin, misses the query's reach (batch_plan.cpp: the kernel
// would find no contact; and a sphere kernel that finds none leaves the cell
// counter alone only on a fraction above 1, which needs a contact within the
// move). A box sweep with the counter bug never walks here: every miss of its
// kernel counts, so every entry would pass, and it takes the box walk
// (batch_box_walk.cpp; batch_plan.hpp, reaches_every_entry). An
// entry passed over gives no contact and advances the counter
// at every read of it, visited or not; so the entries that reach a visit are
// the only ones whose visited bits decide anything, and they are walked
// exactly as the reference walks them. A list's entry is tested only in the
// cell where the walk meets its triangle first (the lowest of its cells within
// the query's box): anywhere else the walk has read it before, passed it over
// or visited it, and it gives no visit again. A walking capsule also passes
// over a whole cell whose highest enabled triangle is below its step. A
// sphere sweep (which has no counter bug: its walk decides only the order its
// contacts are found in) walks without running its kernel, keeping the
// triangles past the visit's filters in the walk's order, and runs the kernel
// on them after, in lanes where they are several. The work counters are the
// walk's own: the entries of the cells it read, and the kernel calls it made.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "batch_run.hpp"
#include "cell_walk_data.hpp"
#include "levelsweep/triangle_filters.hpp"
#include "mesh_visits.hpp"

namespace levelsweep::detail {

namespace {

// Four floats in one register (GCC's and clang's vector extension: SSE on
// x86, NEON on ARM), for a box test in two comparisons.
using Float4 = float __attribute__((vector_size(16)));
using Int4 = std::int32_t __attribute__((vector_size(16)));

// Whether every lane's comparison held (each lane all ones or zero).
inline bool all_lanes(const Int4& m) {
#if defined(__SSE2__)
    return _mm_movemask_ps(reinterpret_cast<__m128>(m)) == 0xf;
#else
    return (m[0] & m[1] & m[2] & m[3]) != 0;
#endif
}

// Calls f(i) for each i < count, in ascending order, whose byte bits[i] holds
// all of `needed` (bits has 15 readable bytes past count: CellWalkData's padding).
template <class F>
inline void for_each_holding(const std::uint8_t* bits, std::uint32_t count, std::uint8_t needed, F&& f) {
#if defined(__SSE2__)
    const __m128i need = _mm_set1_epi8(static_cast<char>(needed));
    for (std::size_t base = 0; base < count; base += 16) {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bits + base));
        auto holds = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(b, need), need)));
        // The block's bytes within the list, without a branch (most lists are one block).
        holds &= (1u << std::min<std::size_t>(count - base, 16)) - 1u;
        for (; holds != 0; holds &= holds - 1)
            f(static_cast<std::uint32_t>(base) + static_cast<std::uint32_t>(std::countr_zero(holds)));
    }
#else
    for (std::uint32_t i = 0; i < count; ++i)
        if ((bits[i] & needed) == needed) f(i);
#endif
}

// Whether a triangle can matter to the query: its TriangleReach box meets the
// query's reach (and, where the move is long, the segment's slabs) and, for a
// walking capsule, its top is on or above the step.
class EntryReach {
public:
    EntryReach(const CellWalkData& data, const CellWalkReach& reach, float step_top)
        : boxes_(data.reach.data()), triangles_(data.triangles), r_(reach) {
        const float inf = std::numeric_limits<float>::infinity();
        lo_ = Float4{reach.box.min.x, reach.box.min.y, reach.box.min.z, step_top};
        hi_ = Float4{reach.box.max.x, reach.box.max.y, reach.box.max.z, inf};
    }

    // A triangle a list names (always one of the level's).
    bool operator()(std::uint32_t tri) const {
        const TriangleReach& b = boxes_[tri];
        Float4 box_lo, box_hi;
        std::memcpy(&box_lo, b.lo, sizeof box_lo);
        std::memcpy(&box_hi, b.hi, sizeof box_hi);
        if (!all_lanes((box_lo <= hi_) & (box_hi >= lo_))) return false;
        return !r_.slab || meets_segment(b);
    }
    // A word read past a list, which may name no triangle (the one past: it meets nothing).
    bool word(std::uint32_t w) const { return (*this)(w < triangles_ ? w : triangles_); }

private:
    // The triangle's box, grown by the query's share, meets the segment from c
    // along M within the move: the slab test the hierarchy's traversal makes
    // (traversal_wide.hpp, box_reaches), on the axes the move is not too small on.
    bool meets_segment(const TriangleReach& b) const {
        float t_in = 0.0f, t_out = 1.0f;
        for (int a = 0; a < 3; ++a) {
            if (!r_.slab_axis[a]) continue;
            const float g = component(r_.growth, a), c = component(r_.c, a), inv = component(r_.inv_move, a);
            const float t0 = ((b.lo[a] - g) - c) * inv, t1 = ((b.hi[a] + g) - c) * inv;
            t_in = std::max(t_in, std::min(t0, t1));
            t_out = std::min(t_out, std::max(t0, t1));
        }
        return !(t_out < t_in);
    }

    const TriangleReach* boxes_;
    std::uint32_t triangles_;
    const CellWalkReach& r_;
    Float4 lo_, hi_;  // the reach box and, in the fourth lane, the step's top and +inf
};

// The reference visit behind the reach test (the ray's walk: mesh_walk.hpp's
// walk_segment), and a visited triangle passed over as the visit would pass
// it (its first filter) without the call.
template <class Visit>
struct ReachingVisit {
    const EntryReach& reach;
    const Visit& visit;
    const VisitedBits& visited;
    Counter operator()(std::uint32_t tri) const {
        return reach.word(tri) && !visited.test(tri) ? visit(tri) : Counter::advanced;
    }
};

// walk_grid (mesh_walk.hpp) with the reach test. A cell's list is read as the
// reference reads it: its entries in order, then, with the counter bug, one
// word past its end for each visit that left the counter behind, and one more
// for each of those that did (the counter cannot catch up inside that run). A
// walking capsule passes over a cell whose highest enabled triangle is below
// its step, on the 16-bit scale of CellWalkData::tops (which passes over a
// cell only where float32 would): none of its entries reaches the kernel.
template <class Visit>
void walk_cells(const CellGrid& grid, const CellWalkData& data, const CellRange& range, bool counter_bug,
                const EntryReach& reach, std::uint16_t step, QueryStats& stats, const Visit& visit,
                const VisitedBits& visited) {
    if (range.empty()) return;
    const auto words = grid.words();
    // Words read past a list, `n` from `at` on, through the reach test and
    // the visit; how many visits left the counter behind.
    auto visit_words = [&](std::size_t at, std::size_t n) {
        std::uint32_t behind = 0;
        for (std::size_t p = at; p < at + n; ++p) {
            const std::uint32_t w = words[p];
            if (reach.word(w) && !visited.test(w)) behind += visit(w) == Counter::not_advanced ? 1 : 0;
        }
        return behind;
    };
    // A list's own entries, those whose triangle the walk reads here first
    // (an entry read before gives no visit: passed over again, or visited).
    // A list with none of them (its summary says so) gives no visit, so none
    // leaves the counter behind for a read past its end.
    const std::uint8_t* first_on = data.first_on.data();
    auto walk_list = [&](std::size_t offset, std::uint32_t count, std::uint8_t needed) {
        stats.entries += count;
        if (!data.list_has_first(offset, needed)) return;
        std::size_t p = offset + 1;
        std::uint32_t behind = 0;
        for_each_holding(first_on + p, count, needed, [&](std::uint32_t i) {
            const std::uint32_t tri = words[p + i];
            if (reach(tri) && !visited.test(tri)) behind += visit(tri) == Counter::not_advanced ? 1 : 0;
        });
        if (!counter_bug) return;
        p += count;
        while (behind > 0) {
            if (p >= words.size()) {  // past the last list every word names no triangle
                stats.entries += behind;
                stats.extra_entries += behind;
                return;
            }
            const std::size_t n = std::min<std::size_t>(behind, words.size() - p);
            const std::uint32_t more = visit_words(p, n);
            stats.entries += static_cast<std::uint32_t>(n);
            stats.extra_entries += static_cast<std::uint32_t>(n);
            p += n;
            behind = behind - static_cast<std::uint32_t>(n) + more;
        }
    };
    // The cells of the range in the walk's order (GridGeometry::for_each_cell),
    // each z run of them side by side in the grid's offsets and in cell_top.
    const GridGeometry& g = grid.geometry();
    const std::size_t ny = g.dims[1], nz = g.dims[2];
    const std::uint32_t z_cells = range.hi[2] - range.lo[2] + 1;
    const std::uint32_t* offsets = grid.offsets().data();
    // On an axis where a cell is past the range's low cell, the walk meets a
    // triangle first in it only where it is the triangle's lowest on that axis
    // (first_on): `needed` names those axes.
    using Data = CellWalkData;
    // The lists' places are all asked for before any list is read, as the
    // box walk does (batch_box_walk.cpp): their misses overlap. They are
    // read 32 at a time, in the walk's order, which alone decides the answer.
    struct Place {
        std::uint32_t offset;
        std::uint8_t needed;
    };
    std::array<Place, 32> at;
    std::size_t places = 0;
    auto read_lists = [&] {
        for (std::size_t c = 0; c < places; ++c) walk_list(at[c].offset, words[at[c].offset], at[c].needed);
        places = 0;
    };
    for (std::uint32_t ix = range.lo[0]; ix <= range.hi[0]; ++ix) {
        const std::uint8_t on_x = ix != range.lo[0] ? Data::first_on_x : 0;
        for (std::uint32_t iy = range.lo[1]; iy <= range.hi[1]; ++iy) {
            const std::uint8_t on_xy = on_x | (iy != range.lo[1] ? Data::first_on_y : 0);
            const std::size_t first = (ix * ny + iy) * nz + range.lo[2];
            for (std::size_t cell = first; cell < first + z_cells; ++cell) {
                if (data.cell_top[cell] < step) continue;  // 0 for a cell that lists nothing enabled
                const std::uint32_t offset = offsets[cell];
                __builtin_prefetch(words.data() + offset);
                __builtin_prefetch(first_on + offset);
                at[places++] = {offset, static_cast<std::uint8_t>(on_xy | (cell != first ? Data::first_on_z : 0))};
                if (places == at.size()) read_lists();
            }
        }
    }
    read_lists();
    stats.cells += (range.hi[0] - range.lo[0] + 1) * (range.hi[1] - range.lo[1] + 1) * z_cells;
}

// A sphere sweep's walk that runs no kernel: each entry that reaches the
// visit goes through its filters (which set its visited bit, as the visit
// does), and a triangle past them is kept, in the walk's order, with the side
// the kernel sees it from and its marks (lane_abi.hpp, survivor_bits).
struct SurvivorVisit {
    const SphereVisit& sphere;
    std::uint32_t* triangles;
    std::uint32_t* bits;
    std::size_t& count;
    Counter operator()(std::uint32_t tri) const {
        if (const auto face = sphere.filters(tri)) {
            triangles[count] = tri;
            bits[count] = (face->flipped ? simd::survivor_flip_bit : 0u) | face->marks;
            ++count;
        }
        return Counter::advanced;  // without the counter bug, nothing reads it
    }
};

// From this many survivors on, a sphere sweep's kernels run in lanes: a
// sphere grazing a floor meets several of its triangles (docs/performance.md).
constexpr std::size_t lane_survivors = 4;

}  // namespace

// A sphere sweep's survivors, found by its walk in the reference's order (no
// counter bug: that order is only its contacts' discovery order), through the
// kernel: in lanes where there are several (the packed records, as the pruned
// search runs them), else the visit's own, one by one. A contact keeps its
// survivor's place as its rank: the reference visit meets them in that order
// and gathers their contacts so.
std::span<MeshContact> BatchRun::survivor_kernels(const SphereVisit& visit, simd::LaneBuffers& buf, Gather& gather,
                                                  bool& overflow) {
    const std::size_t count = buf.survivor_count;
    if (count < lane_survivors) {
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t bits = buf.survivor_bits[i];
            visit.kernel(buf.survivors[i],
                         FaceTest{(bits & simd::survivor_flip_bit) != 0, bits & ~simd::survivor_flip_bit});
        }
        overflow = gather.overflow();
        return gather.contacts();
    }
    data_ = &batch_.records();
    plan_ = make_lane_plan(batch_, q_);
    isa_.sweep(*data_, plan_, buf, 0, count);
    result_.stats.kernel_calls += buf.kernel_calls;
    s_.ranked.clear();
    // The hits come in the survivors' order (lane_epilogue: a block's lanes
    // in turn, the blocks in turn), so each one's place is found from the
    // last one's on.
    const std::uint32_t* const first = buf.survivors;
    const std::uint32_t* place = first;
    for (std::size_t i = 0; i < buf.hit_count; ++i) {
        simd::LaneHit& h = buf.hits[i];
        place = std::find(place, first + count, h.slot);
        if (h.scalar && !scalar_lane(h)) continue;
        count_hit(h);
        s_.ranked.add(static_cast<std::uint64_t>(place - first), [&] { return contact(h); });
    }
    overflow = s_.ranked.overflow();
    return ranked_contacts();
}

std::span<MeshContact> BatchRun::cell_walk(bool& overflow) {
    const QuerySettings& s = q_.settings;
    QueryScratch& scratch = s_.reference;
    Gather gather(scratch.gathered);
    scratch.visited.reset();
    QueryStats& stats = result_.stats;
    const VisitContext context{level_, scratch.visited, gather, stats, nullptr, s};
    const CellGrid& grid = level_.grid();
    const CellWalkData& data = batch_.cell_walk();
    const CellRange& range = walked_;
    const bool capsule = q_.kind == QueryKind::capsule_sweep;
    const float step_top = capsule ? q_.start.z + q_.step_height : -std::numeric_limits<float>::infinity();
    const CellWalkReach target = cell_walk_reach(batch_.extent(), q_);
    const EntryReach reach{data, target, step_top};
    const std::uint16_t step = data.tops.step(step_top);  // -inf, not a capsule: 0, no cell passed over
    const bool counter_bug = s.quirks.has(Quirk::mesh_cell_counter);
    auto walk_with = [&](bool bug, const auto& visit) {
        walk_cells(grid, data, range, bug, reach, step, stats, visit, scratch.visited);
    };
    switch (q_.kind) {
        case QueryKind::sphere_sweep: {
            const SphereVisit visit{context, q_.start, q_.move, direction_, q_.radius, false};
            s_.size_for_lanes(batch_);
            simd::LaneBuffers buf = lane_buffers();
            walk_with(false, SurvivorVisit{visit, buf.survivors, buf.survivor_bits, buf.survivor_count});
            const std::span<MeshContact> found = survivor_kernels(visit, buf, gather, overflow);
            scratch.visited.reset();
            return found;
        }
        case QueryKind::capsule_sweep:
            walk_with(counter_bug,
                      SphereVisit{context, capsule_sphere_centre(q_), q_.move, direction_, q_.radius, true, step_top});
            break;
        case QueryKind::box_sweep: walk_with(counter_bug, BoxVisit{context, q_.box(), q_.move, direction_}); break;
        case QueryKind::sphere_overlap: walk_with(false, OverlapVisit{context, q_.start, q_.radius}); break;
        case QueryKind::ray: {
            const SphereVisit ray{context, q_.start, q_.move, direction_, 0.0f, false};
            walk_segment(
                grid, range, q_.start, q_.move, stats, ReachingVisit<SphereVisit>{reach, ray, scratch.visited},
                [](std::size_t) {}, [](std::size_t, std::uint32_t) {});
            break;
        }
    }
    scratch.visited.reset();
    overflow = gather.overflow();
    return gather.contacts();
}

}  // namespace levelsweep::detail
