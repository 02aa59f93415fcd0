#include "levelsweep/json_io.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "levelsweep/memory_limit.hpp"

namespace levelsweep {

namespace {

// SAX events counted into a JsonTreeSize; nothing is kept.
struct TreeMeasure {
    JsonTreeSize size;
    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(json::number_integer_t) { return value(); }
    bool number_unsigned(json::number_unsigned_t) { return value(); }
    bool number_float(json::number_float_t, const std::string&) { return value(); }
    bool string(std::string& s) {
        size.string(s.size());
        return true;
    }
    bool binary(json::binary_t&) { return value(); }
    bool start_object(std::size_t) {
        size.object();
        return true;
    }
    bool key(std::string& k) {
        size.key(k.size());
        return true;
    }
    bool end_object() { return true; }
    bool start_array(std::size_t) {
        size.array();
        return true;
    }
    bool end_array() { return true; }
    bool parse_error(std::size_t, const std::string&, const json::exception&) { return false; }

private:
    bool value() {
        size.value();
        return true;
    }
};

}  // namespace

std::uint64_t json_tree_bytes(std::string_view text) {
    TreeMeasure m;
    json::sax_parse(text.begin(), text.end(), &m);
    return m.size.bytes();
}

json parse_json(std::string_view text, const std::string& what, bool allow_exceptions) {
    if (text.size() > memory_limit() / JsonTreeSize::most_per_byte)
        check_memory(json_tree_bytes(text), what + " as a JSON tree", "shorten it");
    return json::parse(text.begin(), text.end(), nullptr, allow_exceptions);
}

void bad_input(const std::string& key, const char* what) {
    throw std::invalid_argument("input \"" + key + "\": " + what);
}

namespace {

// The length of the well-formed UTF-8 sequence at the start of `s`, or 0.
std::size_t utf8_sequence(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b = byte(0);
    if (b < 0x80) return 1;
    const std::size_t n = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n == 0 || s.size() < n) return 0;
    for (std::size_t i = 1; i < n; ++i)
        if ((byte(i) & 0xc0) != 0x80) return 0;
    // No overlong forms, no surrogates, nothing past U+10FFFF.
    if ((b == 0xe0 && byte(1) < 0xa0) || (b == 0xed && byte(1) > 0x9f) || (b == 0xf0 && byte(1) < 0x90) ||
        (b == 0xf4 && byte(1) > 0x8f))
        return 0;
    return n;
}

}  // namespace

std::string printable_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t n = utf8_sequence(text.substr(i))) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(text[i++]));
        out += hex;
    }
    return out;
}

std::string error_text(const std::exception& e) {
    std::string_view text = e.what();
    if (text.starts_with("[json.exception.")) {
        const std::size_t end = text.find("] ");
        if (end != std::string_view::npos) text.remove_prefix(end + 2);
    }
    return printable_utf8(text);
}

std::optional<float> float_named(std::string_view s) {
    if (s == "nan") return std::numeric_limits<float>::quiet_NaN();
    if (s == "-nan") return -std::numeric_limits<float>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<float>::infinity();
    if (s == "-inf") return -std::numeric_limits<float>::infinity();
    return std::nullopt;
}

float nearest_float(double d) {
    // Infinite beyond its range as IEEE rounding gives (converting such a
    // double with a cast would be undefined behaviour).
    if (std::fabs(d) >= 0x1.ffffffp+127)
        return d > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
    return static_cast<float>(d);
}

namespace {
[[noreturn]] void bad(const char* key, const char* what) { bad_input(key, what); }
// A number, or one of the strings "nan", "-nan", "inf" and "-inf" that JSON
// has no numbers for (query_json.hpp's float_json writes them).
float as_float(const json& v, const char* key) {
    if (v.is_string())
        if (const auto named = float_named(v.get_ref<const std::string&>())) return *named;
    if (!v.is_number()) bad(key, "expected a number (or \"nan\", \"-nan\", \"inf\", \"-inf\")");
    return nearest_float(v.get<double>());
}
}  // namespace

float read_float(const json& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    return as_float(obj.at(key), key);
}

float read_float_or(const json& obj, const char* key, float fallback) {
    return obj.is_object() && obj.contains(key) ? as_float(obj.at(key), key) : fallback;
}

int read_int_or(const json& obj, const char* key, int fallback) {
    if (!obj.is_object() || !obj.contains(key)) return fallback;
    const json& v = obj.at(key);
    if (!v.is_number_integer()) bad(key, "expected an integer");
    // Checked, not wrapped: 4294967297 is not 1.
    const bool fits = v.is_number_unsigned() ? v.get<std::uint64_t>() <= std::uint64_t{std::numeric_limits<int>::max()}
                                             : v.get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                                                   v.get<std::int64_t>() <= std::numeric_limits<int>::max();
    if (!fits) bad(key, "the integer is out of range (-2147483648 to 2147483647)");
    return static_cast<int>(v.get<std::int64_t>());
}

