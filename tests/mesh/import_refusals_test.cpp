// The OBJ and PLY readers refuse what they cannot read exactly, naming the
// property and the line (or byte), one case per class of hostile input
// (docs/decisions.md, "Reliability, second pass: the world's list, the
// importers, option 0x400"); what the formats allow still reads, the same
// whatever the line ends or the statements read past.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "levelsweep/import.hpp"
#include "levelsweep/memory_limit.hpp"
#include "mesh_import_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// What importing `text` as `name` says: "" when it imports.
std::string refusal(const ScratchDir& dir, const std::string& name, const std::string& text) {
    try {
        (void)import_level(dir.file(name, text));
    } catch (const ImportError& e) {
        return e.what();
    } catch (const MemoryLimitError& e) {
        return e.what();
    }
    return "";
}

// Importing `text` as `name` is refused, saying `says` right after the file's name.
void check_refused(const ScratchDir& dir, const char* name, const std::string& text, const std::string& says) {
    CAPTURE(name);
    const std::string why = refusal(dir, name, text);
    CHECK_MESSAGE(why.find((dir / name).string() + ":" + says) != std::string::npos, why);
}

std::string ply(const std::string& format, const std::string& elements) {
    return "ply\nformat " + format + " 1.0\n" + elements + "end_header\n";
}

const std::string xyz_lines = "property float x\nproperty float y\nproperty float z\n";
const std::string face_lines = "element face 1\nproperty list uchar int vertex_indices\n";
const std::string vertex_lines = "element vertex 3\n" + xyz_lines;
const std::string triangle_body = "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";

// A PLY file of a random layout, for the test that every layout the format
// allows reads exactly: x, y and z in any order among other properties, each
// of any numeric type; other elements before, between and after; lists of
// any count and item type; ASCII (LF or CRLF) or binary of either byte order.
struct RandomPly {
    std::string text;
    std::vector<Vec3> vertices;                     // as the file's values read in float32
    std::vector<std::vector<std::uint32_t>> faces;  // their corners
};

class RandomPlyWriter {
public:
    explicit RandomPlyWriter(std::mt19937& rng) : rng_(rng) {}

    RandomPly make() {
        format_ = static_cast<int>(rng_() % 3);
        eol_ = format_ == 0 && rng_() % 2 ? "\r\n" : "\n";
        const std::uint32_t n = 3 + rng_() % 30, faces = 1 + rng_() % 12;
        std::vector<Element> elements;
        if (rng_() % 2) elements.push_back(other_element("edge"));
        Element vertex{"vertex", n, {}};
        for (const char* axis : {"x", "y", "z"}) vertex.props.push_back({axis, false, static_cast<int>(rng_() % 8), 0});
        for (std::uint32_t k = rng_() % 4; k > 0; --k) vertex.props.push_back(other_property(k));
        std::shuffle(vertex.props.begin(), vertex.props.end(), rng_);
        elements.push_back(vertex);
        if (rng_() % 2) elements.push_back(other_element("material"));
        Element face{"face", faces, {}};
        face.props.push_back(
            {"vertex_indices", true, n < 128 ? static_cast<int>(rng_() % 6) : 4, static_cast<int>(rng_() % 6)});
        for (std::uint32_t k = rng_() % 3; k > 0; --k) face.props.push_back(other_property(k));
        std::shuffle(face.props.begin(), face.props.end(), rng_);
        elements.push_back(face);
        if (rng_() % 2) elements.push_back(other_element("edge_after"));

        RandomPly out;
        out.text = "ply" + eol_ + "format " + formats[format_] + " 1.0" + eol_ + "comment a random layout" + eol_;
        for (const Element& e : elements) {
            out.text += "element " + e.name + " " + std::to_string(e.count) + eol_;
            for (const Prop& p : e.props)
                out.text += p.list ? "property list " + std::string(type_names[p.count_type]) + " " +
                                         type_names[p.type] + " " + p.name + eol_
                                   : "property " + std::string(type_names[p.type]) + " " + p.name + eol_;
        }
        out.text += "end_header" + eol_;
        for (const Element& e : elements)
            for (std::uint32_t i = 0; i < e.count; ++i) {
                Vec3 v;
                std::vector<std::uint32_t> corners(3 + rng_() % 4);
                for (std::uint32_t& c : corners) c = rng_() % n;
                line_start_ = true;
                for (const Prop& p : e.props) {
                    if (p.name == "vertex_indices" && e.name == "face") {
                        value(out.text, p.count_type, static_cast<double>(corners.size()));
                        for (const std::uint32_t c : corners) value(out.text, p.type, c);
                    } else if (e.name == "vertex" && p.name.size() == 1) {
                        (p.name == "x" ? v.x : p.name == "y" ? v.y : v.z) = coordinate(out.text, p.type);
                    } else if (p.list) {
                        const std::uint32_t items = rng_() % 4;
                        value(out.text, p.count_type, items);
                        for (std::uint32_t k = 0; k < items; ++k) value(out.text, p.type, small(p.type));
                    } else {
                        value(out.text, p.type, small(p.type));
                    }
                }
                if (format_ == 0) out.text += eol_;
                if (e.name == "vertex") out.vertices.push_back(v);
                if (e.name == "face") out.faces.push_back(corners);
            }
        return out;
    }

private:
    static constexpr const char* formats[3] = {"ascii", "binary_little_endian", "binary_big_endian"};
    static constexpr const char* type_names[8] = {"char", "uchar", "short", "ushort", "int", "uint", "float", "double"};

