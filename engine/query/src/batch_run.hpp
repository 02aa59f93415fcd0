// levelsweep (private): one query on the batch path (batch_path.cpp chooses
// how it runs): its thread's scratch, its result, and the three ways to run
// it: the reference's cell walk with a reach test per entry
// (batch_cell_walk.cpp), the same walk for a box that tests every entry, its
// kernel answered in lanes before it (batch_box_walk.cpp), and the pruned
// search over the hierarchy (batch_pruned.cpp), whose lane
// results become contacts as the reference visits make them
// (batch_lane_contacts.cpp, mesh_visits.hpp).
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
#include "untouched_buffer.hpp"

namespace levelsweep {

namespace detail {
// A survivor of a closest query, in the order its grown box starts along the move.
struct SurvivorOrder {
    float entry = 0.0f;
    std::uint32_t slot = 0, bits = 0;
};
}  // namespace detail

struct BatchScratch::Impl {
    explicit Impl(const BatchLevel& level) : reference(level.level()) {}

    // The lanes' buffers, each with room for every triangle plus one block:
    // made when this scratch first runs lanes (once: no allocation per query
    // after that).
    void size_for_lanes(const BatchLevel& level) {
        const std::size_t n = level.level().triangle_count() + detail::max_block;
        for (auto* v : {&candidates, &survivors, &survivor_bits}) v->reserve_slots(n);
        for (auto* v : {&candidate_entry, &survivor_entry}) v->reserve_slots(n);
        hits.reserve_slots(n);
    }
    // And the hierarchy's depth, for the pruned search.
    void size_for_hierarchy(const BatchLevel& level) {
        size_for_lanes(level);
        const std::size_t nodes = level.hierarchy().nodes.size() + 1;
        stack.reserve_slots(nodes);
    }
    // And a slot per triangle, for the box walk.
    void size_for_box_walk(const BatchLevel& level) {
        size_for_lanes(level);
        if (box_slot.size() < level.level().triangle_count()) box_slot.resize(level.level().triangle_count());
    }

    QueryScratch reference;  // the reference path (Isa::scalar), and the cell walk's visited bits and gather
    // Written before they are read, each query's own (untouched_buffer.hpp).
    detail::UntouchedBuffer<std::uint32_t> candidates;
    detail::UntouchedBuffer<float> candidate_entry;
    detail::UntouchedBuffer<std::uint32_t> survivors, survivor_bits;
    detail::UntouchedBuffer<float> survivor_entry;
    detail::UntouchedBuffer<std::uint32_t> stack;
    detail::UntouchedBuffer<simd::LaneHit> hits;
    std::array<detail::SurvivorOrder, mesh_contact_capacity> closest_order;  // a closest query's survivors
    // Per triangle, 0 between queries: the box walk's place of its kernel answer (batch_box_walk.cpp).
    std::vector<std::uint32_t> box_slot;
    detail::RankedContacts ranked;
};

namespace detail {

struct SphereVisit;  // mesh_visits.hpp

class BatchRun {
public:
    // `bounds`: the query's box (validate_query gives it).
    BatchRun(const BatchLevel& level, const Query& q, const Bounds& bounds, BatchScratch::Impl& scratch,
             const simd::LaneTable& isa, QueryResult& result)
        : level_(level.level()),
          batch_(level),
          q_(q),
          walked_(level_.grid().cell_range(bounds.min, bounds.max)),
          s_(scratch),
          isa_(isa),
          result_(result),
          direction_(normalize_rsqrt(q.move)) {}

    // A box sweep whose walk tests every entry walks as the reference does,
    // its kernel in lanes (the packed triangles, no hierarchy); the others take
    // the route batch_route chooses (batch_plan.hpp), the hierarchy only for
    // the pruned search.
    std::span<MeshContact> run(bool& overflow) {
        if (reaches_every_entry(q_)) {
            s_.size_for_box_walk(batch_);
            data_ = &batch_.records();
            plan_ = make_lane_plan(batch_, q_);
            return box_walk(overflow);
        }
        if (batch_route(batch_, q_, walked_) == BatchRoute::cell_walk) return cell_walk(overflow);
        s_.size_for_hierarchy(batch_);
        data_ = &batch_.hierarchy();
        plan_ = make_lane_plan(batch_, q_);
        return pruned(overflow);
    }

private:
    // batch_cell_walk.cpp
    std::span<MeshContact> cell_walk(bool& overflow);
    std::span<MeshContact> survivor_kernels(const SphereVisit& visit, simd::LaneBuffers& buf, Gather& gather,
                                            bool& overflow);

    // batch_box_walk.cpp
    std::span<MeshContact> box_walk(bool& overflow);

    // batch_pruned.cpp
    std::span<MeshContact> pruned(bool& overflow);
    simd::LaneBuffers lane_buffers();  // the scratch's buffers (the box walk's too)
    void sweep_all(simd::LaneBuffers& buf);
    void sweep_closest(simd::LaneBuffers& buf);
    void collect_hits(simd::LaneBuffers& buf, std::size_t first_hit, std::optional<float>* best);
    std::optional<float> collect(simd::LaneHit& h, std::optional<float> beaten);

    // batch_lane_contacts.cpp
    MeshContact contact(const simd::LaneHit& h) const;
    float contact_fraction(const simd::LaneHit& h) const;
    bool scalar_lane(simd::LaneHit& h) const;
    void count_hit(const simd::LaneHit& h) { ++result_.stats.hits_by_branch[static_cast<int>(h.branch)]; }
    // The ranked contacts as finish_query takes them: in discovery order, or
    // for a closest query the one it keeps.
    std::span<MeshContact> ranked_contacts() {
        return q_.settings.collect == Collect::closest ? s_.ranked.closest() : s_.ranked.in_discovery_order();
    }

    const Level& level_;
    const BatchLevel& batch_;
    const Query& q_;
    const CellRange walked_;  // the cells of the query's box, which the reference walks
    BatchScratch::Impl& s_;
    const simd::LaneTable& isa_;
    QueryResult& result_;
    const Vec3 direction_;
    // Where lanes run: the records (and for the pruned search the hierarchy), and the lanes' plan.
    const simd::PackedLevel* data_ = nullptr;
    simd::LanePlan plan_;
};

}  // namespace detail

}  // namespace levelsweep
