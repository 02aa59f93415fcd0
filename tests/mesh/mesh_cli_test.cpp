// levelsweep import, generate and info through the CLI binary, and the real
// level dm6ish imported bit for bit.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.hpp"
#include "levelsweep/generate.hpp"
#include "levelsweep/import.hpp"
#include "levelsweep/level_file.hpp"
#include "mesh_file_support.hpp"
#include "mesh_import_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using levelsweep::test::Bytes;
using levelsweep::test::json_lines;
using levelsweep::test::run_cli;
using levelsweep::test::ScratchDir;

namespace {

// Runs the CLI with standard error in the output (run_cli drops it).
levelsweep::test::CliResult run_cli_with_errors(const std::string& args) {
    const std::string cmd = std::string(LEVELSWEEP_CLI_PATH) + " " + args + " 2>&1 </dev/null";
    levelsweep::test::CliResult r;
    if (FILE* p = ::popen(cmd.c_str(), "r")) {
        char buf[4096];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
        const int status = ::pclose(p);
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    return r;
}

nlohmann::json info_json(const std::string& path) {
    const auto r = run_cli("info --json " + path);
    REQUIRE(r.exit_code == 0);
    const auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 1);
    return lines[0];
}

std::string hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
    return buf;
}

// The OBJ's own triangles: every "v" coordinate by strtof, every "f" by its
// indices (the dm6ish file has only v and f lines).
struct ObjText {
    std::vector<Vec3> v;
    std::vector<std::array<std::uint32_t, 3>> f;
};
ObjText read_obj_plainly(const std::string& path) {
    ObjText out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string key, a, b, c;
        words >> key >> a >> b >> c;
        if (key == "v")
            out.v.push_back(
                {std::strtof(a.c_str(), nullptr), std::strtof(b.c_str(), nullptr), std::strtof(c.c_str(), nullptr)});
        if (key == "f")
            out.f.push_back({static_cast<std::uint32_t>(std::stoul(a) - 1),
                             static_cast<std::uint32_t>(std::stoul(b) - 1),
                             static_cast<std::uint32_t>(std::stoul(c) - 1)});
    }
    return out;
}

void check_bit_identical(const Level& level, const ObjText& obj) {
    REQUIRE(level.triangle_count() == obj.f.size());
    std::size_t differ = 0;
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t)
        for (int k = 0; k < 3; ++k) {
            const Vec3 p = level.corner(t, k), q = obj.v[obj.f[t][static_cast<std::size_t>(k)]];
            if (std::bit_cast<std::uint32_t>(p.x) != std::bit_cast<std::uint32_t>(q.x) ||
                std::bit_cast<std::uint32_t>(p.y) != std::bit_cast<std::uint32_t>(q.y) ||
                std::bit_cast<std::uint32_t>(p.z) != std::bit_cast<std::uint32_t>(q.z))
                ++differ;
        }
    CHECK(differ == 0);
}

}  // namespace

