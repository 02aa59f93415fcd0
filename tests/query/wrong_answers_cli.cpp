// No silent wrong answers, through the CLI: a line of invalid UTF-8 costs one
// error line in every reader; integers beyond their range are errors, not
// wrapped; NaN and infinity are refused where a finite number is needed;
// --threads beyond the machine is clamped and reported as run; a file given in
// another's place, or a directory, is named for what it is; queries recorded
// for another level need --force; and a query beyond the working range gets a
// status of its own.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "mesh_import_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using nlohmann::json;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";
const std::string street10k = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl";

const std::string ray = R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})";

// Each output line as JSON (parsing fails on a line that is not valid UTF-8).
std::vector<json> lines_of(const std::string& out) { return json_lines(out); }

// An eval call of the sphere-box table lookup with a table index.
std::string to_box_space(std::uint64_t index) {
    return R"({"kernel": "SphereBox_ToBoxSpace", "inputs": {"A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1], "type": 1, "index": )" +
           std::to_string(index) + "}}";
}

}  // namespace

TEST_SUITE("no silent wrong answers cli") {
    TEST_CASE("a line of invalid UTF-8 costs one error line in query, replay and convert, and the rest run") {
        const ScratchDir dir("utf8_cli");
        // Bad bytes inside a string, as a key, and a lone continuation byte outside any string.
        const std::string bad[] = {"{\"kind\": \"ray\xff\", \"start\": [1, 1, 2]}",
                                   "{\"\xc3\x28\": 1, \"kind\": \"ray\"}", "\x80"};
        for (const std::string& line : bad) {
            const std::string queries = dir.file("q.jsonl", ray + "\n" + line + "\n" + ray + "\n").string();
            const CliRun q = run_cli_both("query " + street + " " + queries);
            CHECK(q.exit_code == 0);
            const auto out = lines_of(q.out);  // every output line is valid JSON (so valid UTF-8)
            REQUIRE(out.size() == 3);
            CHECK(out[0]["status"] == "ok");
            CHECK(out[1]["line"] == 2);
            CHECK(out[1].contains("error"));
            CHECK(out[2]["status"] == "ok");
            const CliRun r = run_cli_both("replay " + street + " " + queries + " -q");
            CHECK(r.exit_code == 0);
            CHECK(r.out.find("malformed records  1") != std::string::npos);
            CHECK(r.err.find("query 1 is malformed: line 2") != std::string::npos);
            const CliRun c = run_cli_both("convert " + queries + " " + (dir / "out.lsq").string());
            CHECK(c.exit_code != 0);  // convert reports skipped records with a failing status
            CHECK(c.out.find("2 queries, 1 malformed") != std::string::npos);
        }
        // eval too: one error line, the rest evaluated.
        const CliRun e = run_cli_both("eval", "{\"kernel\": \"\xff\"}\n" + to_box_space(1) + "\n");
        const auto out = lines_of(e.out);
        REQUIRE(out.size() == 2);
        CHECK(out[0].contains("error"));
        CHECK(out[1].contains("normal"));
    }

    TEST_CASE("integers beyond their range are errors, not wrapped") {
        const std::vector<std::pair<std::string, std::string>> lines = {
            {R"("max_contacts": 4294967297)", "max_contacts"},  // once read as 1
            {R"("max_contacts": 4294967296)", "max_contacts"},  // once read as 0
            {R"("options": 4294967300)", "options"},
            {R"("body_flags": 18446744073709551616)", "body_flags"},  // past 64 bits: a float to JSON
            {R"("options": "0x100000000")", "options"},
            {R"("max_contacts": -1)", "max_contacts"},
            {R"("max_contacts": 1e12)", "max_contacts"},
        };
        for (const auto& line_and_key : lines) {
            const std::string& field = line_and_key.first;
            const std::string& key = line_and_key.second;
            CAPTURE(field);
            const std::string line = R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4], )" + field + "}\n";
            const auto out = lines_of(run_cli_both("query " + street + " -", line).out);
            REQUIRE(out.size() == 1);
            REQUIRE(out[0].contains("error"));
            CHECK(out[0]["error"].get<std::string>().find("\"" + key + "\"") != std::string::npos);
        }
        const auto fine = lines_of(run_cli_both("query " + street + " -", ray.substr(0, ray.size() - 1) +
                                                                              R"(, "max_contacts": 4294967295})"
                                                                              "\n")
                                       .out);
        REQUIRE(fine.size() == 1);
        CHECK(fine[0]["status"] == "ok");
        // eval's integers (a table index) are range-checked too.
        const auto e = lines_of(run_cli_both("eval", to_box_space(4294967297) + "\n").out);
        REQUIRE(e.size() == 1);
        REQUIRE(e[0].contains("error"));
        CHECK(e[0]["error"].get<std::string>().find("\"index\"") != std::string::npos);
        // Options: a negative or oversized whole number is a usage error, and nothing is written.
        const ScratchDir dir("integers_cli");
        const std::string out = (dir / "q.lsq").string();
        for (const std::string& command :
             {"record " + street + " " + out + " --count -1", "record " + street + " " + out + " --seed 4294967296",
              "generate " + out + " --triangles -1", "replay " + street + " " + out + " --threads -1",
              "profile " + street + " " + out + " --limit -1", "diff " + out + " " + out + " --limit -5"}) {
            CAPTURE(command);
            const CliRun r = run_cli_both(command);
            CHECK(r.exit_code != 0);
            CHECK(r.err.find("must be a whole number") != std::string::npos);
            CHECK_FALSE(std::filesystem::exists(out));
        }
    }

    TEST_CASE("NaN and infinity are refused for --cell-size, --scale, diff --tolerance and record --length") {
        const ScratchDir dir("nan_cli");
        const std::string mesh = dir.file("m.obj", "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n").string(),
                          out = (dir / "x").string();
        for (const std::string value : {"nan", "inf", "-inf", "0", "-1", "1e999"}) {
            for (const std::string& command : {"import " + mesh + " " + out + ".lvl --cell-size " + value,
                                               "import " + mesh + " " + out + ".lvl --scale " + value,
                                               "generate " + out + ".lvl --cell-size " + value}) {
                CAPTURE(command);
                const CliRun r = run_cli_both(command);
                CHECK(r.exit_code != 0);
                CHECK(r.err.find("must be a finite number above 0") != std::string::npos);
            }
        }
        for (const std::string value : {"nan", "inf", "-1"}) {
            const CliRun d = run_cli_both("diff " + out + " " + out + " --tolerance " + value);
            CHECK(d.exit_code != 0);
            CHECK(d.err.find("must be a finite number at or above 0") != std::string::npos);
            const CliRun r = run_cli_both("record " + street + " " + out + ".lsq --length " + value);
            CHECK(r.exit_code != 0);
            CHECK(r.err.find("must be a finite number at or above 0") != std::string::npos);
        }
        CHECK_FALSE(std::filesystem::exists(out + ".lvl"));
    }

    TEST_CASE("--threads beyond what the machine runs is clamped, and the summary says how many ran") {
        const ScratchDir dir("threads_cli");
        const std::string queries = dir.file("q.jsonl", ray + "\n").string();
        const CliRun r = run_cli_both("replay " + street + " " + queries + " --threads 100000");
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("100000 threads") == std::string::npos);
        CHECK(r.err.find("--threads 100000 is more than the") != std::string::npos);
        const std::size_t at = r.out.find(" s on ");
        REQUIRE(at != std::string::npos);
        const unsigned ran = static_cast<unsigned>(std::stoul(r.out.substr(at + 6)));
        CHECK(ran >= 1);
        CHECK(ran <= std::max(1u, std::thread::hardware_concurrency()));
    }

    TEST_CASE("a file given in another's place, or a directory, is named for what it is") {
        const ScratchDir dir("wrong_file_cli");
        const std::string queries = (dir / "q.lsq").string(), results = (dir / "r.lsr").string(),
                          folder = (dir / "d").string();
        std::filesystem::create_directories(folder);
        REQUIRE(run_cli("record " + street + " " + queries + " --count 10").exit_code == 0);
        REQUIRE(run_cli("replay " + street + " " + queries + " -q -o " + results).exit_code == 0);
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"replay " + street + " " + street, "is a level file, not a query file"},
            {"query " + street + " " + street, "is a level file, not a query file"},
            {"query " + street + " " + results, "is a result file, not a query file"},
            {"profile " + street + " " + results + " -o " + (dir / "p").string(), "is a result file, not a query file"},
            {"replay " + results + " " + queries, "is a result file, not a level file"},
            {"record " + queries + " " + (dir / "x.lsq").string(), "is a query file, not a level file"},
            {"diff " + queries + " " + results, "is a query file, not a result file"},
            {"export " + street, "is a level file, not a result file"},
            {"replay " + street + " " + folder, "is a directory"},
            {"replay " + folder + " " + queries, "is a directory"},
            {"query " + street + " " + folder, "is a directory"},
            {"import " + folder + " " + (dir / "x.lvl").string(), "is a directory"},
            {"info " + folder, "is a directory"},
            {"export " + folder, "is a directory"},
            {"diff " + folder + " " + results, "is a directory"},
            {"convert " + folder + " " + (dir / "x.jsonl").string(), "is a directory"},
            {"eval " + folder, "is a directory"},
            {"import " + street + " " + folder, "is a directory"},
        };
        for (const auto& [command, says] : cases) {
            const CliRun r = check_refused(command, says);
            CHECK(r.err.find("gzip") == std::string::npos);
            CHECK(r.err.find("malformed") == std::string::npos);
        }
        // info describes a query file instead of refusing it.
        const CliRun info = run_cli_both("info " + queries);
        CHECK(info.exit_code == 0);
        CHECK(info.out.find("records     10 (0 malformed)") != std::string::npos);
    }

    TEST_CASE("query and profile refuse queries recorded for another level unless --force, as replay does") {
        const ScratchDir dir("force_cli");
        const std::string queries = (dir / "q.lsq").string();
        REQUIRE(run_cli("record " + street + " " + queries + " --count 20").exit_code == 0);
        for (const std::string& command :
             {"query " + street10k + " " + queries, "replay " + street10k + " " + queries + " -q",
              "profile " + street10k + " " + queries + " -o " + (dir / "p").string()}) {
            CAPTURE(command);
            const CliRun r = run_cli_both(command);
            CHECK(r.exit_code != 0);
            CHECK(r.err.find("was recorded against another level") != std::string::npos);
            CHECK(r.err.find("--force") != std::string::npos);
            CHECK(run_cli(command + " --force").exit_code == 0);
        }
    }

    TEST_CASE(
        "a query beyond the working range gets the status out_of_range in query, replay's summary and the result "
        "file") {
        const ScratchDir dir("range_cli");
        const std::string far =
            R"({"kind": "sphere_sweep", "centre": [20000, 1, 2], "radius": 0.5, "move": [0, 0, -4]})";
        const std::string queries = dir.file("q.jsonl", ray + "\n" + far + "\n").string();
        const auto out = lines_of(run_cli_both("query " + street + " " + queries).out);
        REQUIRE(out.size() == 2);
        CHECK(out[0]["status"] == "ok");
        CHECK(out[1]["status"] == "out_of_range");
        CHECK(out[1]["contacts"].empty());
        const std::string results = (dir / "r.lsr").string();
        const CliRun r = run_cli_both("replay " + street + " " + queries + " -o " + results);
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("out_of_range") != std::string::npos);  // its own column in the summary
        const ReadBack back = read_results(results);
        REQUIRE(back.records.size() == 2);
        CHECK(back.records[1].result.status == QueryStatus::out_of_range);
        const auto exported = lines_of(run_cli_both("export " + results).out);
        REQUIRE(exported.size() == 3);
        CHECK(exported[2]["status"] == "out_of_range");
    }
}
