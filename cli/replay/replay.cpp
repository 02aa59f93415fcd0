// levelsweep replay: runs a query file (binary or JSON Lines, plain or gzipped)
// against a level, streaming, in parallel over queries, and writes the results
// in query order; prints progress and a summary (docs/formats.md, README).
// With --scene, the scene lines among the queries run against the scene's
// bodies (world/scene_replay.hpp).
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "levelsweep/batch.hpp"
#include "levelsweep/level_file.hpp"
#include "replay/progress.hpp"
#include "query/path_options.hpp"
#include "query/query_source.hpp"
#include "replay/replay_summary.hpp"
#include "world/scene_replay.hpp"

namespace levelsweep::cli {

namespace {

// Queries read, run and written per round: bounded memory whatever the file's size.
constexpr std::size_t chunk = 4096;

struct ReplayOptions {
    std::string level, queries, results, scene, scene_results;
    std::string mode = "faithful";
    PathOptions paths;
    unsigned threads = 0;
    bool force = false, quiet = false;
};

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
    return buf;
}

int replay(const ReplayOptions& o) {
    const Path path = o.paths.chosen_path();
    const Isa isa = o.paths.chosen_isa();
    const Level level = load_level(o.level);
    auto source = open_queries(o.queries);
    const QueryFileHeader& header = source->header();
    if (header.level_checksum != 0 && header.level_checksum != level.checksum() && !o.force)
        throw std::runtime_error(o.queries + " was recorded against another level (checksum " + hex64(header.level_checksum) +
                                 "; " + o.level + " has " + hex64(level.checksum()) + "); use --force to replay it anyway");
    const Quirks quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();

    std::unique_ptr<ResultFileWriter> out;
    if (!o.results.empty()) {
        ResultFileHeader rh;
        rh.level_checksum = level.checksum();
        rh.quirks = quirks.bits();
        rh.path = std::string(path_name(path));
        rh.isa = std::string(isa_name(isa));
        rh.metadata = R"({"level": ")" + o.level + R"(", "queries": ")" + o.queries + R"(", "mode": ")" + o.mode + "\"}";
        out = std::make_unique<ResultFileWriter>(o.results, rh);
    }

    const std::unique_ptr<Scene> scene = o.scene.empty() ? nullptr : load_scene(o.scene, &level);
    std::unique_ptr<SceneReplay> scene_replay;
    if (scene) scene_replay = std::make_unique<SceneReplay>(*scene, quirks, o.threads, o.scene_results);
    else if (!o.scene_results.empty()) throw std::runtime_error("--scene-results needs --scene");
    std::vector<char> taken(chunk, 0);  // the scene lines of a chunk: not mesh queries

    BatchRunner runner(level, o.threads, path, isa);
    std::vector<QueryRecord> records(chunk);
    std::vector<Query> queries(chunk);
    std::vector<ResultRecord> results(chunk);
    ReplaySummary summary;
    Progress progress("replay", header.count == ~std::uint64_t{0} ? 0 : header.count, !o.quiet);
    std::uint64_t index = 0;
    std::size_t malformed = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t n; (n = source->read(records)) > 0;) {
        if (scene_replay) scene_replay->run(std::span(records).first(n), taken);
        for (std::size_t i = 0; i < n; ++i) {
            queries[i] = records[i].query;
            queries[i].settings.quirks = quirks;
            if (records[i].malformed) queries[i].settings.max_contacts = 0;  // refused at once; reported below
        }
        runner.run(std::span(queries).first(n),
                   [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
                       results[i].result = r;
                       results[i].contacts.assign(contacts.begin(), contacts.end());
                   });
        for (std::size_t i = 0; i < n; ++i, ++index) {
            if (scene_replay && taken[i]) continue;  // answered by the scene
            ResultRecord& record = results[i];
            record.index = index;
            record.kind = queries[i].kind;
            record.malformed = records[i].malformed;
            if (record.malformed) {
                record.result = QueryResult{};
                record.result.status = QueryStatus::malformed;
                std::fprintf(stderr, "levelsweep replay: query %llu is malformed: %s\n",
                             static_cast<unsigned long long>(index), records[i].error.c_str());
                ++malformed;
            }
            summary.add(record.kind, record.result);
            if (out) out->write(record);
        }
        if (out) out->flush();
        progress.update(index);
    }
    progress.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (out) out->close();
    std::cout << "levelsweep replay: " << o.queries << " on " << o.level << " (" << level.triangle_count()
              << " triangles), mode " << o.mode << ", path " << path_name(path) << ", isa " << isa_name(isa) << "\n";
    summary.print(std::cout, seconds, runner.threads());
    if (malformed) std::cout << "malformed records  " << malformed << " (each has status malformed)\n";
    if (scene_replay) scene_replay->print(std::cout);
    if (const auto cut = source->truncation()) {
        std::cerr << "levelsweep replay: " << cut->what() << "; every query before it was replayed\n";
        return 3;
    }
    return 0;
}

}  // namespace

void add_replay_command(CLI::App& app) {
    auto o = std::make_shared<ReplayOptions>();
    auto* cmd = app.add_subcommand("replay", "Replay recorded queries against a level and summarise them");
    cmd->add_option("level", o->level, "Level file (.lvl)")->required();
    cmd->add_option("queries", o->queries, "Query file: binary (.lsq) or JSON Lines, plain or gzipped; - for stdin")
        ->required();
    cmd->add_option("-o,--output", o->results, "Write the results to this file (binary; `convert` exports text)");
    cmd->add_option("--mode", o->mode, "faithful (every quirk of the original) or corrected")
        ->check(CLI::IsMember({"faithful", "corrected"}))
        ->capture_default_str();
    cmd->add_option("--threads", o->threads, "Threads over queries (0: all); results do not depend on it")
        ->capture_default_str();
    add_path_options(*cmd, o->paths);
    cmd->add_option("--scene", o->scene, "Scene file: bodies beside the level; its scene lines run too (docs/formats.md)");
    cmd->add_option("--scene-results", o->scene_results, "Write the scene lines' answers here, as JSON Lines");
    cmd->add_flag("--force", o->force, "Replay queries recorded against another level");
    cmd->add_flag("-q,--quiet", o->quiet, "No progress output");
    cmd->callback([o] {
        const int rc = replay(*o);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
