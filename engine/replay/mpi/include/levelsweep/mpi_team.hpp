// levelsweep: a replay job's team over MPI (job_team.hpp), a module of its
// own (levelsweep-mpi.so, built when CMake finds Open MPI) that the tool loads
// only for a job an MPI launcher started. Linked into the tool, Open MPI's
// libraries cost every command about 2 ms to load, most of a small level's
// start-up. Not installed with the headers: the tool's.
#pragma once

#include "levelsweep/job_team.hpp"

// The module's one entry point (mpi_team_entry names it for dlsym):
// initialises MPI (MPI_THREAD_FUNNELED: only the thread that joined calls
// MPI; rank 0's worker and every runner thread never do) and returns
// MPI_COMM_WORLD as a team, which the caller owns; MPI is finalised when the
// team goes. Throws when this MPI cannot give that thread level. The module
// hides every other symbol.
extern "C" __attribute__((visibility("default"))) levelsweep::JobTeam* levelsweep_join_mpi_team();

namespace levelsweep {

inline constexpr char mpi_team_entry[] = "levelsweep_join_mpi_team";
using JoinMpiTeam = JobTeam* (*)();

}  // namespace levelsweep
