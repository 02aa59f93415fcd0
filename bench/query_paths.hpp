// levelsweep benchmarks: the paths that answer a batch of queries.
//
// A path fills one QuerySlot per query; each query writes only its own slot,
// so the slots, and the batch's hash, cannot depend on the thread count. The
// reference path is the only one today. The batch path (SIMD, one entry per
// ISA) joins query_paths() as `batch_<isa>`, and every benchmark that loops
// over query_paths() measures it and checks its hash against the reference
// with no other change.
//
// With one thread the reference path is a plain loop (so that its CPU time is
// the queries' own); with more, the library's BatchRunner (levelsweep/batch.hpp,
// tbb::parallel_for over the queries with per-thread scratch).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "levelsweep/batch.hpp"
#include "levelsweep/mesh_query.hpp"
#include "result_hash.hpp"

namespace levelsweep::bench {

// What the benchmarks keep of one query's answer.
struct QuerySlot {
    std::uint64_t hash = 0;            // query_result_hash
    std::uint64_t contact_set = 0;     // contact_set_hash (order-blind)
    std::uint32_t contacts = 0;        // QueryResult::count
    std::uint32_t kernel_calls = 0;    // QueryStats::kernel_calls
    bool hit = false;                  // count > 0
    float closest = 0.0f;              // the first (earliest) contact's fraction, when hit
};

inline void fill_slot(const QueryResult& r, std::span<const MeshContact> contacts, QuerySlot& slot) {
    slot.hash = query_result_hash(r, contacts);
    slot.contact_set = contact_set_hash(contacts);
    slot.contacts = r.count;
    slot.kernel_calls = r.stats.kernel_calls;
    slot.hit = r.count > 0;
    slot.closest = slot.hit ? contacts[0].fraction : 0.0f;
}

// The reference path (run_query, one query at a time) over a batch.
inline void run_reference(const Level& level, std::span<const Query> queries, std::span<QuerySlot> slots,
                          int threads, Walk walk = Walk::grid) {
    if (threads <= 1) {
        QueryScratch scratch(level);
        std::array<MeshContact, mesh_contact_capacity> buffer;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const QueryResult r = run_query(level, queries[i], buffer, scratch, walk);
            fill_slot(r, std::span<const MeshContact>(buffer.data(), r.count), slots[i]);
        }
        return;
    }
    BatchRunner runner(level, static_cast<unsigned>(threads), Path::reference);
    runner.run(
        queries,
        [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) { fill_slot(r, contacts, slots[i]); },
        walk);
}

using QueryPathFn = std::function<void(const Level&, std::span<const Query>, std::span<QuerySlot>, int threads)>;

struct QueryPath {
    std::string name;
    QueryPathFn run;
};

// Every path this build can run on this CPU, the reference first.
inline std::vector<QueryPath> query_paths() {
    return {{"reference", [](const Level& level, std::span<const Query> queries, std::span<QuerySlot> slots,
                             int threads) { run_reference(level, queries, slots, threads); }}};
}

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