Vec3 read_vec3(const json& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    const json& v = obj.at(key);
    if (!v.is_array() || v.size() < 3 || v.size() > 4) bad(key, "expected [x, y, z]");
    return {as_float(v[0], key), as_float(v[1], key), as_float(v[2], key)};
}

Quirks read_quirks(const json& obj) {
    Quirks q = Quirks::faithful();
    if (obj.is_object() && obj.contains("mode")) {
        const json& m = obj.at("mode");
        if (m == "faithful")
            q = Quirks::faithful();
        else if (m == "corrected")
            q = Quirks::corrected();
        else
            bad("mode", "expected \"faithful\" or \"corrected\"");
    }
    if (obj.is_object() && obj.contains("quirks")) {
        const json& list = obj.at("quirks");
        if (!list.is_array()) bad("quirks", "expected a list of switch names");
        if (!obj.contains("mode")) q = Quirks::corrected();
        for (const json& name : list) {
            const auto quirk = name.is_string() ? quirk_from_name(name.get<std::string>()) : std::nullopt;
            if (!quirk) bad("quirks", "unknown switch name");
            q = q.with(*quirk);
        }
    }
    return q;
}

int read_int(const json& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    return read_int_or(obj, key, 0);
}

void read_vec2(const json& obj, const char* key, float& x, float& y) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    const json& v = obj.at(key);
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) bad(key, "expected [x, y]");
    x = as_float(v[0], key);
    y = as_float(v[1], key);
}

Vec4 read_move(const json& obj, const char* key) {
    const Vec3 v = read_vec3(obj, key);
    const json& a = obj.at(key);
    if (a.size() == 4 && !a[3].is_number()) bad(key, "expected a number for w");
    return with_w(v, a.size() == 4 ? as_float(a[3], key) : 1.0f);
}

Box read_box(const json& obj) {
    Box b;
    b.axis[0] = read_vec3(obj, "A0");
    b.axis[1] = read_vec3(obj, "A1");
    b.axis[2] = read_vec3(obj, "A2");
    b.centre = read_vec3(obj, "P");
    const Vec3 h = read_vec3(obj, "half");
    b.half[0] = h.x;
    b.half[1] = h.y;
    b.half[2] = h.z;
    return b;
}

json to_json(const Vec3& v) { return json::array({v.x, v.y, v.z}); }
json to_json(const Vec4& v) { return json::array({v.x, v.y, v.z, v.w}); }

namespace {
// A Vec4 field as [x, y, z, w] with null for each lane the function did not write.
json lanes(const Contact& c, std::size_t offset, const Vec4& v) {
    const float f[4] = {v.x, v.y, v.z, v.w};
    json out = json::array();
    bool any = false;
    for (std::size_t i = 0; i < 4; ++i) {
        if (c.was_written(offset + 4 * i, 4)) {
            out.push_back(f[i]);
            any = true;
        } else {
            out.push_back(nullptr);
        }
    }
    return any ? out : json();
}

void half_to_json(json& out, const Contact& c, const ContactHalf& h, std::size_t base, const char* prefix) {
    const std::string p(prefix);
    if (c.was_written(base + 0x00, 4)) out[p + "owner"] = h.owner;
    if (c.was_written(base + 0x04, 4)) out[p + "shape"] = h.shape;
    if (json n = lanes(c, base + 0x10, h.normal); !n.is_null()) out[p + "normal"] = n;
    if (json l = lanes(c, base + 0x20, h.local); !l.is_null()) out[p + "local"] = l;
    if (c.was_written(base + 0x30, 4)) out[p + "feature_type"] = h.feature_type;
    if (c.was_written(base + 0x34, 4)) out[p + "feature_index"] = h.feature_index;
}
}  // namespace

json contact_to_json(const Contact& c) {
    json out = json::object();
    half_to_json(out, c, c.own, 0x00, "own_");
    half_to_json(out, c, c.other, 0x40, "other_");
    if (c.was_written(offs::fraction, 4)) out["fraction"] = c.fraction;
    if (c.was_written(offs::depth, 4)) out["depth"] = c.depth;
    if (json p = lanes(c, offs::point, c.point); !p.is_null()) out["point"] = p;
    if (json s = lanes(c, offs::slide, c.slide); !s.is_null()) out["slide"] = s;
    if (c.was_written(offs::flags, 4)) out["flags"] = c.flags;
    if (c.was_written(offs::triangle, 4)) out["triangle"] = c.triangle;
    return out;
}

}  // namespace levelsweep
