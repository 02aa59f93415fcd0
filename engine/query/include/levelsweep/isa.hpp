// levelsweep: the instruction sets the batch path can run on, and which this
// CPU has. xsimd stays out of public headers; simd/isa/detect.cpp asks it.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace levelsweep {

enum class Isa { scalar, sse4_2, avx2, avx512, neon };

std::string_view isa_name(Isa isa);
// "auto" is not an ISA: callers resolve it with choose_isa or best_isa().
std::optional<Isa> isa_from_name(std::string_view name);
// The ISAs this build has batch code for and this CPU supports, best last;
// scalar (the reference path) is always present.
std::vector<Isa> available_isas();
Isa best_isa();
bool isa_available(Isa isa);
// An ISA by name, as --isa takes it: "auto" (or "") is the environment
// variable LEVELSWEEP_ISA when it is set (so tests and replays can pin one),
// else best_isa(). Throws std::invalid_argument, naming this machine's choices,
// for an unknown name or one this machine cannot run.
Isa choose_isa(std::string_view name);

}  // namespace levelsweep
