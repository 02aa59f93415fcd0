// levelsweep (private): one query on the batch path (batch_path.cpp chooses
// how it runs): its plan, its thread's scratch and its result, and the
// contacts made of the per-ISA code's lane results (lane_abi.hpp) as the
// reference visits make them (mesh_visits.hpp). Two ways to run it: the pruned
// search over the hierarchy (batch_pruned.cpp) and the exact cell walk of the
// counter bug (batch_exact_walk.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "batch_plan.hpp"
#include "collector.hpp"
#include "levelsweep/batch_path.hpp"
#include "levelsweep/lane_abi.hpp"

namespace levelsweep {

namespace detail {
// A survivor of a closest query, in the order its grown box starts along the move.
struct SurvivorOrder {
    float entry = 0.0f;
    std::uint32_t slot = 0, bits = 0;
};
}  // namespace detail

struct BatchScratch::Impl {
    explicit Impl(const BatchLevel& level)
        : reference(level.level()),
          candidates(level.level().triangle_count() + detail::max_block),
          candidate_entry(candidates.size()),
          survivors(candidates.size()),
          survivor_bits(candidates.size()),
          survivor_entry(candidates.size()),
          stack(level.node_count() + 1),
          hits(candidates.size()) {
        std::uint32_t longest = 0;
        const CellGrid& grid = level.level().grid();
        for (std::size_t cell = 0; cell < grid.cell_count(); ++cell)
            longest = std::max(longest, static_cast<std::uint32_t>(grid.list(cell).size()));
        entry_slots.resize(longest + detail::max_block);
        entry_outcomes.resize(entry_slots.size());
        entry_hits.resize(entry_slots.size());
        entry_bits.resize(entry_slots.size() / 64 + 1);
    }

    QueryScratch reference;  // the reference path (Isa::scalar), and the exact walk's visited bits and gather
    std::vector<std::uint32_t> candidates;
    std::vector<float> candidate_entry;
    std::vector<std::uint32_t> survivors, survivor_bits;
    std::vector<float> survivor_entry;
    std::vector<std::uint32_t> stack;
    std::vector<simd::LaneHit> hits;
    std::array<detail::SurvivorOrder, mesh_contact_capacity> closest_order;  // a closest query's survivors
    std::vector<std::uint32_t> entry_slots;
    std::vector<simd::EntryOutcome> entry_outcomes;
    std::vector<simd::LaneHit> entry_hits;
    std::vector<std::uint64_t> entry_bits;  // the exact walk's words past the filters
    detail::RankedContacts ranked;
};

namespace detail {

class BatchRun {
public:
    BatchRun(const BatchLevel& level, const Query& q, BatchScratch::Impl& scratch, const simd::LaneTable& isa,
             QueryResult& result)
        : level_(level.level()),
          data_(level.data()),
          q_(q),
          s_(scratch),
          isa_(isa),
          result_(result),
          plan_(make_lane_plan(level, q)),
          direction_(normalize_rsqrt(q.move)) {}

    // The box and walking capsule sweeps with the counter bug walk the cells
    // exactly; every other query runs the pruned search.
    std::span<MeshContact> run(bool& overflow) {
        return takes_exact_walk(q_) ? exact_walk(overflow) : pruned(overflow);
    }

private:
    // batch_lane_contacts.cpp
    MeshContact contact(const simd::LaneHit& h) const;
    simd::EntryOutcome scalar_lane(simd::LaneHit& h) const;
    void count_hit(const simd::LaneHit& h) { ++result_.stats.hits_by_branch[static_cast<int>(h.branch)]; }

    // batch_pruned.cpp
    std::span<MeshContact> pruned(bool& overflow);
    void sweep_all(simd::LaneBuffers& buf);
    void sweep_closest(simd::LaneBuffers& buf);
    std::optional<float> collect(simd::LaneHit& h);

    // batch_exact_walk.cpp
    std::span<MeshContact> exact_walk(bool& overflow);

    const Level& level_;
    const simd::PackedLevel& data_;
    const Query& q_;
    BatchScratch::Impl& s_;
    const simd::LaneTable& isa_;
    QueryResult& result_;
    const simd::LanePlan plan_;
    const Vec3 direction_;
    std::optional<CellRange> walked_;  // the cells of the query's box (query_bounds), which the reference walks
};

}  // namespace detail

}  // namespace levelsweep
