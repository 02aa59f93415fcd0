// levelsweep: the instruction sets the batch path can run on, and which this
// CPU has. xsimd stays out of public headers; simd/isa.cpp asks it.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace levelsweep {

enum class Isa { scalar, sse4_2, avx2, avx512, neon };

std::string_view isa_name(Isa isa);
// "auto" is not an ISA: callers resolve it with best_isa().
std::optional<Isa> isa_from_name(std::string_view name);
// The ISAs this CPU supports, best last; scalar is always present.
std::vector<Isa> available_isas();
Isa best_isa();

}  // namespace levelsweep
