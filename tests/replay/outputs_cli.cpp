// Outputs through the CLI (engine/cli/io/output_file.hpp, same_file.hpp,
// standard_output.hpp): no command writes over one of its inputs, however the
// path is spelled; a failed or interrupted command leaves an existing output
// as it was and no temporary file; a finished one replaces it whole; and a
// write that fails (a full device) is an error naming the output.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "mesh_import_support.hpp"
#include "process_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";

const char* const obj_text = "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n";

// The files a test works on, in a folder of its own.
struct Inputs {
    ScratchDir dir{"outputs_cli"};
    std::string level = (dir / "level.lvl").string(), mesh = (dir / "m.obj").string(),
                queries = (dir / "q.jsonl").string(), binary = (dir / "q.lsq").string(),
                results = (dir / "r.lsr").string();

    Inputs() {
        dir.file("m.obj", obj_text);
        std::filesystem::copy_file(street, level);
        REQUIRE(run_cli("record " + level + " " + queries + " --count 50").exit_code == 0);
        REQUIRE(run_cli("record " + level + " " + binary + " --count 50").exit_code == 0);
        REQUIRE(run_cli("replay " + level + " " + binary + " -q -o " + results).exit_code == 0);
    }
};

// Other names for one file: a hard link, a symbolic link and a path with a detour.
std::vector<std::string> spellings(const ScratchDir& dir, const std::string& file) {
    const std::string name = std::filesystem::path(file).filename().string();
    const auto hard = dir / ("hard_" + name), soft = dir / ("soft_" + name);
    std::filesystem::remove(hard);
    std::filesystem::remove(soft);
    std::filesystem::create_hard_link(file, hard);
    std::filesystem::create_symlink(file, soft);
    return {file, hard.string(), soft.string(),
            (dir / "." / ".." / std::filesystem::path(file).parent_path().filename() / name).string()};
}

// No file of the folder is a temporary one left behind.
}  // namespace