    struct Prop {
        std::string name;
        bool list = false;
        int type = 0, count_type = 0;
    };
    struct Element {
        std::string name;
        std::uint32_t count = 0;
        std::vector<Prop> props;
    };

    Prop other_property(std::uint32_t k) {
        return {"other" + std::to_string(k), rng_() % 3 == 0, static_cast<int>(rng_() % 8),
                static_cast<int>(rng_() % 6)};
    }
    Element other_element(const char* name) {
        Element e{name, static_cast<std::uint32_t>(rng_() % 3), {}};
        for (std::uint32_t k = 1 + rng_() % 2; k > 0; --k) e.props.push_back(other_property(k));
        return e;
    }
    double small(int t) { return t >= 6 ? 0.25 * (rng_() % 8) : static_cast<double>(rng_() % 100); }

    // A coordinate of type t, written; what it reads as in float32.
    float coordinate(std::string& out, int t) {
        if (t == 6) {
            const float f = uniform(rng_, -1000, 1000);
            value(out, t, f);
            return f;
        }
        if (t == 7) {
            const double d =
                std::ldexp(static_cast<double>(rng_()) / 4294967296.0 - 0.5, static_cast<int>(rng_() % 20));
            value(out, t, d);
            return static_cast<float>(d);
        }
        const double lo[6] = {-128, 0, -32768, 0, -2147483648.0, 0};
        const double hi[6] = {127, 255, 32767, 65535, 2147483647.0, 4294967295.0};
        const double i = std::floor(lo[t] + (hi[t] - lo[t] + 1) * (static_cast<double>(rng_()) / 4294967296.0));
        value(out, t, i);
        return static_cast<float>(i);
    }

    // One value of type t as the body holds it: ASCII text that reads back
    // exactly, or its bytes in the file's order.
    void value(std::string& out, int t, double v) {
        if (format_ == 0) {
            char buf[40];
            std::snprintf(buf, sizeof buf, t == 6 ? "%.9g" : t == 7 ? "%.17g" : "%.0f", v);
            if (!line_start_) out += ' ';
            line_start_ = false;
            out += buf;
            return;
        }
        std::uint64_t bits = 0;
        std::size_t size = 0;
        switch (t) {
            case 0:
            case 1: bits = static_cast<std::uint8_t>(static_cast<std::int64_t>(v)), size = 1; break;
            case 2:
            case 3: bits = static_cast<std::uint16_t>(static_cast<std::int64_t>(v)), size = 2; break;
            case 4:
            case 5: bits = static_cast<std::uint32_t>(static_cast<std::int64_t>(v)), size = 4; break;
            case 6: bits = std::bit_cast<std::uint32_t>(static_cast<float>(v)), size = 4; break;
            default: bits = std::bit_cast<std::uint64_t>(v), size = 8;
        }
        for (std::size_t i = 0; i < size; ++i)
            out += static_cast<char>((bits >> (8 * (format_ == 1 ? i : size - 1 - i))) & 0xff);
    }

    std::mt19937& rng_;
    int format_ = 0;
    std::string eol_;
    bool line_start_ = true;
};

