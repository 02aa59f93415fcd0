// levelsweep (batch path): the AVX-512 instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (isa/detect.cpp).
#include "isa_table.hpp"

namespace levelsweep::simd {

const LaneTable& lane_table_avx512() { return lane_table_of<xsimd::avx512bw>(); }

}  // namespace levelsweep::simd
