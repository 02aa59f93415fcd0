// The lane probe of neon, compiled with its flags only (simd/CMakeLists.txt).
#include "lane_probe_impl.hpp"

namespace levelsweep::lanes {

const LaneProbe& probe_neon() {
    static const LaneProbe probe = Probe<xsimd::neon64>::table("neon");
    return probe;
}

}  // namespace levelsweep::lanes