// The memory limit for one scope.
class MemoryLimit {
public:
    explicit MemoryLimit(std::uint64_t bytes) : before_(memory_limit()) { set_memory_limit(bytes); }
    ~MemoryLimit() { set_memory_limit(before_); }
    MemoryLimit(const MemoryLimit&) = delete;
    MemoryLimit& operator=(const MemoryLimit&) = delete;

private:
    std::uint64_t before_;
};

}  // namespace

TEST_SUITE("import refusals") {
    TEST_CASE("PLY: vertices without exactly one x, y and z are refused, naming the property and the line") {
        const ScratchDir dir("ply_xyz");
        const std::string three = "element vertex 3\n";
        check_refused(
            dir, "abc.ply",
            ply("ascii", three + "property float a\nproperty float b\nproperty float c\n" + face_lines) + triangle_body,
            " line 3: element 'vertex' has no property 'x': a vertex needs x, y and z");
        check_refused(
            dir, "noz.ply",
            ply("ascii", three + "property float x\nproperty float y\n" + face_lines) + "0 0\n1 0\n0 1\n3 0 1 2\n",
            " line 3: element 'vertex' has no property 'z'");
        check_refused(dir, "twice.ply", ply("ascii", vertex_lines + "property float x\n" + face_lines) + triangle_body,
                      " line 7: property 'x' twice in element 'vertex' (first on line 4)");
        check_refused(
            dir, "list.ply",
            ply("ascii", three + "property list uchar float x\nproperty float y\nproperty float z\n" + face_lines) +
                triangle_body,
            " line 4: property 'x' of element 'vertex' is a list: a coordinate is one number");
        check_refused(dir, "twice_element.ply", ply("ascii", vertex_lines + vertex_lines + face_lines) + triangle_body,
                      " line 7: a second element 'vertex' (the first is on line 3)");
    }

    TEST_CASE("PLY: faces whose corners are not one list of whole numbers are refused, and so are triangle strips") {
        const ScratchDir dir("ply_faces");
        check_refused(dir, "float_indices.ply",
                      ply("ascii", vertex_lines + "element face 1\nproperty list uchar float vertex_indices\n") +
                          "0 0 0\n1 0 0\n0 1 0\n3 0.0 1.0 2.0\n",
                      " line 8: vertex indices of type float or double: an index is a whole number");
        check_refused(
            dir, "float_count.ply",
            ply("ascii", vertex_lines + "element face 1\nproperty list float int vertex_indices\n") + triangle_body,
            " line 8: list count type 'float': a count is a whole number");
        check_refused(
            dir, "unknown_count.ply",
            ply("ascii", vertex_lines + "element face 1\nproperty list uint128 int vertex_indices\n") + triangle_body,
            " line 8: unknown list count type 'uint128'");
        check_refused(
            dir, "unknown_item.ply",
            ply("ascii", vertex_lines + "element face 1\nproperty list uchar index vertex_indices\n") + triangle_body,
            " line 8: unknown list item type 'index'");
        check_refused(dir, "unknown_type.ply",
                      ply("ascii", vertex_lines + "property half w\n" + face_lines) + triangle_body,
                      " line 7: unknown property type 'half'");
        check_refused(dir, "no_indices.ply",
                      ply("ascii", vertex_lines + "element face 1\nproperty list uchar int corners\n") + triangle_body,
                      " line 7: element 'face' has no vertex_indices (or vertex_index) list: its faces would be lost");
        check_refused(dir, "both.ply",
                      ply("ascii", vertex_lines + face_lines + "property list uchar int vertex_index\n") +
                          "0 0 0\n1 0 0\n0 1 0\n3 0 1 2 3 0 1 2\n",
                      " line 9: element 'face' has both vertex_indices and vertex_index");
        check_refused(
            dir, "scalar.ply",
            ply("ascii", vertex_lines + "element face 1\nproperty int vertex_indices\n") + "0 0 0\n1 0 0\n0 1 0\n0\n",
            " line 8: property 'vertex_indices' is not a list");
        check_refused(
            dir, "strips.ply",
            ply("ascii", vertex_lines + "element tristrips 1\nproperty list int int vertex_indices\n") + triangle_body,
            " line 7: element 'tristrips' (triangle strips) is not read: its triangles would be lost");
        check_refused(dir, "two_corners.ply", ply("ascii", vertex_lines + face_lines) + "0 0 0\n1 0 0\n0 1 0\n2 0 1\n",
                      " line 13: face 0 has 2 corners: a face needs at least three");
        check_refused(dir, "no_corners.ply", ply("ascii", vertex_lines + face_lines) + "0 0 0\n1 0 0\n0 1 0\n0\n",
                      " line 13: face 0 has 0 corners");
        check_refused(dir, "no_vertices.ply", ply("ascii", face_lines) + "3 0 1 2\n",
                      " line 3: faces, but no element 'vertex' for them to refer to");
    }

    TEST_CASE(
        "PLY: a body that does not match its header is refused, ASCII or binary, before what it cannot hold is read") {
        const ScratchDir dir("ply_body");
        std::string binary = ply("binary_little_endian", vertex_lines + face_lines);
        const std::size_t header_bytes = binary.size();
        const float corners[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        binary.append(reinterpret_cast<const char*>(corners), sizeof corners);
        const char face[13] = {3, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
        binary.append(face, sizeof face);
        REQUIRE(refusal(dir, "exact.ply", binary).empty());
        // 30 vertices of 12 bytes and a face of at least its count's byte: 361 bytes; 49 are there.
        check_refused(
            dir, "short.ply",
            ply("binary_little_endian", "element vertex 30\n" + xyz_lines + face_lines) + binary.substr(header_bytes),
            " line 9: the header declares 30 vertex, 1 face, which take at least 361 bytes, but 49 follow the header");
        // As text each value takes a character and a separator at the least.
        check_refused(
            dir, "ascii_short.ply", ply("ascii", "element vertex 30\n" + xyz_lines + face_lines) + triangle_body,
            " line 9: the header declares 30 vertex, 1 face, which take at least 182 bytes, but 26 follow the header");
        std::string huge = ply("binary_little_endian", "element vertex 4000000000\n" + xyz_lines + face_lines);
        check_refused(dir, "huge.ply", huge + std::string(64, '\0'),
                      " line 3: 4000000000 vertices: a level holds at most 2147483647");
        check_refused(
            dir, "cut.ply", binary.substr(0, binary.size() - 6),
            " byte " + std::to_string(header_bytes + 36 + 5) + ": the file ends early, inside element 'face' 0");
        check_refused(dir, "more_values.ply",
                      ply("ascii", vertex_lines + face_lines) + "0 0 0 7\n1 0 0\n0 1 0\n3 0 1 2\n",
                      " line 10: element 'vertex' 0 has more values than its 3 properties");
        check_refused(dir, "fewer_values.ply", ply("ascii", vertex_lines + face_lines) + "0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
                      " line 10: element 'vertex' 0 ends before its property 'z'");
        check_refused(dir, "split_face.ply",
                      ply("ascii", vertex_lines + face_lines) + "0 0 0\n1 0 0\n0 1 0\n3 0 1\n2\n",
                      " line 13: element 'face' 0 ends before its property 'vertex_indices'");
        check_refused(dir, "range.ply", ply("ascii", vertex_lines + face_lines) + "0 0 0\n1 0 0\n0 1 0\n259 0 1 2\n",
                      " line 13: '259' is out of range for its type (property 'vertex_indices')");
        check_refused(
            dir, "not_a_number.ply",
            ply("ascii", vertex_lines + "property double w\n" + face_lines) + "0 0 0 x\n1 0 0 1\n0 1 0 1\n3 0 1 2\n",
            " line 11: 'x' is not a number (property 'w')");
        check_refused(dir, "plus_minus.ply",
                      ply("ascii", vertex_lines + face_lines) + "+-1 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
                      " line 10: '+-1' is not a finite float32 (property 'x')");
        check_refused(dir, "negative_list.ply",
                      ply("ascii", vertex_lines + "element face 1\nproperty list char int vertex_indices\n") +
                          "0 0 0\n1 0 0\n0 1 0\n-3 0 1 2\n",
                      " line 13: a list of -3 items (property 'vertex_indices')");
    }

    TEST_CASE("PLY: a header that is not version 1.0, says its format twice or is not a header is refused") {
        const ScratchDir dir("ply_header");
        const std::string rest = vertex_lines + face_lines + "end_header\n" + triangle_body;
        check_refused(dir, "v2.ply", "ply\nformat ascii 2.0\n" + rest,
                      " line 2: PLY version '2.0': this reader reads version 1.0");
        check_refused(dir, "twice.ply", "ply\nformat ascii 1.0\nformat binary_little_endian 1.0\n" + rest,
                      " line 3: a second format line");
        check_refused(dir, "none.ply", "ply\n" + rest, " line 8: the header has no format line");
        check_refused(dir, "early.ply", "ply\nformat ascii 1.0\nproperty float x\n" + rest,
                      " line 3: a property before any element");
        check_refused(dir, "junk.ply", "ply\nformat ascii 1.0\nvertex 3\n" + rest,
                      " line 3: unexpected header line starting 'vertex'");
        check_refused(dir, "binary_junk.ply", "ply\nformat ascii 1.0\n\x01\xff\n" + rest,
                      " line 3: unexpected header line starting '\\x01\\xff'");
        check_refused(dir, "count.ply", "ply\nformat ascii 1.0\nelement vertex -3\n",
                      " line 3: element count '-3' is not a whole number");
        check_refused(dir, "endless.ply", "ply\nformat ascii 1.0\nelement vertex 3\n",
                      " line 3: the header has no end_header line");
    }

    TEST_CASE("line ends: LF and CRLF read alike, a CR alone is refused, OBJ and PLY") {
        const ScratchDir dir("line_ends");
        const std::string p = ply("ascii", vertex_lines + face_lines) + triangle_body;
        const std::string o = "v 0 0 0\nv 1 0 0\nv 0 1 0\n# a comment\nf 1 2 3\n";
        const auto crlf = [](const std::string& s) {
            std::string out;
            for (const char c : s) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
            return out;
        };
        const auto cr = [](std::string s) {
            for (char& c : s) c = c == '\n' ? '\r' : c;
            return s;
        };
        for (const auto& [name, text] : {std::pair{"a.ply", p}, std::pair{"a.obj", o}}) {
            const Level lf = import_level(dir.file(name, text)).level;
            const Level crlf_level = import_level(dir.file(name, crlf(text))).level;
            CHECK(lf.checksum() == crlf_level.checksum());
            CHECK(lf.triangle_count() == 1);
        }
        check_refused(dir, "cr.ply", cr(p),
                      " line 1: a carriage return inside the line (lines end in LF or CRLF, not CR alone)");
        check_refused(dir, "cr.obj", cr(o), "1: a carriage return inside the line");
        check_refused(dir, "cr_body.ply", ply("ascii", vertex_lines + face_lines) + "0 0 0\r1 0 0\n0 1 0\n3 0 1 2\n",
                      " line 10: a carriage return inside the line");
    }

    TEST_CASE(
        "OBJ: float indices, faces of fewer than three corners, bad corner parts and unknown statements are refused by "
        "line") {
        const ScratchDir dir("obj_refusals");
        const std::string v = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
        check_refused(dir, "float.obj", v + "f 1.0 2.0 3.0\n", "4: bad vertex reference '1.0': not a whole number");
        check_refused(dir, "zero.obj", v + "f 0 1 2\n",
                      "4: bad vertex reference '0': OBJ counts from 1 (or back from -1)");
        check_refused(dir, "two.obj", v + "f 1 2\n", "4: a face of 2 corners: a face needs at least three");
        check_refused(dir, "empty_face.obj", v + "f\n", "4: a face of 0 corners");
        check_refused(dir, "texture.obj", v + "vt 0 0\nf 1/1 2/2 3/1\n",
                      "5: texture vertex reference 2 is out of range (1 texture vertices so far)");
        check_refused(dir, "normal.obj", v + "f 1//1 2//1 3//1\n",
                      "4: normal reference 1 is out of range (0 normals so far)");
        check_refused(dir, "slash.obj", v + "vt 0 0\nf 1/ 2/1 3/1\n",
                      "5: bad texture vertex reference '1/': not a whole number");
        check_refused(dir, "parts.obj", v + "vn 0 0 1\nf 1//1/1 2//1 3//1\n",
                      "5: face corner '1//1/1' has more than three parts");
        check_refused(dir, "typo.obj", v + "f1 2 3\n", "4: unknown statement 'f1': what it holds would be lost");
        check_refused(dir, "surf.obj", v + "cstype bezier\ndeg 3 3\nsurf 0 1 0 1 1 2 3\n",
                      "6: free-form geometry ('surf') is not read");
        check_refused(dir, "call.obj", v + "call more.obj\n", "4: 'call' (another file or a command) is not followed");
        check_refused(dir, "extra.obj", "v 0 0 0 one\n", "1: vertex value 'one' is not a number");
        check_refused(dir, "many.obj", "v 0 0 0 1 2 3 4 5\n",
                      "1: a vertex has x, y, z and at most four more numbers (w, or a colour): 8 given");
        check_refused(dir, "plus.obj", "v +-1 0 0\n", "1: vertex coordinate '+-1' is not a finite float32");
        // What the statements read past and a vertex's optional values do not change.
        const Level plain = import_level(dir.file("plain.obj", v + "f 1 2 3\n")).level;
        const Level dressed = import_level(dir.file("dressed.obj",
                                                    "mtllib a.mtl\nv 0 0 0 1\nv 1 0 0 0.5 0.5 0.5\nv 0 1 0\n"
                                                    "vt 0 0\nvn 0 0 1\nvp 0.5\ns 1\nlod 1\nbevel off\n"
                                                    "f 1/1/1 2/1/1 3//1\n"))
                                  .level;
        CHECK(plain.checksum() == dressed.checksum());
    }

    TEST_CASE("a mesh that would pass the memory limit is refused as it is read, OBJ polygons and PLY counts alike") {
        const ScratchDir dir("mesh_memory");
        // One line of 40,000 corners fans into 39,998 triangles (800 KB) from 80 KB of text.
        std::string fan = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf";
        for (int i = 0; i < 40000; ++i) fan += i % 2 ? " 2" : " 3";
        const std::string obj = dir.file("fan.obj", fan + "\n").string();
        // 1,000 vertices declared and held in three bytes each: 12 KB as a mesh.
        std::string bytes =
            ply("binary_little_endian",
                "element vertex 1000\nproperty char x\nproperty char y\nproperty char z\n" + face_lines);
        const char face[13] = {3, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
        bytes += std::string(3000, '\0') + std::string(face, sizeof face);
        const std::string small = dir.file("small.ply", bytes).string();
        REQUIRE(import_level(obj).level.triangle_count() == 39998);
        REQUIRE(import_level(small).level.vertex_count() == 1000);
        const auto refused = [](const std::string& file) {
            try {
                (void)import_level(file);
            } catch (const MemoryLimitError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        {
            const MemoryLimit limit(400 * 1024);
            const std::string why = refused(obj);
            CHECK_MESSAGE(why.find(obj + ": its mesh (") != std::string::npos, why);
            CHECK(why.find("over the memory limit of 400.0 KiB: import a smaller mesh") != std::string::npos);
        }
        const MemoryLimit tighter(8 * 1024);
        const std::string why = refused(small);
        CHECK_MESSAGE(why.find(small + ": the 1000 vertex, 1 face its header declares needs") != std::string::npos,
                      why);
    }

    TEST_CASE(
        "PLY of random layouts reads exactly: x, y, z of any type in any order, other properties, lists and elements, "
        "ASCII or binary") {
        const ScratchDir dir("ply_layouts");
        auto rng = seeded_rng(1213);
        RandomPlyWriter writer(rng);
        ImportOptions any_range;
        any_range.allow_beyond_working_range = true;  // 32-bit integer coordinates reach past it
        for (int trial = 0; trial < scaled(300); ++trial) {
            CAPTURE(trial);
            const RandomPly ply = writer.make();
            const ImportResult r = import_level(dir.file("layout.ply", ply.text), any_range);
            REQUIRE(r.level.vertex_count() == ply.vertices.size());
            for (std::uint32_t v = 0; v < ply.vertices.size(); ++v) {
                const Vec3 got = r.level.vertex(v), want = ply.vertices[v];
                REQUIRE(std::bit_cast<std::uint32_t>(got.x) == std::bit_cast<std::uint32_t>(want.x));
                REQUIRE(std::bit_cast<std::uint32_t>(got.y) == std::bit_cast<std::uint32_t>(want.y));
                REQUIRE(std::bit_cast<std::uint32_t>(got.z) == std::bit_cast<std::uint32_t>(want.z));
            }
            std::uint32_t t = 0;
            for (const auto& corners : ply.faces)
                for (std::size_t k = 1; k + 1 < corners.size(); ++k, ++t) {
                    REQUIRE(t < r.level.triangle_count());
                    CHECK(r.level.corner_index(t, 0) == corners[0]);
                    CHECK(r.level.corner_index(t, 1) == corners[k]);
                    CHECK(r.level.corner_index(t, 2) == corners[k + 1]);
                }
            CHECK(t == r.level.triangle_count());
        }
    }
}
