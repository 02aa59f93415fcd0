// Wavefront OBJ: v, f (with vt/vn parts and negative indices), g, o, usemtl;
// l and p counted as skipped; everything else ignored. Coordinates by
// std::from_chars, the nearest float32 to the text (bit-exact).
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "raw_mesh.hpp"
#include "read_file.hpp"

namespace levelsweep::detail {

namespace {

constexpr std::string_view blanks = " \t\r\f\v";

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

class ObjParser {
public:
    explicit ObjParser(const std::filesystem::path& path) : path_(path) {}

    RawMesh parse(std::string_view text) {
        std::string joined;  // a line continued with a trailing backslash
        std::size_t pos = 0;
        while (pos < text.size()) {
            const std::size_t eol = std::min(text.find('\n', pos), text.size());
            std::string_view line = text.substr(pos, eol - pos);
            pos = eol + 1;
            ++line_no_;
            // OBJ is text: a NUL byte means binary data read as OBJ, whose
            // unknown "statements" would otherwise be ignored without a word.
            if (line.find('\0') != std::string_view::npos) fail("a NUL byte: this is not an OBJ text file");
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
        if (key == "v") vertex(rest);
        else if (key == "f") face(rest);
        else if (key == "g" || key == "o") group_ = RawMesh::intern(mesh_.groups, group_index_, trim(rest));
        else if (key == "usemtl") material_ = RawMesh::intern(mesh_.materials, material_index_, trim(rest));
        else if (key == "l" || key == "p") ++mesh_.skipped_elements;
    }

    void vertex(std::string_view rest) {
        float c[3];
        for (float& x : c) {
            const std::string_view word = next_word(rest);
            if (word.empty()) fail("a vertex needs three coordinates");
            const auto f = parse_float(word);
            if (!f) fail("vertex coordinate '" + std::string(word) + "' is not a finite float32");
            x = *f;
        }
        mesh_.vertices.push_back({c[0], c[1], c[2]});  // w, colours: ignored
    }

    void face(std::string_view rest) {
        corners_.clear();
        for (std::string_view word = next_word(rest); !word.empty(); word = next_word(rest)) {
            const std::string_view index = word.substr(0, word.find('/'));
            long long i = 0;
            const auto [end, ec] = std::from_chars(index.data(), index.data() + index.size(), i);
            if (ec != std::errc() || end != index.data() + index.size() || i == 0)
                fail("bad vertex reference '" + std::string(word) + "'");
            const auto count = static_cast<long long>(mesh_.vertices.size());
            const long long v = i > 0 ? i - 1 : count + i;
            if (v < 0 || v >= count)
                fail("vertex reference " + std::to_string(i) + " is out of range (" + std::to_string(count) +
                     " vertices so far)");
            corners_.push_back(static_cast<std::uint32_t>(v));
        }
        mesh_.add_polygon(corners_, group_, material_);
    }

    const std::filesystem::path& path_;
    RawMesh mesh_;
    std::unordered_map<std::string, std::uint32_t> group_index_{{"", 0}}, material_index_{{"", 0}};
    std::uint32_t group_ = 0, material_ = 0;
    std::vector<std::uint32_t> corners_;
    std::size_t line_no_ = 0;
};

}  // namespace

RawMesh read_obj(const std::filesystem::path& path) {
    const std::string text = read_file(path);
    return ObjParser(path).parse(text);
}

}  // namespace levelsweep::detail
