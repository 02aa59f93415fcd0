// levelsweep benchmarks: the world of moving bodies (levelsweep/world.hpp).
//
//   world/<bodies>/gather            IPhysics_QueryBox through the x-sorted list
//   world/<bodies>/gather_every_body the same gathers testing every body (the broad phase's yardstick)
//   world/<bodies>/<query>           overlap (the push sphere), sweep_human, sweep_object, strikes
//   world/<bodies>/update            every body moved and every human's strike shapes re-posed
//   world/<bodies>/frame/threads:N   a frame of every query kind through WorldRunner on N threads
//
// Scenes of 100, 1,000 and 10,000 bodies (world_scenes.hpp), one body per 25 m².
// Each iteration runs 1,024 queries (or one update of every body); items per
// second is queries (or bodies) per second. `bodies/q` is the bodies a gather
// returns, `contacts/q` the contacts a query keeps. The frame benchmarks check
// their answers' hash against the serial run's and report `cores` (cpu_time.hpp).
#include <map>
#include <memory>
#include <string>

#include <chrono>

#include "bench_main.hpp"
#include "cpu_time.hpp"
#include "levelsweep/world_runner.hpp"
#include "result_hash.hpp"
#include "world_scenes.hpp"

namespace {

using namespace levelsweep;
using namespace levelsweep::bench;

constexpr std::size_t queries_per_batch = 1024;
constexpr std::uint32_t body_counts[] = {100, 1000, 10000};

BenchWorld& scene(std::uint32_t bodies) {
    static std::map<std::uint32_t, std::unique_ptr<BenchWorld>> scenes;
    auto& s = scenes[bodies];
    if (!s) {
        s = make_bench_world(bodies, 12);
        BenchRng rng(13);
        move_bodies(*s, rng);  // every strike shape has a previous pose
    }
    return *s;
}

// A query's answer folded into the hash: the result's words and every byte of its contacts.
void fold(ResultHash& h, const WorldResult& r, std::span<const Contact> contacts, std::span<const BodyId> bodies) {
    h.u32(static_cast<std::uint32_t>(r.status));
    h.u32(r.count), h.u32(r.found), h.u32(r.overflow), h.u32(r.status_bits);
    for (const Contact& c : contacts)
        for (std::size_t off = 0; off < Contact::record_bytes; off += 4) h.u32(c.word_at(off));
    for (const BodyId& b : bodies) h.u32(b.slot), h.u32(b.generation);
}

void bm_queries(benchmark::State& state, std::uint32_t bodies, WorldBenchKind kind) {
    BenchWorld& bw = scene(bodies);
    const std::vector<WorldQuery> qs = bench_frame(bw, kind, queries_per_batch, 14);
    WorldScratch scratch(bw.world);
    std::vector<Contact> contacts(WorldRunner::contact_room);
    std::vector<BodyId> found(bw.world.body_count());
    std::uint64_t kept = 0;
    for (auto _ : state) {
        kept = 0;
        for (const WorldQuery& q : qs) kept += bw.world.run(q, contacts, found, scratch).count;
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(qs.size()));
    state.counters[kind == WorldBenchKind::gather ? "bodies/q" : "contacts/q"] =
        static_cast<double>(kept) / static_cast<double>(qs.size());
}

// The gathers of bm_queries(gather) by testing every body's box, in the list's
// order: what the broad phase saves.
void bm_every_body(benchmark::State& state, std::uint32_t bodies) {
    BenchWorld& bw = scene(bodies);
    const std::vector<WorldQuery> qs = bench_frame(bw, WorldBenchKind::gather, queries_per_batch, 14);
    std::vector<BodyId> all;
    for (const auto* ids : {&bw.humans, &bw.others}) all.insert(all.end(), ids->begin(), ids->end());
    std::vector<ShapeBounds> boxes;
    for (const BodyId id : all) boxes.push_back(bw.world.body(id)->bounds);
    std::uint64_t kept = 0;
    for (auto _ : state) {
        kept = 0;
        for (const WorldQuery& q : qs) {
            const GatherQuery& g = std::get<GatherQuery>(q);
            for (std::size_t i = 0; i < boxes.size(); ++i) kept += bounds_overlap(boxes[i], g.box) && !(all[i] == *g.body);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(qs.size()));
    state.counters["bodies/q"] = static_cast<double>(kept) / static_cast<double>(qs.size());
}

void bm_update(benchmark::State& state, std::uint32_t bodies) {
    std::unique_ptr<BenchWorld> bw = make_bench_world(bodies, 12);  // its own: the moves must not drift the shared scene
    BenchRng rng(15);
    for (auto _ : state) move_bodies(*bw, rng);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(bodies));
}

void bm_frame(benchmark::State& state, std::uint32_t bodies, unsigned threads) {
    BenchWorld& bw = scene(bodies);
    const std::vector<WorldQuery> qs = bench_frame(bw, WorldBenchKind::mixed, queries_per_batch, 16);
    // The serial answers' hash, one query at a time.
    WorldScratch scratch(bw.world);
    std::vector<Contact> contacts(WorldRunner::contact_room);
    std::vector<BodyId> found(bw.world.body_count());
    std::vector<std::uint64_t> serial(qs.size()), batch(qs.size());
    for (std::size_t i = 0; i < qs.size(); ++i) {
        const WorldResult r = bw.world.run(qs[i], contacts, found, scratch);
        const bool g = std::holds_alternative<GatherQuery>(qs[i]);
        ResultHash h;
        fold(h, r, std::span(contacts).first(g ? 0 : r.count), std::span(found).first(g ? r.count : 0));
        serial[i] = h.value();
    }
    WorldRunner runner(bw.world, threads);
    const WorldRunner::Sink sink = [&](std::size_t i, const WorldResult& r, std::span<const Contact> c,
                                      std::span<const BodyId> b) {
        ResultHash h;
        fold(h, r, c, b);
        batch[i] = h.value();
    };
    const double cpu_start = process_cpu_seconds();
    const auto wall_start = std::chrono::steady_clock::now();
    for (auto _ : state) runner.run(qs, sink);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    state.counters["cores"] = (process_cpu_seconds() - cpu_start) / wall;
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(qs.size()));
    if (batch != serial) state.SkipWithError("a batch answer differs from the serial run's");
}

void register_all() {
    const std::pair<const char*, WorldBenchKind> kinds[] = {{"overlap", WorldBenchKind::overlap},
                                                            {"sweep_human", WorldBenchKind::sweep_human},
                                                            {"sweep_object", WorldBenchKind::sweep_object},
                                                            {"strikes", WorldBenchKind::strikes}};
    for (const std::uint32_t n : body_counts) {
        const std::string prefix = "world/" + std::to_string(n) + "/";
        benchmark::RegisterBenchmark((prefix + "gather").c_str(), bm_queries, n, WorldBenchKind::gather)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((prefix + "gather_every_body").c_str(), bm_every_body, n)
            ->Unit(benchmark::kMicrosecond);
        for (const auto& [name, kind] : kinds)
            benchmark::RegisterBenchmark((prefix + name).c_str(), bm_queries, n, kind)->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((prefix + "update").c_str(), bm_update, n)->Unit(benchmark::kMicrosecond);
        for (const unsigned t : {1u, 2u})
            benchmark::RegisterBenchmark((prefix + "frame/threads:" + std::to_string(t)).c_str(), bm_frame, n, t)
                ->Unit(benchmark::kMicrosecond)
                ->UseRealTime();
    }
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    return run_benchmarks(argc, argv);
}
