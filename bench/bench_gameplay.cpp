// levelsweep benchmarks: the port's own workload (docs/performance.md, "The
// port's workload"): recorded gameplay on real levels, the level's start-up,
// and both together as a replay process does them, each the batch path beside
// the reference path in the same run (paired_timing.hpp: `ratio` = reference
// time / batch time, above 1 the batch path is faster).
//
//   gameplay/<level>/<mode>/<set>    a recorded trace on one thread: all of it,
//                                    or its queries of one kind (walking
//                                    capsules, sphere sweeps, boxes, overlaps, rays)
//   startup/<level>/threads:N        the level file's bytes to a level ready for
//                                    every query: load (validated) and BatchLevel
//                                    with its hierarchy built, against load
//                                    alone, wall time on N threads
//   startup/<level>/stored/threads:N the same from a file that stores the
//                                    hierarchy (version 2, as `import` writes)
//   process/<level>/<mode>           start-up (from the stored file) and the
//                                    whole trace, as `replay` does it (without
//                                    the files' decoding)
//
// The trace is `levelsweep record --seed 7 --mix walk=68,jump=14,strike=14,
// fall=2,overlap=1,ray=1` (record.hpp), 100,000 queries per level; <mode> is
// faithful (the counter bug and every quirk) or corrected. Levels: the bundled
// street_10k and, where ../shared/data/levels is present, the two shared real
// levels imported as `levelsweep import` does; street_1m (generated, 993,560
// triangles) for start-up only. Every benchmark checks that the
// two paths' answers hash alike and stops with an error where they differ.
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_main.hpp"
#include "levelsweep/batch_level.hpp"
#include "levelsweep/generate.hpp"
#include "levelsweep/import.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/record.hpp"
#include "paired_timing.hpp"
#include "query_paths.hpp"

