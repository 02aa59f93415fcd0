#include "query_simdjson.hpp"

#include <simdjson.h>

#include <array>
#include <optional>
#include <string>
#include <utility>

#include "levelsweep/json_io.hpp"
#include "query_fields.hpp"

namespace levelsweep::detail {

namespace {

namespace dom = simdjson::dom;
static_assert(simdjson::SIMDJSON_PADDING <= query_line_padding);

// A line the fast path leaves to the reference parser (query_simdjson.hpp).
struct Fallback {};

template <class T>
T need(simdjson::simdjson_result<T> r) {
    T value;
    if (std::move(r).get(value) != simdjson::SUCCESS) throw Fallback{};
    return value;
}

// The schema's keys (query_fields.hpp, docs/query.md).
enum Key : std::uint8_t {
    kind_key,
    centre,
    radius,
    move,
    base,
    sphere_height,
    step_height,
    axes_key,
    half,
    start,
    options,
    body_flags,
    nz_min,
    nz_max,
    max_contacts,
    collect_key,
    key_count
};
constexpr std::array<std::string_view, key_count> key_names = {
    "kind", "centre", "radius",  "move",       "base",   "sphere_height", "step_height",  "axes",
    "half", "start",  "options", "body_flags", "nz_min", "nz_max",        "max_contacts", "collect"};

std::optional<Key> key_of(std::string_view name) {
    for (std::size_t k = 0; k < key_count; ++k)
        if (key_names[k] == name) return static_cast<Key>(k);
    return std::nullopt;  // a key the schema does not read, nor does nlohmann
}

Key known(const char* name) { return *key_of(name); }

// A float field: a number, or one of the names of the non-finite floats.
float float_of(dom::element v) {
    if (v.is_string()) {
        const auto named = float_named(need(v.get_string()));
        if (!named) throw Fallback{};
        return *named;
    }
    if (!v.is_number()) throw Fallback{};
    return nearest_float(need(v.get_double()));
}

// [x, y, z] or [x, y, z, w] (w is not read, but must be a float here).
Vec3 vec_of(dom::element v) {
    const dom::array a = need(v.get_array());
    const std::size_t n = a.size();
    if (n < 3 || n > 4) throw Fallback{};
    float f[4]{};
    std::size_t i = 0;
    for (const dom::element x : a) f[i++] = float_of(x);
    return {f[0], f[1], f[2]};
}

// An unsigned word: an integer of at most 32 bits that nlohmann reads as an
// unsigned number (never "-0": the line was checked for it).
std::uint32_t bits_of(dom::element v) {
    if (!v.is_int64() && !v.is_uint64()) throw Fallback{};
    if (v.is_int64() && need(v.get_int64()) < 0) throw Fallback{};
    const std::uint64_t u = v.is_uint64() ? need(v.get_uint64()) : static_cast<std::uint64_t>(need(v.get_int64()));
    if (u > 0xffffffffu) throw Fallback{};
    return static_cast<std::uint32_t>(u);
}

// nlohmann reads "-0" as the integer 0, which is not an unsigned number; the
// DOM cannot tell it from "0", so a line that may hold it is nlohmann's.
bool may_hold_minus_zero(std::string_view line) {
    for (std::size_t at = line.find("-0"); at != std::string_view::npos; at = line.find("-0", at + 2)) {
        const char after = at + 2 < line.size() ? line[at + 2] : ' ';
        if (after != '.' && after != 'e' && after != 'E') return true;
    }
    return false;
}

// The line's fields as the DOM gives them, for query_from_fields to take in
// the schema's order.
struct Fields {
    std::array<bool, key_count> present{};
    std::array<float, key_count> numbers{};
    std::array<Vec3, key_count> vectors{};
    std::array<std::uint32_t, key_count> words{};
    std::array<Vec3, 3> rows{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};
    QueryKind query_kind = QueryKind::sphere_sweep;
    Collect collected = Collect::all;

    void read(Key key, dom::element v) {
        if (present[key]) throw Fallback{};  // nlohmann keeps the last of the two
        present[key] = true;
        switch (key) {
            case kind_key: {
                const std::string_view name = need(v.get_string());
                std::size_t k = 0;
                while (k < static_cast<std::size_t>(query_kind_count) &&
                       query_kind_name(static_cast<QueryKind>(k)) != name)
                    ++k;
                if (k == static_cast<std::size_t>(query_kind_count)) throw Fallback{};
                query_kind = static_cast<QueryKind>(k);
                break;
            }
            case collect_key: {
                const std::string_view word = need(v.get_string());
                if (word != "all" && word != "closest") throw Fallback{};
                collected = word == "closest" ? Collect::closest : Collect::all;
                break;
            }
            case options:
            case body_flags:
            case max_contacts: words[key] = bits_of(v); break;
            case radius:
            case sphere_height:
            case step_height:
            case nz_min:
            case nz_max: numbers[key] = float_of(v); break;
            case axes_key: {
                const dom::array a = need(v.get_array());
                if (a.size() != 3) throw Fallback{};
                std::size_t n = 0;
                for (const dom::element row : a) rows[n++] = vec_of(row);
                break;
            }
            default: vectors[key] = vec_of(v); break;  // centre, move, base, half, start
        }
    }

    // query_from_fields' side (query_fields.hpp): a required field that is
    // missing is nlohmann's to report.
    std::uint32_t bits(const char* key) const { return present[known(key)] ? words[known(key)] : 0; }
    float number(const char* key) const {
        if (!present[known(key)]) throw Fallback{};
        return numbers[known(key)];
    }
    float number_or(const char* key, float fallback) const {
        return present[known(key)] ? numbers[known(key)] : fallback;
    }
    Vec3 vec3(const char* key) const {
        if (!present[known(key)]) throw Fallback{};
        return vectors[known(key)];
    }
    std::array<Vec3, 3> axes() const { return rows; }
    Collect collect(Collect fallback) const { return present[collect_key] ? collected : fallback; }
    QueryKind kind() const {
        if (!present[kind_key]) throw Fallback{};
        return query_kind;
    }
    bool contains(const char* key) const { return present[known(key)]; }
};

}  // namespace

struct FastQueryParser::Impl {
    dom::parser parser;
    std::string padded;  // a line without the padding after it, copied
};

FastQueryParser::FastQueryParser() : impl_(std::make_unique<Impl>()) {}
FastQueryParser::~FastQueryParser() = default;
FastQueryParser::FastQueryParser(FastQueryParser&&) noexcept = default;
FastQueryParser& FastQueryParser::operator=(FastQueryParser&&) noexcept = default;

bool FastQueryParser::parse(std::string_view line, std::size_t readable, Quirks quirks, Query& out) {
    if (may_hold_minus_zero(line)) return false;
    if (readable < line.size() + simdjson::SIMDJSON_PADDING) {
        impl_->padded.assign(line);
        impl_->padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
        line = std::string_view(impl_->padded.data(), line.size());
    }
    try {
        // The DOM parses and checks the whole line (nothing may follow the
        // object); the fields it then holds are read once each.
        const dom::object obj = need(need(impl_->parser.parse(line.data(), line.size(), false)).get_object());
        Fields fields;
        for (const dom::key_value_pair field : obj)
            if (const auto key = key_of(field.key)) fields.read(*key, field.value);
        out = query_from_fields(fields, quirks);
        return true;
    } catch (const Fallback&) {
        return false;
    }
}

}  // namespace levelsweep::detail
