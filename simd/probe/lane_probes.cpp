// The lane probes this build has, and whether this CPU runs each (baseline
// flags: it must run anywhere).
#include <xsimd/xsimd.hpp>

#include <string_view>
#include <vector>

#include "levelsweep/lane_probe.hpp"

namespace levelsweep::lanes {

const LaneProbe& probe_sse4_2();
const LaneProbe& probe_avx2();
const LaneProbe& probe_avx512();
const LaneProbe& probe_neon();

namespace {
const std::vector<const LaneProbe*>& probes() {
    static const std::vector<const LaneProbe*> all = [] {
        std::vector<const LaneProbe*> v;
#if LEVELSWEEP_LANES_SSE4_2
        v.push_back(&probe_sse4_2());
#endif
#if LEVELSWEEP_LANES_AVX2
        v.push_back(&probe_avx2());
#endif
#if LEVELSWEEP_LANES_AVX512
        v.push_back(&probe_avx512());
#endif
#if LEVELSWEEP_LANES_NEON
        v.push_back(&probe_neon());
#endif
        return v;
    }();
    return all;
}
}  // namespace

std::size_t probe_count() { return probes().size(); }
const LaneProbe& probe(std::size_t i) { return *probes()[i]; }

bool runnable(const LaneProbe& p) {
    const auto cpu = xsimd::available_architectures();
    const std::string_view isa = p.isa;
    if (isa == "sse4_2") return cpu.sse4_2;
    if (isa == "avx2") return cpu.avx2;
    if (isa == "avx512") return cpu.avx512f && cpu.avx512cd && cpu.avx512dq && cpu.avx512bw;
    if (isa == "neon") return cpu.neon64;
    return false;
}

}  // namespace levelsweep::lanes
