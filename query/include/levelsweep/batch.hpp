// levelsweep: many queries at once, in parallel over queries (TBB).
//
// Each query runs with its thread's scratch and contact buffer and hands its
// answer to the caller's sink for its own slot, so the results do not depend on
// the thread count. Today every query runs on the reference path (run_query); the batch
// path's SIMD kernels will slot in behind the same interface.
#pragma once

#include <functional>
#include <memory>
#include <span>

#include "levelsweep/mesh_query.hpp"

namespace levelsweep {

class BatchRunner {
public:
    // threads = 0: every hardware thread; more than the process may run at
    // once are clamped to those (threads() gives the count it runs on).
    explicit BatchRunner(const Level& level, unsigned threads = 0);
    ~BatchRunner();
    BatchRunner(const BatchRunner&) = delete;
    BatchRunner& operator=(const BatchRunner&) = delete;

    // Told of each query's answer on the worker thread that ran it: its index in
    // the batch, its result and its contacts (valid only during the call). Calls
    // for different queries may run at the same time and in any order, so a sink
    // writes only to the query's own slot.
    using Sink = std::function<void(std::size_t index, const QueryResult& result, std::span<const MeshContact> contacts)>;

    void run(std::span<const Query> queries, const Sink& sink, Walk walk = Walk::grid);

    unsigned threads() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
