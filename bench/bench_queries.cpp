// levelsweep benchmarks: mesh queries on the reference path.
//
//   queries/<level>/<kind>/<path>          one kind, one thread, the grid walk
//   walk/street_10k/<kind>                 the grid walk against brute force, in turns
//   threads/<level>/mixed/<path>/threads:N every kind in turn, over N TBB threads
//
// Levels: the bundled street_10k and a generated street of 1M triangles
// (bench_levels.hpp). Each iteration runs one batch of 1,024 seeded random
// queries (query_sets.hpp). Every benchmark labels its batch's result hash, and
// the query and thread benchmarks stop with an error when it differs from the
// serial reference run's: a fast run is a correct run.
#include <array>
#include <chrono>
#include <ctime>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench_levels.hpp"
#include "batch_report.hpp"
#include "bench_main.hpp"
#include "cpu_time.hpp"
#include "paired_timing.hpp"
#include "query_paths.hpp"
#include "query_sets.hpp"

namespace {

using namespace levelsweep;
using namespace levelsweep::bench;

constexpr std::array<QueryKind, query_kind_count> all_kinds = {
    QueryKind::sphere_sweep, QueryKind::capsule_sweep, QueryKind::box_sweep, QueryKind::sphere_overlap, QueryKind::ray};

// A batch of queries and what the serial reference path answers for it.
struct QuerySet {
    std::vector<Query> queries;
    BatchSummary reference;
};

// One kind's batch, or the mixed batch (no kind), on a level; built on first use.
const QuerySet& query_set(BenchLevel level, std::optional<QueryKind> kind) {
    static std::map<std::pair<BenchLevel, int>, QuerySet> sets;
    const std::pair key{level, kind ? static_cast<int>(*kind) : -1};
    auto found = sets.find(key);
    if (found != sets.end()) return found->second;
    QuerySet set;
    set.queries = random_queries(bench_level(level), kind, queries_per_batch);
    std::vector<QuerySlot> slots(set.queries.size());
    run_reference(bench_level(level), set.queries, slots, 1);
    set.reference = summarise(slots);
    return sets.emplace(key, std::move(set)).first->second;
}

// Queries per second (items), the work per query, and the hash, checked
// against the serial reference run.
void report(benchmark::State& state, const QuerySet& set, std::span<const QuerySlot> slots) {
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.queries.size()));
    report_batch(state, set.reference, slots);
}

void bm_kind(benchmark::State& state, BenchLevel level, QueryKind kind, const QueryPath& path) {
    const Level& lvl = bench_level(level);
    const QuerySet& set = query_set(level, kind);
    std::vector<QuerySlot> slots(set.queries.size());
    for (auto _ : state) {
        path.run(lvl, set.queries, slots, 1);
        benchmark::ClobberMemory();
    }
    report(state, set, slots);
}

// Timed by the wall clock. `cores` is the CPU time the process got per second
// of it: below the thread count, the threads waited (for each other at the
// end of the batch, or for a core that other work on the machine held).
void bm_threads(benchmark::State& state, BenchLevel level, const QueryPath& path, int threads) {
    const Level& lvl = bench_level(level);
    const QuerySet& set = query_set(level, std::nullopt);
    std::vector<QuerySlot> slots(set.queries.size());
    const double cpu_start = process_cpu_seconds();
    const auto wall_start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        path.run(lvl, set.queries, slots, threads);
        benchmark::ClobberMemory();
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    state.counters["cores"] = (process_cpu_seconds() - cpu_start) / wall;
    report(state, set, slots);
}

// The grid walk and brute force (every triangle in index order) on the same
// batch. The label says whether brute force gave the same answers (`brute=same`),
// the same contacts with ties of equal fraction in another discovery order
// (`brute=same_sets`), or other contacts (`brute=differs`).
void bm_walk(benchmark::State& state, QueryKind kind) {
    const Level& lvl = bench_level(BenchLevel::street_10k);
    const QuerySet& set = query_set(BenchLevel::street_10k, kind);
    std::vector<QuerySlot> grid(set.queries.size()), brute(set.queries.size());
    run_paired(
        state, set.queries.size(), "grid", [&] { run_reference(lvl, set.queries, grid, 1, Walk::grid); }, "brute",
        [&] { run_reference(lvl, set.queries, brute, 1, Walk::brute_force); });
    const BatchSummary g = summarise(grid), b = summarise(brute);
    state.counters["kernels/q"] = static_cast<double>(g.kernel_calls) / static_cast<double>(set.queries.size());
    state.counters["brute_kernels/q"] = static_cast<double>(b.kernel_calls) / static_cast<double>(set.queries.size());
    const char* verdict = g.hash == b.hash                   ? " brute=same"
                          : g.contact_sets == b.contact_sets ? " brute=same_sets"
                                                             : " brute=differs";
    state.SetLabel(hash_label(g.hash) + verdict);
}

// 1, 2 and N threads (N: this machine's hardware threads), without repeats.
std::vector<int> thread_counts() {
    std::vector<int> counts = {1, 2};
    const int n = static_cast<int>(std::thread::hardware_concurrency());
    if (n > 2) counts.push_back(n);
    return counts;
}

void register_benchmarks() {
    const std::vector<QueryPath> paths = query_paths();
    for (BenchLevel level : bench_levels)
        for (QueryKind kind : all_kinds)
            for (const QueryPath& path : paths) {
                const std::string name = "queries/" + std::string(level_name(level)) + "/" +
                                         std::string(query_kind_name(kind)) + "/" + path.name;
                benchmark::RegisterBenchmark(name.c_str(), bm_kind, level, kind, path)->Unit(benchmark::kMillisecond);
            }
    for (QueryKind kind : all_kinds)
        benchmark::RegisterBenchmark(("walk/street_10k/" + std::string(query_kind_name(kind))).c_str(), bm_walk, kind)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
    for (BenchLevel level : bench_levels)
        for (const QueryPath& path : paths)
            for (int threads : thread_counts()) {
                const std::string name = "threads/" + std::string(level_name(level)) + "/mixed/" + path.name +
                                         "/threads:" + std::to_string(threads);
                benchmark::RegisterBenchmark(name.c_str(), bm_threads, level, path, threads)
                    ->UseRealTime()
                    ->Unit(benchmark::kMillisecond);
            }
}

}  // namespace

int main(int argc, char** argv) {
    register_benchmarks();
    return run_benchmarks(argc, argv);
}
