// levelsweep replay-job in one process (docs/distributed.md): every output is
// byte for byte what `levelsweep replay` writes for its pair; a shard lost
// before the merge, and a range whose rank was killed by SIGKILL, are
// replayed alone by --resume, to the same bytes; a damaged shard is set aside
// and its output left as `replay --resume` can finish it; and what a job
// cannot read by ranges is refused. tests/mpi runs the same under mpirun.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "job_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string job = "replay-job -q --range-queries 2500 ";

}  // namespace

TEST_SUITE("replay job cli") {
    TEST_CASE("replay-job in one process writes, for a manifest and for one pair, replay's bytes") {
        const JobInputs in("job_solo");
        const CliRun run = run_cli_both(job + in.manifest());
        REQUIRE_MESSAGE(run.exit_code == 0, run.err);
        in.check_outputs();
        // One summary: each output, the queries by kind and status, the rank's throughput.
        for (const JobReplayFiles& r : in.replays()) CHECK(run.out.find(r.output + ": complete") != std::string::npos);
        CHECK(run.out.find("queries by kind and status") != std::string::npos);
        CHECK(run.out.find("throughput") != std::string::npos);

        const JobReplayFiles& r = in.replays()[1];
        std::filesystem::remove(r.output);
        const CliRun pair = run_cli_both(job + r.level + " " + r.queries + " -o " + r.output + " --mode " + r.mode +
                                         " --path " + r.path);
        REQUIRE_MESSAGE(pair.exit_code == 0, pair.err);
        CHECK(file_text(r.output) == r.expected);
    }

    TEST_CASE("replay-job --resume replays only the range of a lost shard, and merges to the same bytes") {
        const JobInputs in("job_solo_lost");
        REQUIRE(run_cli_both(job + "--no-merge " + in.manifest()).exit_code == 0);
        const auto shards = in.shards(0);
        REQUIRE(shards.size() == 4);  // 9000 queries in ranges of 2500
        for (const auto& s : shards) CHECK(shard_complete(s));
        REQUIRE(run_cli_both(job + "--status " + in.manifest()).exit_code == 0);

        const std::filesystem::path lost = in.replays()[0].output + ".shards/q2500-5000.lsr";
        REQUIRE(std::filesystem::remove(lost));
        const CliRun status = run_cli_both(job + "--status " + in.manifest());
        CHECK(status.exit_code == 3);
        CHECK_MESSAGE(status.out.find("missing: queries 2500 to 4999") != std::string::npos, status.out);
        check_refused(job + in.manifest(), "holds the shards of an interrupted job");

        const CliRun resumed = run_cli_both("replay-job --range-queries 2500 --resume " + in.manifest());
        REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
        CHECK_MESSAGE(resumed.err.find("resuming: 1 range (2500 queries)") != std::string::npos, resumed.err);
        in.check_outputs();
    }

    TEST_CASE(
        "replay-job killed by SIGKILL inside a range leaves that shard incomplete, and --resume gives the bytes") {
        const JobInputs in("job_solo_kill");
        // Ranges of 5000: replay 0's second one is 4000 queries, one chunk;
        // the rank dies once it is in the shard, before the trailer.
        const CliRun killed =
            run_cli_with("LEVELSWEEP_TEST_KILL_AT=0:5010", "replay-job -q --range-queries 5000 " + in.manifest());
        CHECK(killed.exit_code != 0);
        const std::string folder = in.replays()[0].output + ".shards/";
        CHECK(shard_complete(folder + "q0-5000.lsr"));
        REQUIRE(std::filesystem::exists(folder + "q5000-9000.lsr"));
        CHECK_FALSE(shard_complete(folder + "q5000-9000.lsr"));
        CHECK(ResultFileReader::trailer_count(folder + "q5000-9000.lsr") == std::nullopt);
        for (const JobReplayFiles& r : in.replays()) CHECK_FALSE(std::filesystem::exists(r.output));

        check_refused("replay-job -q --range-queries 5000 " + in.manifest(), "--resume");
        const CliRun resumed = run_cli_both("replay-job --range-queries 5000 --resume " + in.manifest());
        REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
        CHECK(resumed.err.find("resuming: 4 ranges") != std::string::npos);  // the killed one and the 3 not begun
        in.check_outputs();
    }

    TEST_CASE("replay-job sets a damaged shard aside at the merge, leaving an output replay --resume finishes") {
        const JobInputs in("job_solo_damaged");
        REQUIRE(run_cli_both(job + "--no-merge " + in.manifest()).exit_code == 0);
        const JobReplayFiles& r = in.replays()[0];
        const std::string shard = r.output + ".shards/q5000-7500.lsr";
        {
            // A byte inside a record: its CRC fails; the trailer still reads.
            std::string bytes = file_text(shard);
            bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0xff);
            write_text(shard, bytes);
        }
        CHECK(shard_complete(shard));
        const CliRun merged = run_cli_both("replay-job --resume " + in.manifest());
        CHECK(merged.exit_code == 3);
        CHECK_MESSAGE(merged.out.find(r.output + ": incomplete") != std::string::npos, merged.out);
        CHECK(merged.out.find("set aside") != std::string::npos);
        CHECK(std::filesystem::exists(shard + ".damaged"));
        CHECK_FALSE(std::filesystem::exists(r.output));
        CHECK(file_text(in.replays()[1].output) == in.replays()[1].expected);  // the others are whole
        const CliRun status = run_cli_both("replay-job --status " + in.manifest());
        CHECK(status.exit_code == 3);
        CHECK_MESSAGE(status.out.find("missing: queries 5000 to 7499\n") != std::string::npos, status.out);
        CHECK(status.out.find(in.replays()[1].output + ": complete (6000 queries)") != std::string::npos);

        // The merged partial file holds replay's header and checkpoints: replay --resume finishes it.
        REQUIRE(run_cli("export " + r.output + ".partial --allow-incomplete -o " + r.output + ".jsonl").exit_code == 0);
        const CliRun finished = run_cli_both("replay " + r.level + " " + r.queries + " -q -o " + r.output + " --mode " +
                                             r.mode + " --path " + r.path + " --resume");
        REQUIRE_MESSAGE(finished.exit_code == 0, finished.err);
        CHECK(file_text(r.output) == r.expected);

        // The job resumed replays the range set aside, merges that output again, and leaves the others.
        const CliRun resumed = run_cli_both("replay-job --resume " + in.manifest());
        REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
        CHECK(resumed.err.find("resuming: 1 range (2500 queries)") != std::string::npos);
        CHECK(resumed.out.find(in.replays()[2].output + ": complete already") != std::string::npos);
        in.check_outputs();
    }

    TEST_CASE("replay-job refuses query files it cannot read by ranges, and a pair's options with a manifest") {
        const JobInputs in("job_solo_refusals");
        const JobReplayFiles& r = in.replays()[0];
        const std::string lines = in.path("walks.jsonl"), gzipped = in.path("walks.lsq.gz");
        REQUIRE(run_cli("convert " + r.queries + " " + lines).exit_code == 0);
        REQUIRE(run_shell("gzip -c " + r.queries + " > " + gzipped).exit_code == 0);
        const std::string out = " -o " + in.path("out.lsr");
        check_refused(job + r.level + " " + lines + out, "levelsweep convert");
        check_refused(job + r.level + " " + gzipped + out, "gunzip it");
        check_refused(job + in.manifest() + out, "a manifest gives them per replay");
        check_refused(job + r.level + " " + r.queries, "needs -o OUTPUT");
        check_refused(job + r.level + " " + r.queries + " -o " + r.queries, r.queries);  // an input
        CHECK_FALSE(std::filesystem::exists(in.path("out.lsr")));
    }
}
