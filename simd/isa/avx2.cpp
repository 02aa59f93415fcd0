// levelsweep (batch path): the AVX2 instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (isa/detect.cpp).
#include "isa_table.hpp"

namespace levelsweep::simd {

const LaneTable& lane_table_avx2() { return lane_table_of<xsimd::avx2>(); }

}  // namespace levelsweep::simd
