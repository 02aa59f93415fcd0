// levelsweep replay: runs a query file (binary or JSON Lines, plain or gzipped)
// against a level, streaming, in parallel over queries, and writes the results
// in query order; prints progress and a summary (docs/formats.md, README).
// With --scene, the scene lines among the queries run against the scene's
// bodies (world/scene_replay.hpp).
//
// The result file is written as RESULTS.partial and renamed when the run is
// done. SIGINT and SIGTERM stop the run cleanly: the chunk in flight is
// finished (or dropped, when the signal came while it was being read), the
// file flushed, and the command says how many queries it wrote and how to
// resume; --resume continues a partial file after its last whole record.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/interrupt.hpp"
#include "io/level_input.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_run.hpp"
#include "levelsweep/replay_summary.hpp"
#include "levelsweep/resume.hpp"
#include "levelsweep/scene_replay.hpp"
#include "options.hpp"
#include "queries/path_options.hpp"
#include "replays/progress.hpp"

namespace levelsweep::cli {

namespace {

struct ReplayOptions {
    std::string level, queries, results, scene, scene_results;
    std::string mode = "faithful";
    bool empty_round_sweeps = false;  // the definition switch of that name (docs/quirks.md)
    PathOptions paths;
    unsigned threads = 0;
    bool force = false, quiet = false, resume = false;
};

void check_resume_options(const ReplayOptions& o) {
    if (o.results == "-") throw std::runtime_error("-o -: a result file is binary; name a file (levelsweep export turns it into text)");
    if (!o.resume) return;
    if (o.results.empty()) throw std::runtime_error("--resume needs -o RESULTS: the result file to finish");
    if (o.queries == "-")
        throw std::runtime_error("--resume needs the query file itself: standard input cannot be read again from the start");
    if (!o.scene.empty())
        throw std::runtime_error("--resume does not take --scene: the scene's bodies move with the scene lines a resumed run "
                                 "would skip; replay it again from the start");
}

// A word for a shell: quoted unless it is plain.
std::string shell_word(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@") == std::string::npos)
        return s;
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The command that resumes this run: the same level, queries and options,
// the path and ISA as this run chose them (a partial file resumes only on its own).
std::string resume_command(const ReplayOptions& o, Path path, Isa isa) {
    std::string c = "levelsweep replay " + shell_word(o.level) + " " + shell_word(o.queries) + " -o " + shell_word(o.results);
    if (o.mode != "faithful") c += " --mode " + o.mode;
    if (o.empty_round_sweeps) c += " --empty-round-sweeps";
    c += " --path " + std::string(path_name(path)) + " --isa " + std::string(isa_name(isa));
    if (o.force) c += " --force";
    return c + " --resume";
}

// The header this run writes: what `--resume` checks a partial file against.
ResultFileHeader run_header(const ReplayOptions& o, const Level& level, const QueryFileHeader& queries, Quirks quirks,
                            Path path, Isa isa) {
    return replay_result_header(level, queries, quirks, path, isa,
                                R"({"level": ")" + o.level + R"(", "queries": ")" + o.queries + R"(", "mode": ")" + o.mode + "\"}");
}

// The writer of the result file, new or appending to what an interrupted run left.
struct ResultOutput {
    std::unique_ptr<OutputFile> file;
    std::unique_ptr<ResultFileWriter> writer;
    bool already_complete = false;
};

ResultOutput open_results(const ReplayOptions& o, const ResultFileHeader& header, const std::string& resume_with,
                          QuerySource& source, const Level& level, Quirks quirks, ReplaySummary& summary, std::uint64_t& done,
                          std::size_t& malformed) {
    ResultOutput out;
    out.file = std::make_unique<OutputFile>(o.results, OutputFile::Resumable{});
    const std::filesystem::path& partial = out.file->writing();
    const bool exists = std::filesystem::exists(partial);
    if (exists && !o.resume && !ResultFileReader::cut_in_header(partial))
        throw std::runtime_error(partial.string() + " holds an interrupted replay: finish it with --resume (" + resume_with +
                                 "), or remove it to start again");
    if (o.resume && exists && !ResultFileReader::cut_in_header(partial)) {
        const Resumed r = resume_from(partial.string(), header, source, level, quirks, summary);
        done = r.at.records;
        malformed = r.malformed;
        std::cerr << "levelsweep replay: resuming " << partial.string() << " after its " << done << " whole records\n";
        if (r.complete) {
            out.already_complete = true;
            return out;
        }
        out.writer = std::make_unique<ResultFileWriter>(partial, r.at);
        return out;
    }
    if (o.resume) std::cerr << "levelsweep replay: --resume: no interrupted run in " << partial.string() << "; starting from the first query\n";
    out.writer = std::make_unique<ResultFileWriter>(partial, header);
    return out;
}

// The thread count the run gets: --threads, but no more than TBB will run.
unsigned clamped_threads(const ReplayOptions& o, const QueryRunner& runner) {
    if (o.threads > runner.threads())
        std::cerr << "levelsweep replay: --threads " << o.threads << " is more than the " << runner.threads()
                  << " this machine runs at once; running on " << runner.threads() << "\n";
    return runner.threads();
}

int replay(const ReplayOptions& o) {
    const Path path = o.paths.chosen_path();
    const Isa isa = o.paths.chosen_isa();
    check_resume_options(o);
    // From here a first SIGINT or SIGTERM is only noted: the run stops at the
    // next whole chunk (before the first, when it comes while the level loads).
    const CleanStop stop;
    std::vector<std::string> outputs;
    if (!o.results.empty()) outputs = {o.results, o.results + ".partial"};
    if (!o.scene_results.empty()) outputs.push_back(o.scene_results);
    refuse_overwriting_inputs({o.level, o.queries, o.scene}, outputs);
    const Level level = open_level_for_queries(o.level, "levelsweep replay");
    auto source = open_queries(o.queries);
    const QueryFileHeader& header = source->header();
    require_recorded_level(header, o.queries, level, o.level, o.force);
    Quirks quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
    if (o.empty_round_sweeps) quirks = quirks.with(Quirk::empty_round_sweeps);

    ReplaySummary summary;
    std::uint64_t index = 0;  // queries done, those a resumed file held included
    std::size_t malformed = 0;
    const std::string resume_with = resume_command(o, path, isa);
    ResultOutput out;
    if (!o.results.empty())
        out = open_results(o, run_header(o, level, header, quirks, path, isa), resume_with, *source, level, quirks, summary,
                           index, malformed);

    const std::unique_ptr<Scene> scene = o.scene.empty() ? nullptr : load_scene(o.scene, &level);
    std::unique_ptr<SceneReplay> scene_replay;
    if (!scene && !o.scene_results.empty()) throw std::runtime_error("--scene-results needs --scene");
    std::unique_ptr<OutputFile> scene_out;
    if (!o.scene_results.empty()) scene_out = std::make_unique<OutputFile>(o.scene_results);
    if (scene)
        scene_replay = std::make_unique<SceneReplay>(*scene, quirks, o.threads,
                                                     scene_out ? scene_out->writing() : std::filesystem::path{});

    QueryRunner runner(level, o.threads, path, isa);
    const unsigned threads = clamped_threads(o, runner);
    Progress progress("replay", header.count == ~std::uint64_t{0} ? 0 : header.count, !o.quiet);
    const auto start = std::chrono::steady_clock::now();
    ReplayRun run{*source, runner, quirks, out.writer.get(), scene_replay.get(), index};
    // A first signal stops the run at the next whole chunk (replay_run.hpp).
    run.stop = [&] { return out.already_complete || stop.signal() != 0; };
    run.progress = [&](std::uint64_t done) { progress.update(done); };
    run.malformed = [](std::uint64_t i, const std::string& error) {
        std::fprintf(stderr, "levelsweep replay: query %llu is malformed: %s\n", static_cast<unsigned long long>(i),
                     error.c_str());
    };
    const ReplayTally tally = run_replay(run, summary);
    index = tally.done;
    malformed += tally.malformed;
    progress.finish();
    if (const int sig = stop.signal()) {
        std::cerr << "levelsweep replay: stopped by " << signal_name(sig) << " after " << index << " queries";
        if (out.writer)
            std::cerr << "; " << out.writer->written() << " results are in " << out.file->writing().string()
                      << (o.queries == "-" ? " (the queries came from standard input, so the run cannot be resumed)\n"
                                           : "; resume with: " + resume_with + "\n");
        else
            std::cerr << " (no result file)\n";
        return exit_status_for(sig);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (scene_replay) scene_replay->close();
    if (out.writer) out.writer->close();
    if (out.file) out.file->commit();
    if (scene_out) scene_out->commit();
    std::cout << "levelsweep replay: " << o.queries << " on " << o.level << " (" << level.triangle_count()
              << " triangles), mode " << o.mode << ", path " << path_name(path) << ", isa " << isa_name(isa) << "\n";
    summary.print(std::cout, seconds, threads);
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
    cmd->add_option("-o,--output", o->results,
                    "Write the results to this file (binary; `export` turns it into text); RESULTS.partial until the run is done");
    cmd->add_option("--mode", o->mode, "faithful (every quirk of the original) or corrected")
        ->check(CLI::IsMember({"faithful", "corrected"}))
        ->capture_default_str();
    cmd->add_flag("--empty-round-sweeps", o->empty_round_sweeps,
                  "Leave the sweep table's round-shape entries empty, as the spec's units alone give (scene lines)");
    cmd->add_option("--threads", o->threads, "Threads over queries (0: all); results do not depend on it")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<unsigned>::max()));
    add_path_options(*cmd, o->paths);
    cmd->add_option("--scene", o->scene, "Scene file: bodies beside the level; its scene lines run too (docs/formats.md)");
    cmd->add_option("--scene-results", o->scene_results, "Write the scene lines' answers here, as JSON Lines");
    cmd->add_flag("--force", o->force, "Replay queries recorded against another level");
    cmd->add_flag("--resume", o->resume,
                  "Continue the run that RESULTS.partial holds after its last whole record (same level, queries and options)");
    cmd->add_flag("-q,--quiet", o->quiet, "No progress output");
    cmd->callback([o] {
        const int rc = replay(*o);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
