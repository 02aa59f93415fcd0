// The team a replay-job runs as (job_launch.hpp). The one place the tool asks
// whether it was built with MPI: the MPI team is a module of its own
// (levelsweep-mpi.so, mpi_team.hpp), loaded here only when a launcher started
// this process, so that every other build and command needs no MPI at all.
#include "replays/job_launch.hpp"

#include <stdexcept>
#include <string>

#if LEVELSWEEP_WITH_MPI
#include <dlfcn.h>

#include <filesystem>
#include <system_error>

#include "levelsweep/mpi_team.hpp"
#endif

namespace levelsweep::cli {

namespace {

#if LEVELSWEEP_WITH_MPI
// The MPI team from its module: beside the tool in a build tree, else where
// it is installed (LEVELSWEEP_MPI_MODULE_INSTALLED, relative to the tool's
// folder). The module stays loaded for the whole process: the team's code is
// its, and Open MPI cannot be initialised twice in a process anyway.
std::unique_ptr<JobTeam> join_mpi_team() {
    std::error_code error;
    const std::filesystem::path tool = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        throw std::runtime_error("cannot find the levelsweep tool's own folder (/proc/self/exe: " + error.message() +
                                 ")");
    std::string looked;
    for (const char* folder : {".", LEVELSWEEP_MPI_MODULE_INSTALLED}) {
        const std::filesystem::path module = (tool.parent_path() / folder / LEVELSWEEP_MPI_MODULE).lexically_normal();
        if (!std::filesystem::exists(module, error)) {
            looked += (looked.empty() ? "" : " or ") + module.string();
            continue;
        }
        // RTLD_GLOBAL: the components Open MPI loads in turn look up its symbols.
        void* handle = ::dlopen(module.c_str(), RTLD_NOW | RTLD_GLOBAL);
        if (!handle) throw std::runtime_error(std::string("cannot load the MPI team's module: ") + ::dlerror());
        const auto join = reinterpret_cast<JoinMpiTeam>(::dlsym(handle, mpi_team_entry));
        if (!join) throw std::runtime_error("the MPI team's module " + module.string() + " has no " + mpi_team_entry);
        return std::unique_ptr<JobTeam>(join());
    }
    throw std::runtime_error("an MPI launcher started this replay-job, but the MPI team's module is not at " + looked +
                             ": it is built beside the tool and installed in the library folder's levelsweep/");
}
#endif

}  // namespace

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
