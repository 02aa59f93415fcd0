// Whole replays compared between paths, ISAs and thread counts with
// `levelsweep diff`: the bundled gameplay queries on the bundled street, and
// queries recorded on a real level. Every record agrees (status, counts and
// every contact, bit for bit); only the work counters, which each path counts
// its own way, differ, and diff says so.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "levelsweep/isa.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// Replays `queries` on `level` once on the reference path and then on the
// batch path with every ISA this CPU has, on 1 and 2 threads, and diffs each
// against the reference replay.
void replays_agree(const std::string& level, const std::string& queries, const std::string& name) {
    const auto reference = temp_path(name + "_reference.lsr");
    const std::string replay = "replay " + level + " " + queries + " -q ";
    REQUIRE(run_cli(replay + "--path reference -o " + reference.string()).exit_code == 0);
    int batch_runs = 0;
    for (Isa isa : available_isas()) {
        if (isa == Isa::scalar) continue;
        for (int threads : {1, 2}) {
            CAPTURE(isa_name(isa));
            CAPTURE(threads);
            const auto batch = temp_path(name + "_batch.lsr");
            REQUIRE(run_cli(join(replay, "--path batch --isa ", std::string(isa_name(isa)), " --threads ",
                                 std::to_string(threads), " -o ", batch.string()))
                        .exit_code == 0);
            const ReadBack back = read_results(batch);
            CHECK(back.header.path == "batch");
            CHECK(back.header.isa == isa_name(isa));
            const CliResult d = run_cli("diff " + reference.string() + " " + batch.string());
            CHECK(d.exit_code == 0);
            CHECK(d.out.find("\nidentical\n") != std::string::npos);
            CHECK(d.out.find("only work counters") != std::string::npos);
            // With --stats the work counters are compared too: they are all that differs.
            const CliResult s = run_cli("diff " + reference.string() + " " + batch.string() + " --stats --json");
            CHECK(s.exit_code == 1);
            const auto report = nlohmann::json::parse(s.out);
            REQUIRE(report["by_aspect"].contains("stats"));
            CHECK(report["by_aspect"]["stats"] == report["differing"]);
            CHECK(report["differing"].get<int>() > 0);
            for (const auto& [aspect, count] : report["by_aspect"].items())
                if (aspect != "stats") CHECK_MESSAGE(count == 0, aspect);
            std::filesystem::remove(batch);
            ++batch_runs;
        }
    }
    CHECK(batch_runs >= 2);
    std::filesystem::remove(reference);
}

}  // namespace

TEST_SUITE("replay paths cli") {
    TEST_CASE("the bundled gameplay queries: batch replays on every ISA and thread count equal the reference replay") {
        replays_agree(std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl",
                      std::string(LEVELSWEEP_SOURCE_DIR) + "/data/queries/street_gameplay.lsq", "gameplay");
    }

    TEST_CASE("queries recorded on the real level czest2ctf: batch replays equal the reference replay") {
        const auto lvl = temp_path("czest2ctf.lvl"), queries = temp_path("czest2ctf.lsq");
        REQUIRE(run_cli("import " + shared_level("czest2ctf_m_zup.obj") + " " + lvl.string()).exit_code == 0);
        REQUIRE(run_cli("record " + lvl.string() + " " + queries.string() + " --count " + std::to_string(scaled(20000)))
                    .exit_code == 0);
        replays_agree(lvl.string(), queries.string(), "czest2ctf");
        std::filesystem::remove(lvl);
        std::filesystem::remove(queries);
    }
}
