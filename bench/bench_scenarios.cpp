// levelsweep benchmarks: the six query sets of the performance goals
// (scenario_sets.hpp, docs/performance.md) on generated levels of 10k, 100k
// and 1M triangles and on every level file named with --level=PATH.
//
//   scenario/<level>/<set>/<path>                one thread, every path (reference, batch_<isa>)
//   scenario/<level>/<set>/<path>/closest        the rays and long sweeps as closest queries
//   threads/<level>/<set>/<path>/threads:N       N = 1, 2 and the machine's threads, wall time
//   peer/<level>/<set>/<peer>                    levelsweep's best batch path and a peer, in turns
//
// Peers (each only where the build found it): Bullet (libbullet-dev):
// convexSweepTest with a btSphereShape or btBoxShape, rayTest for rays, closest
// hit; Embree (libembree-dev): rays along the same moves, rtcIntersect1 and
// rtcIntersect8 (what a ray engine does with any of these queries). The peer
// benchmarks time both on the same batch in the same run (paired_timing.hpp)
// and give `ratio` = levelsweep / peer (above 1, levelsweep is faster);
// levelsweep runs the rays and long sweeps as closest queries there, as the
// peers answer the closest hit. Every benchmark checks its result hash against
// the serial reference run's and stops with an error when they differ.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "batch_report.hpp"
#include "bench_main.hpp"
#include "levelsweep/generate.hpp"
#include "levelsweep/level_file.hpp"
#include "paired_timing.hpp"
#include "query_paths.hpp"
#include "result_hash.hpp"
#include "scenario_sets.hpp"
#if LEVELSWEEP_BENCH_BULLET
#include "peer_bullet.hpp"
#endif
#if LEVELSWEEP_BENCH_EMBREE
#include "peer_embree.hpp"
#endif

namespace {

using namespace levelsweep;
using namespace levelsweep::bench;

constexpr std::size_t batch_size = 1024;

// A level by name, built or loaded on first use.
struct LevelSource {
    std::string name;
    std::string file;         // a .lvl, or
    std::uint32_t triangles;  // the street generator's size
};

const Level& level_of(const LevelSource& source) {
    static std::map<std::string, std::unique_ptr<Level>> levels;
    auto& slot = levels[source.name];
    if (!slot) {
        if (!source.file.empty()) {
            slot = std::make_unique<Level>(load_level(source.file));
        } else {
            GenerateOptions options;
            options.seed = 3;
            options.triangles = source.triangles;
            slot = std::make_unique<Level>(std::move(generate_street_level(options).level));
        }
    }
    return *slot;
}

// A set's batch and the serial reference path's answer, built on first use.
struct Batch {
    std::vector<Query> queries;
    BatchSummary reference;
};

const Batch& batch_of(const LevelSource& source, Scenario set, bool closest) {
    static std::map<std::string, Batch> batches;
    const std::string key = source.name + "/" + std::string(scenario_name(set)) + (closest ? "/closest" : "");
    auto found = batches.find(key);
    if (found != batches.end()) return found->second;
    Batch b;
    b.queries = scenario_queries(level_of(source), set, batch_size);
    if (closest)
        for (Query& q : b.queries) q.settings.collect = Collect::closest;
    std::vector<QuerySlot> slots(b.queries.size());
    run_reference(level_of(source), b.queries, slots, 1);
    b.reference = summarise(slots);
    return batches.emplace(key, std::move(b)).first->second;
}

void bm_scenario(benchmark::State& state, const LevelSource& source, Scenario set, const QueryPath& path, bool closest,
                 int threads) {
    const Level& level = level_of(source);
    const Batch& b = batch_of(source, set, closest);
    if (b.queries.empty()) {
        state.SkipWithError("the level has no floor to start queries from");
        return;
    }
    std::vector<QuerySlot> slots(b.queries.size());
    path.run(level, b.queries, slots, threads);  // warm: builds the BatchLevel, fills the caches
    for (auto _ : state) path.run(level, b.queries, slots, threads);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(b.queries.size()));
    report_batch(state, b.reference, slots);
}

// A peer's closest hits (fractions, -1 for none) on a batch, and how often
// they agree with levelsweep's first contact (counters, not asserted: the
// original's filters skip faces the peers meet; bench/README.md).
void agreement(benchmark::State& state, std::span<const QuerySlot> ours, std::span<const float> theirs) {
    double both = 0, agree = 0, only_ours = 0, only_peer = 0;
    for (std::size_t i = 0; i < ours.size(); ++i) {
        const bool peer_hit = theirs[i] >= 0.0f;
        if (ours[i].hit && peer_hit) {
            ++both;
            agree += std::fabs(ours[i].closest - theirs[i]) <= 1e-3f ? 1 : 0;
        } else {
            only_ours += ours[i].hit ? 1 : 0;
            only_peer += peer_hit ? 1 : 0;
        }
    }
    state.counters["both_hit"] = both;
    state.counters["agree"] = agree;
    state.counters["only_ours"] = only_ours;
    state.counters["only_peer"] = only_peer;
}

