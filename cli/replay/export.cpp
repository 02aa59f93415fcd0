// levelsweep export: a result file (binary, plain or gzipped) as JSON Lines
// (docs/formats.md, "The result file's text export").
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "replay/result_text.hpp"

namespace levelsweep::cli {

namespace {

struct ExportOptions {
    std::string results, output = "-";
};

// 0, or 3 when the file was cut short (everything before the cut is exported).
int export_results(const ExportOptions& o) {
    if (const auto cut = export_results_jsonl(o.results, o.output)) {
        std::cerr << "levelsweep export: " << cut->what() << "; every result before it was exported\n";
        return 3;
    }
    return 0;
}

}  // namespace

void add_export_command(CLI::App& app) {
    auto o = std::make_shared<ExportOptions>();
    auto* cmd = app.add_subcommand("export", "Write a result file as JSON Lines: a header line, then one line per query");
    cmd->add_option("results", o->results, "Result file (binary, plain or gzipped)")->required();
    cmd->add_option("-o,--output", o->output, "JSON Lines output (- for standard output)")->capture_default_str();
    cmd->callback([o] {
        const int rc = export_results(*o);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
