// levelsweep: whether a level lies within the kernels' working range
// (working_range.hpp, docs/decisions.md "Working range"): every vertex within
// +-working_range of the origin and no triangle edge longer than
// max_triangle_edge. `levelsweep import` and `generate` refuse a level beyond
// it; `info` says where one is.
#pragma once

#include <optional>
#include <string>

#include "levelsweep/level.hpp"
#include "levelsweep/working_range.hpp"

namespace levelsweep {

// Nothing, or the first vertex (or triangle) beyond the range and by how much:
// "vertex 12 is at (1e+09, 0, 3), beyond the working range of +-16384 m".
std::optional<std::string> beyond_working_range(const LevelArrays& arrays);

}  // namespace levelsweep
