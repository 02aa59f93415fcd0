// levelsweep: reading and writing the engine's records as JSON.
// Shared by eval, query and replay's text form; every reader throws
// std::invalid_argument with the key that is missing or malformed.
#pragma once

#include <nlohmann/json.hpp>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

using json = nlohmann::json;

// Throws std::invalid_argument: input "key": what.
[[noreturn]] void bad_input(const std::string& key, const char* what);

// `text` with every byte that is not part of well-formed UTF-8 written as
// \xNN, so that it can go into a JSON string and onto a terminal.
std::string printable_utf8(std::string_view text);
// An exception's message as a user reads it: nlohmann's "[json.exception.
// parse_error.101] " prefix left out, and printable_utf8.
std::string error_text(const std::exception& e);

// The float a JSON number reads as: the nearest float32 to its double, and
// infinite beyond float32's range.
float nearest_float(double d);
// The float of one of the strings "nan", "-nan", "inf", "-inf" that stand for
// the values JSON has no numbers for; nothing for any other string.
std::optional<float> float_named(std::string_view s);

float read_float(const json& obj, const char* key);
float read_float_or(const json& obj, const char* key, float fallback);
int read_int_or(const json& obj, const char* key, int fallback);
// A required integer.
int read_int(const json& obj, const char* key);
Vec3 read_vec3(const json& obj, const char* key);
// [x, y].
void read_vec2(const json& obj, const char* key, float& x, float& y);
// A move [x, y, z] or [x, y, z, w]; w is 1 when not given (a strike's move has
// w 1, Unit 5 "How Human_TestStrikes builds the sweep"; some contacts copy it).
Vec4 read_move(const json& obj, const char* key);
// "mode" ("faithful", the default, or "corrected") and "quirks" (switch names
// turned on over corrected mode), as docs/eval.md describes.
Quirks read_quirks(const json& obj);
// A box as rows A0, A1, A2, P and half extents "half" (spec Unit 13, "Records").
Box read_box(const json& obj);

// A value that may be unwritten: the value, or null.
template <class T>
json optional_json(const std::optional<T>& v) {
    return v ? json(*v) : json();
}

json to_json(const Vec3& v);
json to_json(const Vec4& v);
inline json optional_json(const std::optional<Vec3>& v) { return v ? to_json(*v) : json(); }
// Every word the function wrote, by field name; unwritten fields are omitted,
// so "not written" is observable (the original leaves stack leftovers there).
json contact_to_json(const Contact& c);

}  // namespace levelsweep
