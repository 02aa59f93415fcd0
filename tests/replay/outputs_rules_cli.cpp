// The rules every output keeps (docs/decisions.md, "Reliability, second pass:
// outputs, resume, memory, readers, signals"), through the CLI: two runs never
// share one (replay's partial file is locked; every other output is a temporary
// file of its own); an output that is not a regular file is refused (a partial,
// a result file) or written directly on purpose (a pipe); "-" is standard
// output for every text output and refused for the binary ones, and the
// same-file check resolves it (and ./-, links) to what it names; no temporary
// file survives a signal the tool handles.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "mesh_import_support.hpp"
#include "paced_run.hpp"
#include "process_support.hpp"
#include "result_support.hpp"
#include "scene_stream_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";

struct Files {
    ScratchDir dir{"outputs_rules"};
    std::string queries = (dir / "q.lsq").string(), lines = (dir / "q.jsonl").string(),
                scene = (dir / "scene.json").string(), results = (dir / "ref.lsr").string(), reference;

    Files() {
        // Long enough (a few tenths of a second) for two runs started together to overlap.
        REQUIRE(run_cli("record " + street + " " + queries + " --seed 3 --count 40000").exit_code == 0);
        REQUIRE(run_cli("replay " + street + " " + queries + " -q -o " + results).exit_code == 0);
        reference = file_text(results);
        dir.file("scene.json", scene_of(4, 6, 6, 40, 21));
        REQUIRE(run_cli("record " + street + " " + (dir / "few.jsonl").string() + " --seed 3 --count 300").exit_code ==
                0);
        dir.file("q.jsonl", with_scene_lines(file_text(dir / "few.jsonl"), 5, 6, 6, 10, 40, 21));
    }
};

const Files& files() {
    static const Files f;
    return f;
}

}  // namespace

