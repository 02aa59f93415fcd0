// The lane probe of avx512, compiled with its flags only (simd/CMakeLists.txt).
#include "lane_probe_impl.hpp"

namespace levelsweep::lanes {

const LaneProbe& probe_avx512() {
    static const LaneProbe probe = Probe<xsimd::avx512bw>::table("avx512");
    return probe;
}

}  // namespace levelsweep::lanes
