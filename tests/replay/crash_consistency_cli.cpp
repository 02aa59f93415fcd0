// The crash-consistency loop (docs/decisions.md, "Reliability, second pass:
// outputs, resume, memory, readers, signals"): a replay killed with SIGKILL at
// random moments (before its header, inside a chunk, between its records and
// their checkpoint, during a resume's cut, after its trailer) and resumed each
// time gives the uninterrupted run's bytes: binary and JSON Lines queries, with
// and without a scene (the scene's answers byte for byte too). A hundred kills
// in all in Release, a third of them paced by the run's progress (its queries
// fed through a FIFO) so that at least those land while it runs.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.hpp"
#include "mesh_import_support.hpp"
#include "paced_run.hpp"
#include "process_support.hpp"
#include "scene_stream_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";

struct Config {
    const char* name;
    std::string queries, scene;  // no scene: ""
};

struct Inputs {
    ScratchDir dir{"crash_loop"};
    std::vector<Config> configs;

    Inputs() {
        // Five chunks and a part: kills land between chunks and inside them.
        const std::string binary = (dir / "q.lsq").string(), lines = (dir / "q.jsonl").string();
        REQUIRE(run_cli("record " + street + " " + binary +
                        " --seed 21 --mix walk=1,jump=1,strike=1,fall=1,overlap=1,ray=1 --count " +
                        std::to_string(5 * 4096 + 300))
                    .exit_code == 0);
        REQUIRE(run_cli("convert " + binary + " " + lines).exit_code == 0);
        const std::string scene = dir.file("scene.json", scene_of(22, 8, 8, 40, 21)).string();
        const std::string stream =
            dir.file("scene_lines.jsonl", with_scene_lines(file_text(lines), 23, 8, 8, 7, 40, 21)).string();
        configs = {{"binary", binary, ""},
                   {"JSON Lines", lines, ""},
                   {"binary with a scene", binary, scene},
                   {"JSON Lines with scene lines", stream, scene}};
    }
};

std::vector<std::string> replay_args(const Config& c, const std::string& out, const std::string& answers) {
    std::vector<std::string> args{"replay", street, c.queries, "-q", "--threads", "2", "-o", out, "--resume"};
    if (!c.scene.empty()) args.insert(args.end(), {"--scene", c.scene, "--scene-results", answers});
    return args;
}

}  // namespace

TEST_SUITE("crash consistency cli") {
    TEST_CASE(
        "a replay killed at random moments and resumed each time gives the uninterrupted run's bytes, scene and all") {
        const Inputs in;
        auto rng = seeded_rng(20261130);
        const int rounds = scaled(17);  // per configuration, with one or two kills each: 25 kills, 100 in all
        int kills = 0, landed = 0, paced = 0, paced_landed = 0;
        for (const Config& c : in.configs) {
            CAPTURE(c.name);
            const std::string out = (in.dir / "out.lsr").string(), answers = (in.dir / "answers.jsonl").string();
            // The uninterrupted run, and how long it takes: the kills spread over that.
            std::filesystem::remove(out);
            const auto start = std::chrono::steady_clock::now();
            REQUIRE(wait_for(start_cli(replay_args(c, out, answers), in.dir / "ref.out", in.dir / "ref.err")) == 0);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const std::string reference = file_text(out), reference_answers = c.scene.empty() ? "" : file_text(answers);
            std::uniform_real_distribution<double> moment(0.0, 1.1 * seconds);
            // Up to half the result's bytes: two chunks of work at least are still to come.
            std::uniform_int_distribution<long long> progress(1, static_cast<long long>(reference.size() / 2));
            for (int round = 0; round < rounds; ++round) {
                CAPTURE(round);
                std::filesystem::remove(out);
                std::filesystem::remove(out + ".partial");
                std::filesystem::remove(answers);
                // A run killed, then (every other round) its resume killed too.
                // The first kill of every other round is paced by the run's own progress
                // (its partial holding a random count of bytes, up to half the
                // result's), not by the clock, so that it lands while the run goes on
                // however fast this machine is; the others come at random moments
                // over the uninterrupted run's time, and some find it finished.
                for (int k = 0; k < 1 + round % 2; ++k) {
                    const bool by_progress = k == 0 && round % 2 == 0;
                    int rc = 0;
                    if (by_progress) {
                        // Its queries through a FIFO held open (paced_run.hpp), so
                        // that it cannot finish before the kill, however late the
                        // test runs after seeing the bytes.
                        PacedRun run(replay_args(c, out, answers), c.queries, in.dir / "run.out", in.dir / "run.err");
                        CHECK(run.feed_until_size(out + ".partial", progress(rng)));
                        rc = run.stop({SIGKILL});
                    } else {
                        const Child run =
                            start_cli(replay_args(c, out, answers), in.dir / "run.out", in.dir / "run.err");
                        std::this_thread::sleep_for(std::chrono::duration<double>(moment(rng)));
                        ::kill(run.pid, SIGKILL);
                        rc = wait_for(run);
                    }
                    ++kills;
                    CHECK((rc == -SIGKILL || rc == 0));  // or it had finished
                    landed += rc == -SIGKILL;
                    paced += by_progress;
                    paced_landed += by_progress && rc == -SIGKILL;
                }
                const Child finish = start_cli(replay_args(c, out, answers), in.dir / "fin.out", in.dir / "fin.err");
                const int rc = wait_for(finish);
                CHECK_MESSAGE(rc == 0, file_text(in.dir / "fin.err"));
                CHECK(file_text(out) == reference);
                if (!c.scene.empty()) CHECK(file_text(answers) == reference_answers);
                CHECK_FALSE(std::filesystem::exists(out + ".partial"));
                // SIGKILL removes nothing: a killed run's temporary answers may be left, never an output.
                for (const auto& entry : std::filesystem::directory_iterator(in.dir / "."))
                    if (entry.path().filename().string().rfind(".levelsweep-", 0) == 0)
                        std::filesystem::remove(entry.path());
            }
        }
        CHECK(no_temporaries(in.dir));
        MESSAGE(kills << " kills, " << landed << " of them while the run went on (" << paced_landed << " of the "
                      << paced << " paced by its progress)");
        CHECK(kills == 4 * (rounds + rounds / 2));
        // The loop cannot pass by killing only finished runs: every kill paced by
        // the run's progress (half the rounds' first kills) landed while it ran.
        CHECK(paced == 4 * ((rounds + 1) / 2));
        CHECK(paced_landed == paced);
    }
}
