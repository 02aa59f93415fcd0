// levelsweep diff and levelsweep export through the CLI: faithful and corrected
// replays of quirk-triggering queries, identical files, different lengths, files
// cut short, other levels, and the text export (docs/diff.md, docs/formats.md).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "levelsweep/isa.hpp"
#include "levelsweep/level_file.hpp"
#include "query_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using nlohmann::json;

namespace {

// Unit 1 row 11's sweep past T's corner (sphere_edge_root_order), a box dropped
// flat onto T (interval_zero_speed_reset), the counter-bug suite's capsule
// (its walk reads past cell 0's list), then three queries no quirk touches.
const char* const queries_text =
    R"({"kind": "sphere_sweep", "centre": [-0.4, -0.6, 0.6], "radius": 0.5, "move": [-0.2, 1.8, -1.4]})"
    "\n"
    R"({"kind": "box_sweep", "centre": [1, 1, 2], "half": [0.5, 0.5, 0.5], "move": [0, 0, -3]})"
    "\n"
    R"({"kind": "capsule_sweep", "base": [-0.9, -0.9, 0.08], "radius": 0.5, "move": [0.6, 1.2, -0.6], "step_height": -0.1})"
    "\n"
    R"({"kind": "sphere_overlap", "centre": [1, 1, 0.3], "radius": 0.5})"
    "\n"
    R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
    "\n"
    R"({"kind": "sphere_sweep", "centre": [1, 1, 1], "radius": 0.5, "move": [0, 0, -2]})"
    "\n";

// T = (0,0,0), (4,0,0), (0,4,0) (moved by `shift` in x and y) alone in cell 0, a far triangle in cell 1.
Level two_cell_level(float shift) {
    return make_level(
        {{{shift, shift, 0}, {4 + shift, shift, 0}, {shift, 4 + shift, 0}}, {{10, 0, 0}, {11, 0, 0}, {10, 1, 0}}},
        Vec3{6.0f, 100.0f, 100.0f});
}

// The level, the queries and the faithful (a) and corrected (b) replays, made once.
struct Files {
    std::string level, other_level, queries, a, b;
};

void remove_files();

const Files& files() {
    static const Files f = [] {
        Files f{temp_path("diff.lvl").string(), temp_path("diff_other.lvl").string(),
                temp_path("diff_q.jsonl").string(), temp_path("diff_a.lsr").string(), temp_path("diff_b.lsr").string()};
        save_level(two_cell_level(0.0f), f.level);
        save_level(two_cell_level(1.625f), f.other_level);  // T no longer under the box or near the sweeps
        write_text(f.queries, queries_text);
        REQUIRE(run_cli("replay " + f.level + " " + f.queries + " -q -o " + f.a).exit_code == 0);
        REQUIRE(run_cli("replay " + f.level + " " + f.queries + " -q --mode corrected -o " + f.b).exit_code == 0);
        return f;
    }();
    [[maybe_unused]] static const int cleanup = std::atexit(remove_files);  // after f: runs before f is destroyed
    return f;
}

void remove_files() {
    const Files& f = files();
    for (const std::string& p : {f.level, f.other_level, f.queries, f.a, f.b}) std::filesystem::remove(p);
}

struct Diff {
    int exit_code;
    json report;
};

Diff diff_json(const std::string& args) {
    const CliResult r = run_cli("diff " + args + " --json");
    return {r.exit_code, r.out.empty() ? json() : json::parse(r.out)};
}

const json* example_for(const json& report, std::uint64_t index) {
    for (const json& e : report["examples"])
        if (e["index"] == index) return &e;
    return nullptr;
}

}  // namespace

