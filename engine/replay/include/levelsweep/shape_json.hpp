// levelsweep: shapes and moves as JSON, for the pair-table kernels.
#pragma once

#include "levelsweep/json_io.hpp"

namespace levelsweep {

// A shape object under `key`: "type" ("box", "sphere", "capsule", "segment", or
// 1-4) and the spec's field names (Unit 4, "The shape fields read"): a box's rows
// A0, A1, A2, P and "half"; a sphere's r and C; a capsule's r, h and B; a
// segment's S, E and r.
Shape read_shape(const json& obj, const char* key);

}  // namespace levelsweep
