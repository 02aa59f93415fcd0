// levelsweep: reading and writing the engine's records as JSON.
// Shared by eval, query and replay's text form; every reader throws
// std::invalid_argument with the key that is missing or malformed.
#pragma once

#include <nlohmann/json.hpp>
#include <cstdint>
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

// The memory nlohmann::json's tree takes, at most, counted value by value as
// a text is read (SAX events), so that a tree can be refused before it is
// built. The figures are what a tree's parts take on a 64-bit libstdc++ with
// glibc's malloc (each chunk's header and rounding, a vector's doubling,
// the stack its destructor uses), checked against the measured peak by the
// test "a JSON tree's estimate bounds what the tree takes".
class JsonTreeSize {
public:
    // The most a byte of text can cost: an opening bracket, 112 for a "["
    // inside another (and 128 for the first "{"), since a text is built up to
    // its first error whether or not it parses; checked over texts of every
    // shape by the test "a JSON tree takes at most 128 bytes a byte of its text".
    static constexpr std::uint64_t most_per_byte = 128;

    void value() { bytes_ += 48; }  // 16 in its parent, twice over for the parent's growth, and 16 to destroy
    void string(std::size_t length) { bytes_ += 48 + 48 + heap(length); }
    void array() { bytes_ += 48 + 64; }
    void object() { bytes_ += 48 + 80; }
    void key(std::size_t length) { bytes_ += 96 + heap(length); }  // a map node: links, the key, the value
    std::uint64_t bytes() const { return bytes_; }

private:
    // A std::string longer than its 15 in-place bytes: a chunk of its own.
    static std::uint64_t heap(std::size_t length) { return length > 15 ? length + 32 : 0; }
    std::uint64_t bytes_ = 0;
};
// An upper bound of the memory the tree of `text` takes (JsonTreeSize),
// counted without building it (up to a syntax error, where parsing stops).
std::uint64_t json_tree_bytes(std::string_view text);
// json::parse(text), once the tree is known to fit the memory limit
// (memory_limit.hpp): MemoryLimitError naming `what` otherwise, before any of
// it is built. A text short enough that even its costliest tree fits
// (most_per_byte) is not measured. Syntax errors as json::parse gives them
// (an exception, or with allow_exceptions false a discarded value).
json parse_json(std::string_view text, const std::string& what, bool allow_exceptions = true);

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
