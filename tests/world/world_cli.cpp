// The scene file and scene lines on the command line: `levelsweep query
// --scene` answers world queries and applies edits in their place among mesh
// queries, and `levelsweep replay --scene` gives the same answers from a
// recorded (gzipped) file, on any number of threads (docs/formats.md, "The
// scene file").
#include <fstream>
#include <zlib.h>

#include "cli_support.hpp"
#include "support.hpp"

using namespace levelsweep::test;
using nlohmann::json;

namespace {

const char* const scene_text = R"({"levelsweep_scene": 1,
 "owners": [{"id": 20}, {"id": 9}, {"id": 30}],
 "bodies": [
  {"id": 1, "owner": 20, "flags": "0x2", "type": "0x40",
   "chain": [{"id": 100, "flags": "0x5", "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [10, 5, 0]}}],
   "strikes": [{"id": 119, "flags": "0x3", "shape": {"type": "sphere", "r": 0.09, "C": [12, 3.95, 0.5]},
                "previous": [12, 3.75, 0.5]}]},
  {"id": 2, "owner": 9, "flags": "0x2211a", "type": "0x8",
   "chain": [{"id": 11, "shape": {"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "P": [12, 5, 0.5], "half": [2, 1, 0.5]}}]},
  {"id": 3, "owner": 30, "flags": "0x4", "type": "0x8",
   "chain": [{"id": 31, "shape": {"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "P": [7, 5, 0.5], "half": [0.5, 0.5, 0.5]}}]}
 ]})";

const char* const lines_text = R"({"kind": "gather", "box": {"min": [8, 3, 0], "max": [14, 7, 2]}}
{"kind": "strikes", "body": 1}
{"kind": "sweep_human", "body": 1, "move": [-0.5, 0, 0]}
{"kind": "move_body", "body": 1, "move": [-1.8, 0, 0]}
{"kind": "sweep_human", "body": 1, "move": [-0.5, 0, 0]}
{"kind": "sphere_overlap", "centre": [5, 5, 0.3], "radius": 0.5}
{"kind": "strikes", "body": 7}
{"kind": "strikes"}
{"kind": "overlap_shape", "shape": {"type": "sphere", "r": 2, "C": [8.2, 5, 1]}, "options": "0x12", "type_mask": "0x8", "max": 32}
{"kind": "remove_body", "body": 3}
{"kind": "overlap_shape", "shape": {"type": "sphere", "r": 2, "C": [8.2, 5, 1]}, "options": "0x12", "type_mask": "0x8", "max": 32}
{"kind": "teleport"}
)";

std::string level_path() { return std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl"; }

std::filesystem::path write_file(const std::string& name, const std::string& text) {
    const auto p = temp_path(name);
    std::ofstream(p) << text;
    return p;
}

std::vector<std::uint32_t> other_owners(const json& answer) {
    std::vector<std::uint32_t> o;
    for (const json& c : answer.at("contacts")) o.push_back(c.at("other_owner").get<std::uint32_t>());
    return o;
}

}  // namespace

TEST_SUITE("world cli") {
    TEST_CASE("levelsweep query --scene: world queries, edits and mesh queries answered in their order") {
        const auto scene = write_file("scene.json", scene_text);
        const auto queries = write_file("scene_lines.jsonl", lines_text);
        const CliResult r = run_cli(join("query ", level_path(), " ", queries.string(), " --scene ", scene.string()));
        REQUIRE(r.exit_code == 0);
        const std::vector<json> a = json_lines(r.out);
        REQUIRE(a.size() == 12);
        CHECK(a[0].at("bodies") == json::array({1, 2}));  // the crate at x 6.5-7.5 is outside the box
        // The hand, from 0.2 m below the car's side to 0.05 m inside: Unit 5's face case.
        REQUIRE(a[1].at("contacts").size() == 1);
        const json& hit = a[1].at("contacts")[0];
        CHECK(hit.at("own_owner") == 20);
        CHECK(hit.at("own_shape") == 119);
        CHECK(hit.at("other_owner") == 9);
        CHECK(hit.at("other_shape") == 11);
        CHECK_NEAR(hit.at("fraction").get<double>(), 0.8);
        CHECK(a[2].at("contacts").empty());  // the crate is 2.15 m away
        CHECK(a[3] == json({{"kind", "move_body"}, {"line", 4}, {"status", "ok"}}));
        REQUIRE(a[4].at("contacts").size() == 1);  // now 0.35 m away: the edit came first
        CHECK_NEAR(a[4].at("contacts")[0].at("fraction").get<double>(), 0.7);
        CHECK(a[4].at("contacts")[0].at("other_owner") == 30);
        CHECK(a[5].at("kind") == "sphere_overlap");  // a mesh query, answered as always
        CHECK(a[5].at("found").get<int>() > 0);
        CHECK(a[6].at("status") == "unknown_body");
        CHECK(a[7].at("error").get<std::string>().find("\"body\"") != std::string::npos);
        CHECK(other_owners(a[8]) == std::vector<std::uint32_t>{30, 9});  // the x-sorted list's order
        CHECK(a[9].at("status") == "ok");
        CHECK(other_owners(a[10]) == std::vector<std::uint32_t>{9});
        CHECK(a[11].at("error").get<std::string>().find("unknown kind") != std::string::npos);
        // Without --scene the scene lines are what they always were: malformed.
        const std::vector<json> plain = json_lines(run_cli(join("query ", level_path(), " ", queries.string())).out);
        REQUIRE(plain.size() == 12);
        CHECK(plain[0].contains("error"));
        CHECK(plain[5].at("kind") == "sphere_overlap");
        std::filesystem::remove(scene);
        std::filesystem::remove(queries);
    }

    TEST_CASE("levelsweep replay --scene: a recorded gzipped stream gives query --scene's answers on 1 and 2 threads") {
        const auto scene = write_file("replay_scene.json", scene_text);
        const auto plain = write_file("replay_scene_lines.jsonl", lines_text);
        const auto gz = temp_path("replay_scene_lines.jsonl.gz");
        gzFile f = ::gzopen(gz.string().c_str(), "wb");
        ::gzwrite(f, lines_text, static_cast<unsigned>(std::string(lines_text).size()));
        ::gzclose(f);
        const std::vector<json> direct =
            json_lines(run_cli(join("query ", level_path(), " ", plain.string(), " --scene ", scene.string())).out);
        std::vector<json> expected;  // the scene lines' answers (not the mesh query, not the unknown kind)
        for (const json& a : direct)
            if (a.at("line") != 6 && a.at("line") != 12) expected.push_back(a);
        REQUIRE(expected.size() == 10);
        for (const int threads : {1, 2}) {
            CAPTURE(threads);
            const auto answers = temp_path("replay_scene_answers.jsonl");
            const auto results = temp_path("replay_scene_results.lsr");
            const CliResult r = run_cli(join("replay ", level_path(), " ", gz.string(), " --scene ", scene.string(),
                                             " --scene-results ", answers.string(), " -o ", results.string(),
                                             " -q --threads ", std::to_string(threads)));
            CHECK(r.exit_code == 0);
            std::ifstream in(answers);
            std::stringstream text;
            text << in.rdbuf();
            CHECK(json_lines(text.str()) == expected);
            CHECK(r.out.find("scene lines by kind and status") != std::string::npos);
            // The result file holds the mesh queries: the overlap and the malformed line.
            const CliResult exported = run_cli(join("export ", results.string()));
            const std::vector<json> records = json_lines(exported.out);
            REQUIRE(records.size() == 3);  // the header line and two records
            std::filesystem::remove(answers);
            std::filesystem::remove(results);
        }
        // --scene-results alone is refused.
        CHECK(run_cli(join("replay ", level_path(), " ", gz.string(), " --scene-results x.jsonl -q")).exit_code != 0);
        // --resume takes --scene (tests/replay/resume_scene_cli.cpp): with no partial file it runs from the start.
        const auto results = temp_path("replay_scene_resumed.lsr");
        const CliResult resumed =
            run_shell(join(std::string(LEVELSWEEP_CLI_PATH), " replay ", level_path(), " ", gz.string(), " --scene ",
                           scene.string(), " -o ", results.string(), " --resume -q 2>&1"));
        CHECK(resumed.exit_code == 0);
        CHECK(resumed.out.find("no interrupted run") != std::string::npos);
        CHECK(std::filesystem::exists(results));
        std::filesystem::remove(results);
        // The scene answers are an output: one that is an input is refused, and the input kept.
        const std::uintmax_t scene_bytes = std::filesystem::file_size(scene);
        const CliResult onto_scene = run_cli(join("replay ", level_path(), " ", gz.string(), " --scene ",
                                                  scene.string(), " --scene-results ", scene.string(), " -q"));
        CHECK(onto_scene.exit_code != 0);
        CHECK(std::filesystem::file_size(scene) == scene_bytes);
        for (const auto& p : {scene, plain, gz}) std::filesystem::remove(p);
    }

    TEST_CASE(
        "levelsweep replay --scene: humans that meet and a hand that strikes one, and --empty-round-sweeps leaves them "
        "apart") {
        // Two humans 2 m apart who block humans (flags 0x6), and a striker whose
        // right hand swings 0.6 m towards the second one's capsule.
        const auto scene = write_file("round_scene.json", R"({"levelsweep_scene": 1,
 "bodies": [
  {"id": 1, "owner": 20, "flags": "0x6", "type": "0x40",
   "chain": [{"id": 100, "flags": "0x5", "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [10, 5, 0]}}]},
  {"id": 2, "owner": 30, "flags": "0x6", "type": "0x40",
   "chain": [{"id": 200, "flags": "0x5", "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [12, 5, 0]}}]},
  {"id": 3, "owner": 40, "flags": "0x2", "type": "0x40",
   "chain": [{"id": 300, "flags": "0x5", "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [13, 8, 0]}}],
   "strikes": [{"id": 319, "flags": "0x3", "shape": {"type": "sphere", "r": 0.09, "C": [12, 5.2, 1]},
                "previous": [12, 5.8, 1]}]}]})");
        const auto lines = write_file("round_lines.jsonl", R"({"kind": "sweep_human", "body": 1, "move": [1.5, 0, 0]}
{"kind": "sweep_human", "body": 2, "move": [-1.5, 0, 0]}
{"kind": "strikes", "body": 3}
{"kind": "move_body", "body": 1, "move": [1.4, 0, 0]}
{"kind": "sweep_human", "body": 1, "move": [0.5, 0, 0]}
{"kind": "sweep_human", "body": 1, "move": [0.0005, 0, 0]}
{"kind": "pose_shape", "body": 1, "index": 0, "shape": {"type": "sphere", "r": 0.35, "C": [11.4, 5, 0.9]}}
{"kind": "sphere_overlap", "centre": [5, 5, 0.3], "radius": 0.5}
)");
        const auto replay = [&](const std::string& flags, const std::string& name) {
            const auto answers = temp_path(name + ".jsonl"), results = temp_path(name + ".lsr");
            const CliResult r =
                run_cli(join("replay ", level_path(), " ", lines.string(), " --scene ", scene.string(),
                             " --scene-results ", answers.string(), " -o ", results.string(), " -q", flags));
            CHECK(r.exit_code == 0);
            std::ifstream in(answers);
            std::stringstream text;
            text << in.rdbuf();
            std::filesystem::remove(answers);
            return std::pair{json_lines(text.str()), results};
        };
        const auto [ours, ours_results] = replay("", "round_ours");
        REQUIRE(ours.size() == 7);
        // They walk into each other: the axes meet 0.7 apart, after 1.3 of the 1.5 m.
        for (const int i : {0, 1}) {
            REQUIRE(ours[i].at("contacts").size() == 1);
            CHECK_NEAR(ours[i].at("contacts")[0].at("fraction").get<double>(), 1.3 / 1.5);
        }
        CHECK(ours[0].at("contacts")[0].at("other_owner") == 30);
        CHECK(ours[1].at("contacts")[0].at("other_owner") == 20);
        const json& normal = ours[0].at("contacts")[0].at("other_normal");
        CHECK_NEAR(normal[0].get<double>(), -1.0);
        CHECK(normal[1] == 0.0);
        CHECK(normal[3] == 1.0);
        // The hand strikes the second human: its surface meets the capsule 0.44 m from the axis.
        REQUIRE(ours[2].at("contacts").size() == 1);
        CHECK(ours[2].at("contacts")[0].at("own_shape") == 319);
        CHECK(ours[2].at("contacts")[0].at("other_shape") == 200);
        CHECK_NEAR(ours[2].at("contacts")[0].at("fraction").get<double>(), 0.36 / 0.6);
        // Moved into the other: a hit at 0 whatever the move, "start inside" and "already touching".
        REQUIRE(ours[4].at("contacts").size() == 1);
        CHECK(ours[4].at("contacts")[0].at("fraction") == 0.0);
        CHECK(ours[4].at("status_bits") == 3);
        // A move with |D|^2 <= 1e-6: the body sweep stops before any pair.
        CHECK(ours[5].at("contacts").empty());
        CHECK(ours[5].at("stats").at("pairs") == 0);
        // A capsule posed as a sphere is refused.
        CHECK(ours[6] == json({{"kind", "pose_shape"}, {"line", 7}, {"status", "bad_shape"}}));

        // The spec's units alone: the same stream, and nobody meets.
        const auto [spec, spec_results] = replay(" --empty-round-sweeps", "round_spec");
        REQUIRE(spec.size() == 7);
        for (const int i : {0, 1, 2, 4}) {
            CHECK(spec[i].at("contacts").empty());
            CHECK(spec[i].at("stats").at("pairs") == 0);
        }
        CHECK(spec[3] == ours[3]);
        CHECK(spec[6] == ours[6]);
        // The result files hold the mesh query; their headers name the switch, and diff shows it.
        const std::vector<json> exported = json_lines(run_cli(join("export ", spec_results.string())).out);
        REQUIRE_FALSE(exported.empty());
        CHECK(exported[0].at("mode") == "faithful+empty_round_sweeps");
        CHECK(exported[0].at("quirks") == "0x007fffff");
        const CliResult d = run_cli(join("diff ", ours_results.string(), " ", spec_results.string()));
        CHECK(d.exit_code == 0);  // the mesh query does not depend on it
        CHECK(d.out.find("faithful+empty_round_sweeps") != std::string::npos);
        for (const auto& p : {scene, lines, ours_results, spec_results}) std::filesystem::remove(p);
    }

    TEST_CASE("levelsweep query --scene: a scene file that cannot be read is refused with the file and the reason") {
        const auto queries = write_file("scene_refused.jsonl", "{\"kind\": \"strikes\", \"body\": 1}\n");
        const auto refused = [&](const std::string& text) {
            const auto scene = write_file("scene_refused.json", text);
            const CliResult r = run_shell(join(LEVELSWEEP_CLI_PATH, " query ", level_path(), " ", queries.string(),
                                               " --scene ", scene.string(), " 2>&1"));
            std::filesystem::remove(scene);
            CHECK(r.exit_code != 0);
            CHECK(r.out.find("scene_refused.json") != std::string::npos);
            return r.out;
        };
        CHECK(refused("{\"bodies\": []}").find("levelsweep_scene") != std::string::npos);
        CHECK(refused("not json").find("not a JSON object") != std::string::npos);
        const std::string nan_body =
            R"({"levelsweep_scene": 1, "bodies": [{"id": 1, "chain": [{"shape": {"type": "sphere", "r": "nan", "C": [0, 0, 0]}}]}]})";
        CHECK(refused(nan_body).find("body 0: non_finite") != std::string::npos);
        const std::string twice = R"({"levelsweep_scene": 1, "bodies": [{"id": 1}, {"id": 1}]})";
        CHECK(refused(twice).find("already in the scene") != std::string::npos);
        const std::string odd_chain =
            R"({"levelsweep_scene": 1, "bodies": [{"id": 1, "chain": [{"shape": {"type": "cone"}}]}]})";
        CHECK(refused(odd_chain).find("\"shape\"") != std::string::npos);
        std::filesystem::remove(queries);
    }

    TEST_CASE(
        "levelsweep query --scene: overlap_shape with option 0x400 and no box answers no_box, not ok with no "
        "contacts") {
        const auto scene = write_file("scene_no_box.json", scene_text);
        // The sphere overlaps the human at x = 10; a box left out must not become one at the origin.
        const auto queries = write_file(
            "scene_no_box.jsonl",
            R"({"kind": "overlap_shape", "shape": {"type": "sphere", "r": 2, "C": [10, 5, 1]}, "options": "0x402"})"
            "\n"
            R"({"kind": "overlap_shape", "shape": {"type": "sphere", "r": 2, "C": [10, 5, 1]}, "options": "0x402", "box": {"min": [8, 3, 0], "max": [12, 7, 2]}})"
            "\n");
        const CliResult r = run_cli(join("query ", level_path(), " ", queries.string(), " --scene ", scene.string()));
        const std::vector<json> a = json_lines(r.out);
        REQUIRE(a.size() == 2);
        CHECK(a[0].at("status") == "no_box");
        CHECK(a[0].at("count") == 0);
        CHECK(a[1].at("status") == "ok");
        CHECK(other_owners(a[1]) == std::vector<std::uint32_t>{20, 9});
        std::filesystem::remove(scene);
        std::filesystem::remove(queries);
    }
}
