// levelsweep (batch path): the NEON (AArch64) instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (simd/isa.cpp).
#include "isa_table.hpp"

namespace levelsweep::detail {

const BatchIsaTable& batch_table_neon() { return simd::batch_table<xsimd::neon64>(); }

}  // namespace levelsweep::detail
