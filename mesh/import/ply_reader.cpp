// PLY, ASCII and binary (either byte order): the vertex element's x, y, z and
// the face element's vertex_indices (or vertex_index) list; every other element
// and property is read past. ASCII float properties are parsed by
// std::from_chars into the nearest float32 (bit-exact); double properties are
// parsed as doubles and rounded to float32 once; binary floats are copied.
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raw_mesh.hpp"
#include "read_file.hpp"

namespace levelsweep::detail {

namespace {

enum class Type { i8, u8, i16, u16, i32, u32, f32, f64 };

std::optional<Type> type_of(std::string_view s) {
    if (s == "char" || s == "int8") return Type::i8;
    if (s == "uchar" || s == "uint8") return Type::u8;
    if (s == "short" || s == "int16") return Type::i16;
    if (s == "ushort" || s == "uint16") return Type::u16;
    if (s == "int" || s == "int32") return Type::i32;
    if (s == "uint" || s == "uint32") return Type::u32;
    if (s == "float" || s == "float32") return Type::f32;
    if (s == "double" || s == "float64") return Type::f64;
    return std::nullopt;
}

std::size_t size_of(Type t) {
    switch (t) {
        case Type::i8: case Type::u8: return 1;
        case Type::i16: case Type::u16: return 2;
        case Type::i32: case Type::u32: case Type::f32: return 4;
        case Type::f64: return 8;
    }
    return 1;
}

struct Property {
    std::string name;
    Type type = Type::f32;
    bool list = false;
    Type count_type = Type::u8;
};

struct Element {
    std::string name;
    std::uint64_t count = 0;
    std::vector<Property> properties;
};

enum class Format { ascii, little, big };

// A value as read: integers exactly, floats as float32 (f32 exact, f64 rounded once).
struct Value {
    long long integer = 0;
    float real = 0.0f;
    bool is_integer = true;
};

class PlyParser {
public:
    PlyParser(const std::filesystem::path& path, std::string_view text) : path_(path), text_(text) {}

    RawMesh parse() {
        header();
        for (const Element& e : elements_) element(e);
        check_nothing_after();
        return std::move(mesh_);
    }

private:
    [[noreturn]] void fail(const std::string& reason) const {
        const std::string where = format_ == Format::ascii ? "line " + std::to_string(line_) : "byte " + std::to_string(pos_);
        throw ImportError(path_.string() + ": " + where + ": " + reason);
    }

    std::string_view header_line() {
        if (pos_ >= text_.size()) fail("the header has no end_header");
        const std::size_t eol = std::min(text_.find('\n', pos_), text_.size());
        std::string_view line = text_.substr(pos_, eol - pos_);
        pos_ = eol + 1;
        ++line_;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return line;
    }

    static std::vector<std::string_view> words(std::string_view line) {
        std::vector<std::string_view> out;
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
            const std::size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
            if (i > start) out.push_back(line.substr(start, i - start));
        }
        return out;
    }

