// The batch path's exact cell walk (batch_run.hpp): the box and walking
// capsule sweeps with the counter bug, whose kernel misses decide which words
// past a list's end are read (docs/design.md item 4).
#include <algorithm>
#include <array>

#include "batch_run.hpp"
#include "mesh_visits.hpp"

namespace levelsweep::detail {

namespace {
// A cell's list is evaluated in lanes when it is longer than this; a shorter
// one goes through the reference visits themselves.
constexpr std::uint32_t short_list = 6;
}  // namespace

std::span<MeshContact> BatchRun::exact_walk(bool& overflow) {
    QueryStats& stats = result_.stats;
    Gather gather(s_.reference.gathered);
    VisitedBits& visited = s_.reference.visited;
    visited.reset();
    const CellGrid& grid = level_.grid();
    const std::uint32_t triangles = level_.triangle_count();
    std::uint32_t* slots = s_.entry_slots.data();
    simd::EntryOutcome* outcomes = s_.entry_outcomes.data();
    simd::LaneHit* hits = s_.entry_hits.data();
    // One entry's effect on the counter, contacts gathered in order.
    auto take = [&](simd::EntryOutcome o, simd::LaneHit& h) {
        if (o == simd::EntryOutcome::scalar) o = scalar_lane(h);
        if (o != simd::EntryOutcome::filtered) ++stats.kernel_calls;
        if (o == simd::EntryOutcome::contact) {
            count_hit(h);
            gather.add(contact(h));
        }
        return o == simd::EntryOutcome::not_advanced ? Counter::not_advanced : Counter::advanced;
    };
    const VisitContext context{level_, visited, gather, stats, nullptr, q_.settings};
    const BoxVisit box_visit{context, plan_.box, q_.move, direction_};
    const SphereVisit capsule_visit{context, plan_.c, q_.move, direction_, plan_.r, true, plan_.filters.step_top};
    auto nothing = [](auto...) {};
    const Bounds qb = query_bounds(q_);
    grid.for_each_cell(grid.cell_range(qb.min, qb.max), [&](std::size_t cell) {
        std::size_t pos = grid.list_offset(cell);
        const std::uint32_t count = grid.word(pos);
        // A short list costs less one entry at a time, through the reference
        // visits themselves (the same answers by construction).
        if (count <= short_list) {
            if (q_.kind == QueryKind::box_sweep)
                walk_cell(grid, cell, true, stats, box_visit, nothing, nothing);
            else
                walk_cell(grid, cell, true, stats, capsule_visit, nothing, nothing);
            return;
        }
        ++pos;
        ++stats.cells;
        std::size_t n = 0;
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t tri = grid.word(pos++);
            ++stats.entries;
            if (!visited.test_and_set(tri)) slots[n++] = data_.slot_of[tri];
        }
        isa_.evaluate(data_, plan_, slots, n, outcomes, hits);
        std::uint32_t counter = count;
        for (std::size_t i = 0; i < n; ++i)
            if (take(outcomes[i], hits[i]) == Counter::not_advanced) --counter;
        // Each miss left the counter behind: read on past the list (docs/design.md
        // item 4), one entry more per miss among those too.
        while (counter < count) {
            // As many words as the counter still lacks (more follow when some miss).
            const std::size_t ahead = std::min<std::size_t>(max_block, count - counter);
            std::array<std::uint32_t, max_block> words;
            std::size_t valid = 0;
            for (std::size_t k = 0; k < ahead; ++k) {
                words[k] = grid.word(pos + k);
                if (words[k] < triangles) slots[valid++] = data_.slot_of[words[k]];
            }
            isa_.evaluate(data_, plan_, slots, valid, outcomes, hits);
            for (std::size_t k = 0, v = 0; k < ahead && counter < count; ++k) {
                ++pos;
                ++stats.entries;
                ++stats.extra_entries;
                const bool evaluated = words[k] < triangles;
                const std::size_t at = v;
                v += evaluated ? 1 : 0;
                if (visited.test_and_set(words[k])) {  // seen before, or no triangle: skipped
                    ++counter;
                    continue;
                }
                if (take(outcomes[at], hits[at]) == Counter::advanced) ++counter;
            }
        }
    });
    visited.reset();
    overflow = gather.overflow();
    return gather.contacts();
}

}  // namespace levelsweep::detail
