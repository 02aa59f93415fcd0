// levelsweep CLI: reading and writing the engine's records as JSON.
// Shared by eval, query and replay's text form; every reader throws
// std::invalid_argument with the key that is missing or malformed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::cli {

using json = nlohmann::json;

float read_float(const json& obj, const char* key);
float read_float_or(const json& obj, const char* key, float fallback);
int read_int_or(const json& obj, const char* key, int fallback);
Vec3 read_vec3(const json& obj, const char* key);
// "mode" ("faithful", the default, or "corrected") and "quirks" (switch names
// turned on over corrected mode), as docs/eval.md describes.
Quirks read_quirks(const json& obj);
// A box as rows A0, A1, A2, P and half extents "half" (spec Unit 13, "Records").
Box read_box(const json& obj);

json to_json(const Vec3& v);
json to_json(const Vec4& v);
// Every word the function wrote, by field name; unwritten fields are omitted,
// so "not written" is observable (the original leaves stack leftovers there).
json contact_to_json(const Contact& c);

}  // namespace levelsweep::cli
