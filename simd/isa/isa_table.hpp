// levelsweep (batch path, private): the entry points of one instruction set,
// instantiated by its translation unit (isa/<isa>.cpp) for its xsimd
// architecture, so that every symbol they define names that architecture.
#pragma once

#include "lanes/lane_query.hpp"

namespace levelsweep::simd {

template <class A>
const LaneTable& lane_table_of() {
    static const LaneTable table{
        Lanes<A>::width,
        [](const PackedLevel& level, const LanePlan& plan, LaneBuffers& buffers) {
            LaneQuery<A>(level, plan).gather_survivors(buffers);
        },
        [](const PackedLevel& level, const LanePlan& plan, LaneBuffers& buffers, std::size_t begin, std::size_t end) {
            LaneQuery<A>(level, plan).sweep(buffers, begin, end);
        }};
    return table;
}

}  // namespace levelsweep::simd
