// levelsweep replay: runs a query file (binary or JSON Lines, plain or gzipped)
// against a level, streaming, in parallel over queries, and writes the results
// in query order; prints progress and a summary (docs/formats.md, README).
// With --scene, the scene lines among the queries run against the scene's
// bodies (world/scene_replay.hpp).
//
// The result file is written as RESULTS.partial, under a lock, and renamed
// when the run is done. SIGINT, SIGTERM and SIGHUP stop the run cleanly: the
// chunk in flight is finished (or dropped, when the signal came while it was
// being read), the file flushed, and the command says how many queries it
// wrote and the command that resumes them; --resume continues a partial file
// from its checkpoint (scene and all).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/interrupt.hpp"
#include "io/level_input.hpp"
#include "io/output_file.hpp"
#include "io/partial_file.hpp"
#include "io/same_file.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_run.hpp"
#include "levelsweep/replay_summary.hpp"
#include "levelsweep/resume.hpp"
#include "levelsweep/scene_replay.hpp"
#include "options.hpp"
#include "queries/path_options.hpp"
#include "replays/progress.hpp"
#include "wall_clock.hpp"

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
    if (o.results == "-")
        throw std::runtime_error(
            "-o -: a result file is binary and does not go to standard output; name a file (levelsweep "
            "export turns it into text)");
    if (!o.scene_results.empty() && o.scene.empty()) throw std::runtime_error("--scene-results needs --scene");
    if (!o.resume) return;
    if (o.results.empty()) throw std::runtime_error("--resume needs -o RESULTS: the result file to finish");
    if (o.queries == "-")
        throw std::runtime_error(
            "--resume needs the query file itself: standard input cannot be read again from the start");
}

// A word for a shell: quoted unless it is plain.
std::string shell_word(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@") ==
                          std::string::npos)
        return s;
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The command that resumes this run: the same level, queries, scene and
// options, the path and ISA as this run chose them (a partial file resumes
// only on its own), and the memory limit when one was given.
std::string resume_command(const ReplayOptions& o, Path path, Isa isa) {
    std::string c = "levelsweep";
    if (memory_limit() != default_memory_limit()) c += " --memory-limit " + std::to_string(memory_limit());
    c += " replay " + shell_word(o.level) + " " + shell_word(o.queries) + " -o " + shell_word(o.results);
    if (o.mode != "faithful") c += " --mode " + o.mode;
    if (o.empty_round_sweeps) c += " --empty-round-sweeps";
    c += " --path " + std::string(path_name(path)) + " --isa " + std::string(isa_name(isa));
    if (!o.scene.empty()) c += " --scene " + shell_word(o.scene);
    if (!o.scene_results.empty()) c += " --scene-results " + shell_word(o.scene_results);
    if (o.force) c += " --force";
    return c + " --resume";
}

// The writer of the result file, new or appending to what an interrupted run left.
struct ResultOutput {
    std::unique_ptr<PartialFile> file;
    std::unique_ptr<ResultFileWriter> writer;
    bool already_complete = false;
    std::uint64_t queries_done = 0;  // the query records behind a resumed file's checkpoint
};

ResultOutput open_results(const ReplayOptions& o, const ResultFileHeader& header, const std::string& resume_with,
                          QuerySource& source, const Level& level, Quirks quirks, SceneReplay* scene,
                          ReplaySummary& summary, std::size_t& malformed) {
    ResultOutput out;
    out.file = std::make_unique<PartialFile>(o.results);
    const std::string partial = out.file->path().string();
    const bool interrupted = out.file->existed() && !ResultFileReader::holds_no_record(partial);
    if (interrupted && !o.resume)
        throw std::runtime_error(partial + " holds an interrupted replay: finish it with --resume (" + resume_with +
                                 "), or remove it to start again");
    if (interrupted) {
        const Resumed r = resume_from(partial, header, source, level, quirks, scene, summary);
        out.queries_done = r.queries;
        malformed = r.malformed;
        std::cerr << "levelsweep replay: resuming " << partial << " after its " << r.at.records
                  << " records (query record " << r.queries << " of the stream)\n";
        out.already_complete = r.complete;
        if (!r.complete) out.writer = std::make_unique<ResultFileWriter>(out.file->fd(), partial, r.at);
        return out;
    }
    if (o.resume)
        std::cerr << "levelsweep replay: --resume: no interrupted run in " << partial
                  << "; starting from the first query\n";
    out.file->start_afresh();  // created now, or an interrupted run's that held nothing
    out.writer = std::make_unique<ResultFileWriter>(out.file->fd(), partial, header);
    return out;
}

