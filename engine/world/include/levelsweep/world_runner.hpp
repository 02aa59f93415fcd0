// levelsweep: a frame's world queries at once, in parallel over queries (TBB).
//
// The world must not change while a batch runs (pose between batches). Each
// query runs with its thread's WorldScratch and buffers and hands its answer to
// the caller's sink for its own index, so the answers are those of the same
// queries run one at a time, whatever the thread count; nothing is allocated
// per query (a thread's buffers are made once, and grow only with the world).
#pragma once

#include <functional>
#include <memory>
#include <span>

#include "levelsweep/world.hpp"

namespace levelsweep {

class WorldRunner {
public:
    // threads = 0: every hardware thread; more than TBB runs at once are
    // clamped to those (runnable_threads, levelsweep/query_runner.hpp).
    explicit WorldRunner(const World& world, unsigned threads = 0);
    ~WorldRunner();
    WorldRunner(const WorldRunner&) = delete;
    WorldRunner& operator=(const WorldRunner&) = delete;

    // The room each query gets: every contact a query can keep (the 50 body
    // slots and the 100 mesh contacts).
    static constexpr std::size_t contact_room = body_contact_slots + mesh_contact_capacity;

    // Told of each query's answer on the worker thread that ran it: its index,
    // its result, its contacts and (for a gather) its bodies, valid only during
    // the call. Calls for different queries may run at the same time and in any
    // order, so a sink writes only to the query's own slot.
    using Sink = std::function<void(std::size_t index, const WorldResult& result, std::span<const Contact> contacts,
                                    std::span<const BodyId> bodies)>;

    void run(std::span<const WorldQuery> queries, const Sink& sink);

    unsigned threads() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
