// levelsweep eval: inputs and outputs shared by the sweep kernels of Units 5
// and 12 (docs/eval.md): a move with its w, 2D vectors, a step's 1 / 0 / -1.
#pragma once

#include <optional>

#include "json_io.hpp"

namespace levelsweep::cli {

// [x, y, z] or [x, y, z, w]; w is 1 when not given (a move's w, which the
// capsule-box sweep copies into +0x10).
Vec4 read_move(const json& obj, const char* key);
// A required integer.
int read_int(const json& obj, const char* key);
// [x, y].
void read_vec2(const json& obj, const char* key, float& x, float& y);
// A value that may be unwritten: the value, or null.
template <class T>
json optional_json(const std::optional<T>& v) {
    return v ? json(*v) : json();
}
inline json optional_json(const std::optional<Vec3>& v) { return v ? to_json(*v) : json(); }

}  // namespace levelsweep::cli
