// Wavefront OBJ, read exactly or refused: v, f (with vt/vn parts and negative
// indices), g, o, usemtl; l and p counted as skipped; the statements that hold
// no polygon geometry (vt, vn, s, mtllib, ...) read past. A statement whose
// geometry this reader would lose (free-form curves and surfaces, another file
// called in) or does not know is refused with its line, as is a face of fewer
// than three corners: docs/decisions.md, "Reliability, second pass: the world's
// list, the importers, option 0x400". Coordinates by std::from_chars, the
// nearest float32 to the text (bit-exact).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "levelsweep/raw_mesh.hpp"
#include "read_file.hpp"

namespace levelsweep::detail {

namespace {

constexpr std::string_view blanks = " \t\f\v";

// Splits off the next blank-separated word of `rest`.
std::string_view next_word(std::string_view& rest) {
    const std::size_t start = rest.find_first_not_of(blanks);
    if (start == std::string_view::npos) {
        rest = {};
        return {};
    }
    rest.remove_prefix(start);
    const std::size_t end = std::min(rest.find_first_of(blanks), rest.size());
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
}

std::string_view trim(std::string_view s) {
    const std::size_t a = s.find_first_not_of(blanks);
    if (a == std::string_view::npos) return {};
    return s.substr(a, s.find_last_not_of(blanks) - a + 1);
}

// Statements of the OBJ specification that hold no polygon geometry: texture
// and normal vertices (counted, for the faces' references), smoothing and
// merging groups, and display and rendering attributes; and the free-form
// statements that only an element below uses.
constexpr std::array<std::string_view, 27> read_past = {
    "vt",    "vn",       "vp",       "s",          "mg",        "mtllib", "usemap", "maplib", "lod",
    "bevel", "c_interp", "d_interp", "shadow_obj", "trace_obj", "ctech",  "stech",  "cstype", "deg",
    "bmat",  "step",     "parm",     "trim",       "hole",      "scrv",   "sp",     "end",    "con"};

bool reads_past(std::string_view key) {
    for (std::string_view n : read_past)
        if (n == key) return true;
    return false;
}

class ObjParser {
public:
    explicit ObjParser(const std::filesystem::path& path) : path_(path) { mesh_.source = path.string(); }

    RawMesh parse(std::string_view text) {
        std::string joined;  // a line continued with a trailing backslash
        std::size_t pos = 0;
        while (pos < text.size()) {
            const std::size_t eol = std::min(text.find('\n', pos), text.size());
            std::string_view line = text.substr(pos, eol - pos);
            pos = eol + 1;
            ++line_no_;
            // OBJ is text: a NUL byte means binary data read as OBJ.
            if (line.find('\0') != std::string_view::npos) fail("a NUL byte: this is not an OBJ text file");
            // A line ends in LF or CRLF. A CR elsewhere is refused: a file whose
            // lines end in CR alone would read as one line, the first comment
            // swallowing the rest.
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (line.find('\r') != std::string_view::npos)
                fail("a carriage return inside the line (lines end in LF or CRLF, not CR alone)");
            if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
            line = trim(line);
            if (!line.empty() && line.back() == '\\') {
                joined.append(line.substr(0, line.size() - 1)).push_back(' ');
                continue;
            }
            if (!joined.empty()) {
                joined.append(line);
                statement(joined);
                joined.clear();
            } else {
                statement(line);
            }
        }
        if (!joined.empty()) statement(joined);
        return std::move(mesh_);
    }

private:
    [[noreturn]] void fail(const std::string& reason) const {
        throw ImportError(path_.string() + ":" + std::to_string(line_no_) + ": " + reason);
    }

    void statement(std::string_view rest) {
        const std::string_view key = next_word(rest);
        if (key.empty()) return;
        if (key == "v")
            vertex(rest);
        else if (key == "f")
            face(rest);
        else if (key == "g" || key == "o")
            group_ = RawMesh::intern(mesh_.groups, group_index_, trim(rest));
        else if (key == "usemtl")
            material_ = RawMesh::intern(mesh_.materials, material_index_, trim(rest));
        else if (key == "l" || key == "p")
            ++mesh_.skipped_elements;
        else if (key == "vt")
            ++texture_vertices_;
        else if (key == "vn")
            ++normals_;
        else if (key == "curv" || key == "curv2" || key == "surf")
            fail("free-form geometry (" + quote_word(key) +
                 ") is not read: its surface would be lost (export it as polygons)");
        else if (key == "call" || key == "csh")
            fail(quote_word(key) + " (another file or a command) is not followed: what it adds would be lost");
        else if (!reads_past(key))
            fail("unknown statement " + quote_word(key) + ": what it holds would be lost");
    }

