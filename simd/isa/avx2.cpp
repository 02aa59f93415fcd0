// levelsweep (batch path): the AVX2 instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (simd/isa.cpp).
#include "isa_table.hpp"

namespace levelsweep::detail {

const BatchIsaTable& batch_table_avx2() { return simd::batch_table<xsimd::avx2>(); }

}  // namespace levelsweep::detail
