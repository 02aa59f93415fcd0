// levelsweep query: JSON Lines in, one result line per query; malformed lines
// get an error object and the run goes on (docs/query.md).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "cli_support.hpp"
#include "levelsweep/level_file.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// The cases' one-triangle level, saved to a file the case's end removes.
class SavedLevel {
public:
    SavedLevel() { save_level(make_level({{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}}), path_); }
    ~SavedLevel() { std::filesystem::remove(path_); }
    SavedLevel(const SavedLevel&) = delete;
    SavedLevel& operator=(const SavedLevel&) = delete;

    std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_ = temp_path("query_cli_T.lvl");
};

}  // namespace

TEST_SUITE("queries cli") {
    TEST_CASE("every kind, a bad line, an unknown kind and a bad radius") {
        const SavedLevel saved;
        const std::string level = saved.path();
        const std::string input =
            R"({"kind": "sphere_sweep", "centre": [-0.4, -0.6, 0.6], "radius": 0.5, "move": [-0.2, 1.8, -1.4], "extra": [1]})"
            "\n"
            R"({"kind": "capsule_sweep", "base": [1, 1, 1.48], "move": [0, 0, -3], "step_height": -2})"
            "\n"
            R"({"kind": "box_sweep", "centre": [1, 1, 2], "half": [0.5, 0.5, 0.5], "move": [0, 0, -3], "options": "0x0"})"
            "\n"
            R"({"kind": "sphere_overlap", "centre": [1, 1, 0.3], "radius": 0.5})"
            "\n"
            R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
            "\n"
            "{not json\n"
            R"({"kind": "cone"})"
            "\n"
            R"({"kind": "sphere_sweep", "centre": [1, 1, 2], "radius": -1, "move": [0, 0, -3]})"
            "\n"
            R"({"kind": "sphere_sweep", "centre": [1, 1], "radius": 1, "move": [0, 0, -3]})"
            "\n";
        const auto r = run_cli("query " + level + " -", input);
        CHECK(r.exit_code == 0);
        const auto lines = json_lines(r.out);
        REQUIRE(lines.size() == 9);
        CHECK(lines[0]["status"] == "ok");
        CHECK_NEAR(lines[0]["contacts"][0]["fraction"].get<double>(), 0.476954);  // row 11, late
        CHECK(lines[1]["contacts"].size() == 1);
        CHECK(lines[1]["contacts"][0]["inside_mask"] == 7);
        CHECK(lines[2]["contacts"][0]["fraction"] == 0.0);  // box I dropped flat: the zero-speed reset
        CHECK_NEAR(lines[3]["contacts"][0]["depth"].get<double>(), 0.2);
        CHECK_NEAR(lines[4]["contacts"][0]["fraction"].get<double>(), 0.5);
        CHECK(lines[5].contains("error"));
        CHECK(lines[5]["line"] == 6);
        CHECK(lines[6]["error"].get<std::string>().find("cone") != std::string::npos);
        CHECK(lines[7]["status"] == "negative_radius");
        CHECK(lines[8]["error"].get<std::string>().find("centre") != std::string::npos);
    }

    TEST_CASE("--mode corrected and --brute-force") {
        const SavedLevel saved;
        const std::string level = saved.path();
        const std::string input =
            R"({"kind": "sphere_sweep", "centre": [-0.4, -0.6, 0.6], "radius": 0.5, "move": [-0.2, 1.8, -1.4]})"
            "\n"
            R"({"kind": "box_sweep", "centre": [1, 1, 2], "half": [0.5, 0.5, 0.5], "move": [0, 0, -3]})"
            "\n";
        const auto corrected = json_lines(run_cli("query " + level + " - --mode corrected", input).out);
        REQUIRE(corrected.size() == 2);
        CHECK_NEAR(corrected[0]["contacts"][0]["fraction"].get<double>(), 0.295703);
        CHECK_NEAR(corrected[1]["contacts"][0]["fraction"].get<double>(), 0.5);
        const auto brute = json_lines(run_cli("query " + level + " - --brute-force", input).out);
        REQUIRE(brute.size() == 2);
        CHECK(brute[0]["stats"]["cells"] == 0);
        CHECK(brute[0]["contacts"] == json_lines(run_cli("query " + level + " -", input).out)[0]["contacts"]);
        CHECK(run_cli("query /no/such/level.lvl -", input).exit_code != 0);
    }

    TEST_CASE("gzipped JSON Lines with a header line are read directly") {
        const SavedLevel saved;
        const std::string level = saved.path();
        const auto gz = temp_path("query_cli.jsonl.gz");
        const std::string text = R"({"levelsweep_queries": 1, "level_checksum": "0x0"})"
                                 "\n"
                                 R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                 "\n";
        REQUIRE(run_shell("printf '%s' '" + text + "' | gzip > " + gz.string()).exit_code == 0);
        const auto lines = json_lines(run_cli("query " + level + " " + gz.string()).out);
        REQUIRE(lines.size() == 1);
        CHECK(lines[0]["line"] == 2);
        CHECK_NEAR(lines[0]["contacts"][0]["fraction"].get<double>(), 0.5);
        std::filesystem::remove(gz);
    }
}

TEST_SUITE("queries cli") {
    TEST_CASE("convert turns a result file into its JSON Lines export, and only that") {
        const SavedLevel saved;
        const std::string level = saved.path();
        const std::string queries = temp_path("convert_q.jsonl").string(),
                          results = temp_path("convert_r.lsr").string(),
                          converted = temp_path("convert_r.jsonl").string();
        std::ofstream(queries) << R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                  "\n";
        REQUIRE(run_cli("replay " + level + " " + queries + " -q -o " + results).exit_code == 0);
        REQUIRE(run_cli("convert " + results + " " + converted).exit_code == 0);
        std::ifstream in(converted);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        CHECK(text == run_cli("export " + results).out);
        const auto lines = json_lines(text);
        REQUIRE(lines.size() == 2);  // the header line, then the query
        CHECK(lines[0]["levelsweep_results"] == 1);
        CHECK_NEAR(lines[1]["contacts"][0]["fraction"].get<double>(), 0.5);
        CHECK(run_cli("convert " + results + " " + temp_path("convert_r.lsq").string()).exit_code != 0);
        for (const auto& f : {queries, results, converted}) std::filesystem::remove(f);
    }
}
