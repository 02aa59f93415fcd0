// The memory limit over what inputs drive, through the CLI (docs/decisions.md,
// "Reliability, second pass: outputs, resume, memory, readers, signals"): a
// JSON Lines header that expands a thousandfold is refused by every command
// that reads queries, before its tree is built; a scene's bodies are read one
// at a time within the limit; and where the memory is not there at all (an
// address-space limit), every command ends with a sentence naming the command
// and the limit, never an abort.
#include <doctest/doctest.h>
#include <zlib.h>

#include <string>

#include "cli_support.hpp"
#include "mesh_import_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl";
const std::string ray = R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})";

// About 8 MB of header line ("metadata": [[], [], ...]) gzipped into 8 KB: as
// a JSON tree it takes some 300 MB.
std::filesystem::path expanding_header(const ScratchDir& dir) {
    std::string line = R"({"levelsweep_queries": 1, "metadata": [)";
    for (int i = 0; i < 2'700'000; ++i) line.append(i ? ",[]" : "[]");
    line.append("]}\n").append(ray).append("\n");
    const auto path = dir / "header.jsonl.gz";
    gzFile f = ::gzopen(path.c_str(), "wb9");
    ::gzwrite(f, line.data(), static_cast<unsigned>(line.size()));
    ::gzclose(f);
    return path;
}

// The commands that read a query file, each as it would be typed.
std::vector<std::string> query_readers(const ScratchDir& dir, const std::string& queries) {
    return {"query " + street + " " + queries, "replay " + street + " " + queries + " -q",
            "convert " + queries + " " + (dir / "out.jsonl").string(),
            "profile " + street + " " + queries + " -o " + (dir / "p").string()};
}

// A scene of `bodies` bodies, each a capsule with a sphere to strike.
std::string many_bodies(int bodies) {
    std::string s = R"({"levelsweep_scene": 1, "bodies": [)";
    for (int i = 0; i < bodies; ++i)
        s.append(i ? "," : "")
            .append(R"({"id": )")
            .append(std::to_string(i))
            .append(R"(, "owner": 1, "flags": "0x2", "type": "0x40", "chain": [)")
            .append(R"({"id": 1, "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [)")
            .append(std::to_string(i % 200))
            .append(R"(, 5, 0]}}], "strikes": [{"id": 2, "shape": {"type": "sphere", "r": 0.09, "C": [1, 2, 0.5]}}]})");
    return s + "]}";
}

}  // namespace

TEST_SUITE("memory inputs cli") {
    TEST_CASE(
        "a JSON Lines header that expands a thousandfold is refused, before its tree is built, by every command that "
        "reads queries") {
        const ScratchDir dir("memory_header");
        const std::string queries = expanding_header(dir).string();
        CHECK(std::filesystem::file_size(queries) < 20000);
        for (const std::string& command : query_readers(dir, queries)) {
            CAPTURE(command);
            const CliRun r = run_cli_both(command + " --memory-limit 64M");
            CHECK(r.exit_code == 1);
            CHECK_MESSAGE(r.err.find(queries + ": line 1 as a JSON tree needs") != std::string::npos, r.err);
            CHECK(r.err.find("over the memory limit of 64.0 MiB") != std::string::npos);
        }
        CHECK_FALSE(std::filesystem::exists(dir / "out.jsonl"));
    }

    TEST_CASE(
        "a scene file's bodies are read one at a time, held within the memory limit, and refused beyond it by name") {
        const ScratchDir dir("memory_scene");
        const std::string scene = dir.file("many.json", many_bodies(20000)).string();
        const std::string queries =
            dir.file("q.jsonl",
                     join(ray, "\n", R"({"kind": "gather", "box": {"min": [0, 0, -1], "max": [300, 10, 3]}})", "\n"))
                .string();
        // 2.8 MB of scene: its tree would take about 100 MB; its bodies take a
        // few tens, which a 64 MiB limit holds.
        CHECK(std::filesystem::file_size(scene) > 2'500'000);
        const CliRun fits =
            run_cli_both("query " + street + " " + queries + " --scene " + scene + " --memory-limit 64M");
        CHECK_MESSAGE(fits.exit_code == 0, fits.err);
        const auto answers = json_lines(fits.out);
        REQUIRE(answers.size() == 2);
        CHECK(answers[1].at("found") == 20000);
        for (const std::string& command :
             {"query " + street + " " + queries, "replay " + street + " " + queries + " -q"}) {
            CAPTURE(command);
            const CliRun r = run_cli_both(command + " --scene " + scene + " --memory-limit 8M");
            CHECK(r.exit_code == 1);
            CHECK_MESSAGE(
                r.err.find(scene + " (its text, its owners and bodies, and the JSON of the one being read) needs") !=
                    std::string::npos,
                r.err);
            CHECK(r.err.find("over the memory limit of 8.0 MiB") != std::string::npos);
        }
    }

#if !defined(LEVELSWEEP_SANITIZED)
    // The sanitizers reserve more address space than any such limit allows.
    TEST_CASE(
        "where the memory is not there, every command that reads queries ends with a sentence naming it and the limit, "
        "never an abort") {
        const ScratchDir dir("memory_absent");
        REQUIRE(std::filesystem::exists("/usr/bin/prlimit"));
        const std::string queries = expanding_header(dir).string();
        for (const std::string& command : query_readers(dir, queries)) {
            CAPTURE(command);
            // Told a limit the address space cannot give, the tree is built
            // until an allocation fails: in the parser, or in the destructor
            // that frees what was built (where C++ would abort).
            // The tree takes about 140 MB; the commands run in some 50.
            const CliResult r = run_shell("/usr/bin/prlimit --as=150000000 -- " + std::string(LEVELSWEEP_CLI_PATH) +
                                          " --memory-limit 100G " + command + " 2>&1 >/dev/null");
            CHECK(r.exit_code == 1);
            CHECK_MESSAGE(
                r.out.find("levelsweep --memory-limit 100G " + command + ": out of memory") != std::string::npos,
                r.out);
            CHECK(r.out.find("the memory limit was 100.0 GiB") != std::string::npos);
            CHECK(r.out.find("terminate") == std::string::npos);
        }
    }
#endif
}