TEST_SUITE("outputs cli") {
    TEST_CASE("no command writes over one of its inputs, whatever the path's spelling, and the input stays whole") {
        const Inputs in;
        struct Case {
            std::string input, command;  // the command with {} where the output goes
        };
        const std::vector<Case> cases = {
            {in.mesh, "import " + in.mesh + " {}"},
            {in.queries, "replay " + in.level + " " + in.queries + " -q -o {}"},
            {in.binary, "replay " + in.level + " " + in.binary + " -q -o {}"},
            {in.level, "replay " + in.level + " " + in.binary + " -q -o {}"},
            {in.level, "record " + in.level + " {}"},
            {in.results, "export " + in.results + " -o {}"},
            {in.results, "convert " + in.results + " {} --to jsonl"},
            {in.queries, "convert " + in.queries + " {} --to jsonl"},
            {in.binary,
             "convert " + in.queries + " {}"},  // an output that another input is not: refused only as itself
        };
        for (const Case& c : cases) {
            const std::string before = file_text(c.input);
            const bool refused_as_input = c.command.find(c.input) != std::string::npos;
            for (const std::string& name : spellings(in.dir, c.input)) {
                std::string command = c.command;
                command.replace(command.find("{}"), 2, name);
                CAPTURE(command);
                const CliRun r = run_cli_both(command);
                if (!refused_as_input) {
                    CHECK(r.exit_code == 0);
                    continue;
                }
                CHECK(r.exit_code != 0);
                CHECK_MESSAGE((r.err.find("is also the input") != std::string::npos ||
                               r.err.find("is the same file as the input") != std::string::npos),
                              r.err);
                CHECK(file_text(c.input) == before);
            }
        }
        // Two outputs that are one file, and standard output redirected onto an input.
        const CliRun twice =
            run_cli_both("generate " + (in.dir / "g.lvl").string() + " --features " + (in.dir / "g.lvl").string());
        CHECK(twice.exit_code != 0);
        CHECK(twice.err.find("are the same file") != std::string::npos);
        const std::string results = file_text(in.results);
        for (const std::string& command :
             {"export " + in.results, "info " + in.results, "query " + in.level + " " + in.results,
              "diff " + in.results + " " + in.results}) {
            CAPTURE(command);
            const CliResult r =
                run_shell(std::string(LEVELSWEEP_CLI_PATH) + " " + command + " >> " + in.results + " 2>/dev/null");
            CHECK(r.exit_code != 0);
            CHECK(file_text(in.results) == results);
        }
        // A profile's files are outputs too.
        const auto profile = in.dir / "profile";
        std::filesystem::create_directories(profile);
        std::filesystem::create_symlink(in.queries, profile / "timing.json");
        const std::string queries = file_text(in.queries);
        CHECK(run_cli("profile " + in.level + " " + in.queries + " -o " + profile.string()).exit_code != 0);
        CHECK(file_text(in.queries) == queries);
    }

    TEST_CASE("a command that fails leaves an existing output as it was, and one that succeeds replaces it whole") {
        const Inputs in;
        const std::string out = (in.dir / "out.lvl").string();
        REQUIRE(run_cli("import " + in.mesh + " " + out).exit_code == 0);
        REQUIRE(::chmod(out.c_str(), 0600) == 0);
        const std::string before = file_text(out);
        // A mesh that cannot be imported, a level beyond the working range, an
        // output folder that does not exist: the old file stays, nothing is left beside it.
        const std::string broken = in.dir.file("broken.obj", "v 0 0 0\nv 1 0 0\nf 1 2 9\n").string();
        CHECK(run_cli("import " + broken + " " + out).exit_code != 0);
        const std::string far = in.dir.file("far.obj", "v 0 0 0\nv 40000 0 0\nv 0 4 0\nf 1 2 3\n").string();
        CHECK(run_cli("import " + far + " " + out).exit_code != 0);
        CHECK(file_text(out) == before);
        CHECK(no_temporaries(in.dir));
        CHECK(run_cli("import " + in.mesh + " " + (in.dir / "no_folder" / "x.lvl").string()).exit_code != 0);
        // A result file cut short exports nothing over an existing export.
        const std::string text = (in.dir / "r.jsonl").string();
        REQUIRE(run_cli("export " + in.results + " -o " + text).exit_code == 0);
        const std::string exported = file_text(text);
        const std::string bytes = file_text(in.results);
        const std::string cut = in.dir.file("cut.lsr", bytes.substr(0, bytes.size() - 40)).string();
        CHECK(run_cli("export " + cut + " -o " + text).exit_code == 3);
        CHECK(file_text(text) == exported);
        CHECK(no_temporaries(in.dir));
        // Success: the new level in place, with the old file's permissions.
        const std::string mesh2 = in.dir.file("m2.obj", "v 0 0 0\nv 8 0 0\nv 0 8 0\nf 1 2 3\n").string();
        CHECK(run_cli("import " + mesh2 + " " + out).exit_code == 0);
        CHECK(file_text(out) != before);
        struct stat st {};
        REQUIRE(::stat(out.c_str(), &st) == 0);
        CHECK((st.st_mode & 0777) == 0600);
        CHECK(no_temporaries(in.dir));
    }

    TEST_CASE("an interrupted command leaves no temporary file and no output behind") {
        const Inputs in;
        const std::string out = (in.dir / "endless.lsq").string();
        // A recording far longer than the test waits for, interrupted once it has written something.
        const Child child =
            start_cli({"record", in.level, out, "--count", "1000000000"}, in.dir / "rec.out", in.dir / "rec.err");
        bool wrote = false;
        for (int i = 0; i < 20000 && !wrote; ++i) {
            wrote = temporary_holds(in.dir, 100001);
            ::usleep(500);
        }
        CHECK(wrote);
        ::kill(child.pid, SIGINT);
        CHECK(wait_for(child) == -SIGINT);
        CHECK(no_temporaries(in.dir));
        CHECK_FALSE(std::filesystem::exists(out));
    }

    TEST_CASE("a write that fails is an error naming the output, for every command that writes") {
        REQUIRE(std::filesystem::exists("/dev/full"));
        const Inputs in;
        const std::vector<std::string> to_stdout = {
            "query " + in.level + " " + in.queries,
            "info " + in.level,
            "info --json " + in.results,
            "export " + in.results,
            "convert " + in.binary + " -",
            "record " + in.level + " - --count 2000",
            "replay " + in.level + " " + in.binary + " -q",
            "diff " + in.results + " " + in.results,
            "eval --list",
        };
        for (const std::string& command : to_stdout) {
            CAPTURE(command);
            const CliResult r = run_shell(std::string(LEVELSWEEP_CLI_PATH) + " " + command + " > /dev/full 2>" +
                                          (in.dir / "err.txt").string());
            CHECK(r.exit_code != 0);
            const std::string err = file_text(in.dir / "err.txt");
            CHECK_MESSAGE((err.find("standard output") != std::string::npos &&
                           err.find("No space left on device") != std::string::npos),
                          err);
        }
        // A file output that is a full device, written directly (a device cannot be renamed over).
        for (const std::string& command : {"import " + in.mesh + " /dev/full", "record " + in.level + " /dev/full",
                                           "export " + in.results + " -o /dev/full"}) {
            CAPTURE(command);
            const CliRun r = run_cli_both(command);
            CHECK(r.exit_code != 0);
            CHECK_MESSAGE(r.err.find("/dev/full") != std::string::npos, r.err);
        }
    }
}
