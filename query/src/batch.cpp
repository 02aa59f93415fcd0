// The parallel front end: tbb::parallel_for over queries, one QueryScratch per
// thread. The only place the engine meets TBB.
#include "levelsweep/batch.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>

namespace levelsweep {

namespace {
// One worker's scratch and contact buffer.
struct Worker {
    explicit Worker(const Level& level) : scratch(level) {}
    QueryScratch scratch;
    std::array<MeshContact, mesh_contact_capacity> contacts;
};
}  // namespace

struct BatchRunner::Impl {
    const Level& level;
    tbb::task_arena arena;
    tbb::enumerable_thread_specific<Worker> workers;

    // No more threads than TBB runs at once (the cores this process may use):
    // an arena asked for more runs on these anyway, and threads() says so.
    Impl(const Level& l, unsigned threads)
        : level(l),
          arena(threads == 0 ? tbb::task_arena::automatic
                             : static_cast<int>(std::min(threads, static_cast<unsigned>(tbb::info::default_concurrency())))),
          workers([&l] { return Worker(l); }) {}
};

BatchRunner::BatchRunner(const Level& level, unsigned threads) : impl_(new Impl(level, threads)) {}

BatchRunner::~BatchRunner() = default;

unsigned BatchRunner::threads() const { return static_cast<unsigned>(impl_->arena.max_concurrency()); }

void BatchRunner::run(std::span<const Query> queries, const Sink& sink, Walk walk) {
    Impl& im = *impl_;
    im.arena.execute([&] {
        // Small grains: a query's cost varies a lot with where it is.
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, queries.size(), 16), [&](const auto& range) {
            Worker& w = im.workers.local();
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const QueryResult r = run_query(im.level, queries[i], w.contacts, w.scratch, walk);
                sink(i, r, std::span<const MeshContact>(w.contacts.data(), r.count));
            }
        });
    });
}

}  // namespace levelsweep