TEST_SUITE("outputs rules cli") {
    TEST_CASE(
        "two replays started together on one -o never share its partial file: each finishes the whole file or is "
        "refused") {
        const Files& f = files();
        const std::string out = (f.dir / "shared.lsr").string();
        int refused = 0;
        for (int attempt = 0; attempt < scaled(30); ++attempt) {
            CAPTURE(attempt);
            std::filesystem::remove(out);
            const std::vector<std::string> args{"replay", street, f.queries, "-q", "--threads", "1", "-o", out};
            const Child a = start_cli(args, f.dir / "a.out", f.dir / "a.err");
            const Child b = start_cli(args, f.dir / "b.out", f.dir / "b.err");
            const int ra = wait_for(a), rb = wait_for(b);
            for (const auto& [rc, err] : {std::pair{ra, f.dir / "a.err"}, std::pair{rb, f.dir / "b.err"}}) {
                CHECK((rc == 0 || rc == 1));
                if (rc == 1) {
                    ++refused;
                    CHECK_MESSAGE(file_text(err).find("another replay is writing it") != std::string::npos,
                                  file_text(err));
                }
            }
            CHECK((ra == 0 || rb == 0));
            CHECK(file_text(out) == f.reference);  // whole, whichever wrote it last
            CHECK_FALSE(std::filesystem::exists(out + ".partial"));
        }
        MESSAGE(refused << " of " << 2 * scaled(30) << " runs were refused while another held the partial file");
    }

    TEST_CASE("two resumes started together on one interrupted partial file: one finishes it, the other is refused") {
        const Files& f = files();
        const std::string out = (f.dir / "resumed.lsr").string(), partial = out + ".partial";
        for (int attempt = 0; attempt < scaled(10); ++attempt) {
            CAPTURE(attempt);
            std::filesystem::remove(out);
            // An interrupted run, stopped a third of the way.
            const std::vector<std::string> args{"replay", street, f.queries, "-q", "-o", out, "--resume"};
            {
                PacedRun first(args, f.queries, f.dir / "first.out", f.dir / "first.err");
                REQUIRE(first.feed_until_size(partial, static_cast<long long>(f.reference.size() / 3)));
                REQUIRE(first.stop({SIGTERM}) == 128 + SIGTERM);
            }
            const Child a = start_cli(args, f.dir / "a.out", f.dir / "a.err");
            const Child b = start_cli(args, f.dir / "b.out", f.dir / "b.err");
            const int ra = wait_for(a), rb = wait_for(b);
            CHECK((ra == 0 || rb == 0));
            CHECK((ra == 0 || ra == 1));
            CHECK((rb == 0 || rb == 1));
            CHECK(file_text(out) == f.reference);
            CHECK_FALSE(std::filesystem::exists(partial));
        }
    }

    TEST_CASE(
        "a partial file that is not a regular file is refused at once and unopened: a FIFO, a link, a directory") {
        const Files& f = files();
        const std::string out = (f.dir / "odd.lsr").string(), partial = out + ".partial";
        const auto refused = [&](const std::string& kind) {
            // Started as a child: a run that blocks is killed, and fails the test, rather than hanging it.
            const Child c =
                start_cli({"replay", street, f.queries, "-q", "-o", out}, f.dir / "odd.out", f.dir / "odd.err");
            bool ended = false;
            for (int i = 0; i < 20000 && !ended; ++i) {
                ended = has_ended(c);
                if (!ended) ::usleep(500);
            }
            CHECK_MESSAGE(ended, kind << ": the run did not end");
            if (!ended) ::kill(c.pid, SIGKILL);
            CHECK(wait_for(c) == 1);
            const std::string err = file_text(f.dir / "odd.err");
            CHECK_MESSAGE(err.find("is not a regular file (" + kind + ")") != std::string::npos, err);
            CHECK_FALSE(std::filesystem::exists(out));
        };
        REQUIRE(::mkfifo(partial.c_str(), 0644) == 0);
        refused("a FIFO");
        CHECK(std::filesystem::is_fifo(partial));  // left as it was
        std::filesystem::remove(partial);
        std::filesystem::create_symlink(f.results, partial);
        refused("a symbolic link");
        std::filesystem::remove(partial);
        std::filesystem::create_directory(partial);
        refused("a directory");
        std::filesystem::remove(partial);
        CHECK(file_text(f.results) == f.reference);
    }

    TEST_CASE(
        "a result file that is not a regular file is refused before the run: a FIFO, a link to one, a directory") {
        // Its partial would be renamed over it: a FIFO (or a device node, such
        // as /dev/null, which a test must not risk) replaced by a file, a
        // directory refused only after the whole run, its partial left behind.
        const Files& f = files();
        const std::string fifo = (f.dir / "results.fifo").string(), link = (f.dir / "results.link").string(),
                          dir = (f.dir / "results.dir").string();
        REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
        std::filesystem::create_symlink(fifo, link);
        std::filesystem::create_directory(dir);
        const std::pair<std::string, std::string> outputs[] = {
            {fifo, "a FIFO"}, {link, "a FIFO"}, {dir, "a directory"}};
        for (const auto& [out, kind] : outputs) {
            CAPTURE(out);
            const CliRun r = run_cli_both("replay " + street + " " + f.queries + " -q -o " + out);
            CHECK(r.exit_code == 1);
            CHECK_MESSAGE(r.err.find(out + ": is not a regular file (" + kind + ")") != std::string::npos, r.err);
            CHECK_FALSE(std::filesystem::exists(out + ".partial"));
        }
        CHECK(std::filesystem::is_fifo(fifo));  // each left as it was
        CHECK(std::filesystem::is_symlink(link));
        CHECK(std::filesystem::is_directory(dir));
        CHECK(std::filesystem::is_empty(dir));
        CHECK_FALSE(std::filesystem::exists(fifo + ".partial"));
        CHECK(no_temporaries(f.dir));
        for (const std::string& p : {fifo, link, dir}) std::filesystem::remove(p);
    }

    TEST_CASE("an output that is a pipe is written directly, on purpose: its reader gets the bytes") {
        const Files& f = files();
        const std::string pipe = (f.dir / "export.pipe").string();
        REQUIRE(::mkfifo(pipe.c_str(), 0644) == 0);
        const Child reader = start_program("/bin/cat", {pipe}, f.dir / "piped.jsonl", f.dir / "cat.err");
        const CliRun run = run_cli_both("export " + f.results + " -o " + pipe);
        CHECK(run.exit_code == 0);
        CHECK(wait_for(reader) == 0);
        CHECK(file_text(f.dir / "piped.jsonl") == run_cli("export " + f.results).out);
        CHECK(std::filesystem::is_fifo(pipe));
        CHECK(no_temporaries(f.dir));
        std::filesystem::remove(pipe);
    }

    TEST_CASE(
        "- is standard output wherever a text output is named, and a binary output refuses it, and no file called - is "
        "made") {
        const Files& f = files();
        const std::string in_dir = "cd " + (f.dir / ".").string() + " && " + LEVELSWEEP_CLI_PATH + " ";
        // The scene lines' answers on standard output; the summary moves to standard error.
        const CliResult answers = run_shell(in_dir + "replay " + street + " " + f.lines + " --scene " + f.scene +
                                            " --scene-results - -q 2>/dev/null");
        CHECK(answers.exit_code == 0);
        const auto lines = json_lines(answers.out);
        CHECK(lines.size() >= 20);
        for (const auto& l : lines) CHECK(l.contains("kind"));
        const CliResult written =
            run_shell(in_dir + "replay " + street + " " + f.lines + " --scene " + f.scene + " --scene-results " +
                      (f.dir / "answers.jsonl").string() + " -q > /dev/null");
        CHECK(written.exit_code == 0);
        CHECK(file_text(f.dir / "answers.jsonl") == answers.out);
        // The features of a generated level.
        const CliResult features = run_shell(in_dir + "generate g.lvl --features - 2>/dev/null");
        CHECK(features.exit_code == 0);
        CHECK(nlohmann::json::parse(features.out).is_array());
        CHECK_FALSE(std::filesystem::exists(f.dir / "-"));
        // Binary outputs: refused, nothing made.
        const std::vector<std::string> binary = {"import " + (f.dir / "m.obj").string() + " -", "generate -",
                                                 "replay " + street + " " + f.queries + " -o -",
                                                 "convert " + f.lines + " - --to lsq"};
        f.dir.file("m.obj", "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n");
        for (const std::string& command : binary) {
            CAPTURE(command);
            const CliResult r = run_shell(in_dir + command + " 2>&1 >/dev/null");
            CHECK(r.exit_code == 1);
            CHECK_MESSAGE(
                (r.out.find("binary") != std::string::npos && r.out.find("standard output") != std::string::npos),
                r.out);
        }
        CHECK_FALSE(std::filesystem::exists(f.dir / "-"));
    }

    TEST_CASE("a file called - is a file: ./- as an input is never written over by an output named -") {
        const Files& f = files();
        const std::string in_dir = "cd " + (f.dir / ".").string() + " && " + LEVELSWEEP_CLI_PATH + " ";
        const std::string obj = "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n";
        f.dir.file("-", obj);
        CHECK(run_shell(in_dir + "import ./- - 2>/dev/null >/dev/null").exit_code == 1);  // a level is binary
        CHECK(file_text(f.dir / "-") == obj);
        CHECK(run_shell(in_dir + "import ./- ./- 2>/dev/null").exit_code == 1);  // the input itself
        CHECK(file_text(f.dir / "-") == obj);
        // A scene called -, and its answers on standard output.
        f.dir.file("-", file_text(f.scene));
        const CliResult r =
            run_shell(in_dir + "replay " + street + " " + f.lines + " --scene ./- --scene-results - -q 2>/dev/null");
        CHECK(r.exit_code == 0);
        CHECK(file_text(f.dir / "-") == file_text(f.scene));
        CHECK_FALSE(json_lines(r.out).empty());
        std::filesystem::remove(f.dir / "-");
    }

    TEST_CASE("the same-file check resolves standard input and output to the files they are open on") {
        const Files& f = files();
        const std::string out = (f.dir / "both.jsonl").string();
        REQUIRE(run_cli("convert " + f.queries + " " + out).exit_code == 0);
        const std::string before = file_text(out);
        // Standard input is the output.
        const CliResult in = run_shell(std::string(LEVELSWEEP_CLI_PATH) + " convert - " + out + " < " + out + " 2>&1");
        CHECK(in.exit_code == 1);
        CHECK_MESSAGE(in.out.find("is the same file as the input standard input") != std::string::npos, in.out);
        CHECK(file_text(out) == before);
        // Standard output (the scene answers) is another output.
        const std::string results = (f.dir / "answers_and_results.lsr").string();
        write_text(results, "");
        const CliResult two =
            run_shell(std::string(LEVELSWEEP_CLI_PATH) + " replay " + street + " " + f.lines + " --scene " + f.scene +
                      " --scene-results - -q -o " + results + " >> " + results + " 2>" + (f.dir / "two.err").string());
        CHECK(two.exit_code == 1);
        CHECK(file_text(f.dir / "two.err").find("are the same file") != std::string::npos);
        // Standard output redirected onto the scene.
        const std::string scene_before = file_text(f.scene);
        const CliResult onto =
            run_shell(std::string(LEVELSWEEP_CLI_PATH) + " replay " + street + " " + f.lines + " --scene " + f.scene +
                      " --scene-results - -q >> " + f.scene + " 2>" + (f.dir / "onto.err").string());
        CHECK(onto.exit_code == 1);
        CHECK(file_text(f.dir / "onto.err").find("standard output is redirected to the input") != std::string::npos);
        CHECK(file_text(f.scene) == scene_before);
    }

    TEST_CASE(
        "no temporary file survives a signal the tool handles: SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE during "
        "export -o") {
        const Files& f = files();
        const std::string big = (f.dir / "big.lsr").string();
        REQUIRE(
            run_cli("record " + street + " " + (f.dir / "big.lsq").string() + " --seed 9 --count 400000 --mix ray=1")
                .exit_code == 0);
        REQUIRE(run_cli("replay " + street + " " + (f.dir / "big.lsq").string() + " -q -o " + big).exit_code == 0);
        for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) {
            CAPTURE(sig);
            const std::string out = (f.dir / "big.jsonl").string();
            // The results through a FIFO: the export is still at work when the signal comes.
            PacedRun run({"export", big, "-o", out}, big, f.dir / "export.out", f.dir / "export.err");
            REQUIRE(run.feed_until([&] { return temporary_holds(f.dir, 1 << 16); }));
            CHECK(run.stop({sig}) == -sig);  // ended as the signal asks
            CHECK(no_temporaries(f.dir));
            CHECK_FALSE(std::filesystem::exists(out));
        }
    }

    TEST_CASE("no temporary file survives a second SIGINT during replay --scene-results, nor SIGHUP's clean stop") {
        const Files& f = files();
        // A long stream of mesh queries with scene lines among them.
        REQUIRE(run_cli("record " + street + " " + (f.dir / "long.jsonl").string() + " --seed 8 --count 200000")
                    .exit_code == 0);
        f.dir.file("long_scene.jsonl", with_scene_lines(file_text(f.dir / "long.jsonl"), 6, 6, 6, 3, 40, 21));
        const std::string stream = (f.dir / "long_scene.jsonl").string(), out = (f.dir / "long.lsr").string();
        for (const bool twice : {true, false}) {
            CAPTURE(twice);
            std::filesystem::remove(out + ".partial");
            const std::string answers = (f.dir / "long_answers.jsonl").string();
            // The stream through a FIFO (paced_run.hpp), so that the run is
            // still reading when the signals come, however late the test is.
            PacedRun run({"replay", street, stream, "--scene", f.scene, "--scene-results", answers, "-q", "--threads",
                          "1", "-o", out},
                         stream, f.dir / "long.out", f.dir / "long.err");
            REQUIRE(run.feed_until([&] {  // the answers' temporary, and records to resume
                return temporary_holds(f.dir, 1 << 14) && size_of(out + ".partial") >= (1 << 14);
            }));
            const int rc = twice ? run.stop({SIGINT, SIGINT}) : run.stop({SIGHUP});
            // The second signal ends it at once (or the first had already let it stop).
            if (twice)
                CHECK((rc == -SIGINT || rc == 130));
            else
                CHECK(rc == 128 + SIGHUP);
            CHECK(no_temporaries(f.dir));
            CHECK_FALSE(std::filesystem::exists(answers));
            if (!twice) {
                const std::string err = file_text(f.dir / "long.err");
                CHECK(err.find("stopped by SIGHUP") != std::string::npos);
                CHECK(err.find("resume with: levelsweep replay") != std::string::npos);
                CHECK(err.find("--scene " + f.scene) != std::string::npos);
                CHECK(err.find("--scene-results " + answers) != std::string::npos);
            }
        }
    }
}