template <class Peer>
void bm_peer(benchmark::State& state, const LevelSource& source, Scenario set, const std::string& peer_name,
             Peer peer) {
    const Level& level = level_of(source);
    const Batch& b = batch_of(source, set, closest_set(set));
    if (b.queries.empty()) {
        state.SkipWithError("the level has no floor to start queries from");
        return;
    }
    const QueryPath path = best_batch_path();
    std::vector<QuerySlot> ours(b.queries.size());
    std::vector<float> theirs(b.queries.size());
    path.run(level, b.queries, ours, 1);  // warm
    run_paired(
        state, b.queries.size(), "levelsweep", [&] { path.run(level, b.queries, ours, 1); }, peer_name,
        [&] { peer(b.queries, theirs); });
    agreement(state, ours, theirs);
    report_batch(state, b.reference, ours);
}

std::vector<LevelSource> levels_from(int& argc, char** argv) {
    std::vector<LevelSource> levels{{"gen10k", "", 10'000}, {"gen100k", "", 100'000}, {"gen1m", "", 1'000'000}};
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.starts_with("--level=")) {
            const std::string file = arg.substr(8);
            levels.push_back({std::filesystem::path(file).stem().string(), file, 0});
        } else {
            argv[kept++] = argv[i];
        }
    }
    argc = kept;
    return levels;
}

}  // namespace

int main(int argc, char** argv) {
    static const std::vector<LevelSource> levels = levels_from(argc, argv);
    const std::vector<QueryPath> paths = query_paths();
    const int hardware = std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
    for (const LevelSource& level : levels) {
        for (Scenario set : scenarios) {
            const std::string where = level.name + "/" + std::string(scenario_name(set));
            for (const QueryPath& path : paths) {
                benchmark::RegisterBenchmark(("scenario/" + where + "/" + path.name).c_str(), bm_scenario, level, set,
                                             path, false, 1)
                    ->Unit(benchmark::kMicrosecond);
                if (closest_set(set))
                    benchmark::RegisterBenchmark(("scenario/" + where + "/" + path.name + "/closest").c_str(),
                                                 bm_scenario, level, set, path, true, 1)
                        ->Unit(benchmark::kMicrosecond);
            }
            for (const QueryPath& path : {paths.front(), paths.back()})
                for (int threads : {1, 2, hardware})
                    benchmark::RegisterBenchmark(
                        ("threads/" + where + "/" + path.name + "/threads:" + std::to_string(threads)).c_str(),
                        bm_scenario, level, set, path, false, threads)
                        ->UseRealTime()
                        ->Unit(benchmark::kMicrosecond);
#if LEVELSWEEP_BENCH_BULLET
            benchmark::RegisterBenchmark(
                ("peer/" + where + "/bullet").c_str(),
                [level, set](benchmark::State& state) {
                    static std::map<std::string, std::unique_ptr<BulletLevel>> worlds;
                    auto& world = worlds[level.name];
                    if (!world) world = std::make_unique<BulletLevel>(level_of(level));
                    bm_peer(state, level, set, "bullet", [&](std::span<const Query> qs, std::span<float> out) {
                        for (std::size_t i = 0; i < qs.size(); ++i)
                            out[i] = qs[i].kind == QueryKind::ray         ? world->ray(qs[i])
                                     : qs[i].kind == QueryKind::box_sweep ? world->box_sweep(qs[i])
                                                                          : world->sphere_sweep(qs[i]);
                    });
                })
                ->UseManualTime()
                ->Unit(benchmark::kMicrosecond);
#endif
#if LEVELSWEEP_BENCH_EMBREE
            for (int width : {1, 8})
                benchmark::RegisterBenchmark(
                    ("peer/" + where + "/embree" + std::to_string(width)).c_str(),
                    [level, set, width](benchmark::State& state) {
                        static std::map<std::string, std::unique_ptr<EmbreeLevel>> scenes;
                        auto& scene = scenes[level.name];
                        if (!scene) scene = std::make_unique<EmbreeLevel>(level_of(level));
                        bm_peer(state, level, set, "embree" + std::to_string(width),
                                [&](std::span<const Query> qs, std::span<float> out) {
                                    if (width == 1) {
                                        for (std::size_t i = 0; i < qs.size(); ++i) out[i] = scene->ray1(qs[i]);
                                        return;
                                    }
                                    for (std::size_t i = 0; i < qs.size(); i += 8)
                                        scene->ray8(qs.subspan(i, std::min<std::size_t>(8, qs.size() - i)), &out[i]);
                                });
                    })
                    ->UseManualTime()
                    ->Unit(benchmark::kMicrosecond);
#endif
        }
    }
    return run_benchmarks(argc, argv);
}
