// Importers: OBJ and PLY by our exact parsers, glTF through Assimp; flags by
// material and group; up axis and scale; the real level dm6ish bit for bit.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "levelsweep/generate.hpp"
#include "levelsweep/import.hpp"
#include "mesh_import_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using levelsweep::test::ScratchDir;

namespace {

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

// Numbers as OBJ and PLY writers print them, and the hard cases of decimal to
// float32 conversion: halfway cases, the largest float, subnormals, underflow.
std::vector<std::string> tricky_numbers(std::mt19937& rng, int count) {
    std::vector<std::string> out{"0",
                                 "-0",
                                 "+1.5",
                                 "1E3",
                                 ".5",
                                 "5.",
                                 "-2.5e-3",
                                 "3.4028235e38",
                                 "-3.40282347e+38",
                                 "1.17549435e-38",
                                 "1e-40",
                                 "1e-45",
                                 "7e-46",
                                 "-7e-46",
                                 "1.00000005960464477539",
                                 "1.0000000596046447753906250001",
                                 "0.1",
                                 "16777217",
                                 "33554431",
                                 "123456789012345678901234567890",
                                 "0.000000000000000000000000000001"};
    char buf[64];
    while (static_cast<int>(out.size()) < count) {
        const double d = std::ldexp(static_cast<double>(rng() >> 8) / (1 << 24), static_cast<int>(rng() % 40) - 20) *
                         ((rng() & 1) ? -1 : 1);
        switch (rng() % 4) {
            case 0: std::snprintf(buf, sizeof buf, "%.9g", static_cast<float>(d)); break;
            case 1: std::snprintf(buf, sizeof buf, "%.6f", d); break;
            case 2: std::snprintf(buf, sizeof buf, "%.17g", d); break;
            default: std::snprintf(buf, sizeof buf, "%.8e", d); break;
        }
        out.emplace_back(buf);
    }
    return out;
}

ImportResult import_text(const ScratchDir& dir, const std::string& name, const std::string& text,
                         const ImportOptions& options = {}) {
    return import_level(dir.file(name, text), options);
}

// The parsers' own tests read numbers up to FLT_MAX: far beyond the kernels'
// working range, which import refuses unless asked (tested on its own).
ImportOptions any_range() {
    ImportOptions o;
    o.allow_beyond_working_range = true;
    return o;
}

std::string import_error(const ScratchDir& dir, const std::string& name, const std::string& text) {
    try {
        (void)import_text(dir, name, text);
    } catch (const ImportError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_SUITE("mesh import") {
    TEST_CASE("OBJ coordinates are the float32 strtof gives for the same text, bit for bit") {
        const ScratchDir dir("obj_exact");
        auto rng = levelsweep::test::seeded_rng(1501);
        const auto numbers = tricky_numbers(rng, 3 * levelsweep::test::scaled(20000));
        std::string obj;
        for (std::size_t i = 0; i + 2 < numbers.size(); i += 3)
            obj += "v " + numbers[i] + " " + numbers[i + 1] + "\t" + numbers[i + 2] + "\n";
        const std::uint32_t n = static_cast<std::uint32_t>(numbers.size() / 3);
        for (std::uint32_t i = 0; i + 2 < n; i += 3)
            obj += "f " + std::to_string(i + 1) + " " + std::to_string(i + 2) + " " + std::to_string(i + 3) + "\n";
        const ImportResult r = import_text(dir, "exact.obj", obj, any_range());
        REQUIRE(r.level.vertex_count() == n);
        for (std::uint32_t v = 0; v < n; ++v) {
            const Vec3 p = r.level.vertex(v);
            const float want[3] = {std::strtof(numbers[3 * v].c_str(), nullptr),
                                   std::strtof(numbers[3 * v + 1].c_str(), nullptr),
                                   std::strtof(numbers[3 * v + 2].c_str(), nullptr)};
            REQUIRE_MESSAGE(bits(p.x) == bits(want[0]), numbers[3 * v]);
            REQUIRE_MESSAGE(bits(p.y) == bits(want[1]), numbers[3 * v + 1]);
            REQUIRE_MESSAGE(bits(p.z) == bits(want[2]), numbers[3 * v + 2]);
        }
    }

    TEST_CASE("Assimp's OBJ reader is up to an ulp off, which is why OBJ has its own reader") {
        // docs/decisions.md, "Level store": Assimp 5.2's fast_atof does not round
        // correctly. On plainly printed numbers it lands within an ulp.
        const ScratchDir dir("obj_assimp");
        auto rng = levelsweep::test::seeded_rng(1503);
        std::string obj;
        char buf[64];
        const int n = 3 * levelsweep::test::scaled(10000);
        for (int v = 0; v < n; ++v) {
            obj += "v";
            for (int k = 0; k < 3; ++k) {
                const double d =
                    std::ldexp(static_cast<double>(rng() >> 8) / (1 << 24), static_cast<int>(rng() % 12) - 4);
                std::snprintf(buf, sizeof buf, rng() % 2 ? " %.9g" : " %.6f", static_cast<float>(d));
                obj += buf;
            }
            obj += "\n";
        }
        for (int v = 0; v < n; v += 3)
            obj += "f " + std::to_string(v + 1) + " " + std::to_string(v + 2) + " " + std::to_string(v + 3) + "\n";
        const auto path = dir.file("plain.obj", obj);
        ImportOptions via_assimp;
        via_assimp.reader = ImportReader::assimp;
        const ImportResult a = import_level(path, via_assimp), r = import_level(path);
        REQUIRE(a.level.triangle_count() == r.level.triangle_count());
        std::size_t off = 0;
        for (std::uint32_t t = 0; t < a.level.triangle_count(); ++t)
            for (int k = 0; k < 3; ++k) {
                const Vec3 p = a.level.corner(t, k), q = r.level.corner(t, k);
                for (int axis = 0; axis < 3; ++axis) {
                    const float x = component(p, axis), y = component(q, axis);
                    off += x == y ? 0 : 1;
                    CHECK((x == y || x == std::nextafter(y, 1e30f) || x == std::nextafter(y, -1e30f)));
                }
            }
        MESSAGE(off << " of " << 9 * a.level.triangle_count() << " coordinates differ through Assimp's OBJ reader");
    }

    TEST_CASE("OBJ: texture and normal references, negative indices, polygons, lines, continuations") {
        const ScratchDir dir("obj_syntax");
        const std::string obj =
            "# a comment\n"
            "mtllib x.mtl\n"
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\n"
            "vt 0 0\nvn 0 0 1\n"
            "f 1/1/1 2/1/1 3/1/1\n"        // v/vt/vn
            "f 1//1 3//1 4//1\r\n"         // v//vn, CRLF
            "f -4 -3 -2 -1\n"              // a quad by negative indices: two triangles
            "l 1 2\np 3\n"                 // skipped
            "f 1 2 \\\n 4  # continued\n"  // a continued line
            "s off\n";
        const ImportResult r = import_text(dir, "syntax.obj", obj);
        REQUIRE(r.level.triangle_count() == 5);
        const std::uint32_t expect[5][3] = {{0, 1, 2}, {0, 2, 3}, {0, 1, 2}, {0, 2, 3}, {0, 1, 3}};
        for (std::uint32_t t = 0; t < 5; ++t)
            for (int k = 0; k < 3; ++k) CHECK(r.level.corner_index(t, k) == expect[t][k]);
        CHECK(r.report.reader == "obj");
        CHECK(r.report.faces == 4);
        CHECK(r.report.polygons_split == 1);
        CHECK(r.report.skipped_elements == 2);
        CHECK(r.report.duplicate == 2);  // triangles 2 and 3 repeat 0 and 1, kept
    }

    TEST_CASE("OBJ: degenerate and duplicate triangles are kept and counted") {
        const ScratchDir dir("obj_degenerate");
        const ImportResult r = import_text(dir, "d.obj",
                                           "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 1 0\n"
                                           "f 1 2 3\n"  // collinear
                                           "f 1 1 4\n"  // a repeated corner
                                           "f 1 2 4\n"
                                           "f 2 4 1\n"    // the same corners, rotated
                                           "f 1 4 2\n");  // the same corners, flipped
        CHECK(r.level.triangle_count() == 5);
        CHECK(r.report.degenerate == 2);
        CHECK(r.report.duplicate == 2);
    }

    TEST_CASE("OBJ errors name the file and the line") {
        const ScratchDir dir("obj_errors");
        CHECK(import_error(dir, "a.obj", "v 0 0 0\nv 1 x 0\n")
                  .find("a.obj:2: vertex coordinate 'x' is not a finite float32") != std::string::npos);
        CHECK(import_error(dir, "b.obj", "v 0 0\n").find("b.obj:1: a vertex needs three coordinates") !=
              std::string::npos);
        CHECK(import_error(dir, "c.obj", "v 0 0 0\nv 1 0 0\n\nf 1 2 3\n")
                  .find("c.obj:4: vertex reference 3 is out of range (2 vertices so far)") != std::string::npos);
        CHECK(import_error(dir, "d.obj", "v 0 0 0\nf 0 1 1\n").find("d.obj:2: bad vertex reference '0'") !=
              std::string::npos);
        CHECK(import_error(dir, "e.obj", "v 0 0 0\nf -2 1 1\n").find("out of range") != std::string::npos);
        CHECK(import_error(dir, "f.obj", "v nan 0 0\n").find("f.obj:1:") != std::string::npos);
        CHECK(import_error(dir, "g.obj", "v 1e39 0 0\n").find("'1e39' is not a finite float32") != std::string::npos);
        try {
            (void)import_level(dir / "missing.obj");
            FAIL("imported a missing file");
        } catch (const ImportError& e) {
            CHECK(std::string(e.what()).find("missing.obj: cannot open") != std::string::npos);
        }
    }

    TEST_CASE("flags by material or group name, and material ids") {
        const ScratchDir dir("obj_flags");
        const std::string obj =
            "v 0 0 0\nv 1 0 0\nv 0 1 0\n"
            "f 1 2 3\n"  // no group, no material
            "g street\nusemtl asphalt\nf 1 2 3\n"
            "g fence_north\nusemtl metal\nf 1 2 3\n"
            "g trigger\nf 1 2 3\n"  // still metal
            "o glass_box\nusemtl glass\nf 1 2 3\n"
            "g wall fence\nusemtl asphalt\nf 1 2 3\n";  // two group names
        ImportOptions o;
        o.rules = {
            {"fence*", tri_flags::two_sided, 0}, {"trigger", 0, tri_flags::enabled}, {"gl?ss", tri_flags::special, 0}};
        o.material_ids = {{"metal", 77}};
        const ImportResult r = import_text(dir, "flags.obj", obj, o);
        REQUIRE(r.level.triangle_count() == 6);
        const std::uint16_t flags[6] = {0x1, 0x1, 0x3, 0x0, 0x9, 0x3};
        const std::uint16_t materials[6] = {0, 1, 77, 77, 2, 1};
        for (std::uint32_t t = 0; t < 6; ++t) {
            CHECK(r.level.flags(t) == flags[t]);
            CHECK(r.level.material(t) == materials[t]);
        }
        CHECK(r.report.rule_matches == std::vector<std::size_t>{2, 1, 1});
        CHECK(r.report.materials == std::vector<std::string>{"", "asphalt", "glass"});
    }

    TEST_CASE("glob patterns") {
        CHECK(glob_match("*", ""));
        CHECK(glob_match("fence*", "fence_north"));
        CHECK(glob_match("*north", "fence_north"));
        CHECK(glob_match("f*n*h", "fence_north"));
        CHECK(glob_match("gl?ss", "glass"));
        CHECK_FALSE(glob_match("gl?ss", "glss"));
        CHECK_FALSE(glob_match("fence", "fence_north"));
        CHECK_FALSE(glob_match("*x", "fence"));
        CHECK(glob_match("a*b*c", "aXbYbZc"));
    }

    TEST_CASE("up axis and scale") {
        const ScratchDir dir("obj_axes");
        // A floor in the x-z plane of a y-up file, front face up (+y).
        const std::string obj = "v 0 0 0\nv 0 0 -2\nv 3 0 0\nv 1.5 0.25 -0.75\nf 1 3 2\n";
        ImportOptions y;
        y.up = UpAxis::y;
        const ImportResult r = import_text(dir, "yup.obj", obj, y);
        CHECK(r.level.vertex(1) == Vec3{0, 2, 0});
        CHECK(r.level.vertex(3) == Vec3{1.5f, 0.75f, 0.25f});
        CHECK(r.level.normal(0) == Vec3{0, 0, 1});  // the up face stays up
        ImportOptions x;
        x.up = UpAxis::x;
        CHECK(import_text(dir, "xup.obj", obj, x).level.vertex(3) == Vec3{0.25f, -0.75f, 1.5f});
        ImportOptions s;
        s.scale = 0.0254f;
        const ImportResult scaled = import_text(dir, "scaled.obj", obj, s);
        CHECK(bits(scaled.level.vertex(3).x) == bits(1.5f * 0.0254f));
        CHECK(bits(scaled.level.vertex(1).z) == bits(-2.0f * 0.0254f));
        s.scale = 1e38f;
        CHECK_THROWS_AS((void)import_text(dir, "huge.obj", obj, s), ImportError);  // beyond the working range
        s.allow_beyond_working_range = true;
        CHECK_THROWS_AS((void)import_text(dir, "huge.obj", obj, s), LevelBuildError);  // and beyond what a grid spans
        s.allow_beyond_working_range = false;
        s.scale = -1.0f;  // a mirror would turn every face inside out
        CHECK_THROWS_AS((void)import_text(dir, "mirror.obj", obj, s), ImportError);
    }

    TEST_CASE("ASCII PLY is bit-exact, other properties and elements are read past") {
        const ScratchDir dir("ply_ascii");
        auto rng = levelsweep::test::seeded_rng(1502);
        const auto numbers = tricky_numbers(rng, 3 * 3000);
        const std::size_t n = numbers.size() / 3;
        std::ostringstream ply;
        ply << "ply\nformat ascii 1.0\ncomment made by a test\nelement vertex " << n
            << "\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty double w\n"
            << "element face " << n / 4 << "\nproperty list uchar int vertex_indices\nproperty int flags\n"
            << "element edge 1\nproperty int vertex1\nproperty int vertex2\nend_header\n";
        for (std::size_t v = 0; v < n; ++v)
            ply << numbers[3 * v] << ' ' << numbers[3 * v + 1] << ' ' << numbers[3 * v + 2] << " 255 0.5\n";
        for (std::size_t f = 0; f < n / 4; ++f)
            ply << "4 " << 4 * f << ' ' << 4 * f + 1 << ' ' << 4 * f + 2 << ' ' << 4 * f + 3 << " 7\n";
        ply << "0 1\n";
        const ImportResult r = import_text(dir, "a.ply", ply.str(), any_range());
        REQUIRE(r.level.vertex_count() == n);
        CHECK(r.level.triangle_count() == 2 * (n / 4));
        CHECK(r.report.reader == "ply");
        CHECK(r.report.polygons_split == n / 4);
        for (std::uint32_t v = 0; v < n; ++v) {
            REQUIRE(bits(r.level.vertex(v).x) == bits(std::strtof(numbers[3 * v].c_str(), nullptr)));
            REQUIRE(bits(r.level.vertex(v).z) == bits(std::strtof(numbers[3 * v + 2].c_str(), nullptr)));
        }
        CHECK(r.level.corner_index(1, 2) == 3);
    }

    TEST_CASE("binary PLY in both byte orders, double coordinates rounded once") {
        const ScratchDir dir("ply_binary");
        for (const bool little : {true, false}) {
            std::string body;
            const auto put = [&](const void* p, std::size_t n) {
                const char* c = static_cast<const char*>(p);
                for (std::size_t i = 0; i < n; ++i) body += c[little ? i : n - 1 - i];
            };
            const float xs[4] = {0.1f, 1.0f, 1.0f, 0.0f}, ys[4] = {0.0f, 0.0f, 1.0f, 1.0f};
            const double zs[4] = {0.3, 0.25, -1e-3, 2.0};
            for (int v = 0; v < 4; ++v) {
                put(&xs[v], 4);
                put(&ys[v], 4);
                put(&zs[v], 8);
                const std::uint8_t pad = 9;
                put(&pad, 1);
            }
            const std::uint8_t four = 4;
            const std::int32_t idx[4] = {0, 1, 2, 3};
            put(&four, 1);
            for (std::int32_t i : idx) put(&i, 4);
            const std::string header =
                std::string("ply\nformat ") + (little ? "binary_little_endian" : "binary_big_endian") +
                " 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty double z\n"
                "property uchar s\nelement face 1\nproperty list uchar int vertex_index\nend_header\n";
            const ImportResult r = import_text(dir, little ? "le.ply" : "be.ply", header + body);
            REQUIRE(r.level.triangle_count() == 2);
            CHECK(r.level.vertex(0) == Vec3{0.1f, 0.0f, static_cast<float>(0.3)});
            CHECK(r.level.vertex(2) == Vec3{1.0f, 1.0f, static_cast<float>(-1e-3)});
            CHECK(r.level.corner_index(1, 2) == 3);
            const std::string cut = header + body.substr(0, body.size() - 3);
            CHECK(import_error(dir, "cut.ply", cut).find("the file ends early") != std::string::npos);
        }
        CHECK(import_error(dir, "bad.ply",
                           "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\n"
                           "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n"
                           "0 0 0\n3 0 0 1\n")
                  .find("bad.ply: line 11: face 0 refers to vertex 1, out of range (1 vertices)") != std::string::npos);
        CHECK(import_error(dir, "notply.ply", "solid x\n").find("not a PLY file") != std::string::npos);
    }

    TEST_CASE("glTF through Assimp: buffers bit for bit, node transforms, node and material names") {
        const ScratchDir dir("gltf");
        // Four corners of a unit square (z up) and two triangles.
        const float positions[12] = {0.1f, 0.2f, 0.3f, 1.1f, 0.2f, 0.3f, 1.1f, 1.2f, 0.3f, 0.1f, 1.2f, 0.3f};
        const std::uint16_t indices[6] = {0, 1, 2, 0, 2, 3};
        std::string bin(reinterpret_cast<const char*>(positions), sizeof positions);
        bin.append(reinterpret_cast<const char*>(indices), sizeof indices);
        dir.file("mesh.bin", bin);
        const std::string gltf = R"({
  "asset": {"version": "2.0"},
  "scene": 0,
  "scenes": [{"nodes": [0, 1]}],
  "nodes": [{"name": "floor", "mesh": 0}, {"name": "fence_a", "mesh": 0, "translation": [10, 0, 0]}],
  "materials": [{"name": "concrete"}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "material": 0}]}],
  "buffers": [{"byteLength": 60, "uri": "mesh.bin"}],
  "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 12}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0.1, 0.2, 0.3], "max": [1.1, 1.2, 0.3]},
                {"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"}]
})";
        ImportOptions o;
        o.rules = {{"fence*", tri_flags::two_sided, 0}};
        const ImportResult r = import_level(dir.file("scene.gltf", gltf), o);
        CHECK(r.report.reader == "assimp");
        REQUIRE(r.level.triangle_count() == 4);
        // The untransformed instance: the buffer's floats bit for bit.
        for (std::uint32_t t = 0; t < 2; ++t)
            for (int k = 0; k < 3; ++k) {
                const std::uint16_t i = indices[3 * t + static_cast<std::uint32_t>(k)];
                CHECK(r.level.corner(t, k) == Vec3{positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]});
            }
        // The translated instance: x + 10 in double, rounded once.
        CHECK(r.level.corner(2, 1) == Vec3{static_cast<float>(10.0 + static_cast<double>(1.1f)), 0.2f, 0.3f});
        CHECK(r.level.flags(0) == tri_flags::enabled);
        CHECK(r.level.flags(3) == (tri_flags::enabled | tri_flags::two_sided));
        CHECK(r.report.rule_matches == std::vector<std::size_t>{2});
        CHECK(r.report.materials == std::vector<std::string>{"concrete"});
        CHECK(r.level.normal(0).z > 0.99f);
    }

    TEST_CASE("a generated level survives OBJ and back unchanged") {
        const ScratchDir dir("obj_round_trip");
        const Level level =
            generate_street_level({31, static_cast<std::uint32_t>(levelsweep::test::scaled(200000)), std::nullopt})
                .level;
        const ImportResult r = import_text(dir, "street.obj", levelsweep::test::level_to_obj(level));
        REQUIRE(r.level.triangle_count() == level.triangle_count());
        CHECK(r.level.arrays().x == level.arrays().x);
        CHECK(r.level.arrays().y == level.arrays().y);
        CHECK(r.level.arrays().z == level.arrays().z);
        CHECK(r.level.arrays().i0 == level.arrays().i0);
        CHECK(r.level.arrays().i2 == level.arrays().i2);
        CHECK(r.level.grid().cell_size() == level.grid().cell_size());
    }
}