// The thread count the run gets: --threads, but no more than TBB will run.
unsigned clamped_threads(const ReplayOptions& o, const QueryRunner& runner) {
    if (o.threads > runner.threads())
        std::cerr << "levelsweep replay: --threads " << o.threads << " is more than the " << runner.threads()
                  << " this machine runs at once; running on " << runner.threads() << "\n";
    return runner.threads();
}

// The scene lines' answers: standard output, a file put in place whole, or nowhere.
struct SceneOutput {
    std::unique_ptr<OutputFile> file;
    std::ofstream stream;
    std::ostream* out = nullptr;

    explicit SceneOutput(const std::string& name) {
        if (name.empty()) return;
        file = std::make_unique<OutputFile>(name, OutputContent::text, "the scene lines' answers");
        if (file->to_standard_output()) {
            out = &std::cout;
            return;
        }
        stream.open(file->writing(), std::ios::binary);
        if (!stream) throw std::runtime_error(name + ": cannot write the scene lines' answers");
        out = &stream;
    }
    void commit() {
        if (!file) return;
        if (file->to_standard_output()) return;
        stream.close();
        if (!stream) throw std::runtime_error(file->name() + ": cannot write the scene lines' answers");
        file->commit();
    }
};

// How a run that a signal stopped ended, and what to do next.
int stopped(const ReplayOptions& o, int sig, std::uint64_t done, const ResultOutput& out,
            const std::string& resume_with) {
    std::cerr << "levelsweep replay: stopped by " << signal_name(sig) << " after " << done << " query records";
    if (!out.writer) {
        std::cerr << " (no result file)\n";
    } else if (out.writer->written() == 0) {
        std::cerr << "; no result was written, so nothing is left to resume: run it again\n";
    } else {
        std::cerr << "; " << out.writer->written() << " results are in " << out.file->path().string();
        if (o.queries == "-")
            std::cerr << " (the queries came from standard input, which cannot be read again: levelsweep export "
                         "--allow-incomplete reads what is there; remove it before the next run)\n";
        else
            std::cerr << "; resume with: " << resume_with << "\n";
    }
    return exit_status_for(sig);
}

