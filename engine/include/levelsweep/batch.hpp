// levelsweep: many queries at once, in parallel over queries (TBB).
//
// Each query writes only its own result slot and its own slice of the contact
// arena, with per-thread scratch, so the results do not depend on the thread
// count. Today every query runs on the reference path (run_query); the batch
// path's SIMD kernels will slot in behind the same interface.
#pragma once

#include <memory>
#include <span>

#include "levelsweep/mesh_query.hpp"

namespace levelsweep {

class BatchRunner {
public:
    // threads = 0: every hardware thread.
    explicit BatchRunner(const Level& level, unsigned threads = 0);
    ~BatchRunner();
    BatchRunner(const BatchRunner&) = delete;
    BatchRunner& operator=(const BatchRunner&) = delete;

    // Runs queries[i] into results[i], its contacts into
    // contacts[i * mesh_contact_capacity, (i + 1) * mesh_contact_capacity).
    // contacts.size() must be at least queries.size() * mesh_contact_capacity.
    void run(std::span<const Query> queries, std::span<QueryResult> results, std::span<MeshContact> contacts,
             Walk walk = Walk::grid);

    unsigned threads() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
