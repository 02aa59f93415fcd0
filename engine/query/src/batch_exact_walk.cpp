// The batch path's exact cell walk (batch_run.hpp): the box and walking
// capsule sweeps with the counter bug, whose kernel misses decide which words
// past a list's end are read (docs/design.md item 4, Unit 13 0x0034888c).
//
// It reads the words the original reads, in its order, with the same visited
// bits, but spends little on the words that cannot reach a kernel: the filters
// run over runs of words (WalkWords: count words and the words past a list
// included), word by word for the short runs most lists are and in lanes for
// long ones, a walking capsule skips a cell whose highest enabled triangle is
// below its step (one cache line per cell: WalkWords::Cell), and only the
// words that pass go through the visited bits and the kernel. Whether a word reaches
// the kernel is the same at every read of it in a query (the filters read the
// triangle and the query's constants only), and a triangle that does not is
// skipped whether or not its visited bit is set; so the bits of the triangles
// that reach the kernel are the only ones that decide anything, and the walk
// keeps those exactly.
#include <algorithm>
#include <bit>
#include <optional>

#include "batch_run.hpp"
#include "levelsweep/triangle_filters.hpp"
#include "mesh_visits.hpp"

namespace levelsweep::detail {

namespace {

// Whether the word naming triangle `t` passes the query's filters, and how the
// sweep sees it (flipped, marks), one word at a time: the scalar filters
// (triangle_filters.hpp) on the walk's fields, the same answer as the lanes'
// reach and filter (their wide twin). Each filter only rejects, so the most
// selective for a walking capsule, its step rule, runs first; the answer does
// not depend on the order.
std::optional<FaceTest> reaching(const simd::WalkWords& w, const simd::LanePlan& plan, std::uint32_t t) {
    if (t >= w.triangles) return std::nullopt;  // a word naming no triangle
    const simd::LaneFilters& f = plan.filters;
    if (f.step && below_step(w.top[t], f.step_top)) return std::nullopt;
    const auto flags = static_cast<std::uint16_t>(w.flags[t]);
    if (!passes_flags(flags, f.skip_special)) return std::nullopt;
    if (!passes_nz_range(w.nz[t], f.nz_options, f.nz_min, f.nz_max)) return std::nullopt;
    if (!f.face_test) return FaceTest{};
    return face_test({w.nx[t], w.ny[t], w.nz[t]}, w.d[t], flags, f.side_at, plan.M, f.marking);
}

}  // namespace

std::span<MeshContact> BatchRun::exact_walk(bool& overflow) {
    QueryStats& stats = result_.stats;
    Gather gather(s_.reference.gathered);
    VisitedBits& visited = s_.reference.visited;
    visited.reset();
    const CellGrid& grid = level_.grid();
    const simd::WalkWords& walk = data_.walk;
    const auto words = grid.words();
    std::uint32_t* slots = s_.entry_slots.data();
    simd::EntryOutcome* outcomes = s_.entry_outcomes.data();
    simd::LaneHit* hits = s_.entry_hits.data();
    std::uint64_t* bits = s_.entry_bits.data();
    // The words [first, first + n): those past the filters, on the first read
    // of their triangle, through the kernel, in order; contacts gathered. Returns
    // how many left the counter behind (a miss of the box, a capsule's fraction
    // above 1).
    auto evaluate_words = [&](std::size_t first, std::size_t n) {
        std::size_t k = 0;
        // Below four blocks the lanes' gathers cost more than the scalar filters
        // (bench_gameplay's walking capsules: 0.97x the reference path filtering
        // every run in lanes, 1.3x so on AVX-512).
        if (n < 4 * isa_.width) {
            for (std::size_t p = first; p < first + n; ++p)
                if (reaching(walk, plan_, words[p]) && !visited.test_and_set(words[p]))
                    slots[k++] = data_.slot_of[words[p]];
        } else {
            isa_.reach(data_, plan_, first, n, bits);
            for (std::size_t b = 0; b < n; b += 64)
                for (std::uint64_t m = bits[b / 64]; m != 0; m &= m - 1) {
                    const std::size_t p = first + b + static_cast<std::size_t>(std::countr_zero(m));
                    if (!visited.test_and_set(words[p])) slots[k++] = data_.slot_of[words[p]];
                }
        }
        if (k == 0) return std::uint32_t{0};
        if (k <= simd::sparse_lanes) {
            // What the lanes would do with so few: leave them to the scalar
            // kernel, seen as the filters see them.
            for (std::size_t i = 0; i < k; ++i) {
                const std::uint32_t t = std::bit_cast<std::uint32_t>(data_.record_at(slots[i])[simd::record::triangle]);
                const FaceTest seen = *reaching(walk, plan_, t);
                hits[i] = simd::LaneHit{};
                hits[i].slot = slots[i];
                hits[i].flipped = seen.flipped;
                hits[i].marks = seen.marks;
                hits[i].scalar = true;
                outcomes[i] = simd::EntryOutcome::scalar;
            }
        } else {
            isa_.evaluate(data_, plan_, slots, k, outcomes, hits);
        }
        std::uint32_t behind = 0;
        for (std::size_t i = 0; i < k; ++i) {
            simd::EntryOutcome o = outcomes[i];
            if (o == simd::EntryOutcome::scalar) o = scalar_lane(hits[i]);
            ++stats.kernel_calls;
            if (o == simd::EntryOutcome::contact) {
                count_hit(hits[i]);
                gather.add(contact(hits[i]));
            }
            if (o == simd::EntryOutcome::not_advanced) ++behind;
        }
        return behind;
    };
    const bool step = plan_.filters.step;
    const float step_top = plan_.filters.step_top;
    const Bounds qb = query_bounds(q_);
    grid.for_each_cell(grid.cell_range(qb.min, qb.max), [&](std::size_t cell) {
        const simd::WalkWords::Cell& c = walk.cells[cell];
        const std::size_t pos = c.offset;
        const std::uint32_t count = c.count;
        ++stats.cells;
        stats.entries += count;
        // A capsule's step above every enabled triangle of the list: none
        // reaches the kernel, and the list reads as it stands.
        if (count == 0 || (step && c.top < step_top)) return;
        std::uint32_t behind = evaluate_words(pos + 1, count);
        // Each word left behind makes the walk read one more past the list, and
        // one more again for each of those left behind: at least `behind` more
        // words, read as a block (the counter cannot catch up inside it).
        std::size_t p = pos + 1 + count;
        while (behind > 0) {
            if (p >= walk.count) {  // past the last list every word names no triangle
                stats.entries += behind;
                stats.extra_entries += behind;
                break;
            }
            const std::size_t n = std::min<std::size_t>(behind, walk.count - p);
            const std::uint32_t more = evaluate_words(p, n);
            stats.entries += static_cast<std::uint32_t>(n);
            stats.extra_entries += static_cast<std::uint32_t>(n);
            p += n;
            behind = behind - static_cast<std::uint32_t>(n) + more;
        }
    });
    visited.reset();
    overflow = gather.overflow();
    return gather.contacts();
}

}  // namespace levelsweep::detail