TEST_SUITE("mesh cli") {
    TEST_CASE("the real level dm6ish imports bit for bit, and info describes it") {
        const std::string obj = test::shared_level("dm6ish_m_zup.obj");
        const ObjText text = read_obj_plainly(obj);
        CHECK(text.f.size() == 5911);
        const ImportResult direct = import_level(obj);
        check_bit_identical(direct.level, text);
        CHECK(direct.report.degenerate > 0);  // kept, as the README says
        CHECK(direct.report.duplicate > 0);

        const ScratchDir dir("dm6ish");
        const std::string lvl = (dir / "dm6ish.lvl").string();
        const auto r = run_cli("import " + obj + " " + lvl);
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("5911 triangles") != std::string::npos);
        const Level loaded = load_level(lvl);
        check_bit_identical(loaded, text);
        const nlohmann::json info = info_json(lvl);
        CHECK(info["triangles"] == 5911);
        CHECK(info["vertices"] == 3594);
        CHECK(info["degenerate"] == direct.report.degenerate);
        CHECK(info["duplicate"] == direct.report.duplicate);
        CHECK(info["checksum"] == hex(direct.level.checksum()));
        CHECK(info["flags"]["enabled"] == 5911);
        CHECK(info["bounds"]["min"][0].get<float>() == loaded.bounds_min().x);
    }

    TEST_CASE("info --startup times a level's load and its batch level, in text and JSON") {
        const std::string lvl = LEVELSWEEP_SOURCE_DIR "/data/levels/street_10k.lvl";
        const auto j = nlohmann::json::parse(run_cli("info --json --startup " + lvl).out);
        REQUIRE(j.contains("startup"));
        CHECK(j["startup"]["load_ms"].get<double>() > 0.0);
        CHECK(j["startup"]["batch_level_ms"].get<double>() > 0.0);
        CHECK(j["startup"]["hierarchy_ms"].get<double>() > 0.0);
        CHECK(j["startup"]["runner_ms"].get<double>() >= 0.0);  // apart from the level's parts
        CHECK(j["startup"]["threads"] == 1);
        CHECK_FALSE(
            info_json(lvl).contains("startup"));  // only when asked: info's output is otherwise the file's alone
        const auto text = run_cli("info --startup " + lvl);
        CHECK(text.exit_code == 0);
        CHECK(text.out.find("start-up    load ") != std::string::npos);
        CHECK(text.out.find("threads started") != std::string::npos);
    }

    TEST_CASE("generate writes the library's level, and info reads it") {
        const ScratchDir dir("generate_cli");
        const std::string lvl = (dir / "s.lvl").string(), features = (dir / "f.json").string();
        const auto r = run_cli("generate " + lvl + " --seed 9 --triangles 2000 --features " + features);
        REQUIRE(r.exit_code == 0);
        const StreetLevel s = generate_street_level({9, 2000, std::nullopt});
        const nlohmann::json info = info_json(lvl);
        CHECK(info["checksum"] == hex(s.level.checksum()));
        CHECK(info["triangles"] == s.level.triangle_count());
        CHECK(info["grid"]["dims"][0] == s.level.grid().nx());
        CHECK(info["flags"]["two_sided"] == 24);
        CHECK(info["flags"]["special"] == 20);
        CHECK(info["flags"]["disabled"] == 4);
        std::size_t cells = 0;
        for (const auto& row : info["triangles_per_cell"]) cells += row["cells"].get<std::size_t>();
        CHECK(cells == s.level.grid().cell_count());
        std::ifstream in(features);
        const nlohmann::json f = nlohmann::json::parse(in);
        REQUIRE(f.size() == s.features.size());
        const LevelFeature post = s.of(FeatureKind::post)[1];
        bool found = false;
        for (const auto& j : f)
            if (j["kind"] == "post" && j["block"] == 1) {
                found = true;
                CHECK(j["min"][0].get<float>() == post.min.x);
                CHECK(j["first_triangle"] == post.first_triangle);
                CHECK(j["material"] == 16);
            }
        CHECK(found);

        const auto cell = run_cli("generate " + lvl + " --triangles 1000 --cell-size 2.5");
        REQUIRE(cell.exit_code == 0);
        CHECK(info_json(lvl)["grid"]["cell_size"][1] == 2.5);
    }

    TEST_CASE(
        "import and generate store the hierarchy (version 2), --no-hierarchy does not, a level file is upgraded") {
        const ScratchDir dir("hierarchy_cli");
        const std::string v2 = (dir / "v2.lvl").string(), v1 = (dir / "v1.lvl").string(),
                          up = (dir / "up.lvl").string(), down = (dir / "down.lvl").string();
        REQUIRE(run_cli("generate " + v2 + " --seed 4 --triangles 3000").exit_code == 0);
        REQUIRE(run_cli("generate " + v1 + " --seed 4 --triangles 3000 --no-hierarchy").exit_code == 0);
        const Level stored = load_level(v2), plain = load_level(v1);
        CHECK(stored.checksum() == plain.checksum());
        CHECK(plain.stored_hierarchy().empty());
        const std::size_t nodes = stored.stored_hierarchy().size();
        CHECK(nodes > 0);
        CHECK(info_json(v2)["hierarchy"]["stored"] == true);
        CHECK(info_json(v2)["hierarchy"]["nodes"] == nodes);
        CHECK(info_json(v1)["hierarchy"]["stored"] == false);
        // A level file as import's input: written again with its hierarchy, or without.
        const auto r = run_cli("import " + v1 + " " + up);
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("from the level file") != std::string::npos);
        const Level upgraded = load_level(up);
        CHECK(upgraded.checksum() == plain.checksum());
        CHECK(stored_hierarchy::words_of(upgraded.stored_hierarchy()) ==
              stored_hierarchy::words_of(stored.stored_hierarchy()));
        REQUIRE(run_cli("import " + v2 + " " + down + " --no-hierarchy").exit_code == 0);
        CHECK(load_level(down).stored_hierarchy().empty());
        const auto refused = run_cli_with_errors("import " + v1 + " " + (dir / "x.lvl").string() + " --scale 2");
        CHECK(refused.exit_code != 0);
        CHECK(refused.out.find("is a level file: --reader, --up, --scale") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(dir / "x.lvl"));
        // info --startup says how the hierarchy was made ready.
        const auto j = nlohmann::json::parse(run_cli("info --json --startup " + v2).out);
        CHECK(j["startup"]["hierarchy_ms"].get<double>() >= 0.0);
        CHECK(run_cli("info --startup " + v2).out.find("(stored)") != std::string::npos);
        CHECK(run_cli("info --startup " + v1).out.find("(built)") != std::string::npos);
    }

    TEST_CASE("import applies the scale, the up axis, the cell size and the flag rules") {
        const ScratchDir dir("import_cli");
        const std::string obj = dir.file("m.obj",
                                         "v 0 0 0\nv 2 0 0\nv 0 0 -2\n"
                                         "g fence\nf 1 2 3\n"
                                         "g trigger\nusemtl water\nf 1 2 3\n"
                                         "g crate\nusemtl glass\nf 1 2 3\n")
                                    .string();
        const std::string lvl = (dir / "m.lvl").string();
        const auto r = run_cli("import " + obj + " " + lvl +
                               " --up y --scale 0.5 --cell-size 0.25 --two-sided 'fen*' --disabled trigger"
                               " --special glass --material glass=41");
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("rule 'fen*': 1 triangles") != std::string::npos);
        const Level level = load_level(lvl);
        REQUIRE(level.triangle_count() == 3);
        CHECK(level.vertex(2) == Vec3{0, 1, 0});
        CHECK(level.normal(0).z == 1.0f);
        CHECK(level.grid().cell_size() == Vec3{0.25f, 0.25f, 0.25f});
        CHECK(level.flags(0) == (tri_flags::enabled | tri_flags::two_sided));
        CHECK(level.flags(1) == 0);
        CHECK(level.flags(2) == (tri_flags::enabled | tri_flags::special));
        CHECK(level.material(0) == 0);
        CHECK(level.material(1) == 1);
        CHECK(level.material(2) == 41);
    }

    TEST_CASE("bad files: a non-zero exit and a message naming the file, the offset and the reason") {
        const ScratchDir dir("cli_errors");
        Bytes bytes = serialize_level(generate_street_level({1, 1000, std::nullopt}).level);
        levelsweep::test::set_le(bytes, 8, 9, 4);
        const auto bad = dir / "bad.lvl";
        std::ofstream(bad, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        const auto r = run_cli_with_errors("info " + bad.string());
        CHECK(r.exit_code != 0);
        CHECK(r.out.find(bad.string() + ": byte 8: unsupported version 9") != std::string::npos);

        const auto missing = run_cli_with_errors("info " + (dir / "none.lvl").string());
        CHECK(missing.exit_code != 0);
        CHECK(missing.out.find("none.lvl: byte 0: cannot open") != std::string::npos);

        const std::string obj = dir.file("broken.obj", "v 0 0 0\nf 1 2 3\n").string();
        const auto imp = run_cli_with_errors("import " + obj + " " + (dir / "x.lvl").string());
        CHECK(imp.exit_code != 0);
        CHECK(imp.out.find("broken.obj:2: vertex reference 2 is out of range") != std::string::npos);
    }
}
