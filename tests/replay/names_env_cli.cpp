// Names and the environment (docs/decisions.md, "Reliability, second pass:
// outputs, resume, memory, readers, signals"): a file name that is not UTF-8,
// or holds quotes, goes into the JSON a command writes with its bad bytes as
// \xNN (record's metadata, replay's), so that the command works and the file
// reads back; LEVELSWEEP_ISA takes every name --isa takes, auto (the default)
// included, and refuses the rest.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "mesh_import_support.hpp"
#include "result_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {
const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";
}  // namespace

TEST_SUITE("names env cli") {
    TEST_CASE(
        "a level or query file name that is not UTF-8, or holds quotes, is written into the JSON as \\xNN and reads "
        "back") {
        const ScratchDir dir("names");
        const std::string odd = (dir / "caf\xe9 \"level\".lvl").string();  // Latin-1 e-acute: not UTF-8
        std::filesystem::copy_file(street, odd);
        const std::string queries = (dir / "q.lsq").string();
        const CliRun recorded = run_cli_both("record '" + odd + "' " + queries + " --count 20");
        CHECK_MESSAGE(recorded.exit_code == 0, recorded.err);
        const CliRun info = run_cli_both("info --json " + queries);
        REQUIRE(info.exit_code == 0);
        const nlohmann::json meta = nlohmann::json::parse(json_lines(info.out).at(0).at("metadata").get<std::string>());
        CHECK(meta.at("level") == "caf\\xe9 \"level\".lvl");
        // replay's metadata is one JSON object, whatever its names hold.
        const std::string odd_queries = (dir / "q\xff\".lsq").string(), results = (dir / "r.lsr").string();
        std::filesystem::copy_file(queries, odd_queries);
        CHECK(run_cli_both("replay '" + odd + "' '" + odd_queries + "' -q -o " + results).exit_code == 0);
        const nlohmann::json header = json_lines(run_cli("export " + results).out).at(0);
        const nlohmann::json run = nlohmann::json::parse(header.at("metadata").get<std::string>());
        CHECK(run.at("queries").get<std::string>().find("q\\xff\".lsq") != std::string::npos);
        CHECK(run.at("level").get<std::string>().find("caf\\xe9") != std::string::npos);
    }

    TEST_CASE("LEVELSWEEP_ISA takes every name --isa takes, auto included, and refuses the rest") {
        const ScratchDir dir("isa_env");
        const std::string queries = dir.file("q.jsonl", R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                                        "\n")
                                        .string();
        const std::string tool = LEVELSWEEP_CLI_PATH;
        for (const std::string isa : {"auto", "scalar", ""}) {
            CAPTURE(isa);
            for (const std::string& command :
                 {"query " + street + " " + queries, "replay " + street + " " + queries + " -q"}) {
                CAPTURE(command);
                const CliResult r = run_shell("LEVELSWEEP_ISA=" + isa + " " + tool + " " + command + " 2>&1");
                CHECK_MESSAGE(r.exit_code == 0, r.out);
            }
        }
        // auto is the default: the same ISA as no variable at all.
        const CliResult set = run_shell("LEVELSWEEP_ISA=auto " + tool + " replay " + street + " " + queries + " -q");
        const CliResult unset =
            run_shell("env -u LEVELSWEEP_ISA " + tool + " replay " + street + " " + queries + " -q");
        const auto isa_of = [](const std::string& out) {
            return out.substr(out.find(", isa "), out.find('\n') - out.find(", isa "));
        };
        CHECK(isa_of(set.out) == isa_of(unset.out));
        const CliResult bad = run_shell("LEVELSWEEP_ISA=sse9 " + tool + " query " + street + " " + queries + " 2>&1");
        CHECK(bad.exit_code == 1);
        CHECK(bad.out.find("unknown ISA 'sse9'") != std::string::npos);
    }
}
