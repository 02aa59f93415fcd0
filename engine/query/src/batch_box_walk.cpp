// The batch path's box sweep whose walk tests every entry (batch_run.hpp;
// batch_plan.hpp, reaches_every_entry): the counter bug, the zero-speed reset
// or a skewed box. Its walk is the reference's own, every read of it, but what
// each visit would compute is known before the walk, the box kernel's answers
// computed in lanes.
//
// Why the answers are the reference's: the box visit's filters (the flags, the
// side and direction tests at the box centre) and Sweep_BoxTriangle (Unit 13,
// 0x0034d5d0) depend only on the query and the triangle; the walk's state (the
// visited bits, the counter, the reads past a list) decides only which
// triangles reach them, never what they answer. So each triangle of the box's
// own lists is filtered once before the walk and the survivors go through the
// wide kernel, whose bits are the scalar kernel's (docs/design.md, "The batch
// path"); then the reference walk (mesh_walk.hpp) reads every word the
// original reads, in order, and a visit looks its triangle up instead of
// computing. A triangle only the counter bug's reads past a list reach is
// visited by the reference visit itself, and a lane the wide kernel leaves to
// the scalar one runs the scalar kernel in the walk.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#include "batch_run.hpp"
#include "levelsweep/box_sweep.hpp"
#include "mesh_visits.hpp"

namespace levelsweep::detail {

namespace {

// A triangle's slot (BatchScratch::Impl::box_slot): unseen; done (filtered,
// or visited already: either way the visit leaves the counter advanced); or
// 1 + its place among the lanes' survivors, with the side it is seen from.
constexpr std::uint32_t unseen = 0, done = ~0u, flipped_bit = 1u << 31;
namespace record = simd::record;

// BoxVisit (mesh_visits.hpp) with the answers known: a slot doubles as its
// triangle's visited bit.
struct KnownBoxVisit {
    const BoxVisit& reference;  // for a triangle the lists did not give
    std::uint32_t* slot;
    const float* fraction;  // each survivor's kernel answer, NaN where the lanes left it to the scalar kernel
    std::uint32_t triangles;
    std::uint32_t* seen;
    std::size_t& seen_count;

    Counter operator()(std::uint32_t tri) const {
        if (tri >= triangles) return Counter::advanced;  // a word past a list that names none (VisitedBits)
        const std::uint32_t k = slot[tri];
        if (k == done) return Counter::advanced;
        slot[tri] = done;
        if (k == unseen) {
            seen[seen_count++] = tri;
            return reference(tri);
        }
        return reference.kernel(tri, (k & flipped_bit) != 0, fraction[(k & ~flipped_bit) - 1]);
    }
};

}  // namespace

std::span<MeshContact> BatchRun::box_walk(bool& overflow) {
    const QuerySettings& s = q_.settings;
    const CellGrid& grid = level_.grid();
    const Box box = q_.box();
    QueryScratch& scratch = s_.reference;
    Gather gather(scratch.gathered);
    scratch.visited.reset();
    const VisitContext context{level_, scratch.visited, gather, result_.stats, nullptr, s};
    const BoxVisit reference{context, box, q_.move, direction_};
    const bool counter_bug = s.quirks.has(Quirk::mesh_cell_counter);
    auto walk = [&](auto&& visit) {
        walk_grid(
            grid, walked_, counter_bug, result_.stats, visit, [](std::size_t) {}, [](std::size_t, std::uint32_t) {});
    };
    const std::uint32_t triangles = level_.triangle_count();
    // A level holds at most 2^31 - 1 triangles (level.cpp); at that count a
    // flipped last survivor's slot would read as done: the reference visit.
    if (triangles >= flipped_bit - 1) {
        walk(reference);
    } else {
        // Each triangle of the box's lists once: done (filtered) or a survivor.
        simd::LaneBuffers buf = lane_buffers();
        std::uint32_t* slot = s_.box_slot.data();
        std::uint32_t* seen = buf.candidates;
        std::size_t seen_count = 0;
        // The lists' places are all asked for before any list is read: a box's
        // cells are seldom in the cache, and so their misses overlap.
        const std::uint32_t* words = grid.words().data();
        std::array<std::uint32_t, 64> at;
        std::size_t places = 0;
        auto read_lists = [&] {
            for (std::size_t c = 0; c < places; ++c)  // and so are the records the lists name
                for (const std::uint32_t tri : std::span(words + at[c] + 1, words[at[c]]))
                    __builtin_prefetch(data_->record_at(tri));
            for (std::size_t c = 0; c < places; ++c) {
                const std::uint32_t* list = words + at[c];
                for (const std::uint32_t tri : std::span(list + 1, *list)) {
                    if (slot[tri] != unseen) continue;
                    seen[seen_count++] = tri;
                    // The filters' fields from the packed record, which the lanes read next.
                    const float* r = data_->record_at(tri);
                    const auto flags = static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(r[record::flags]));
                    const auto face =
                        box_reaches_kernel(s, box.centre, q_.move, flags,
                                           Vec3{r[record::n], r[record::n + 1], r[record::n + 2]}, r[record::d]);
                    if (!face) {
                        slot[tri] = done;
                        continue;
                    }
                    const auto k = static_cast<std::uint32_t>(buf.survivor_count++);
                    slot[tri] = (k + 1) | (face->flipped ? flipped_bit : 0u);
                    buf.survivors[k] = tri;
                    buf.survivor_bits[k] = face->flipped ? simd::survivor_flip_bit : 0u;
                }
            }
            places = 0;
        };
        grid.for_each_cell(walked_, [&](std::size_t cell) {
            at[places] = grid.list_offset(cell);
            __builtin_prefetch(words + at[places]);
            if (++places == at.size()) read_lists();
        });
        read_lists();
        // Their answers: a contact's fraction, no contact (1e28) for the
        // rest, NaN for a lane left to the scalar kernel.
        isa_.sweep(*data_, plan_, buf, 0, buf.survivor_count);
        float* fraction = s_.candidate_entry.data();
        std::fill_n(fraction, buf.survivor_count, box_triangle_no_contact);
        for (std::size_t h = 0; h < buf.hit_count; ++h) {
            const simd::LaneHit& hit = buf.hits[h];
            fraction[(slot[hit.slot] & ~flipped_bit) - 1] =
                hit.scalar ? std::numeric_limits<float>::quiet_NaN() : hit.fraction;
        }
        walk(KnownBoxVisit{reference, slot, fraction, triangles, seen, seen_count});
        for (std::size_t i = 0; i < seen_count; ++i) slot[seen[i]] = unseen;
    }
    scratch.visited.reset();
    overflow = gather.overflow();
    return gather.contacts();
}

}  // namespace levelsweep::detail
