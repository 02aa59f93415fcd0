// levelsweep (batch path): the NEON instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (isa/detect.cpp).
#include "isa_table.hpp"

namespace levelsweep::simd {

const LaneTable& lane_table_neon() { return lane_table_of<xsimd::neon64>(); }

}  // namespace levelsweep::simd
