// levelsweep replay-job: many replays as one job, across the ranks of an MPI
// launch (mpirun, srun) or in one process (docs/distributed.md). Rank 0
// checks the job and plans it, then hands out ranges of queries as ranks
// come free (its own worker, on a thread of its own, among them); every rank
// replays its ranges into shards; then each output is merged from its
// shards, by rank (its place in the job modulo the rank count), into the
// bytes `levelsweep replay LEVEL QUERIES -o OUTPUT` writes with the same
// options; rank 0 prints the one summary.
//
// A rank that dies ends the job (the launcher ends the others): the ranges
// whose shards have their trailer stay done, and a rerun with --resume
// replays only the others, then merges.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "io/partial_file.hpp"
#include "levelsweep/job_report.hpp"
#include "levelsweep/job_shards.hpp"
#include "levelsweep/job_team.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/rank_work.hpp"
#include "levelsweep/replay_run.hpp"
#include "options.hpp"
#include "queries/path_options.hpp"
#include "replays/job_launch.hpp"
#include "replays/job_plan.hpp"
#include "replays/job_summary.hpp"
#include "replays/progress.hpp"
#include "wall_clock.hpp"

namespace levelsweep::cli {

namespace {

struct JobOptions {
    std::string manifest_or_level, queries, output;  // MANIFEST, or LEVEL QUERIES -o OUTPUT
    std::string mode = "faithful";
    PathOptions paths;
    bool empty_round_sweeps = false, force = false;
    unsigned threads = 0;
    std::uint64_t range_queries = default_range_queries;
    bool resume = false, no_merge = false, status = false, quiet = false;
    bool replay_options_given = false;  // -o, --mode, --path, --isa, ... (the single pair's)
};

ReplayJob read_job(const JobOptions& o) {
    if (o.queries.empty()) {
        if (o.replay_options_given)
            throw std::runtime_error(
                "-o, --mode, --path, --isa, --empty-round-sweeps and --force are for one pair "
                "(LEVEL QUERIES -o OUTPUT); a manifest gives them per replay");
        return read_job_manifest(o.manifest_or_level);
    }
    if (o.output.empty()) throw std::runtime_error("one pair needs -o OUTPUT: the result file to write");
    JobReplay r{o.manifest_or_level,  o.queries, o.output, o.mode, o.paths.path, o.paths.isa,
                o.empty_round_sweeps, o.force};
    check_job_replay(r, "the pair");
    return ReplayJob{{r}};
}

// Tests kill a rank in the middle of a range at a point they choose
// (tests/mpi): with LEVELSWEEP_TEST_KILL_AT=R:N, the rank that runs query N
// of replay R (both from 0) dies by SIGKILL once the chunk that holds it is
// in its shard, before the shard's trailer.
std::optional<std::pair<std::size_t, std::uint64_t>> test_kill_point() {
    const char* at = std::getenv("LEVELSWEEP_TEST_KILL_AT");
    if (!at) return std::nullopt;
    char* colon = nullptr;
    const auto replay = static_cast<std::size_t>(std::strtoull(at, &colon, 10));
    if (*colon != ':') throw std::runtime_error("LEVELSWEEP_TEST_KILL_AT is REPLAY:QUERY");
    return std::pair{replay, std::strtoull(colon + 1, nullptr, 10)};
}

std::string host_name() {
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return name;
}

// The merge of replay `index`'s output, by this rank: RESULTS.partial (locked),
// with the header `replay` writes (the ISA rank 0 chose), put in place when whole.
OutputMerge merge_output(const JobReplay& r, std::size_t index, const std::string& isa, RankWork& work) {
    OutputMerge m;
    m.replay = index;
    try {
        PartialFile file(r.output);
        file.start_afresh();
        const auto source = open_queries(r.queries);  // the header as `replay` reads it
        const Path path = *path_from_name(r.path);
        const ResultFileHeader header =
            replay_result_header(work.level(index), *source, r.quirks(), path, *isa_from_name(isa),
                                 replay_metadata(r.level, r.queries, r.mode), {});
        {
            ResultFileWriter writer(file.fd(), file.path().string(), header);
            const QueryFileRanges& queries = work.queries(index);
            m.result = merge_shards(index, work.shard_key(index), queries.count(), queries.head(), writer);
        }
        if (m.result.complete()) {
            file.commit();
            remove_shards(r.output);
        } else if (m.result.records > 0) {
            file.keep();  // incomplete, without its trailer: what the merge could put together
        }
    } catch (const std::exception& e) {
        m.error = error_text(e);
    }
    return m;
}

// Rank 0's verdict after its checks: the job runs (with the ISA each output's
// header records, and which outputs are already complete), or it was refused
// (rank 0 said why), or there was nothing to run (--status).
struct Verdict {
    bool run = false;
    int status = 0;
    std::vector<std::string> isa;
    std::vector<bool> complete;
};

std::string encode(const Verdict& v) {
    return json{{"run", v.run}, {"status", v.status}, {"isa", v.isa}, {"complete", v.complete}}.dump();
}

Verdict decode(const std::string& text) {
    const json j = json::parse(text);
    return {j.at("run").get<bool>(), j.at("status").get<int>(), j.at("isa").get<std::vector<std::string>>(),
            j.at("complete").get<std::vector<bool>>()};
}

// Rank 0: the job read, checked and planned, and what it tells the others.
Verdict check_and_plan(const JobOptions& o, ReplayJob& job, JobPlan& plan, int ranks) {
    job = read_job(o);
    plan = plan_job(job, o.resume || o.status, o.range_queries);
    Verdict v;
    for (const PlannedReplay& p : plan.replays) {
        v.isa.push_back(p.isa);
        v.complete.push_back(p.complete);
    }
    if (o.status) {
        std::cout << "levelsweep replay-job: " << counted(job.replays.size(), "replay") << "\n";
        print_plan(std::cout, job, plan, true);
        bool missing = false;
        for (const PlannedReplay& p : plan.replays) missing = missing || (!p.complete && !p.scan.missing.empty());
        v.status = missing ? 3 : 0;
        return v;
    }
    if (o.resume && !o.quiet) {
        std::cerr << "levelsweep replay-job: resuming: " << counted(plan.todo.size(), "range") << " ("
                  << counted(plan.queries(), "query", "queries") << ") to run on "
                  << counted(static_cast<std::uint64_t>(ranks), "rank") << "\n";
        print_plan(std::cerr, job, plan, false);
    }
    remove_partial_shards(plan);
    v.run = true;
    return v;
}

int run_job(JobTeam& team, const JobOptions& o) {
    const bool leader = team.rank() == 0;
    ReplayJob job;
    JobPlan plan;
    std::string verdict_text;
    if (leader) {
        try {
            verdict_text = encode(check_and_plan(o, job, plan, team.size()));
        } catch (const std::exception& e) {
            std::cerr << "levelsweep replay-job: " << error_text(e) << "\n";
            verdict_text = encode({false, 1, {}, {}});
        }
    }
    const Verdict verdict = decode(team.broadcast(verdict_text));
    if (!verdict.run) return verdict.status;
    if (!leader) job = read_job(o);  // rank 0 read it and found it good

    // The replays: each rank takes ranges until none is left.
    RankWork work(job, o.threads);
    const auto kill_at = test_kill_point();
    const auto chunk_done = [&](const QueryRange& r, std::uint64_t done) {
        if (kill_at && kill_at->first == r.replay && kill_at->second >= r.first && kill_at->second < r.first + done)
            std::raise(SIGKILL);
    };
    const auto start = Clock::now();
    if (leader) {
        RangeDispenser ranges(plan.todo, team.size());
        std::thread local([&] {
            try {
                work_ranges(
                    work, [&](std::uint64_t done) { return ranges.take(0, done); }, chunk_done);
            } catch (...) {
                ranges.fail(std::current_exception());
            }
        });
        Progress progress("replay-job", plan.queries(), !o.quiet);
        team.serve(ranges, [&] { progress.update(ranges.done()); });
        local.join();
        ranges.rethrow();
        progress.finish();
    } else {
        work_ranges(
            work, [&](std::uint64_t done) { return team.request(done); }, chunk_done);
    }
    team.broadcast("");  // every range is done (and every shard closed) before any merge starts
    JobTimes times;
    times.replay_seconds = seconds_since(start);

    // The merges: output i on rank i modulo the rank count.
    RankMessage mine;
    mine.rank = team.rank();
    mine.host = host_name();
    const auto merge_start = Clock::now();
    if (!o.no_merge)
        for (std::size_t i = static_cast<std::size_t>(team.rank()); i < job.replays.size();
             i += static_cast<std::size_t>(team.size()))
            if (!verdict.complete.at(i))
                mine.merges.push_back(merge_output(job.replays[i], i, verdict.isa.at(i), work));
    mine.work = work.report();
    mine.merge_seconds = seconds_since(merge_start);
    const std::vector<std::string> messages = team.gather(encode_rank_message(mine));
    times.merge_seconds = seconds_since(merge_start);
    int status = 0;
    if (leader) {
        std::vector<RankMessage> ranks;
        for (const std::string& m : messages) ranks.push_back(decode_rank_message(m));
        status = print_job_summary(std::cout, job, ranks, times, !o.no_merge, verdict.complete);
    }
    return std::stoi(team.broadcast(std::to_string(status)));  // every rank ends as the job does
}

int replay_job(const JobOptions& o) {
    const std::unique_ptr<JobTeam> team = join_job_team();
    if (team->size() == 1) return run_job(*team, o);
    try {
        return run_job(*team, o);
    } catch (const std::exception& e) {
        // The other ranks wait for this one: the job ends here, every rank of it.
        std::cerr << "levelsweep replay-job: rank " << team->rank() << ": " << error_text(e) << "\n";
        team->abort(1);
    }
    return 1;  // not reached: abort() ends every rank (a virtual call hides its [[noreturn]] from the compiler)
}

}  // namespace

void add_replay_job_command(CLI::App& app) {
    auto o = std::make_shared<JobOptions>();
    const std::string how = job_team_has_mpi() ? "across the ranks of mpirun or srun, or in one process"
                                               : "in one process (this build has no MPI)";
    auto* cmd = app.add_subcommand("replay-job", "Run many replays as one job, " + how +
                                                     ", each output byte for byte `replay`'s (docs/distributed.md)");
    cmd->add_option("manifest_or_level", o->manifest_or_level,
                    "The job's manifest (JSON: replays of level, queries, output, mode, path, options), or the "
                    "level of one pair")
        ->required();
    cmd->add_option("queries", o->queries, "One pair's query file (binary .lsq, plain)");
    std::vector<CLI::Option*> pair_options{
        cmd->add_option("-o,--output", o->output, "One pair's result file"),
        cmd->add_option("--mode", o->mode, "One pair's mode: faithful or corrected")
            ->check(CLI::IsMember({"faithful", "corrected"})),
        cmd->add_flag("--empty-round-sweeps", o->empty_round_sweeps,
                      "One pair's definition switch: the sweep table's round-shape entries empty"),
        cmd->add_flag("--force", o->force, "One pair: replay queries recorded against another level")};
    add_path_options(*cmd, o->paths);
    pair_options.push_back(cmd->get_option("--path"));
    pair_options.push_back(cmd->get_option("--isa"));
    cmd->add_option("--threads", o->threads, "Threads over queries in each rank (0: all it may use)")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<unsigned>::max()));
    cmd->add_option("--range-queries", o->range_queries,
                    "Queries per range, the unit rank 0 hands out and a shard holds")
        ->capture_default_str()
        ->check(whole_number(1, std::numeric_limits<std::uint64_t>::max()));
    cmd->add_flag("--resume", o->resume,
                  "Finish an interrupted job: keep its whole shards, replay only the missing ranges, merge");
    cmd->add_flag("--no-merge", o->no_merge, "Replay every range into its shard and stop (--resume merges later)");
    cmd->add_flag("--status", o->status,
                  "Say, per output, which ranges are done and which are missing, and exit (3 when any is missing)");
    cmd->add_flag("-q,--quiet", o->quiet, "No progress output");
    cmd->callback([o, pair_options] {
        for (const CLI::Option* option : pair_options) o->replay_options_given |= option->count() > 0;
        const int rc = replay_job(*o);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