    void vertex(std::string_view rest) {
        float c[3];
        for (float& x : c) {
            const std::string_view word = next_word(rest);
            if (word.empty()) fail("a vertex needs three coordinates");
            const auto f = parse_float(word);
            if (!f) fail("vertex coordinate " + quote_word(word) + " is not a finite float32");
            x = *f;
        }
        // After x, y, z: w (which polygons do not use) or a colour (r, g, b and
        // perhaps a), numbers each; anything else is not a vertex line.
        int more = 0;
        for (std::string_view word = next_word(rest); !word.empty(); word = next_word(rest), ++more)
            if (!parse_double(word)) fail("vertex value " + quote_word(word) + " is not a number");
        if (more > 4)
            fail("a vertex has x, y, z and at most four more numbers (w, or a colour): " + std::to_string(3 + more) +
                 " given");
        if (mesh_.vertices.size() >= max_level_elements)
            fail("more vertices than a level holds (" + std::to_string(max_level_elements) + ")");
        mesh_.add_vertex({c[0], c[1], c[2]});
    }

    // One index of a face corner: a whole number, not 0, negative counting back
    // from the last of the `count` read so far.
    long long reference(std::string_view index, std::string_view word, std::size_t count, const std::string& what,
                        const std::string& plural) const {
        long long i = 0;
        const auto [end, ec] = std::from_chars(index.data(), index.data() + index.size(), i);
        if (ec != std::errc() || end != index.data() + index.size())
            fail("bad " + what + " reference " + quote_word(word) + ": not a whole number");
        if (i == 0) fail("bad " + what + " reference " + quote_word(word) + ": OBJ counts from 1 (or back from -1)");
        const auto n = static_cast<long long>(count);
        const long long v = i > 0 ? i - 1 : n + i;
        if (v < 0 || v >= n)
            fail(what + " reference " + std::to_string(i) + " is out of range (" + std::to_string(count) + " " +
                 plural + " so far)");
        return v;
    }

    void face(std::string_view rest) {
        corners_.clear();
        for (std::string_view word = next_word(rest); !word.empty(); word = next_word(rest)) {
            // v, v/vt, v//vn or v/vt/vn.
            const std::size_t a = word.find('/');
            const std::string_view v = word.substr(0, a);
            corners_.push_back(
                static_cast<std::uint32_t>(reference(v, word, mesh_.vertices.size(), "vertex", "vertices")));
            if (a == std::string_view::npos) continue;
            const std::string_view parts = word.substr(a + 1);
            const std::size_t b = parts.find('/');
            const std::string_view vt = parts.substr(0, b);
            if (b == std::string_view::npos || !vt.empty())
                (void)reference(vt, word, texture_vertices_, "texture vertex", "texture vertices");
            if (b == std::string_view::npos) continue;
            const std::string_view vn = parts.substr(b + 1);
            if (vn.find('/') != std::string_view::npos)
                fail("face corner " + quote_word(word) + " has more than three parts");
            (void)reference(vn, word, normals_, "normal", "normals");
        }
        if (corners_.size() < 3)
            fail("a face of " + std::to_string(corners_.size()) + " corners: a face needs at least three");
        mesh_.add_polygon(corners_, group_, material_);
    }

    const std::filesystem::path& path_;
    RawMesh mesh_;
    std::unordered_map<std::string, std::uint32_t> group_index_{{"", 0}}, material_index_{{"", 0}};
    std::uint32_t group_ = 0, material_ = 0;
    std::size_t texture_vertices_ = 0, normals_ = 0;
    std::vector<std::uint32_t> corners_;
    std::size_t line_no_ = 0;
};

}  // namespace

RawMesh read_obj(const std::filesystem::path& path) {
    const std::string text = read_file(path);
    return ObjParser(path).parse(text);
}

}  // namespace levelsweep::detail
