// levelsweep eval: reads JSON Lines, one kernel call a line, and writes one JSON
// line of outputs for each. A malformed line or an unknown kernel gets an error
// object on its own output line, and the run goes on.
#include "eval/eval.hpp"

#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "io/same_file.hpp"
#include "io/standard_output.hpp"
#include "levelsweep/line_reader.hpp"
#include "levelsweep/memory_limit.hpp"

namespace levelsweep::cli {

namespace {

// A kernel call takes a few hundred bytes; a longer line is reported, not held.
constexpr std::size_t max_eval_line_bytes = std::size_t{1} << 20;

std::map<std::string_view, const EvalKernel*> all_kernels() {
    std::map<std::string_view, const EvalKernel*> out;
    for (auto unit : {eval_unit01(), eval_unit04(), eval_unit05(), eval_unit12(), eval_unit13(), eval_tables()})
        for (const EvalKernel& k : unit)
            if (!out.emplace(k.name, &k).second)
                throw std::logic_error("eval kernel \"" + std::string(k.name) + "\" is listed twice");
    return out;
}

json error_line(std::size_t line_no, const std::string& message) { return json{{"line", line_no}, {"error", message}}; }

json eval_line(const std::map<std::string_view, const EvalKernel*>& kernels, const std::string& text,
               std::size_t line_no) {
    json call;
    try {
        call = parse_json(text, "the line", /*allow_exceptions=*/false);
    } catch (const MemoryLimitError& e) {
        return error_line(line_no, e.what());
    }
    if (call.is_discarded() || !call.is_object()) return error_line(line_no, "not a JSON object");
    if (!call.contains("kernel") || !call["kernel"].is_string())
        return error_line(line_no, "missing \"kernel\" (a string)");
    const std::string name = call["kernel"];
    const auto it = kernels.find(name);
    if (it == kernels.end()) return error_line(line_no, "unknown kernel \"" + name + "\"");
    json inputs = call.value("inputs", json::object());
    if (!inputs.is_object()) return error_line(line_no, "\"inputs\" must be an object");
    for (const char* key : {"mode", "quirks"})
        if (call.contains(key) && !inputs.contains(key)) inputs[key] = call[key];
    try {
        json out = it->second->run(inputs);
        out["kernel"] = name;
        out["line"] = line_no;
        return out;
    } catch (const std::exception& e) {
        json err = error_line(line_no, error_text(e));
        err["kernel"] = name;
        return err;
    }
}

int run_eval(const std::string& path, bool list) {
    const auto kernels = all_kernels();
    if (list) {
        for (const auto& [name, k] : kernels) std::cout << name << '\n';
        return 0;
    }
    refuse_overwriting_inputs({path}, {}, true);
    LineReader lines(path);
    std::string text;
    bool too_long = false;
    while (lines.next(text, too_long, max_eval_line_bytes)) {
        const std::size_t line_no = lines.line_number();
        if (too_long) {
            std::cout << error_line(line_no, "longer than " + std::to_string(max_eval_line_bytes) + " bytes").dump()
                      << '\n';
            continue;
        }
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::cout << eval_line(kernels, text, line_no).dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
        check_standard_output();
    }
    if (lines.damage()) throw std::runtime_error((path == "-" ? "standard input" : path) + ": " + *lines.damage());
    return 0;
}

}  // namespace

void add_eval_command(CLI::App& app) {
    auto* cmd =
        app.add_subcommand("eval", "Evaluate kernels: JSON Lines in, one JSON line out per call (docs/eval.md)");
    auto path = std::make_shared<std::string>("-");
    auto list = std::make_shared<bool>(false);
    cmd->add_option("input", *path, "JSON Lines file, or - for standard input")->capture_default_str();
    cmd->add_flag("--list", *list, "List the kernel names and exit");
    cmd->callback([path, list] {
        const int rc = run_eval(*path, *list);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
