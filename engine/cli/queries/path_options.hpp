// levelsweep CLI: the --path and --isa options every command that runs queries
// takes, and a runner for one query at a time on the chosen path.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <span>
#include <string>

#include "levelsweep/batch_path.hpp"

namespace levelsweep::cli {

struct PathOptions {
    std::string path = "batch";
    std::string isa = "auto";

    // The chosen path, and its ISA (auto: LEVELSWEEP_ISA if set, else the best
    // this CPU has; the reference path is scalar). Throws for an ISA this
    // machine cannot run.
    Path chosen_path() const;
    Isa chosen_isa() const;
};

void add_path_options(CLI::App& cmd, PathOptions& o);

// One query at a time on one path, with its scratch.
class SingleQueryRunner {
public:
    SingleQueryRunner(const Level& level, const PathOptions& o);
    QueryResult run(const Query& q, std::span<MeshContact> out);
    Path path() const { return path_; }
    Isa isa() const { return isa_; }

private:
    const Level& level_;
    Path path_;
    Isa isa_;
    std::optional<BatchLevel> batch_;
    std::optional<BatchScratch> batch_scratch_;
    QueryScratch scratch_;
};

}  // namespace levelsweep::cli
