// What levelsweep import refuses rather than making a wrong level of, through
// the CLI and the library: a PLY holding more than its header declares, a file
// with no triangles (empty, random bytes, lines only), and a level beyond the
// kernels' working range (imported only when asked, with a warning); and the
// generator's sizes beyond the range.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "levelsweep/generate.hpp"
#include "levelsweep/import.hpp"
#include "levelsweep/working_range.hpp"
#include "mesh_import_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const char* const ply_header =
    "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
    "element face 1\nproperty list uchar int vertex_indices\nend_header\n";

// Imports `text` as `name` through the CLI: the exit code and what it said.
CliRun import_cli(const ScratchDir& dir, const std::string& name, const std::string& text,
                  const std::string& options = "") {
    return run_cli_both("import " + dir.file(name, text).string() + " " + (dir / "out.lvl").string() + " " + options);
}

}  // namespace

TEST_SUITE("import refusals") {
    TEST_CASE("a PLY holding more vertices or faces than its header declares is refused, ASCII or binary") {
        const ScratchDir dir("ply_more");
        const std::string body = "0 0 0\n4 0 0\n0 4 0\n3 0 1 2\n";
        CHECK(import_cli(dir, "exact.ply", ply_header + body).exit_code == 0);
        CHECK(import_cli(dir, "blank_after.ply", ply_header + body + "\n  \n").exit_code == 0);
        const CliRun faces = import_cli(dir, "faces.ply", ply_header + body + "3 0 2 1\n");
        CHECK(faces.exit_code != 0);
        CHECK(faces.err.find("line 14: data after the elements the header declares (3 vertex, 1 face)") !=
              std::string::npos);
        // A vertex more than declared: read as the face's count, it fails there or is left over.
        CHECK(import_cli(dir, "vertices.ply", std::string(ply_header) + "0 0 0\n4 0 0\n0 4 0\n0 0 1\n3 0 1 2\n")
                  .exit_code != 0);
        std::string binary =
            "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
            "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n";
        const float xyz[9] = {0, 0, 0, 4, 0, 0, 0, 4, 0};
        binary.append(reinterpret_cast<const char*>(xyz), sizeof xyz);
        const char face[13] = {3, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
        binary.append(face, sizeof face);
        CHECK(import_cli(dir, "exact_binary.ply", binary).exit_code == 0);
        const CliRun more = import_cli(dir, "more_binary.ply", binary + std::string(face, sizeof face));
        CHECK(more.exit_code != 0);
        CHECK(more.err.find("byte " + std::to_string(binary.size()) + ": data after the elements") !=
              std::string::npos);
        CHECK_FALSE(std::filesystem::exists(dir / "out.lvl.partial"));
    }

    TEST_CASE(
        "an empty OBJ, random bytes named .obj, an unknown statement and a mesh of lines only are refused, not "
        "imported as empty levels") {
        const ScratchDir dir("obj_nothing");
        auto rng = seeded_rng(1212);
        std::string random_bytes(4096, '\0');
        for (char& c : random_bytes) {
            c = static_cast<char>(rng());
            // One line, so that its NULs are what is refused: under other seeds
            // (test_seed.hpp) a first line without one was refused for itself
            // (an unknown statement, a lone CR).
            if (c == '\n' || c == '\r') c = ' ';
        }
        std::string printable(4096, ' ');
        for (char& c : printable)
            c = static_cast<char>('A' + rng() % 58);  // no blank, newline, '#' or NUL: one long unknown statement
        const std::pair<std::string, std::string> cases[] = {
            {"", "no triangles"},
            {random_bytes, "a NUL byte: this is not an OBJ text file"},
            {printable,
             "nothing.obj:1: unknown statement '" + printable.substr(0, 40) + "...': what it holds would be lost"},
            {"v 0 0 0\nv 1 0 0\nl 1 2\np 1\n",
             "no triangles (faces read: 0; points, lines and faces of fewer than three corners: 2)"},
        };
        for (const auto& c : cases) {
            const std::string& text = c.first;
            const std::string& says = c.second;
            CAPTURE(says);
            const CliRun r = import_cli(dir, "nothing.obj", text);
            CHECK(r.exit_code != 0);
            CHECK_MESSAGE(r.err.find(says) != std::string::npos, r.err);
            CHECK_FALSE(std::filesystem::exists(dir / "out.lvl"));
        }
        // The same with a PLY that declares no faces.
        const CliRun ply = import_cli(dir, "points.ply",
                                      "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\n"
                                      "property float z\nend_header\n0 0 0\n");
        CHECK(ply.exit_code != 0);
        CHECK(ply.err.find("no triangles") != std::string::npos);
    }

    TEST_CASE("a level beyond the working range is refused, or imported with a warning when asked") {
        const ScratchDir dir("range_import");
        const std::string square = "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n";
        CHECK(import_cli(dir, "near.obj", "v 16380 0 0\nv 16384 0 0\nv 16380 4 0\nf 1 2 3\n").exit_code ==
              0);  // inside, to its edge
        CHECK(import_cli(dir, "edge.obj", "v 0 0 0\nv 1024 0 0\nv 512 886 0\nf 1 2 3\n").exit_code ==
              0);  // edges up to 1024 m
        const CliRun scaled = import_cli(dir, "far.obj", square, "--scale 1e9");
        CHECK(scaled.exit_code != 0);
        CHECK(scaled.err.find("vertex 1 is at (4e+09, 0, 0), beyond the working range of +-16384 m") !=
              std::string::npos);
        CHECK(scaled.err.find("--allow-beyond-working-range") != std::string::npos);
        // Inside the range, but a triangle too large for the kernels to answer near its edges.
        const CliRun large = import_cli(dir, "large.obj", "v 0 0 0\nv 2000 0 0\nv 0 4 0\nf 1 2 3\n");
        CHECK(large.exit_code != 0);
        CHECK(large.err.find("triangle 0 has an edge of 2000 m, longer than the working range's 1024 m") !=
              std::string::npos);
        // Asked for: imported, with a warning, and info says where it lies beyond.
        const CliRun allowed = import_cli(dir, "far.obj", square, "--scale 1e9 --allow-beyond-working-range");
        CHECK(allowed.exit_code == 0);
        CHECK(allowed.err.find("warning") != std::string::npos);
        const CliRun info = run_cli_both("info " + (dir / "out.lvl").string());
        CHECK(info.exit_code == 0);
        CHECK(info.out.find("range       beyond the working range: vertex 1") != std::string::npos);
        // Its queries get the status out_of_range rather than contacts billions of metres off.
        const CliRun query =
            run_cli_both("query " + (dir / "out.lvl").string(),
                         R"({"kind": "sphere_sweep", "centre": [1e9, 1e9, 2], "radius": 0.5, "move": [0, 0, -4]})"
                         "\n");
        CHECK(query.err.find("warning") != std::string::npos);
        const auto lines = json_lines(query.out);
        REQUIRE(lines.size() == 1);
        CHECK(lines[0]["status"] == "out_of_range");
    }

    TEST_CASE("the generator refuses a size whose street would pass the working range, before building anything") {
        GenerateOptions o;
        o.triangles = 4000000000u;  // 4 million blocks: about 56 km on a side
        try {
            (void)generate_street_level(o);
            FAIL("a street beyond the working range was generated");
        } catch (const LevelBuildError& e) {
            CHECK(std::string(e.what()).find("beyond the working range") != std::string::npos);
        }
        o.triangles = 100000000;  // the command line's largest: 9.2 km, inside the range
        const double blocks = 100000, cols = std::ceil(std::sqrt(blocks * 21 / 40));
        CHECK(cols * 40 <= working_range);
        CHECK(std::ceil(blocks / cols) * 21 <= working_range);
    }
}
