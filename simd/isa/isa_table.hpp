// levelsweep (batch path, private): the entry points of one instruction set,
// instantiated by its translation unit (simd/batch_<isa>.cpp) for its xsimd
// architecture, so that every symbol they define names that architecture.
#pragma once

#include "lanes/lane_query.hpp"

namespace levelsweep::simd {

template <class A>
const detail::BatchIsaTable& batch_table() {
    static const detail::BatchIsaTable table{
        Lanes<A>::width,
        [](const detail::BatchData& data, const detail::BatchPlan& plan, detail::BatchBuffers& buffers) {
            BatchQuery<A>(data, plan).gather_survivors(buffers);
        },
        [](const detail::BatchData& data, const detail::BatchPlan& plan, detail::BatchBuffers& buffers,
           std::size_t begin, std::size_t end) { BatchQuery<A>(data, plan).sweep(buffers, begin, end); },
        [](const detail::BatchData& data, const detail::BatchPlan& plan, const std::uint32_t* slots, std::size_t n,
           detail::EntryOutcome* outcome, detail::LaneHit* hits) {
            BatchQuery<A>(data, plan).evaluate(slots, n, outcome, hits);
        }};
    return table;
}

}  // namespace levelsweep::simd
