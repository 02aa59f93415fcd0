// levelsweep (batch path): the AVX-512 (F, CD, DQ, BW) instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (simd/isa.cpp).
#include "isa_table.hpp"

namespace levelsweep::detail {

const BatchIsaTable& batch_table_avx512() { return simd::batch_table<xsimd::avx512bw>(); }

}  // namespace levelsweep::detail
