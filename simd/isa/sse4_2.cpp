// levelsweep (batch path): the SSE4.2 instantiation, compiled with that
// instruction set's flags only (simd/CMakeLists.txt) and chosen at run time
// (simd/isa.cpp).
#include "isa_table.hpp"

namespace levelsweep::detail {

const BatchIsaTable& batch_table_sse4_2() { return simd::batch_table<xsimd::sse4_2>(); }

}  // namespace levelsweep::detail