TEST_SUITE("diff cli") {
    TEST_CASE("faithful against corrected: each quirk-triggering query differs, and --explain names its switch") {
        const Files& f = files();
        const Diff d = diff_json(f.a + " " + f.b + " --explain " + f.level + " " + f.queries);
        CHECK(d.exit_code == 1);
        const json& r = d.report;
        CHECK(r["compared"] == 6);
        CHECK(r["only_a"] == 0);
        CHECK(r["only_b"] == 0);
        CHECK(r["a"]["mode"] == "faithful");
        CHECK(r["b"]["mode"] == "corrected");
        CHECK(r["warnings"].empty());
        CHECK(r["errors"].empty());

        const json* sphere = example_for(r, 0);
        REQUIRE(sphere);
        CHECK(sphere->at("switches") == json::array({"sphere_edge_root_order"}));
        CHECK(sphere->at("description").get<std::string>().find("fraction 0.476") != std::string::npos);
        const json* box = example_for(r, 1);
        REQUIRE(box);
        CHECK(box->at("switches") == json::array({"interval_zero_speed_reset"}));
        CHECK(box->at("description").get<std::string>().find("fraction 0 vs 0.5") != std::string::npos);
        for (std::uint64_t same = 3; same < 6; ++same) CHECK_FALSE(example_for(r, same));

        // The capsule's late edge root (1.78, dropped) becomes an early one: a contact.
        const json* capsule = example_for(r, 2);
        REQUIRE(capsule);
        CHECK(capsule->at("description") == "count 0 vs 1; found 0 vs 1");
        CHECK(capsule->at("switches") == json::array({"sphere_edge_root_order"}));

        CHECK(r["differing"] == 3);
        const json& x = r["explain"];
        CHECK(x["switches"]["sphere_edge_root_order"] == 2);
        CHECK(x["switches"]["interval_zero_speed_reset"] == 1);
        CHECK(x["switches"]["mesh_cell_counter"] == 0);   // the counter bug changes no contact
        CHECK(x["switches"]["empty_round_sweeps"] == 0);  // toggled and named too; no mesh query depends on it
        CHECK(x["explained"] == 3);
        CHECK(x["unexplained"] == 0);
        CHECK(x["b_set_gives_b"] == 3);  // corrected is B's whole set
        CHECK(x["not_reproduced"] == 0);
        CHECK(x["not_rerun"] == 0);
        CHECK(r["by_aspect"]["fraction"] == 2);
        CHECK(r["by_aspect"]["count"] == 1);
        CHECK(r["by_aspect"]["status"] == 0);
    }

    TEST_CASE("--stats also compares the work counters: the counter-bug capsule's walk differs") {
        const Files& f = files();
        const json plain = diff_json(f.a + " " + f.b).report, stats = diff_json(f.a + " " + f.b + " --stats").report;
        CHECK(stats["by_aspect"]["stats"] >= 1);
        CHECK(plain["by_aspect"]["stats"] == 0);
        CHECK(stats["differing"] >= plain["differing"]);
        const json* capsule = example_for(stats, 2);
        REQUIRE(capsule);
        CHECK(std::find(capsule->at("aspects").begin(), capsule->at("aspects").end(), "stats") !=
              capsule->at("aspects").end());
    }

    TEST_CASE("identical files exit 0, gzipped or not") {
        const Files& f = files();
        const auto gz = temp_path("diff_a.lsr.gz");
        write_gzip(gz, file_text(f.a));
        const Diff d = diff_json(f.a + " " + gz.string());
        CHECK(d.exit_code == 0);
        CHECK(d.report["identical"] == true);
        CHECK(d.report["compared"] == 6);
        CHECK(d.report["differing"] == 0);
        const CliResult text = run_cli("diff " + f.a + " " + f.a);
        CHECK(text.exit_code == 0);
        CHECK(text.out.find("identical") != std::string::npos);
        std::filesystem::remove(gz);
    }

    TEST_CASE("files of different lengths: the longer one's tail is counted") {
        const Files& f = files();
        const auto q4 = temp_path("diff_q4.jsonl"), short_results = temp_path("diff_short.lsr");
        const std::string text = queries_text;
        std::size_t cut = 0;
        for (int line = 0; line < 4; ++line) cut = text.find('\n', cut) + 1;
        write_text(q4, text.substr(0, cut));
        REQUIRE(run_cli("replay " + f.level + " " + q4.string() + " -q -o " + short_results.string()).exit_code == 0);
        const Diff longer = diff_json(f.a + " " + short_results.string());
        CHECK(longer.exit_code == 1);
        CHECK(longer.report["compared"] == 4);
        CHECK(longer.report["differing"] == 0);
        CHECK(longer.report["only_a"] == 2);
        const Diff shorter = diff_json(short_results.string() + " " + f.a);
        CHECK(shorter.report["only_b"] == 2);
        std::filesystem::remove(q4);
        std::filesystem::remove(short_results);
    }

    TEST_CASE("a file cut short is compared up to the cut, named, and exits 2 unless --allow-incomplete") {
        const Files& f = files();
        const auto cut = temp_path("diff_cut.lsr");
        const std::string bytes = file_text(f.a);
        const std::size_t at = bytes.size() - 32 - 10;  // inside the last record, before the 32-byte trailer
        write_text(cut, bytes.substr(0, at));
        const Diff d = diff_json(f.a + " " + cut.string());
        CHECK(d.exit_code == 2);
        CHECK(d.report["compared"] == 5);
        CHECK(d.report["only_a"] == 1);
        REQUIRE(d.report["errors"].size() == 1);
        const std::string error = d.report["errors"][0].get<std::string>();
        CHECK(error.find("incomplete: 5 queries") != std::string::npos);
        CHECK(error.find("byte " + std::to_string(at)) != std::string::npos);
        CHECK(error.find("--allow-incomplete") != std::string::npos);
        // Accepted as a prefix, the records its run never wrote are not differences.
        const Diff allowed = diff_json(f.a + " " + cut.string() + " --allow-incomplete");
        CHECK(allowed.exit_code == 0);
        CHECK(allowed.report["compared"] == 5);
        CHECK(allowed.report["only_a"] == 0);
        CHECK(allowed.report["not_compared"] == 1);
        CHECK(allowed.report["errors"].empty());
        REQUIRE(allowed.report["warnings"].size() == 1);
        CHECK(allowed.report["warnings"][0].get<std::string>().find("incomplete: 5 queries") != std::string::npos);
        // A damaged record is not a prefix to accept.
        std::string flipped = bytes;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
        write_text(cut, flipped);
        CHECK(diff_json(f.a + " " + cut.string() + " --allow-incomplete").exit_code == 2);
        std::filesystem::remove(cut);
    }

    TEST_CASE("unreadable files exit 2, bad options are usage errors") {
        const Files& f = files();
        CHECK(run_cli("diff " + f.a + " /no/such/file.lsr").exit_code == 2);
        CHECK(run_cli("diff " + f.queries + " " + f.a).exit_code == 2);  // JSON Lines, not a result file
        CHECK(run_cli("diff " + f.a + " " + f.b + " --explain /no/such.lvl " + f.queries).exit_code == 2);
        const int usage = run_cli("diff " + f.a + " " + f.b + " --tolerance -1").exit_code;
        CHECK(usage != 0);
        CHECK(usage != 1);
    }

    TEST_CASE("different levels are warned, and a rerun on another level reproduces nothing") {
        const Files& f = files();
        const auto other = temp_path("diff_other.lsr");
        REQUIRE(run_cli("replay " + f.other_level + " " + f.queries + " -q -o " + other.string()).exit_code == 0);
        const Diff d = diff_json(f.a + " " + other.string());
        REQUIRE_FALSE(d.report["warnings"].empty());
        CHECK(d.report["warnings"][0].get<std::string>().find("different levels") != std::string::npos);

        const Diff wrong = diff_json(f.a + " " + f.b + " --explain " + f.other_level + " " + f.queries);
        CHECK(wrong.exit_code == 1);
        // The sphere's and the box's contacts are not there; the capsule's answer
        // (no contact) is the same on both levels, but no switch turns it into B's.
        CHECK(wrong.report["differing"] == 3);
        CHECK(wrong.report["explain"]["not_reproduced"] == 2);
        for (std::uint64_t index : {0, 1}) {
            const json* example = example_for(wrong.report, index);
            REQUIRE(example);
            CHECK(example->at("explain").get<std::string>().find("not reproduced") == 0);
        }
        CHECK(wrong.report["explain"]["explained"] == 0);
        REQUIRE_FALSE(wrong.report["warnings"].empty());
        CHECK(wrong.report["warnings"][0].get<std::string>().find("is not the level A ran on") != std::string::npos);
        std::filesystem::remove(other);
    }

    TEST_CASE("--explain with a query file shorter than the results: the missing queries are not rerun") {
        const Files& f = files();
        const auto q1 = temp_path("diff_q1.jsonl");
        const std::string text = queries_text;
        write_text(q1, text.substr(0, text.find('\n') + 1));
        const Diff d = diff_json(f.a + " " + f.b + " --explain " + f.level + " " + q1.string());
        CHECK(d.report["explain"]["switches"]["sphere_edge_root_order"] == 1);  // query 0 is there
        CHECK(d.report["explain"]["not_rerun"] == d.report["differing"].get<int>() - 1);
        std::filesystem::remove(q1);
    }

    TEST_CASE("the text report: counts, --limit, and the explanation under each query") {
        const Files& f = files();
        const json full = diff_json(f.a + " " + f.b).report;
        const CliResult r = run_cli("diff " + f.a + " " + f.b + " --limit 1 --explain " + f.level + " " + f.queries);
        CHECK(r.exit_code == 1);
        CHECK(r.out.find("queries compared                         6") != std::string::npos);
        CHECK(r.out.find("queries differing                        " + full["differing"].dump()) != std::string::npos);
        CHECK(r.out.find("query 0 (sphere_sweep): contact 0: fraction") != std::string::npos);
        CHECK(r.out.find("explained: toggling sphere_edge_root_order") != std::string::npos);
        CHECK(r.out.find("query 1 (box_sweep)") == std::string::npos);        // past the limit
        CHECK(r.out.find("interval_zero_speed_reset") != std::string::npos);  // still in the tally
        CHECK(r.out.rfind("different\n") == r.out.size() - 10);
    }

    TEST_CASE("levelsweep export: a header line, then one line per query with its status and contacts") {
        const Files& f = files();
        const CliResult r = run_cli("export " + f.a);
        CHECK(r.exit_code == 0);
        const auto lines = json_lines(r.out);
        REQUIRE(lines.size() == 7);
        CHECK(lines[0]["levelsweep_results"] == 1);
        CHECK(lines[0]["mode"] == "faithful");
        CHECK(lines[0]["level_checksum"].get<std::string>().size() == 18);
        CHECK(lines[0]["path"] == "batch");  // replay's default
        CHECK(lines[0]["isa"] == std::string(isa_name(choose_isa("auto"))));
        const char* kinds[] = {"sphere_sweep", "box_sweep", "capsule_sweep", "sphere_overlap", "ray", "sphere_sweep"};
        for (std::size_t i = 0; i < 6; ++i) {
            CHECK(lines[i + 1]["index"] == i);
            CHECK(lines[i + 1]["kind"] == kinds[i]);
            CHECK(lines[i + 1]["status"] == "ok");
        }
        CHECK_NEAR(lines[1]["contacts"][0]["fraction"].get<double>(), 0.476954);  // Unit 1 row 11, late
        CHECK(lines[2]["contacts"][0]["fraction"] == 0.0);                        // the zero-speed reset
        CHECK_NEAR(lines[4]["contacts"][0]["depth"].get<double>(), 0.2);
        CHECK(lines[3]["stats"]["extra_entries"].get<int>() > 0);  // the counter bug's walk

        // The same through -o, from a gzipped copy; a file cut short exports its
        // whole records and exits 3 (to -o: writes nothing) unless --allow-incomplete.
        const auto gz = temp_path("export.lsr.gz"), out = temp_path("export.jsonl"), cut = temp_path("export_cut.lsr");
        write_gzip(gz, file_text(f.a));
        CHECK(run_cli("export " + gz.string() + " -o " + out.string()).exit_code == 0);
        CHECK(file_text(out) == r.out);
        const std::string bytes = file_text(f.a);
        write_text(cut, bytes.substr(0, bytes.size() - 32 - 1));  // inside the last record
        const CliResult c = run_cli("export " + cut.string());
        CHECK(c.exit_code == 3);
        CHECK(json_lines(c.out).size() == 6);
        CHECK(run_cli("export " + cut.string() + " -o " + out.string()).exit_code == 3);
        CHECK(file_text(out) == r.out);  // left as it was
        CHECK(run_cli("export " + cut.string() + " -o " + out.string() + " --allow-incomplete").exit_code == 0);
        CHECK(json_lines(file_text(out)).size() == 6);
        write_text(cut, bytes.substr(0, bytes.size() - 1));  // inside the trailer: every record, still incomplete
        CHECK(run_cli("export " + cut.string()).exit_code == 3);
        CHECK(run_cli("export /no/such.lsr").exit_code != 0);
        for (const auto& p : {gz, out, cut}) std::filesystem::remove(p);
    }
}
