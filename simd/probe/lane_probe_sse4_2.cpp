// The lane probe of sse4_2, compiled with its flags only (simd/CMakeLists.txt).
#include "lane_probe_impl.hpp"

namespace levelsweep::lanes {

const LaneProbe& probe_sse4_2() {
    static const LaneProbe probe = Probe<xsimd::sse4_2>::table("sse4_2");
    return probe;
}

}  // namespace levelsweep::lanes
