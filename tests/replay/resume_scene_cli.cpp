// --resume with --scene (docs/formats.md, "Resuming a replay"): the partial's
// header records the scene's digest; a resumed run runs the scene lines before
// the checkpoint again (their edits move the bodies, their answers are written
// again), so the result file and the scene's answers are the uninterrupted
// run's byte for byte; the command an interrupted run prints is one that
// works; and another scene, or none where there was one, is refused.
#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "mesh_import_support.hpp"
#include "paced_run.hpp"
#include "scene_stream_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";

struct Stream {
    ScratchDir dir{"resume_scene"};
    std::string scene = (dir / "scene.json").string(), queries = (dir / "stream.jsonl").string(),
                out = (dir / "out.lsr").string(), answers = (dir / "answers.jsonl").string();
    std::string reference, reference_answers;

    Stream() {
        const auto recorded = dir / "recorded.jsonl";
        REQUIRE(run_cli("record " + street + " " + recorded.string() + " --seed 31 --mix walk=1,ray=1 --count 20000")
                    .exit_code == 0);
        dir.file("scene.json", scene_of(32, 8, 8, 40, 21));
        dir.file("stream.jsonl", with_scene_lines(file_text(recorded), 33, 8, 8, 5, 40, 21));
        REQUIRE(run_cli(command() + " -q").exit_code == 0);
        reference = file_text(out);
        reference_answers = file_text(answers);
        std::filesystem::remove(out);
        std::filesystem::remove(answers);
    }

    std::string command() const {
        return "replay " + street + " " + queries + " --scene " + scene + " --scene-results " + answers + " -o " + out;
    }
};

const Stream& stream() {
    static const Stream s;
    return s;
}

// The stream's run stopped by SIGTERM once its partial holds `bytes`; the
// command it prints to resume.
std::string stopped(long long bytes) {
    const Stream& s = stream();
    std::filesystem::remove(s.out + ".partial");
    PacedRun run({"replay", street, s.queries, "--scene", s.scene, "--scene-results", s.answers, "-o", s.out, "-q",
                  "--threads", "1"},
                 s.queries, s.dir / "stop.out", s.dir / "stop.err");
    REQUIRE(run.feed_until_size(s.out + ".partial", bytes));
    REQUIRE(run.stop({SIGTERM}) == 128 + SIGTERM);
    const std::string err = file_text(s.dir / "stop.err");
    const std::size_t at = err.find("resume with: ");
    REQUIRE_MESSAGE(at != std::string::npos, err);
    CHECK_FALSE(std::filesystem::exists(s.answers));  // written whole or not at all
    return err.substr(at + 13, err.find('\n', at) - at - 13);
}

}  // namespace

TEST_SUITE("resume scene cli") {
    TEST_CASE(
        "a replay --scene stopped and resumed with the command it prints gives the uninterrupted run's results and "
        "scene answers") {
        const Stream& s = stream();
        for (const double share : {0.2, 0.6}) {
            CAPTURE(share);
            const std::string command =
                stopped(static_cast<long long>(share * static_cast<double>(s.reference.size())));
            CHECK(command.find("--scene " + s.scene) != std::string::npos);
            CHECK(command.find("--scene-results " + s.answers) != std::string::npos);
            // Run as printed, through a shell that finds levelsweep.
            const std::string bin = std::filesystem::path(LEVELSWEEP_CLI_PATH).parent_path().string();
            const CliResult done = run_shell("PATH=" + bin + ":$PATH " + command + " -q 2>&1");
            CHECK_MESSAGE(done.exit_code == 0, done.out);
            CHECK(file_text(s.out) == s.reference);
            CHECK(file_text(s.answers) == s.reference_answers);
            std::filesystem::remove(s.out);
            std::filesystem::remove(s.answers);
        }
    }

    TEST_CASE("--resume refuses another scene, a scene where there was none, and none where there was one") {
        const Stream& s = stream();
        stopped(static_cast<long long>(s.reference.size() / 2));
        const std::string left = file_text(s.out + ".partial");
        const auto other = s.dir.file("other_scene.json", scene_of(34, 8, 8, 40, 21));
        const auto refused = [&](const std::string& args, const std::string& why) {
            CAPTURE(args);
            const CliRun r =
                run_cli_both("replay " + street + " " + s.queries + " -o " + s.out + " --resume -q" + args);
            CHECK(r.exit_code == 1);
            CHECK_MESSAGE(r.err.find(why) != std::string::npos, r.err);
            CHECK(file_text(s.out + ".partial") == left);
        };
        refused(" --scene " + other.string(), "its scene file was another");
        refused("", "its run had a scene; give it again with --scene");
        // And a partial without a scene refuses one.
        const std::string plain_out = (s.dir / "plain.lsr").string();
        PacedRun run({"replay", street, s.queries, "-q", "--threads", "1", "-o", plain_out}, s.queries, s.dir / "p.out",
                     s.dir / "p.err");
        REQUIRE(run.feed_until_size(plain_out + ".partial", 100000));
        REQUIRE(run.stop({SIGTERM}) == 128 + SIGTERM);
        const CliRun r =
            run_cli_both("replay " + street + " " + s.queries + " -o " + plain_out + " --resume -q --scene " + s.scene);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("its run had no scene, this one has") != std::string::npos);
        // With its own scene it finishes.
        CHECK(run_cli_both(s.command() + " --resume -q").exit_code == 0);
        CHECK(file_text(s.out) == s.reference);
        CHECK(file_text(s.answers) == s.reference_answers);
        std::filesystem::remove(s.out);
        std::filesystem::remove(s.answers);
    }
}
