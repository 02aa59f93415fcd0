// levelsweep CLI: each subcommand registers itself on the app from its own file.
#pragma once

#include <CLI/CLI.hpp>

namespace levelsweep::cli {

void add_eval_command(CLI::App& app);
void add_import_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_query_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_replay_job_command(CLI::App& app);
void add_profile_command(CLI::App& app);
void add_diff_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_record_command(CLI::App& app);
void add_convert_command(CLI::App& app);
void add_inspect_command(CLI::App& app);

}  // namespace levelsweep::cli
