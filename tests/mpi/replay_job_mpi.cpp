// levelsweep replay-job under mpirun (docs/distributed.md), on this machine's
// loopback: on 2 and 4 ranks (oversubscribed on 2 cores) a manifest of three
// replays gives each `levelsweep replay`'s bytes; a rank killed by SIGKILL in
// the middle of a range, and a shard file lost before the merge, are replayed
// alone by --resume (on another rank count) to the same bytes; a tool whose
// MPI module (levelsweep-mpi.so) is not beside it says where it looked. Label
// mpi; built when CMake finds Open MPI (tests/CMakeLists.txt).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "job_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// `mpirun -np N levelsweep <args>`: oversubscribed (2 cores here), allowed
// as root (CI runs as root), with `environment` passed to every rank.
CliRun mpirun(int ranks, const std::string& args, const std::string& environment = "",
              const std::string& tool = LEVELSWEEP_CLI_PATH) {
    std::string command = join(std::string(LEVELSWEEP_MPIEXEC), " --oversubscribe -np ", std::to_string(ranks));
    if (::geteuid() == 0) command += " --allow-run-as-root";
    if (!environment.empty()) command += join(std::string(" -x "), environment);
    return run_captured(join(command, std::string(" "), tool, std::string(" "), args));
}

const std::string job = "replay-job -q --range-queries 2500 ";

// The ranks' table names each rank once.
bool every_rank_reported(const std::string& out, int ranks) {
    const auto table = out.find("throughput");
    if (table == std::string::npos) return false;
    for (int r = 0; r < ranks; ++r)
        if (out.find(join(std::string("\n"), std::string(r < 10 ? 5 : 4, ' '), std::to_string(r), std::string("  ")),
                     table) == std::string::npos)
            return false;
    return true;
}

}  // namespace

TEST_SUITE("replay job mpi") {
    TEST_CASE("mpirun -np 2: a manifest of three replays gives each replay's bytes") {
        const JobInputs in("job_mpi2");
        const CliRun run = mpirun(2, job + in.manifest());
        REQUIRE_MESSAGE(run.exit_code == 0, run.err);
        in.check_outputs();
        CHECK_MESSAGE(every_rank_reported(run.out, 2), run.out);
        CHECK(run.out.find("on 2 ranks") != std::string::npos);
    }

    TEST_CASE("mpirun -np 4 (oversubscribed): a manifest of three replays gives each replay's bytes") {
        const JobInputs in("job_mpi4");
        const CliRun run = mpirun(4, job + "--threads 1 " + in.manifest());
        REQUIRE_MESSAGE(run.exit_code == 0, run.err);
        in.check_outputs();
        CHECK_MESSAGE(every_rank_reported(run.out, 4), run.out);
    }

    TEST_CASE("mpirun -np 2: a rank killed by SIGKILL inside a range, then --resume on 4 ranks, gives the same bytes") {
        const JobInputs in("job_mpi_kill");
        // Ranges of 5000: the rank that takes replay 0's first one dies once
        // its first chunk (4096 queries) is in the shard, before the trailer;
        // mpirun then ends the other.
        const CliRun killed =
            mpirun(2, "replay-job -q --range-queries 5000 " + in.manifest(), "LEVELSWEEP_TEST_KILL_AT=0:10");
        CHECK(killed.exit_code != 0);
        const std::string shard = in.replays()[0].output + ".shards/q0-5000.lsr";
        REQUIRE(std::filesystem::exists(shard));
        CHECK_FALSE(shard_complete(shard));
        CHECK(std::filesystem::file_size(shard) > 4096 * 60);  // its first chunk's records
        for (const JobReplayFiles& r : in.replays()) CHECK_FALSE(std::filesystem::exists(r.output));

        const CliRun resumed = mpirun(4, "replay-job --range-queries 5000 --resume --threads 1 " + in.manifest());
        REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
        CHECK(resumed.err.find("resuming:") != std::string::npos);
        in.check_outputs();
    }

    TEST_CASE(
        "mpirun -np 4: a shard lost before the merge is replayed alone by --resume on 2 ranks, to the same bytes") {
        const JobInputs in("job_mpi_lost");
        const CliRun shards = mpirun(4, job + "--no-merge --threads 1 " + in.manifest());
        REQUIRE_MESSAGE(shards.exit_code == 0, shards.err);
        for (std::size_t i = 0; i < in.replays().size(); ++i)
            for (const auto& s : in.shards(i)) CHECK(shard_complete(s));
        REQUIRE(std::filesystem::remove(in.replays()[2].output + ".shards/q0-2500.lsr"));

        const CliRun resumed = mpirun(2, "replay-job --range-queries 2500 --resume " + in.manifest());
        REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
        CHECK_MESSAGE(resumed.err.find("resuming: 1 range (2500 queries)") != std::string::npos, resumed.err);
        in.check_outputs();
    }

    TEST_CASE("mpirun -np 2: a tool without its MPI module beside it says where it looked, and writes nothing") {
        const JobInputs in("job_mpi_no_module");
        const std::filesystem::path tool = in.path("levelsweep");
        std::filesystem::copy_file(LEVELSWEEP_CLI_PATH, tool);
        const CliRun run = mpirun(2, job + in.manifest(), "", tool.string());
        CHECK(run.exit_code != 0);
        // The folder as the tool sees itself (/proc/self/exe: no symbolic link in it).
        const std::string beside = (std::filesystem::canonical(tool).parent_path() / "levelsweep-mpi.so").string();
        CHECK_MESSAGE(run.err.find("the MPI team's module is not at " + beside) != std::string::npos, run.err);
        for (const JobReplayFiles& r : in.replays()) CHECK_FALSE(std::filesystem::exists(r.output));
    }
}
