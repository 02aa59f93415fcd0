// levelsweep benchmarks: replays against the batch path's in-memory rate.
//
//   in_memory/threads:N          the query file's queries, already decoded, run
//                                by a QueryRunner in replay's 4096-query chunks,
//                                each result copied out as replay copies it
//   replay/<format>/threads:N    `levelsweep replay LEVEL QUERIES -o RESULTS
//                                --threads N` (the tool the build made), timed
//                                by its own wall time (reading, running,
//                                encoding and writing; not the level's load),
//                                with of_in_memory: its rate over in_memory's
//                                on as many threads, measured in the same run
//
// Formats: the binary query file (lsq), the same queries as JSON Lines in
// blocked gzip (jsonl.gz, made with `levelsweep convert`: its members inflated
// in parallel) and in one gzip stream (jsonl.zlib.gz, made with `gzip -c`:
// inflated serially by zlib). The queries: the file given
// with --queries=FILE on the level given with --level=FILE, or 200,000 queries
// `levelsweep record` makes on the bundled street_10k level.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_main.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/replay_files.hpp"
#include "levelsweep/replay_run.hpp"

namespace {

using namespace levelsweep;

constexpr std::size_t chunk = replay_chunk_queries;  // replay's chunk (levelsweep/replay_run.hpp)

struct Inputs {
    std::string level, lsq, jsonl_gz, jsonl_zlib_gz;
    std::filesystem::path dir;  // the scratch folder: made files and results
};

std::string shell_quoted(const std::string& s) { return "'" + s + "'"; }

void shell(const std::string& command) {
    if (std::system(command.c_str()) != 0) throw std::runtime_error("bench_replay: failed: " + command);
}

Inputs inputs_from(int& argc, char** argv) {
    Inputs in;
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.starts_with("--level="))
            in.level = arg.substr(8);
        else if (arg.starts_with("--queries="))
            in.lsq = arg.substr(10);
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
    if (in.level.empty() != in.lsq.empty())
        throw std::runtime_error("bench_replay: give --level and --queries together");
    in.dir = std::filesystem::temp_directory_path() / ("levelsweep_bench_replay_" + std::to_string(::getpid()));
    std::filesystem::create_directories(in.dir);
    const std::string cli = LEVELSWEEP_CLI_PATH;
    if (in.level.empty()) {
        in.level = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl";
        in.lsq = (in.dir / "queries.lsq").string();
        shell(shell_quoted(cli) + " record " + shell_quoted(in.level) + " " + shell_quoted(in.lsq) +
              " --seed 7 --count 200000 > /dev/null");
    }
    in.jsonl_gz = (in.dir / "queries.jsonl.gz").string();
    shell(shell_quoted(cli) + " convert " + shell_quoted(in.lsq) + " " + shell_quoted(in.jsonl_gz) + " > /dev/null");
    in.jsonl_zlib_gz = (in.dir / "queries.jsonl.zlib.gz").string();
    shell("gzip -dc " + shell_quoted(in.jsonl_gz) + " | gzip -c > " + shell_quoted(in.jsonl_zlib_gz));
    return in;
}

const Inputs* inputs = nullptr;

const Level& level() {
    static const Level l = load_level(inputs->level);
    return l;
}

const std::vector<Query>& queries() {
    static const std::vector<Query> all = [] {
        std::vector<Query> qs;
        QueryFileReader reader(inputs->lsq);
        std::vector<QueryRecord> records(chunk);
        for (std::size_t n; (n = reader.read(records)) > 0;)
            for (std::size_t i = 0; i < n; ++i) qs.push_back(records[i].query);  // malformed ones run as Query{}
        return qs;
    }();
    return all;
}

// The batch path's rate on the decoded queries: seconds for one pass.
double in_memory_seconds(QueryRunner& runner, std::vector<ResultRecord>& results) {
    const std::vector<Query>& qs = queries();
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t at = 0; at < qs.size(); at += chunk) {
        const std::span<const Query> part = std::span(qs).subspan(at, std::min(chunk, qs.size() - at));
        runner.run(part, [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
            results[i].result = r;
            results[i].contacts.assign(contacts.begin(), contacts.end());
        });
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void bm_in_memory(benchmark::State& state) {
    const auto threads = static_cast<unsigned>(state.range(0));
    QueryRunner runner(level(), threads);
    std::vector<ResultRecord> results(chunk);
    for (auto _ : state) state.SetIterationTime(in_memory_seconds(runner, results));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(queries().size()));
}

// replay's own wall time, from its summary ("wall time   1.234 s on N threads").
double replay_seconds(const std::string& query_file, unsigned threads) {
    const std::filesystem::path out = inputs->dir / "summary.txt", results = inputs->dir / "results.lsr";
    shell(shell_quoted(LEVELSWEEP_CLI_PATH) + " replay " + shell_quoted(inputs->level) + " " +
          shell_quoted(query_file) + " -q --threads " + std::to_string(threads) + " -o " +
          shell_quoted(results.string()) + " > " + shell_quoted(out.string()));
    std::ifstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with("wall time")) continue;
        std::istringstream words(line.substr(9));
        double seconds = 0;
        if (words >> seconds) return seconds;
    }
    throw std::runtime_error("bench_replay: no wall time in replay's summary");
}

void bm_replay(benchmark::State& state, const std::string* query_file) {
    const auto threads = static_cast<unsigned>(state.range(0));
    QueryRunner runner(level(), threads);
    std::vector<ResultRecord> results(chunk);
    double replay_total = 0, in_memory_total = 0;
    for (auto _ : state) {
        const double seconds = replay_seconds(*query_file, threads);
        state.SetIterationTime(seconds);
        replay_total += seconds;
        in_memory_total += in_memory_seconds(runner, results);  // beside it, not timed (manual time)
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(queries().size()));
    state.counters["of_in_memory"] = in_memory_total / replay_total;
}

}  // namespace

int main(int argc, char** argv) {
    static const Inputs in = inputs_from(argc, argv);
    inputs = &in;
    for (const int threads : {1, 2}) {
        benchmark::RegisterBenchmark("in_memory", bm_in_memory)->Arg(threads)->ArgName("threads")->UseManualTime();
        benchmark::RegisterBenchmark("replay/lsq", bm_replay, &in.lsq)
            ->Arg(threads)
            ->ArgName("threads")
            ->UseManualTime();
        benchmark::RegisterBenchmark("replay/jsonl.gz", bm_replay, &in.jsonl_gz)
            ->Arg(threads)
            ->ArgName("threads")
            ->UseManualTime();
        benchmark::RegisterBenchmark("replay/jsonl.zlib.gz", bm_replay, &in.jsonl_zlib_gz)
            ->Arg(threads)
            ->ArgName("threads")
            ->UseManualTime();
    }
    const int rc = levelsweep::bench::run_benchmarks(argc, argv);
    std::filesystem::remove_all(in.dir);
    return rc;
}
