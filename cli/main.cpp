// levelsweep: the command-line tool. Subcommands live one per file.
#include <cstdio>
#include <exception>

#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"levelsweep: faithful float32 collision queries against a game level's mesh"};
    app.require_subcommand(1);
    levelsweep::cli::add_eval_command(app);
    levelsweep::cli::add_import_command(app);
    levelsweep::cli::add_generate_command(app);
    levelsweep::cli::add_info_command(app);
    levelsweep::cli::add_query_command(app);
    levelsweep::cli::add_replay_command(app);
    levelsweep::cli::add_profile_command(app);
    levelsweep::cli::add_diff_command(app);
    levelsweep::cli::add_export_command(app);
    levelsweep::cli::add_record_command(app);
    levelsweep::cli::add_convert_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "levelsweep: %s\n", e.what());
        return 1;
    }
    return 0;
}
