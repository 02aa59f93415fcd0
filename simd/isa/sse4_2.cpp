// levelsweep (batch path): the SSE4.2 instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (isa/detect.cpp).
#include "isa_table.hpp"

namespace levelsweep::simd {

const LaneTable& lane_table_sse4_2() { return lane_table_of<xsimd::sse4_2>(); }

}  // namespace levelsweep::simd
