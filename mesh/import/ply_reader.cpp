// PLY 1.0, ASCII and binary (either byte order), read exactly or refused: the
// vertex element's x, y, z and the face element's vertex_indices (or
// vertex_index) list; every other element and property is read past. ASCII
// float properties are parsed by std::from_chars into the nearest float32
// (bit-exact); double properties are parsed as doubles and rounded to float32
// once; binary floats are copied. A header that does not say where the geometry
// is, or a body that does not match the header, is refused with its line
// (ASCII) or byte (binary): docs/decisions.md, "Reliability, second pass: the
// world's list, the importers, option 0x400".
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "levelsweep/raw_mesh.hpp"
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
        case Type::i8:
        case Type::u8: return 1;
        case Type::i16:
        case Type::u16: return 2;
        case Type::i32:
        case Type::u32:
        case Type::f32: return 4;
        case Type::f64: return 8;
    }
    return 1;
}

bool is_integer(Type t) { return t != Type::f32 && t != Type::f64; }

// The range of an integer type, which an ASCII value must lie in.
std::pair<long long, long long> range_of(Type t) {
    switch (t) {
        case Type::i8: return {-128, 127};
        case Type::u8: return {0, 255};
        case Type::i16: return {-32768, 32767};
        case Type::u16: return {0, 65535};
        case Type::i32: return {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max()};
        default: return {0, std::numeric_limits<std::uint32_t>::max()};
    }
}

// What a property is to the importer.
enum class Role { skip, x, y, z, corners };

struct Property {
    std::string name;
    Type type = Type::f32;
    bool list = false;
    Type count_type = Type::u8;
    std::size_t line = 0;
    Role role = Role::skip;
};

struct Element {
    std::string name;
    std::uint64_t count = 0;
    std::vector<Property> properties;
    std::size_t line = 0;
};

enum class Format { ascii, little, big };

// a * b + c, saturating at the largest uint64 (a header's counts are anything).
std::uint64_t mul_add(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    const std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
    if (b != 0 && a > (top - c) / b) return top;
    return a * b + c;
}

class PlyParser {
public:
    PlyParser(const std::filesystem::path& path, std::string_view text) : path_(path), text_(text) {
        mesh_.source = path.string();
    }

    RawMesh parse() {
        header();
        for (const Element& e : elements_) element(e);
        check_nothing_after();
        return std::move(mesh_);
    }

private:
    // The header and an ASCII body are lines; a binary body is bytes.
    [[noreturn]] void fail(const std::string& reason) const {
        const std::string where = in_header_ || format_ == Format::ascii ? "line " + std::to_string(line_)
                                                                         : "byte " + std::to_string(value_at_);
        throw ImportError(path_.string() + ": " + where + ": " + reason);
    }
    [[noreturn]] void fail_at_line(std::size_t line, const std::string& reason) const {
        throw ImportError(path_.string() + ": line " + std::to_string(line) + ": " + reason);
    }

