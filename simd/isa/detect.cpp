// Which instruction sets this CPU runs and this build has code for, and their
// entry points (xsimd 8.1: the fields of xsimd::available_architectures(), see
// docs/design.md "Dependencies"). Compiled with the baseline flags: it must run on
// any CPU, to tell which ISA code may.
#include <xsimd/xsimd.hpp>

#include <array>

#include "levelsweep/lane_abi.hpp"

namespace levelsweep::simd {

// Defined by isa/<isa>.cpp, each compiled only where this build targets it.
const LaneTable& lane_table_sse4_2();
const LaneTable& lane_table_avx2();
const LaneTable& lane_table_avx512();
const LaneTable& lane_table_neon();

namespace {

// The table of `isa` when this build has code for it and the CPU runs it.
const LaneTable* detect(LaneIsa isa) {
    [[maybe_unused]] const auto cpu = xsimd::available_architectures();
    switch (isa) {
#if LEVELSWEEP_SIMD_SSE4_2
        case LaneIsa::sse4_2: return cpu.sse4_2 ? &lane_table_sse4_2() : nullptr;
#endif
#if LEVELSWEEP_SIMD_AVX2
        case LaneIsa::avx2: return cpu.avx2 ? &lane_table_avx2() : nullptr;
#endif
#if LEVELSWEEP_SIMD_AVX512
        case LaneIsa::avx512:
            return cpu.avx512f && cpu.avx512cd && cpu.avx512dq && cpu.avx512bw ? &lane_table_avx512() : nullptr;
#endif
#if LEVELSWEEP_SIMD_NEON
        case LaneIsa::neon: return cpu.neon64 ? &lane_table_neon() : nullptr;
#endif
        default: return nullptr;
    }
}

// Detected once: the CPU does not change under a running process, and every
// query asks.
const std::array<const LaneTable*, 4>& tables() {
    static const std::array<const LaneTable*, 4> found = {detect(LaneIsa::sse4_2), detect(LaneIsa::avx2),
                                                          detect(LaneIsa::avx512), detect(LaneIsa::neon)};
    return found;
}

}  // namespace

bool lane_isa_runs(LaneIsa isa) { return lane_table(isa) != nullptr; }

const LaneTable* lane_table(LaneIsa isa) { return tables()[static_cast<std::size_t>(isa)]; }

}  // namespace levelsweep::simd
