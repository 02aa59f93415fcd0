// The batch path's pruned search (batch_run.hpp): the hierarchy's candidates,
// filtered and evaluated in lanes by the per-ISA code, each contact ranked by
// where the reference walk finds it (docs/design.md, "The batch path").
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

#include "batch_run.hpp"
#include "mesh_walk.hpp"

namespace levelsweep::detail {

// The pruned path: the hierarchy's candidates, filtered and evaluated in
// lanes; each contact ranked by where the reference walk finds it.
std::span<MeshContact> BatchRun::pruned(bool& overflow) {
    simd::LaneBuffers buf = lane_buffers();
    isa_.select(*data_, plan_, buf);
    s_.ranked.clear();
    // A closest query stops early only past one block: a block runs its
    // lanes together, so with fewer survivors the order and the halves would
    // cost more and skip no lane. Nor does an overlap: its contacts all come
    // at 0, and only their discovery order tells them apart.
    const std::size_t n = buf.survivor_count;
    if (q_.settings.collect == Collect::closest && q_.kind != QueryKind::sphere_overlap && n > isa_.width &&
        n <= mesh_contact_capacity)
        sweep_closest(buf);
    else
        sweep_all(buf);
    result_.stats.cells = buf.nodes_visited;
    result_.stats.entries = buf.candidate_count;
    result_.stats.kernel_calls = buf.kernel_calls;
    overflow = s_.ranked.overflow();
    return ranked_contacts();
}

// The scratch's buffers, as the lanes take them.
simd::LaneBuffers BatchRun::lane_buffers() {
    simd::LaneBuffers buf;
    buf.candidates = s_.candidates.data();
    buf.candidate_entry = s_.candidate_entry.data();
    buf.survivors = s_.survivors.data();
    buf.survivor_bits = s_.survivor_bits.data();
    buf.survivor_entry = s_.survivor_entry.data();
    buf.stack = s_.stack.data();
    buf.hits = s_.hits.data();
    return buf;
}

void BatchRun::sweep_all(simd::LaneBuffers& buf) {
    isa_.sweep(*data_, plan_, buf, 0, buf.survivor_count);
    // A closest query of at most 100 survivors cannot overflow: it keeps
    // only what may be its answer (collect_hits).
    std::optional<float> best;
    const bool closest = q_.settings.collect == Collect::closest && buf.survivor_count <= mesh_contact_capacity;
    collect_hits(buf, 0, closest ? &best : nullptr);
}

// Ranks and keeps the hits from `first_hit` on. With `best` (a closest query
// that cannot overflow, whose best contact so far it tracks), a hit after the
// best is passed over unranked: it cannot be the answer, and with no overflow
// its rank displaces nothing.
void BatchRun::collect_hits(simd::LaneBuffers& buf, std::size_t first_hit, std::optional<float>* best) {
    for (std::size_t i = first_hit; i < buf.hit_count; ++i) {
        const std::optional<float> f = collect(buf.hits[i], best ? *best : std::nullopt);
        if (best && f && (!*best || *f < **best)) *best = f;
    }
}

// A closest query: the survivors a few at a time, those whose grown boxes
// start first along the move, until the next start after the best contact so
// far (no contact with them can come earlier, docs/query.md). Each few are
// the smallest of the rest by a partition, not a sort: every survivor that
// starts no later than the best contact is swept either way, and the contacts
// are ranked by discovery, so the order within the few changes no answer.
// With at most 100 survivors no more than 100 contacts exist, so the full
// query would not overflow and its first contact is the earliest one.
void BatchRun::sweep_closest(simd::LaneBuffers& buf) {
    const std::size_t n = buf.survivor_count;
    const std::span<SurvivorOrder> order(s_.closest_order.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
        // A NaN start (the slab test's, on rounding) goes first: it orders
        // nothing, and the partition needs a strict weak order.
        const float entry =
            std::isnan(buf.survivor_entry[i]) ? -std::numeric_limits<float>::infinity() : buf.survivor_entry[i];
        order[i] = {entry, buf.survivors[i], buf.survivor_bits[i]};
    }
    const auto by_entry = [](const SurvivorOrder& a, const SurvivorOrder& b) { return a.entry < b.entry; };
    const std::size_t chunk = std::max<std::size_t>(4, isa_.width / 2);
    std::optional<float> best;
    for (std::size_t begin = 0; begin < n; begin += chunk) {
        const std::size_t end = std::min(n, begin + chunk);
        if (end < n) std::nth_element(order.begin() + begin, order.begin() + end - 1, order.end(), by_entry);
        const auto first = std::min_element(order.begin() + begin, order.begin() + end, by_entry);
        if (best && first->entry > *best) break;
        for (std::size_t i = begin; i < end; ++i)
            buf.survivors[i] = order[i].slot, buf.survivor_bits[i] = order[i].bits;
        const std::size_t first_hit = buf.hit_count;
        isa_.sweep(*data_, plan_, buf, begin, end);
        collect_hits(buf, first_hit, &best);
    }
}

// Ranks a lane's contact by where the reference walk finds it and keeps
// it; its fraction, or nothing when there is no contact, the reference walk
// never tests the triangle, or the contact comes after `beaten`.
std::optional<float> BatchRun::collect(simd::LaneHit& h, std::optional<float> beaten) {
    if (h.scalar && !scalar_lane(h)) return std::nullopt;
    if (beaten && contact_fraction(h) > *beaten) return std::nullopt;
    const GridGeometry& g = level_.grid().geometry();
    const float* r = data_->record_at(h.slot);
    // The cells the grid lists the triangle in (its corners' cells, the
    // listing rule), where the walk's meet them.
    namespace rec = simd::record;
    const auto corner = [r](std::size_t at) { return Vec3{r[at], r[at + 1], r[at + 2]}; };
    const CellRange listed = g.triangle_cells(corner(rec::v0), corner(rec::v1), corner(rec::v2));
    CellRange met;
    for (std::size_t a = 0; a < 3; ++a) {
        met.lo[a] = std::max(listed.lo[a], walked_.lo[a]);
        met.hi[a] = std::min(listed.hi[a], walked_.hi[a]);
    }
    // The reference walk finds the contact in the first cell of `met` it
    // visits: `met`'s low corner for a walk over the whole box (x, y, z
    // order), the first cell of the ray's segment walk within `met`.
    std::optional<std::size_t> first;
    if (q_.kind != QueryKind::ray) {
        if (!met.empty()) first = g.cell_index(met.lo[0], met.lo[1], met.lo[2]);
    } else {
        for_each_segment_cell(g, met, q_.start, q_.move, [&](std::uint32_t ix, std::uint32_t iy, std::uint32_t iz) {
            first = g.cell_index(ix, iy, iz);
            return true;
        });
    }
    if (!first) return std::nullopt;  // the reference walk never tests it
    const auto tri = std::bit_cast<std::uint32_t>(r[rec::triangle]);
    count_hit(h);
    s_.ranked.add((std::uint64_t{*first} << 32) | tri, [&] { return contact(h); });
    return contact_fraction(h);
}

}  // namespace levelsweep::detail
