// The lane probe of avx2, compiled with its flags only (simd/CMakeLists.txt).
#include "lane_probe_impl.hpp"

namespace levelsweep::lanes {

const LaneProbe& probe_avx2() {
    static const LaneProbe probe = Probe<xsimd::avx2>::table("avx2");
    return probe;
}

}  // namespace levelsweep::lanes
