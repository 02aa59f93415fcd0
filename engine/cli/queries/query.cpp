// levelsweep query: queries against a level (JSON Lines or a binary query file,
// plain or gzipped), one JSON line of results each (docs/query.md). A malformed
// line gets an error object and the run goes on. With --scene, bodies stand
// beside the level and scene lines (world queries and edits, docs/formats.md)
// run in their place among the mesh queries.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "commands.hpp"
#include "io/level_input.hpp"
#include "io/same_file.hpp"
#include "io/standard_output.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/query_json.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/scene_lines.hpp"
#include "queries/path_options.hpp"

namespace levelsweep::cli {

namespace {

struct QueryOptions {
    std::string level;
    std::string input = "-";
    std::string mode = "faithful";
    std::string scene;
    bool brute_force = false;
    bool force = false;
    PathOptions paths;
};

void run_queries(const QueryOptions& o) {
    refuse_overwriting_inputs({o.level, o.input, o.scene}, {}, true);
    const Level level = open_level_for_queries(o.level, "levelsweep query");
    const Quirks quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
    auto source = open_queries(o.input);
    require_recorded_level(source->header(), o.input, level, o.level, o.force);
    const std::unique_ptr<Scene> scene = o.scene.empty() ? nullptr : load_scene(o.scene, &level);
    std::optional<SceneLines> scene_lines;
    if (scene) scene_lines.emplace(*scene, quirks);
    QueryScratch scratch(level);
    std::optional<SingleQueryRunner> runner;
    if (!o.brute_force) runner.emplace(level, o.paths);
    std::vector<MeshContact> contacts(mesh_contact_capacity);
    std::vector<QueryRecord> records(256);
    for (std::size_t n; (n = source->read(records)) > 0;) {
        for (std::size_t i = 0; i < n; ++i) {
            const QueryRecord& record = records[i];
            json out;
            if (record.malformed) {
                std::optional<json> answer;
                if (scene_lines && !record.text.empty()) answer = scene_lines->answer(record.text);
                out = answer ? *answer : json{{"error", record.error}};
            } else {
                Query q = record.query;
                q.settings.quirks = quirks;
                const QueryResult r =
                    runner ? runner->run(q, contacts) : run_query(level, q, contacts, scratch, Walk::brute_force);
                out = result_to_json(r, std::span<const MeshContact>(contacts.data(), r.count));
                out["kind"] = query_kind_name(q.kind);
            }
            out["line"] = record.position;
            std::cout << out.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
        }
        check_standard_output();  // a lost output stops the run at once, not after every query has run
    }
    if (const auto cut = source->truncation()) throw std::runtime_error(cut->what());
}

}  // namespace

void add_query_command(CLI::App& app) {
    auto o = std::make_shared<QueryOptions>();
    auto* cmd = app.add_subcommand("query", "Run JSON Lines queries against a level (docs/query.md)");
    cmd->add_option("level", o->level, "Level file (.lvl)")->required();
    cmd->add_option("input", o->input, "Queries: JSON Lines or a binary query file, plain or gzipped; - for stdin")
        ->capture_default_str();
    cmd->add_option("--mode", o->mode, "faithful (every quirk of the original) or corrected")
        ->check(CLI::IsMember({"faithful", "corrected"}))
        ->capture_default_str();
    add_path_options(*cmd, o->paths);
    cmd->add_flag("--brute-force", o->brute_force,
                  "Test every triangle in index order instead of walking cells (on the reference path)");
    cmd->add_option("--scene", o->scene, "Scene file: bodies beside the level, for world queries (docs/formats.md)");
    cmd->add_flag("--force", o->force, "Run queries recorded against another level");
    cmd->callback([o] { run_queries(*o); });
}

}  // namespace levelsweep::cli
