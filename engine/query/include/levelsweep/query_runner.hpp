// levelsweep: many queries at once, in parallel over queries (TBB).
//
// Each query runs with its thread's scratch and contact buffer and hands its
// answer to the caller's sink for its own slot, so the results do not depend on
// the thread count. Path::batch (the default) answers on the batch path
// (levelsweep/batch_path.hpp) with one instruction set; Path::reference on the
// scalar reference path. Both give the same answers.
#pragma once

#include <functional>
#include <memory>
#include <span>

#include "levelsweep/batch_path.hpp"
#include "levelsweep/mesh_query.hpp"

namespace levelsweep {

// The threads a parallel front end (QueryRunner, WorldRunner) runs on when
// asked for `requested`: 0 means every thread TBB runs at once (the cores this
// process may use), and more than those are clamped to them (an arena asked for
// more runs on these anyway, and would only make scratch for threads that never come).
unsigned runnable_threads(unsigned requested);

class QueryRunner {
public:
    // threads = 0: every hardware thread; more than the process may run at
    // once are clamped to those (threads() gives the count it runs on). The
    // batch path builds the level's BatchLevel here, once; `isa` must be one of
    // available_isas() (scalar runs the reference path).
    explicit QueryRunner(const Level& level, unsigned threads = 0, Path path = Path::batch, Isa isa = best_isa());
    // The batch path on a BatchLevel built beforehand (and shared: it must
    // outlive the runner).
    QueryRunner(const BatchLevel& batch, unsigned threads, Isa isa = best_isa());
    ~QueryRunner();
    QueryRunner(const QueryRunner&) = delete;
    QueryRunner& operator=(const QueryRunner&) = delete;

    // Told of each query's answer on the worker thread that ran it: its index in
    // the batch, its result and its contacts (valid only during the call). Calls
    // for different queries may run at the same time and in any order, so a sink
    // writes only to the query's own slot.
    using Sink =
        std::function<void(std::size_t index, const QueryResult& result, std::span<const MeshContact> contacts)>;

    // Walk::brute_force (a check of the reference walk) always runs on the
    // reference path.
    void run(std::span<const Query> queries, const Sink& sink, Walk walk = Walk::grid);

    // Runs `work` on the runner's threads: work it starts in parallel (a
    // replay's reading and writing of other chunks) and the queries run() runs
    // from inside it then share those threads instead of competing for cores.
    void execute(const std::function<void()>& work);
    unsigned threads() const;
    Path path() const;
    // The instruction set the batch path runs on (scalar on the reference path).
    Isa isa() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