int replay(const ReplayOptions& o) {
    const Path path = o.paths.chosen_path();
    const Isa isa = o.paths.chosen_isa();
    check_resume_options(o);
    // From here a first stopping signal is only noted: the run stops at the
    // next whole chunk (before the first, when it comes while the level loads).
    const CleanStop stop;
    std::vector<std::string> outputs;
    if (!o.results.empty()) outputs = {o.results, o.results + ".partial"};
    if (!o.scene_results.empty()) outputs.push_back(o.scene_results);
    refuse_overwriting_inputs({o.level, o.queries, o.scene}, outputs);
    // Everything that can refuse the run comes before its result file is touched.
    const Level level = open_level_for_queries(o.level, "levelsweep replay");
    auto source = open_queries(o.queries);
    require_recorded_level(source->header(), o.queries, level, o.level, o.force);
    Quirks quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
    if (o.empty_round_sweeps) quirks = quirks.with(Quirk::empty_round_sweeps);
    InputDigest scene_digest;
    const std::unique_ptr<Scene> scene = o.scene.empty() ? nullptr : load_scene(o.scene, &level, &scene_digest);
    SceneOutput scene_out(o.scene_results);
    std::optional<SceneReplay> scene_replay;
    if (scene) scene_replay.emplace(*scene, quirks, o.threads, scene_out.out);

    ReplaySummary summary;
    std::size_t malformed = 0;
    const std::string resume_with = resume_command(o, path, isa);
    ResultOutput out;
    if (!o.results.empty())
        out = open_results(o,
                           replay_result_header(level, *source, quirks, path, isa,
                                                replay_metadata(o.level, o.queries, o.mode, o.scene), scene_digest),
                           resume_with, *source, level, quirks, scene_replay ? &*scene_replay : nullptr, summary,
                           malformed);

    QueryRunner runner(level, o.threads, path, isa);
    const unsigned threads = clamped_threads(o, runner);
    const std::uint64_t expected = source->header().count;
    Progress progress("replay", expected == unknown_query_count ? 0 : expected, !o.quiet);
    const auto start = Clock::now();
    ReplayRun run{*source, runner, quirks, out.writer.get(), scene_replay ? &*scene_replay : nullptr, out.queries_done};
    // A first signal stops the run at the next whole chunk (replay_run.hpp).
    run.stop = [&] { return out.already_complete || stop.signal() != 0; };
    run.progress = [&](std::uint64_t done) {
        if (out.writer && out.writer->written() > 0) out.file->keep();  // from here a failure leaves records to resume
        progress.update(done);
    };
    run.malformed = [](std::uint64_t i, const std::string& error) {
        std::fprintf(stderr, "levelsweep replay: query %llu is malformed: %s\n", static_cast<unsigned long long>(i),
                     error.c_str());
    };
    const ReplayTally tally = run_replay(run, summary);
    malformed += tally.malformed;
    progress.finish();
    if (const int sig = stop.signal()) return stopped(o, sig, tally.done, out, resume_with);
    const double seconds = seconds_since(start);
    // A query file cut short: the records so far stay in the partial file,
    // without the trailer (the run did not reach the end of its queries).
    const auto cut = source->truncation();
    if (cut) {
        std::cerr << "levelsweep replay: " << cut->what() << "; every query before it was replayed";
        if (out.writer && out.writer->written() > 0)
            std::cerr << ", and its " << out.writer->written() << " results are in " << out.file->path().string()
                      << ", which stays incomplete; once the query file is whole, finish it with: " << resume_with;
        std::cerr << "\n";
        out.writer.reset();  // flushed, without the trailer
    }
    if (out.writer) out.writer->close();
    if (out.file && !cut) out.file->commit();
    if (!cut) scene_out.commit();
    std::ostream& report = scene_out.out == &std::cout ? std::cerr : std::cout;
    report << "levelsweep replay: " << o.queries << " on " << o.level << " (" << level.triangle_count()
           << " triangles), mode " << o.mode << ", path " << path_name(path) << ", isa " << isa_name(isa) << "\n";
    summary.print(report, seconds, threads);
    if (malformed) report << "malformed records  " << malformed << " (each has status malformed)\n";
    if (scene_replay) scene_replay->print(report);
    return cut ? 3 : 0;
}

}  // namespace

void add_replay_command(CLI::App& app) {
    auto o = std::make_shared<ReplayOptions>();
    auto* cmd = app.add_subcommand("replay", "Replay recorded queries against a level and summarise them");
    cmd->add_option("level", o->level, "Level file (.lvl)")->required();
    cmd->add_option("queries", o->queries, "Query file: binary (.lsq) or JSON Lines, plain or gzipped; - for stdin")
        ->required();
    cmd->add_option(
        "-o,--output", o->results,
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
    cmd->add_option("--scene", o->scene,
                    "Scene file: bodies beside the level; its scene lines run too (docs/formats.md)");
    cmd->add_option("--scene-results", o->scene_results,
                    "Write the scene lines' answers here, as JSON Lines (- for standard output)");
    cmd->add_flag("--force", o->force, "Replay queries recorded against another level");
    cmd->add_flag(
        "--resume", o->resume,
        "Continue the run that RESULTS.partial holds from its checkpoint (same level, queries, scene and options)");
    cmd->add_flag("-q,--quiet", o->quiet, "No progress output");
    cmd->callback([o] {
        const int rc = replay(*o);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
