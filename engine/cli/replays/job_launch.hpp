// levelsweep CLI: the team a replay-job runs as. Under an MPI launcher
// (mpirun, srun) in a build with Open MPI: MPI's ranks; otherwise one process
// alone. A build without MPI that a launcher started as one of several ranks
// refuses, since each rank would run the whole job over the others' files.
#pragma once

#include <memory>

#include "levelsweep/job_team.hpp"

namespace levelsweep::cli {

std::unique_ptr<JobTeam> join_job_team();
// Whether this build runs a job across MPI's ranks (LEVELSWEEP_MPI found Open MPI).
bool job_team_has_mpi();

}  // namespace levelsweep::cli
