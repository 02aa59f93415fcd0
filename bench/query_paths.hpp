// levelsweep benchmarks: the paths that answer a batch of queries.
//
// A path fills one QuerySlot per query; each query writes only its own slot,
// so the slots, and the batch's hash, cannot depend on the thread count. The
// paths: `reference`, and `batch_<isa>` for every ISA this CPU runs (the batch
// path, levelsweep/batch_path.hpp); every benchmark that loops over
// query_paths() measures each and checks its hash against the reference's.
//
// With one thread a path is a plain loop (so that its CPU time is the queries'
// own); with more, the library's QueryRunner (levelsweep/query_runner.hpp,
// tbb::parallel_for over the queries with per-thread scratch). The batch path's
// BatchLevel, each path's serial scratch and each runner are made once per
// level and program (kept_for), as an engine that answers frame after frame
// keeps them: a benchmark iteration times the queries, not the set-up. So a
// level given to a path must live as long as the program (bench_level's do).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "levelsweep/batch_path.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/query_runner.hpp"
#include "result_hash.hpp"

namespace levelsweep::bench {

// What the benchmarks keep of one query's answer.
struct QuerySlot {
    std::uint64_t hash = 0;          // query_result_hash
    std::uint64_t contact_set = 0;   // contact_set_hash (order-blind)
    std::uint32_t contacts = 0;      // QueryResult::count
    std::uint32_t kernel_calls = 0;  // QueryStats::kernel_calls
    bool hit = false;                // count > 0
    float closest = 0.0f;            // the first (earliest) contact's fraction, when hit
};

inline void fill_slot(const QueryResult& r, std::span<const MeshContact> contacts, QuerySlot& slot) {
    slot.hash = query_result_hash(r, contacts);
    slot.contact_set = contact_set_hash(contacts);
    slot.contacts = r.count;
    slot.kernel_calls = r.stats.kernel_calls;
    slot.hit = r.count > 0;
    slot.closest = slot.hit ? contacts[0].fraction : 0.0f;
}

// One query after another on the calling thread: `run(query, buffer)` answers one.
template <class Run>
void run_serially(std::span<const Query> queries, std::span<QuerySlot> slots, Run run) {
    std::array<MeshContact, mesh_contact_capacity> buffer;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const QueryResult r = run(queries[i], std::span<MeshContact>(buffer));
        fill_slot(r, std::span<const MeshContact>(buffer.data(), r.count), slots[i]);
    }
}

// One T per key, made by make() on first use and kept for the program's life
// (the benchmarks run one at a time, on the main thread).
template <class T, class Key, class Make>
T& kept_for(const Key& key, Make make) {
    static std::map<Key, std::unique_ptr<T>> kept;
    std::unique_ptr<T>& slot = kept[key];
    if (!slot) slot = make();
    return *slot;
}

// The reference path (run_query, one query at a time) over a batch.
inline void run_reference(const Level& level, std::span<const Query> queries, std::span<QuerySlot> slots, int threads,
                          Walk walk = Walk::grid) {
    if (threads <= 1) {
        QueryScratch& scratch = kept_for<QueryScratch>(&level, [&] { return std::make_unique<QueryScratch>(level); });
        run_serially(queries, slots, [&](const Query& q, std::span<MeshContact> out) {
            return run_query(level, q, out, scratch, walk);
        });
        return;
    }
    QueryRunner& runner = kept_for<QueryRunner>(std::pair(&level, threads), [&] {
        return std::make_unique<QueryRunner>(level, static_cast<unsigned>(threads), Path::reference);
    });
    runner.run(
        queries,
        [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
            fill_slot(r, contacts, slots[i]);
        },
        walk);
}

// A level's BatchLevel, built on first use and kept for the program's life.
inline const BatchLevel& batch_level_of(const Level& level) {
    return kept_for<BatchLevel>(&level, [&] { return std::make_unique<BatchLevel>(level); });
}

// The batch path with one ISA over a batch.
inline void run_batch(const Level& level, std::span<const Query> queries, std::span<QuerySlot> slots, int threads,
                      Isa isa) {
    const BatchLevel& batch = batch_level_of(level);
    if (threads <= 1) {
        BatchScratch& scratch = kept_for<BatchScratch>(&batch, [&] { return std::make_unique<BatchScratch>(batch); });
        run_serially(queries, slots, [&](const Query& q, std::span<MeshContact> out) {
            return run_query_batch(batch, q, out, scratch, isa);
        });
        return;
    }
    QueryRunner& runner = kept_for<QueryRunner>(std::tuple(&batch, threads, isa), [&] {
        return std::make_unique<QueryRunner>(batch, static_cast<unsigned>(threads), isa);
    });
    runner.run(queries, [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
        fill_slot(r, contacts, slots[i]);
    });
}

using QueryPathFn = std::function<void(const Level&, std::span<const Query>, std::span<QuerySlot>, int threads)>;

struct QueryPath {
    std::string name;
    QueryPathFn run;
};

// Every path this build can run on this CPU, the reference first.
inline std::vector<QueryPath> query_paths() {
    std::vector<QueryPath> paths{
        {"reference", [](const Level& level, std::span<const Query> queries, std::span<QuerySlot> slots, int threads) {
             run_reference(level, queries, slots, threads);
         }}};
    for (Isa isa : available_isas())
        if (isa != Isa::scalar)
            paths.push_back({"batch_" + std::string(isa_name(isa)),
                             [isa](const Level& level, std::span<const Query> queries, std::span<QuerySlot> slots,
                                   int threads) { run_batch(level, queries, slots, threads, isa); }});
    return paths;
}

// The batch path on the best ISA this CPU has (what the peers are set beside).
inline QueryPath best_batch_path() { return query_paths().back(); }

// A batch's totals: its hash over the queries' hashes in query order, the
// same over their contact-set hashes, and the work.
struct BatchSummary {
    std::uint64_t hash = 0;
    std::uint64_t contact_sets = 0;
    std::uint64_t contacts = 0;
    std::uint64_t kernel_calls = 0;
    std::uint64_t hits = 0;
};

inline BatchSummary summarise(std::span<const QuerySlot> slots) {
    ResultHash h, sets;
    BatchSummary s;
    for (const QuerySlot& slot : slots) {
        h.u64(slot.hash);
        sets.u64(slot.contact_set);
        s.contacts += slot.contacts;
        s.kernel_calls += slot.kernel_calls;
        s.hits += slot.hit ? 1u : 0u;
    }
    s.hash = h.value();
    s.contact_sets = sets.value();
    return s;
}

}  // namespace levelsweep::bench
