// levelsweep: a replay job's team over MPI (job_team.hpp), in a target of its
// own (levelsweep_replay_mpi, built when CMake finds Open MPI), so that the
// library and the tool build without MPI. Not installed: the tool's.
#pragma once

#include <memory>

#include "levelsweep/job_team.hpp"

namespace levelsweep {

// Initialises MPI (MPI_THREAD_FUNNELED: only the thread that joined calls
// MPI; rank 0's worker and every runner thread never do) and returns
// MPI_COMM_WORLD as a team; MPI is finalised when the team goes. Throws when
// this MPI cannot give that thread level.
std::unique_ptr<JobTeam> join_mpi_team();

}  // namespace levelsweep
