// The team a replay-job runs as (job_launch.hpp). The one place the tool asks
// whether it was built with MPI: engine/replay/mpi is its own target, linked
// only then, so that every other build needs no MPI at all.
#include "replays/job_launch.hpp"

#include <stdexcept>
#include <string>

#if LEVELSWEEP_WITH_MPI
#include "levelsweep/mpi_team.hpp"
#endif

namespace levelsweep::cli {

bool job_team_has_mpi() { return LEVELSWEEP_WITH_MPI != 0; }

std::unique_ptr<JobTeam> join_job_team() {
    const int ranks = launcher_ranks();
#if LEVELSWEEP_WITH_MPI
    if (ranks != 0) return join_mpi_team();
#else
    if (ranks != 0 && ranks != 1)
        throw std::runtime_error(
            "an MPI launcher started this as one of " + (ranks > 0 ? std::to_string(ranks) : std::string("several")) +
            " ranks, but this levelsweep was built without MPI, so each would run the whole job: build it with "
            "Open MPI installed (libopenmpi-dev; CMake option LEVELSWEEP_MPI), or run the job in one process");
#endif
    return std::make_unique<SoloTeam>();
}

}  // namespace levelsweep::cli
