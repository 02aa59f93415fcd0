// levelsweep benchmarks: the world of moving bodies (levelsweep/world.hpp).
//
//   world/<bodies>/gather            IPhysics_QueryBox through the x-sorted list
//   world/<bodies>/gather_every_body the same gathers testing every body (the broad phase's yardstick)
//   world/<bodies>/<query>           overlap (the push sphere), sweep_human, sweep_object, strikes
//   world/<bodies>/update            every body moved and every human's strike shapes re-posed
//   world/<bodies>/frame/threads:N   a frame of every query kind through WorldRunner on N threads
//   list/<bodies>/add_<order>/world  adding every body in rising, falling or random x
//   list/<bodies>/remove_front/world removing every body, the lowest x first (the list's front)
//   list/<bodies>/.../sorted_array   the same on the plain sorted array the list was (sorted_array_list.hpp)
//
// Scenes of 100, 1,000 and 10,000 bodies (world_scenes.hpp), one body per 25 m².
// Each iteration runs 1,024 queries (or one update of every body); items per
// second is queries (or bodies) per second. `bodies/q` is the bodies a gather
// returns, `contacts/q` the contacts a query keeps. The frame benchmarks check
// their answers' hash against the serial run's and report `cores` (cpu_time.hpp).
// The list benchmarks run 10,000, 100,000 and 1,000,000 bodies (the sorted
// array 10,000 and 100,000 only: its million would take hours); items per
// second is bodies added or removed per second.
#include <algorithm>
#include <map>
#include <memory>
#include <string>

#include <chrono>

#include "bench_main.hpp"
#include "cpu_time.hpp"
#include "levelsweep/world_runner.hpp"
#include "result_hash.hpp"
#include "sorted_array_list.hpp"
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
            for (std::size_t i = 0; i < boxes.size(); ++i)
                kept += bounds_overlap(boxes[i], g.box) && !(all[i] == *g.body);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(qs.size()));
    state.counters["bodies/q"] = static_cast<double>(kept) / static_cast<double>(qs.size());
}

void bm_update(benchmark::State& state, std::uint32_t bodies) {
    std::unique_ptr<BenchWorld> bw =
        make_bench_world(bodies, 12);  // its own: the moves must not drift the shared scene
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

// The list benchmarks' bodies: a human's capsule each, one per 25 m² as in the
// scenes, ordered by x as the benchmark asks.
enum class Arrival { rising, falling, random };

std::vector<Vec3> arrivals(std::uint32_t count, Arrival order) {
    BenchRng rng(17);
    const float side = std::sqrt(25.0f * static_cast<float>(count));
    std::vector<Vec3> at(count);
    for (Vec3& p : at) p = {rng.uniform(0, side), rng.uniform(0, side), 0};
    const auto by_x = [](const Vec3& a, const Vec3& b) { return a.x < b.x; };
    if (order == Arrival::rising) std::sort(at.begin(), at.end(), by_x);
    if (order == Arrival::falling) std::sort(at.rbegin(), at.rend(), by_x);
    return at;
}

BodyDesc capsule_body(const Vec3& feet, std::uint32_t i) {
    BodyDesc d;
    d.owner = i + 1;
    d.type = body_type::human;
    d.chain.push_back({i, Shape::of(Capsule{0.35f, 1.8f, feet}), shape_flag::enabled});
    return d;
}

void bm_world_add(benchmark::State& state, std::uint32_t count, Arrival order) {
    const std::vector<Vec3> at = arrivals(count, order);
    for (auto _ : state) {
        auto w = std::make_unique<World>();
        for (std::uint32_t i = 0; i < count; ++i) w->add_body(capsule_body(at[i], i));
        state.PauseTiming();
        w.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(count));
}

void bm_world_remove_front(benchmark::State& state, std::uint32_t count) {
    const std::vector<Vec3> at = arrivals(count, Arrival::random);
    std::vector<std::uint32_t> front_first(count);
    for (std::uint32_t i = 0; i < count; ++i) front_first[i] = i;
    std::sort(front_first.begin(), front_first.end(),
              [&](std::uint32_t a, std::uint32_t b) { return at[a].x < at[b].x; });
    for (auto _ : state) {
        state.PauseTiming();
        auto w = std::make_unique<World>();
        std::vector<BodyId> ids(count);
        for (std::uint32_t i = 0; i < count; ++i) ids[i] = w->add_body(capsule_body(at[i], i)).id;
        state.ResumeTiming();
        for (const std::uint32_t i : front_first) w->remove_body(ids[i]);
        state.PauseTiming();
        w.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(count));
}

void bm_array_add(benchmark::State& state, std::uint32_t count, Arrival order) {
    const std::vector<Vec3> at = arrivals(count, order);
    for (auto _ : state) {
        SortedArrayList list;
        for (std::uint32_t i = 0; i < count; ++i)
            list.insert(i, i, world_bounds(capsule_body(at[i], i).chain[0].shape));
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(count));
}

void bm_array_remove_front(benchmark::State& state, std::uint32_t count) {
    const std::vector<Vec3> at = arrivals(count, Arrival::rising);
    for (auto _ : state) {
        state.PauseTiming();
        SortedArrayList list;
        for (std::uint32_t i = 0; i < count; ++i)
            list.insert(i, i, world_bounds(capsule_body(at[i], i).chain[0].shape));
        state.ResumeTiming();
        for (std::uint32_t i = 0; i < count; ++i) list.erase(i);  // rising x: each is the front
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(count));
}

void register_list_benchmarks() {
    const std::pair<const char*, Arrival> orders[] = {
        {"add_rising", Arrival::rising}, {"add_falling", Arrival::falling}, {"add_random", Arrival::random}};
    for (const std::uint32_t n : {10000u, 100000u, 1000000u}) {
        const std::string prefix = "list/" + std::to_string(n) + "/";
        const bool array_too = n <= 100000;
        for (const auto& [name, order] : orders) {
            benchmark::RegisterBenchmark((prefix + name + "/world").c_str(), bm_world_add, n, order)
                ->Unit(benchmark::kMillisecond);
            if (array_too)
                benchmark::RegisterBenchmark((prefix + name + "/sorted_array").c_str(), bm_array_add, n, order)
                    ->Unit(benchmark::kMillisecond);
        }
        benchmark::RegisterBenchmark((prefix + "remove_front/world").c_str(), bm_world_remove_front, n)
            ->Unit(benchmark::kMillisecond);
        if (array_too)
            benchmark::RegisterBenchmark((prefix + "remove_front/sorted_array").c_str(), bm_array_remove_front, n)
                ->Unit(benchmark::kMillisecond);
    }
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
    register_list_benchmarks();
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    return run_benchmarks(argc, argv);
}