namespace {

using namespace levelsweep;
using namespace levelsweep::bench;

constexpr std::uint64_t trace_queries = 100'000;

struct GameLevel {
    std::string name;
    std::vector<std::byte> file;         // the level file's bytes (serialize_level), version 1
    std::vector<std::byte> file_stored;  // with the hierarchy stored (version 2)
    std::unique_ptr<Level> level;
    bool startup_only = false;  // street_1m: the goal's "1M triangles ready in 0.5 s"
};

std::vector<GameLevel> game_levels() {
    std::vector<GameLevel> out;
    auto add = [&](std::string name, Level level, bool startup_only = false) {
        GameLevel g{std::move(name), serialize_level(level),
                    serialize_level(level, BatchLevel(level).hierarchy_words()), nullptr, startup_only};
        g.level = std::make_unique<Level>(std::move(level));
        out.push_back(std::move(g));
    };
    add("street_10k", load_level(LEVELSWEEP_SOURCE_DIR "/data/levels/street_10k.lvl"));
    const std::filesystem::path shared = LEVELSWEEP_SOURCE_DIR "/../shared/data/levels";
    for (const char* obj : {"dm6ish_m_zup.obj", "czest2ctf_m_zup.obj"}) {
        const std::filesystem::path path = shared / obj;
        if (!std::filesystem::exists(path)) continue;
        std::string name = obj;
        add(name.substr(0, name.find('_')), import_level(path).level);
    }
    GenerateOptions big;  // as bench_levels.hpp makes street_1m
    big.seed = 3;
    big.triangles = 1'000'000;
    add("street_1m", std::move(generate_street_level(big).level), true);
    return out;
}

std::vector<Query> record_trace(const Level& level, Mode mode) {
    RecordOptions options;
    options.seed = 7;
    options.count = trace_queries;
    options.mix = RecordMix::parse("walk=68,jump=14,strike=14,fall=2,overlap=1,ray=1");
    QueryRecorder recorder(level, options);
    std::vector<Query> queries(trace_queries);
    queries.resize(recorder.next(queries));
    for (Query& q : queries) q.settings.quirks = quirks_for(mode);
    return queries;
}

// The trace's queries of one kind, each a benchmark of its own.
constexpr std::pair<const char*, QueryKind> trace_kinds[] = {{"walking_capsules", QueryKind::capsule_sweep},
                                                             {"sphere_sweeps", QueryKind::sphere_sweep},
                                                             {"boxes", QueryKind::box_sweep},
                                                             {"overlaps", QueryKind::sphere_overlap},
                                                             {"rays", QueryKind::ray}};

std::vector<Query> of_kind(const std::vector<Query>& all, QueryKind kind) {
    std::vector<Query> out;
    for (const Query& q : all)
        if (q.kind == kind) out.push_back(q);
    return out;
}

// The batch path on the best ISA and the reference path over `queries`, one
// thread each, after checking that they answer alike.
void bm_trace(benchmark::State& state, const Level* level, std::vector<Query> queries) {
    const QueryPath batch = best_batch_path();
    std::vector<QuerySlot> ours(queries.size()), theirs(queries.size());
    batch.run(*level, queries, ours, 1);
    run_reference(*level, queries, theirs, 1);
    if (summarise(ours).hash != summarise(theirs).hash) {
        state.SkipWithError("the batch path's answers differ from the reference path's");
        return;
    }
    run_paired(
        state, queries.size(), "batch", [&] { batch.run(*level, queries, ours, 1); }, "reference",
        [&] { run_reference(*level, queries, theirs, 1); });
    state.counters["queries"] = static_cast<double>(queries.size());
    state.SetLabel(batch.name);
}

// Bytes to a level ready for queries: the batch path's start-up (load and
// BatchLevel) against the reference path's (load alone), on `threads` threads
// (the hierarchy's build is parallel). One thread is timed by its CPU clock,
// as the other benchmarks are (the wall time on an idle core, and steady on a
// busy machine); more by the wall clock, which only an idle machine makes
// meaningful.
void bm_startup(benchmark::State& state, const GameLevel* g, const std::vector<std::byte>* file, int threads) {
    tbb::task_arena arena(threads);
    const auto timed = [threads](auto&& work) {
        if (threads == 1) return seconds_of(work);
        const auto start = std::chrono::steady_clock::now();
        work();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    double load_s = 0.0, batch_s = 0.0, build_s = 0.0;
    for (auto _ : state) {
        double iteration = 0.0;
        arena.execute([&] {
            // Timed until the level is ready; freeing it is not start-up
            // (for street_1m, hundreds of megabytes given back), so each is
            // dropped after its clock stops.
            std::optional<Level> level;
            const double load = timed([&] { level.emplace(load_level_from_memory(*file, g->name)); });
            level.reset();
            std::optional<BatchLevel> ready;
            double build = 0.0;
            const double batch = timed([&] {
                level.emplace(load_level_from_memory(*file, g->name));
                build = timed([&] { benchmark::DoNotOptimize(ready.emplace(*level).node_count()); });
            });
            ready.reset();
            level.reset();
            load_s += load, batch_s += batch, build_s += build;
            iteration = load + batch;
        });
        state.SetIterationTime(iteration);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["batch_ms"] = 1e3 * batch_s / n;
    state.counters["load_ms"] = 1e3 * load_s / n;
    state.counters["batch_level_ms"] = 1e3 * build_s / n;
    state.counters["ratio"] = load_s / batch_s;
    state.counters["triangles"] = static_cast<double>(g->level->triangle_count());
}

// A replay's whole work in one process: start-up, scratch, every query.
void bm_process(benchmark::State& state, const GameLevel* g, std::vector<Query> queries) {
    const Isa isa = available_isas().back();
    run_paired(
        state, queries.size(), "batch",
        [&] {
            const Level level = load_level_from_memory(g->file_stored, g->name);
            const BatchLevel batch(level);
            BatchScratch scratch(batch);
            std::vector<QuerySlot> slots(queries.size());
            run_serially(queries, slots, [&](const Query& q, std::span<MeshContact> out) {
                return run_query_batch(batch, q, out, scratch, isa);
            });
            benchmark::DoNotOptimize(slots.data());
        },
        "reference",
        [&] {
            const Level level = load_level_from_memory(g->file_stored, g->name);
            QueryScratch scratch(level);
            std::vector<QuerySlot> slots(queries.size());
            run_serially(queries, slots,
                         [&](const Query& q, std::span<MeshContact> out) { return run_query(level, q, out, scratch); });
            benchmark::DoNotOptimize(slots.data());
        });
    state.SetLabel(std::string("batch_") + std::string(isa_name(isa)));
}

void register_benchmarks() {
    static const std::vector<GameLevel> levels = game_levels();
    for (const GameLevel& g : levels) {
        for (const auto* file : {&g.file, &g.file_stored})
            for (int threads : {1, 2})
                benchmark::RegisterBenchmark(
                    ("startup/" + g.name + (file == &g.file ? "" : "/stored") + "/threads:" + std::to_string(threads))
                        .c_str(),
                    bm_startup, &g, file, threads)
                    ->UseManualTime()
                    ->Unit(benchmark::kMillisecond);
        if (g.startup_only) continue;
        for (Mode mode : {Mode::faithful, Mode::corrected}) {
            const std::string m = mode == Mode::faithful ? "faithful" : "corrected";
            const std::vector<Query> trace = record_trace(*g.level, mode);
            const std::string at = "gameplay/" + g.name + "/" + m + "/";
            benchmark::RegisterBenchmark((at + "all").c_str(), bm_trace, g.level.get(), trace)->UseManualTime();
            for (const auto& [set, kind] : trace_kinds)
                benchmark::RegisterBenchmark((at + set).c_str(), bm_trace, g.level.get(), of_kind(trace, kind))
                    ->UseManualTime();
            benchmark::RegisterBenchmark(("process/" + g.name + "/" + m).c_str(), bm_process, &g, trace)
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    register_benchmarks();
    return run_benchmarks(argc, argv);
}
