// levelsweep export: a result file (binary, plain or gzipped) as JSON Lines
// (docs/formats.md, "The result file's text export").
#include <memory>
#include <string>

#include "commands.hpp"
#include "replays/export_file.hpp"

namespace levelsweep::cli {

namespace {

struct ExportOptions {
    std::string results, output = "-";
    bool allow_incomplete = false;
};

}  // namespace

void add_export_command(CLI::App& app) {
    auto o = std::make_shared<ExportOptions>();
    auto* cmd =
        app.add_subcommand("export", "Write a result file as JSON Lines: a header line, then one line per query");
    cmd->add_option("results", o->results, "Result file (binary, plain or gzipped)")->required();
    cmd->add_option("-o,--output", o->output, "JSON Lines output (- for standard output)")->capture_default_str();
    cmd->add_flag("--allow-incomplete", o->allow_incomplete,
                  "Export the whole records of a result file whose run did not finish, and exit 0 (exit 3 otherwise)");
    cmd->callback([o] {
        const int rc = export_result_file(o->results, o->output, o->allow_incomplete, "levelsweep export");
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