    // The next line from pos_ (without its line end), counted in line_. A line
    // ends in LF or CRLF; a CR anywhere else is refused, since a file whose
    // lines end in CR alone would otherwise read as one line.
    std::optional<std::string_view> next_line() {
        if (pos_ >= text_.size()) return std::nullopt;
        const std::size_t eol = std::min(text_.find('\n', pos_), text_.size());
        std::string_view line = text_.substr(pos_, eol - pos_);
        pos_ = std::min(eol + 1, text_.size());
        ++line_;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find('\r') != std::string_view::npos)
            fail("a carriage return inside the line (lines end in LF or CRLF, not CR alone)");
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
        const auto first = next_line();
        if (!first || *first != "ply") fail("not a PLY file (its first line is not 'ply')");
        for (;;) {
            const auto line = next_line();
            if (!line) fail("the header has no end_header line");
            const auto w = words(*line);
            if (w.empty() || w[0] == "comment" || w[0] == "obj_info") continue;
            if (w[0] == "end_header" && w.size() == 1) break;
            if (w[0] == "format")
                format_line(w);
            else if (w[0] == "element")
                element_line(w);
            else if (w[0] == "property")
                property_line(w);
            else
                fail("unexpected header line starting " + quote_word(w[0]));
        }
        if (!have_format) fail("the header has no format line");
        check_geometry();
        check_body_size();
        in_header_ = false;
    }

    void format_line(const std::vector<std::string_view>& w) {
        if (have_format) fail("a second format line");
        if (w.size() != 3) fail("expected 'format ascii 1.0' (or binary_little_endian, binary_big_endian)");
        if (w[1] == "ascii")
            format_ = Format::ascii;
        else if (w[1] == "binary_little_endian")
            format_ = Format::little;
        else if (w[1] == "binary_big_endian")
            format_ = Format::big;
        else
            fail("unknown format " + quote_word(w[1]));
        if (w[2] != "1.0") fail("PLY version " + quote_word(w[2]) + ": this reader reads version 1.0");
        have_format = true;
    }

    void element_line(const std::vector<std::string_view>& w) {
        if (w.size() != 3) fail("expected 'element NAME COUNT'");
        for (const Element& e : elements_)
            if (e.name == w[1])
                fail("a second element " + quote_word(w[1]) + " (the first is on line " + std::to_string(e.line) + ")");
        Element e;
        e.name = w[1];
        e.line = line_;
        const auto [end, ec] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), e.count);
        if (ec != std::errc() || end != w[2].data() + w[2].size())
            fail("element count " + quote_word(w[2]) + " is not a whole number");
        elements_.push_back(std::move(e));
    }

    void property_line(const std::vector<std::string_view>& w) {
        if (elements_.empty()) fail("a property before any element");
        Property p;
        p.line = line_;
        if (w.size() == 5 && w[1] == "list") {
            const auto count = type_of(w[2]), item = type_of(w[3]);
            if (!count) fail("unknown list count type " + quote_word(w[2]));
            if (!is_integer(*count)) fail("list count type " + quote_word(w[2]) + ": a count is a whole number");
            if (!item) fail("unknown list item type " + quote_word(w[3]));
            p.name = w[4];
            p.type = *item;
            p.list = true;
            p.count_type = *count;
        } else if (w.size() == 3) {
            const auto t = type_of(w[1]);
            if (!t) fail("unknown property type " + quote_word(w[1]));
            p.name = w[2];
            p.type = *t;
        } else {
            fail("expected 'property TYPE NAME' or 'property list COUNT_TYPE ITEM_TYPE NAME'");
        }
        Element& e = elements_.back();
        for (const Property& q : e.properties)
            if (q.name == p.name)
                fail("property " + quote_word(p.name) + " twice in element " + quote_word(e.name) + " (first on line " +
                     std::to_string(q.line) + ")");
        e.properties.push_back(std::move(p));
    }

    // The header must say where the geometry is, so that none of it is guessed:
    // the vertex element's x, y and z (one number each), and the face element's
    // one list of whole-number indices. Triangle strips are not read.
    void check_geometry() {
        for (Element& e : elements_) {
            if (e.name == "tristrips")
                fail_at_line(e.line, "element 'tristrips' (triangle strips) is not read: its triangles would be lost");
            if (e.name == "vertex") check_vertex(e);
            if (e.name == "face") check_face(e, has_element("vertex"));
        }
    }

    bool has_element(std::string_view name) const {
        for (const Element& e : elements_)
            if (e.name == name) return true;
        return false;
    }

    void check_vertex(Element& e) {
        if (e.count > max_level_elements)
            fail_at_line(e.line, std::to_string(e.count) + " vertices: a level holds at most " +
                                     std::to_string(max_level_elements));
        vertex_count_ = e.count;
        const std::pair<const char*, Role> axes[] = {{"x", Role::x}, {"y", Role::y}, {"z", Role::z}};
        for (const auto& [name, role] : axes) {
            Property* p = nullptr;
            for (Property& q : e.properties)
                if (q.name == name) p = &q;
            if (p == nullptr)
                fail_at_line(e.line,
                             std::string("element 'vertex' has no property '") + name + "': a vertex needs x, y and z");
            if (p->list)
                fail_at_line(p->line, std::string("property '") + name +
                                          "' of element 'vertex' is a list: a coordinate is one number");
            p->role = role;
        }
    }

    void check_face(Element& e, bool have_vertices) {
        Property* indices = nullptr;
        for (Property& p : e.properties) {
            if (p.name != "vertex_indices" && p.name != "vertex_index") continue;
            if (indices != nullptr)
                fail_at_line(p.line,
                             "element 'face' has both vertex_indices and vertex_index: which holds the corners?");
            indices = &p;
        }
        if (indices == nullptr)
            fail_at_line(e.line,
                         "element 'face' has no vertex_indices (or vertex_index) list: its faces would be lost");
        if (!indices->list) fail_at_line(indices->line, "property '" + indices->name + "' is not a list");
        if (!is_integer(indices->type))
            fail_at_line(indices->line, "vertex indices of type float or double: an index is a whole number");
        if (!have_vertices && e.count > 0) fail_at_line(e.line, "faces, but no element 'vertex' for them to refer to");
        indices->role = Role::corners;
    }

    // What the elements the header declares take at the least (every list
    // empty; an ASCII value one character and a separator), against what
    // follows the header: counts too large for the body are refused before any
    // of it is read, and so is a mesh past the memory limit.
    void check_body_size() {
        std::uint64_t least = 0;
        for (const Element& e : elements_) {
            std::uint64_t each = 0;
            for (const Property& p : e.properties)
                each += format_ == Format::ascii ? 2 : size_of(p.list ? p.count_type : p.type);
            least = mul_add(e.count, each, least);
        }
        const std::uint64_t body = text_.size() - pos_;
        // An ASCII body's last value may end the file without a line end.
        if (least > body + (format_ == Format::ascii ? 1 : 0))
            fail("the header declares " + declared() + ", which take at least " + std::to_string(least) +
                 " bytes, but " + std::to_string(body) + " follow the header");
        std::uint64_t faces = 0;
        for (const Element& e : elements_)
            if (e.name == "face") faces = e.count;
        check_memory(mul_add(faces, sizeof(RawTriangle), vertex_count_ * sizeof(Vec3)),
                     path_.string() + ": the " + declared() + " its header declares", "import a smaller mesh");
    }

    std::string declared() const {
        std::string out;
        for (const Element& e : elements_) out += (out.empty() ? "" : ", ") + std::to_string(e.count) + " " + e.name;
        return out.empty() ? "no elements" : out;
    }

    // One value, as a whole number (integer types) or a float32 (coordinates:
    // f32 exact, f64 rounded once; any other float only has to be a number).
    struct Value {
        long long integer = 0;
        float real = 0.0f;
    };

    // ASCII: the words of the element's line, taken in turn.
    std::string_view next_word(const Property& p) {
        if (word_ >= line_words_.size())
            fail("element '" + element_name_ + "' " + std::to_string(index_) + " ends before its property '" + p.name +
                 "'");
        return line_words_[word_++];
    }

    Value ascii_value(const Property& p, Type t, bool coordinate) {
        const std::string_view w = next_word(p);
        Value v;
        if (is_integer(t)) {
            const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v.integer);
            if (ec != std::errc() || end != w.data() + w.size())
                fail(quote_word(w) + " is not a whole number (property '" + p.name + "')");
            const auto [lo, hi] = range_of(t);
            if (v.integer < lo || v.integer > hi)
                fail(quote_word(w) + " is out of range for its type (property '" + p.name + "')");
            v.real = static_cast<float>(v.integer);
        } else if (coordinate && t == Type::f32) {
            const auto f = parse_float(w);
            if (!f) fail(quote_word(w) + " is not a finite float32 (property '" + p.name + "')");
            v.real = *f;
        } else {
            const auto d = parse_double(w);
            if (!d) fail(quote_word(w) + " is not a number (property '" + p.name + "')");
            v.real = static_cast<float>(*d);
        }
        return v;
    }

    Value binary_value(Type t) {
        value_at_ = pos_;
        const std::size_t n = size_of(t);
        if (text_.size() - pos_ < n)
            fail("the file ends early, inside element '" + element_name_ + "' " + std::to_string(index_));
        std::uint64_t bits = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const auto byte = static_cast<unsigned char>(text_[pos_ + (format_ == Format::little ? n - 1 - i : i)]);
            bits = (bits << 8) | byte;
        }
        pos_ += n;
        Value v;
        switch (t) {
            case Type::i8: v.integer = static_cast<std::int8_t>(bits); break;
            case Type::u8: v.integer = static_cast<std::uint8_t>(bits); break;
            case Type::i16: v.integer = static_cast<std::int16_t>(bits); break;
            case Type::u16: v.integer = static_cast<std::uint16_t>(bits); break;
            case Type::i32: v.integer = static_cast<std::int32_t>(bits); break;
            case Type::u32: v.integer = static_cast<std::uint32_t>(bits); break;
            case Type::f32: v.real = std::bit_cast<float>(static_cast<std::uint32_t>(bits)); return v;
            case Type::f64: v.real = static_cast<float>(std::bit_cast<double>(bits)); return v;
        }
        v.real = static_cast<float>(v.integer);
        return v;
    }

    Value value(const Property& p, Type t, bool coordinate) {
        return format_ == Format::ascii ? ascii_value(p, t, coordinate) : binary_value(t);
    }

    // A binary list whose items are read past: skipped whole, its length
    // checked against what is left.
    void skip_binary_items(long long n, Type t) {
        value_at_ = pos_;
        if (static_cast<std::uint64_t>(n) > (text_.size() - pos_) / size_of(t))
            fail("the file ends early, inside a list of " + std::to_string(n) + " items");
        pos_ += static_cast<std::size_t>(n) * size_of(t);
    }

    // ASCII: the element's line (blank lines between elements are passed over).
    void start_ascii_element() {
        for (;;) {
            const auto line = next_line();
            if (!line)
                fail("the file ends early: element '" + element_name_ + "' " + std::to_string(index_) + " is missing");
            line_words_ = words(*line);
            word_ = 0;
            if (!line_words_.empty()) return;
        }
    }

    void element(const Element& e) {
        if (e.properties.empty()) return;  // nothing to read, however many
        const bool is_face = e.name == "face";
        element_name_ = e.name;
        for (std::uint64_t i = 0; i < e.count; ++i) {
            index_ = i;
            if (format_ == Format::ascii) start_ascii_element();
            Vec3 p;
            corners_.clear();
            for (const Property& prop : e.properties) {
                if (!prop.list) {
                    const Value v = value(prop, prop.type, prop.role != Role::skip);
                    if (prop.role == Role::skip) continue;
                    if (!std::isfinite(v.real)) fail("vertex coordinate '" + prop.name + "' is not finite in float32");
                    (prop.role == Role::x ? p.x : prop.role == Role::y ? p.y : p.z) = v.real;
                    continue;
                }
                const long long n = value(prop, prop.count_type, false).integer;
                if (n < 0) fail("a list of " + std::to_string(n) + " items (property '" + prop.name + "')");
                if (prop.role != Role::corners && format_ != Format::ascii) {
                    skip_binary_items(n, prop.type);
                    continue;
                }
                for (long long k = 0; k < n; ++k) {
                    const Value idx = value(prop, prop.type, false);
                    if (prop.role != Role::corners) continue;
                    if (idx.integer < 0 || static_cast<std::uint64_t>(idx.integer) >= vertex_count_)
                        fail("face " + std::to_string(i) + " refers to vertex " + std::to_string(idx.integer) +
                             ", out of range (" + std::to_string(vertex_count_) + " vertices)");
                    corners_.push_back(static_cast<std::uint32_t>(idx.integer));
                }
            }
            if (format_ == Format::ascii && word_ < line_words_.size())
                fail("element '" + e.name + "' " + std::to_string(i) + " has more values than its " +
                     std::to_string(e.properties.size()) + " properties");
            if (e.name == "vertex") mesh_.add_vertex(p);
            if (!is_face) continue;
            if (corners_.size() < 3)
                fail("face " + std::to_string(i) + " has " + std::to_string(corners_.size()) +
                     " corners: a face needs at least three");
            mesh_.add_polygon(corners_, 0, 0);
        }
    }

    // A file holding more than its header declares (more vertices or faces than
    // counted) would lose the rest without a word: it is refused. Blank space
    // after an ASCII body is fine.
    void check_nothing_after() {
        if (format_ == Format::ascii) {
            while (const auto line = next_line())
                if (!words(*line).empty())
                    fail("data after the elements the header declares (" + declared() +
                         "): the header's counts are too small");
            return;
        }
        value_at_ = pos_;
        if (pos_ == text_.size()) return;
        fail("data after the elements the header declares (" + declared() + "): the header's counts are too small");
    }

    const std::filesystem::path& path_;
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 0;      // the line last read
    std::size_t value_at_ = 0;  // binary: the byte where the value being read starts
    bool in_header_ = true;
    bool have_format = false;
    Format format_ = Format::ascii;
    std::vector<Element> elements_;
    std::uint64_t vertex_count_ = 0;
    RawMesh mesh_;
    std::vector<std::uint32_t> corners_;
    // The element being read, for the messages, and an ASCII element's words.
    std::string element_name_;
    std::uint64_t index_ = 0;
    std::vector<std::string_view> line_words_;
    std::size_t word_ = 0;
};

}  // namespace

RawMesh read_ply(const std::filesystem::path& path) {
    const std::string text = read_file(path);
    return PlyParser(path, text).parse();
}

}  // namespace levelsweep::detail
