// A replay job's inputs for the tests of `levelsweep replay-job`, in one
// process (tests/replay/replay_job_cli.cpp) and under mpirun (tests/mpi):
// three replays over the bundled levels (two query files on street_1k, in
// both modes, and one on street_10k on the reference path), their manifest,
// and what `levelsweep replay` writes for each: the bytes the job must write.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "mesh_import_support.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::test {

struct JobReplayFiles {
    std::string level, queries, output, mode, path;
    std::string expected;  // `levelsweep replay`'s bytes for this replay
};

class JobInputs {
public:
    explicit JobInputs(const std::string& tag) : dir_(tag) {
        const std::string levels = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/";
        const std::string mix = " --mix walk=1,jump=1,strike=1,fall=1,overlap=1,ray=1";
        replays_ = {{levels + "street_1k.lvl", path("walks.lsq"), path("walks.lsr"), "faithful", "batch", ""},
                    {levels + "street_1k.lvl", path("mixed.lsq"), path("mixed.lsr"), "corrected", "batch", ""},
                    {levels + "street_10k.lvl", path("rays.lsq"), path("rays.lsr"), "faithful", "reference", ""}};
        const char* records[] = {" --seed 31 --count 9000 --mix walk=1,jump=1", " --seed 32 --count 6000",
                                 " --seed 33 --count 3000 --mix ray=1,overlap=1"};
        for (std::size_t i = 0; i < replays_.size(); ++i) {
            JobReplayFiles& r = replays_[i];
            const std::string how = i == 1 ? mix : "";
            REQUIRE(run_cli(join(std::string("record "), r.level, std::string(" "), r.queries, std::string(records[i]),
                                 how))
                        .exit_code == 0);
            const std::string reference = path("reference.lsr");
            REQUIRE(run_cli(join(std::string("replay "), r.level, std::string(" "), r.queries, std::string(" -q -o "),
                                 reference, std::string(" --mode "), r.mode, std::string(" --path "), r.path))
                        .exit_code == 0);
            r.expected = file_text(reference);
            std::filesystem::remove(reference);
        }
        manifest_ = path("job.json");
        nlohmann::json list = nlohmann::json::array();
        for (const JobReplayFiles& r : replays_)
            list.push_back(
                {{"level", r.level}, {"queries", r.queries}, {"output", r.output}, {"mode", r.mode}, {"path", r.path}});
        write_text(manifest_, nlohmann::json{{"replays", list}}.dump(2));
    }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    const std::string& manifest() const { return manifest_; }
    const std::vector<JobReplayFiles>& replays() const { return replays_; }

    // Every output is `replay`'s bytes, and no shard or partial file is left.
    void check_outputs() const {
        for (const JobReplayFiles& r : replays_) {
            CAPTURE(r.output);
            CHECK(file_text(r.output) == r.expected);
            CHECK_FALSE(std::filesystem::exists(join(r.output, std::string(".shards"))));
            CHECK_FALSE(std::filesystem::exists(join(r.output, std::string(".partial"))));
        }
    }
    // The outputs, their shards and partial files removed: a fresh start.
    void clear_outputs() const {
        for (const JobReplayFiles& r : replays_) {
            std::filesystem::remove(r.output);
            std::filesystem::remove(join(r.output, std::string(".partial")));
            std::filesystem::remove_all(join(r.output, std::string(".shards")));
        }
    }
    // The shard files of replay `i`, by name.
    std::vector<std::filesystem::path> shards(std::size_t i) const {
        std::vector<std::filesystem::path> out;
        const std::filesystem::path folder = join(replays_.at(i).output, std::string(".shards"));
        if (std::filesystem::is_directory(folder))
            for (const auto& entry : std::filesystem::directory_iterator(folder)) out.push_back(entry.path());
        return out;
    }

private:
    ScratchDir dir_;
    std::vector<JobReplayFiles> replays_;
    std::string manifest_;
};

// A shell command line, its standard output and error kept (the tool, an
// environment before it, mpirun before that).
inline CliRun run_captured(const std::string& command) {
    const auto err_path = temp_path("job_err.txt");
    CliRun r;
    if (FILE* p = ::popen((command + " < /dev/null 2> " + err_path.string()).c_str(), "r")) {
        char buf[4096];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
        const int status = ::pclose(p);
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    r.err = file_text(err_path);
    std::filesystem::remove(err_path);
    return r;
}

// `levelsweep <args>` with `environment` (NAME=VALUE ...) before it.
inline CliRun run_cli_with(const std::string& environment, const std::string& args) {
    return run_captured(environment + " " + LEVELSWEEP_CLI_PATH + " " + args);
}

// Whether a shard (or any result file) ends with its trailer: its range is whole.
inline bool shard_complete(const std::filesystem::path& shard) {
    return ResultFileReader::trailer_count(shard).has_value();
}

}  // namespace levelsweep::test
