// levelsweep query: JSON Lines queries against a level, one JSON line of results
// each (docs/query.md). A malformed line gets an error object and the run goes on.
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/mesh_query.hpp"
#include "query_json.hpp"

namespace levelsweep::cli {

namespace {

struct QueryOptions {
    std::string level;
    std::string input = "-";
    std::string mode = "faithful";
    bool brute_force = false;
};

void run_queries(const QueryOptions& o) {
    const Level level = load_level(o.level);
    const Quirks quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
    std::ifstream file;
    if (o.input != "-") {
        file.open(o.input);
        if (!file) throw std::runtime_error("cannot open " + o.input);
    }
    std::istream& in = o.input == "-" ? std::cin : file;
    QueryScratch scratch(level);
    std::vector<MeshContact> contacts(mesh_contact_capacity);
    std::string text;
    for (std::size_t line_no = 1; std::getline(in, text); ++line_no) {
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        json out;
        try {
            const json obj = json::parse(text);
            const Query q = query_from_json(obj, quirks);
            const QueryResult r = run_query(level, q, contacts, scratch, o.brute_force ? Walk::brute_force : Walk::grid);
            out = result_to_json(r, std::span<const MeshContact>(contacts.data(), r.count));
            out["kind"] = query_kind_name(q.kind);
        } catch (const json::exception& e) {
            out = {{"error", std::string("not a JSON object: ") + e.what()}};
        } catch (const std::invalid_argument& e) {
            out = {{"error", e.what()}};
        }
        out["line"] = line_no;
        std::cout << out.dump() << '\n';
    }
}

}  // namespace

void add_query_command(CLI::App& app) {
    auto o = std::make_shared<QueryOptions>();
    auto* cmd = app.add_subcommand("query", "Run JSON Lines queries against a level (docs/query.md)");
    cmd->add_option("level", o->level, "Level file (.lvl)")->required();
    cmd->add_option("input", o->input, "JSON Lines queries, or - for standard input")->capture_default_str();
    cmd->add_option("--mode", o->mode, "faithful (every quirk of the original) or corrected")
        ->check(CLI::IsMember({"faithful", "corrected"}))
        ->capture_default_str();
    cmd->add_flag("--brute-force", o->brute_force, "Test every triangle in index order instead of walking cells");
    cmd->callback([o] { run_queries(*o); });
}

}  // namespace levelsweep::cli
