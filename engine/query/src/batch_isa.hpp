// levelsweep (private): the public Isa as simd's lane ABI names it.
#pragma once

#include "levelsweep/isa.hpp"
#include "levelsweep/lane_abi.hpp"

namespace levelsweep::detail {

// The entry points of `isa`, or null for the scalar reference path and for an
// ISA this build or this CPU has no code for.
inline const simd::LaneTable* lane_table_for(Isa isa) {
    switch (isa) {
        case Isa::scalar: return nullptr;
        case Isa::sse4_2: return simd::lane_table(simd::LaneIsa::sse4_2);
        case Isa::avx2: return simd::lane_table(simd::LaneIsa::avx2);
        case Isa::avx512: return simd::lane_table(simd::LaneIsa::avx512);
        case Isa::neon: return simd::lane_table(simd::LaneIsa::neon);
    }
    return nullptr;
}

}  // namespace levelsweep::detail