    void header() {
        if (header_line() != "ply") fail("not a PLY file (no 'ply' line)");
        bool have_format = false;
        for (;;) {
            const auto w = words(header_line());
            if (w.empty() || w[0] == "comment" || w[0] == "obj_info") continue;
            if (w[0] == "end_header") break;
            if (w[0] == "format" && w.size() >= 2) {
                have_format = true;
                if (w[1] == "ascii") format_ = Format::ascii;
                else if (w[1] == "binary_little_endian") format_ = Format::little;
                else if (w[1] == "binary_big_endian") format_ = Format::big;
                else fail("unknown format '" + std::string(w[1]) + "'");
            } else if (w[0] == "element" && w.size() == 3) {
                Element e;
                e.name = w[1];
                const auto [end, ec] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), e.count);
                if (ec != std::errc() || end != w[2].data() + w[2].size()) fail("bad element count '" + std::string(w[2]) + "'");
                elements_.push_back(std::move(e));
            } else if (w[0] == "property" && !elements_.empty()) {
                Property p;
                if (w.size() == 5 && w[1] == "list") {
                    const auto ct = type_of(w[2]), it = type_of(w[3]);
                    if (!ct || !it) fail("bad list property types");
                    p = {std::string(w[4]), *it, true, *ct};
                } else if (w.size() == 3) {
                    const auto t = type_of(w[1]);
                    if (!t) fail("unknown property type '" + std::string(w[1]) + "'");
                    p = {std::string(w[2]), *t, false, Type::u8};
                } else {
                    fail("bad property line");
                }
                elements_.back().properties.push_back(std::move(p));
            } else {
                fail("unexpected header line");
            }
        }
        if (!have_format) fail("the header has no format line");
        ++line_;  // from here on, the line that pos_ is in
        for (const Element& e : elements_)
            if (e.name == "vertex") {
                if (e.count > max_level_elements) fail("too many vertices");
                vertex_count_ = e.count;
            }
    }

    // The next ASCII word, across lines.
    std::string_view ascii_word() {
        const auto blank = [&](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
        while (pos_ < text_.size() && blank(text_[pos_])) {
            if (text_[pos_] == '\n') ++line_;
            ++pos_;
        }
        if (pos_ >= text_.size()) fail("the file ends early");
        const std::size_t start = pos_;
        while (pos_ < text_.size() && !blank(text_[pos_])) ++pos_;
        return text_.substr(start, pos_ - start);
    }

    Value read(Type t) {
        Value v;
        if (format_ == Format::ascii) {
            const std::string_view w = ascii_word();
            if (t == Type::f32) {
                const auto f = parse_float(w);
                if (!f) fail("'" + std::string(w) + "' is not a finite float32");
                v = {0, *f, false};
            } else if (t == Type::f64) {
                double d = 0;
                const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), d);
                if (ec != std::errc() || end != w.data() + w.size()) fail("'" + std::string(w) + "' is not a number");
                v = {0, static_cast<float>(d), false};
            } else {
                const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v.integer);
                if (ec != std::errc() || end != w.data() + w.size()) fail("'" + std::string(w) + "' is not an integer");
            }
            return v;
        }
        const std::size_t n = size_of(t);
        if (text_.size() - pos_ < n) fail("the file ends early");
        std::uint64_t bits = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const auto byte = static_cast<unsigned char>(text_[pos_ + (format_ == Format::little ? n - 1 - i : i)]);
            bits = (bits << 8) | byte;
        }
        pos_ += n;
        switch (t) {
            case Type::i8: v.integer = static_cast<std::int8_t>(bits); break;
            case Type::u8: v.integer = static_cast<std::uint8_t>(bits); break;
            case Type::i16: v.integer = static_cast<std::int16_t>(bits); break;
            case Type::u16: v.integer = static_cast<std::uint16_t>(bits); break;
            case Type::i32: v.integer = static_cast<std::int32_t>(bits); break;
            case Type::u32: v.integer = static_cast<std::uint32_t>(bits); break;
            case Type::f32: v = {0, std::bit_cast<float>(static_cast<std::uint32_t>(bits)), false}; break;
            case Type::f64: v = {0, static_cast<float>(std::bit_cast<double>(bits)), false}; break;
        }
        return v;
    }

    // A file holding more than its header declares (more vertices or faces than
    // counted) would lose the rest without a word: it is refused. Blank space
    // after an ASCII body is fine.
    void check_nothing_after() {
        if (format_ == Format::ascii) {
            const std::size_t more = text_.find_first_not_of(" \t\r\n", pos_);
            if (more == std::string_view::npos) return;
            for (std::size_t i = pos_; i < more; ++i) line_ += text_[i] == '\n';
            pos_ = more;
        } else if (pos_ == text_.size()) {
            return;
        }
        fail("data after the elements the header declares (" + declared() + "): the header's counts are too small");
    }

    std::string declared() const {
        std::string out;
        for (const Element& e : elements_) out += (out.empty() ? "" : ", ") + std::to_string(e.count) + " " + e.name;
        return out;
    }

    float coordinate(Type t) {
        const Value v = read(t);
        const float f = v.is_integer ? static_cast<float>(v.integer) : v.real;
        if (!std::isfinite(f)) fail("a vertex coordinate is not finite");
        return f;
    }

    void element(const Element& e) {
        const bool is_vertex = e.name == "vertex", is_face = e.name == "face";
        for (std::uint64_t i = 0; i < e.count; ++i) {
            Vec3 p;
            corners_.clear();
            for (const Property& prop : e.properties) {
                if (prop.list) {
                    const Value n = read(prop.count_type);
                    if (n.integer < 0 || n.integer > 1000000) fail("bad list length " + std::to_string(n.integer));
                    const bool indices = is_face && (prop.name == "vertex_indices" || prop.name == "vertex_index");
                    for (long long k = 0; k < n.integer; ++k) {
                        const Value idx = read(prop.type);
                        if (!indices) continue;
                        if (!idx.is_integer || idx.integer < 0 || static_cast<std::uint64_t>(idx.integer) >= vertex_count_)
                            fail("face " + std::to_string(i) + " refers to vertex " + std::to_string(idx.integer) +
                                 ", out of range (" + std::to_string(vertex_count_) + " vertices)");
                        corners_.push_back(static_cast<std::uint32_t>(idx.integer));
                    }
                    continue;
                }
                if (is_vertex && (prop.name == "x" || prop.name == "y" || prop.name == "z")) {
                    const float f = coordinate(prop.type);
                    (prop.name == "x" ? p.x : prop.name == "y" ? p.y : p.z) = f;
                } else {
                    (void)read(prop.type);
                }
            }
            if (is_vertex) mesh_.vertices.push_back(p);
            if (is_face) mesh_.add_polygon(corners_, 0, 0);
        }
    }

    const std::filesystem::path& path_;
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 0;
    Format format_ = Format::ascii;
    std::vector<Element> elements_;
    std::uint64_t vertex_count_ = 0;
    RawMesh mesh_;
    std::vector<std::uint32_t> corners_;
};

}  // namespace

RawMesh read_ply(const std::filesystem::path& path) {
    const std::string text = read_file(path);
    return PlyParser(path, text).parse();
}

}  // namespace levelsweep::detail
