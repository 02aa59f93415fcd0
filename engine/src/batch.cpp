// The parallel front end: tbb::parallel_for over queries, one QueryScratch per
// thread. The only place the engine meets TBB.
#include "levelsweep/batch.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <stdexcept>

namespace levelsweep {

struct BatchRunner::Impl {
    const Level& level;
    tbb::task_arena arena;
    tbb::enumerable_thread_specific<QueryScratch> scratch;

    Impl(const Level& l, unsigned threads)
        : level(l),
          arena(threads == 0 ? tbb::task_arena::automatic : static_cast<int>(threads)),
          scratch([&l] { return QueryScratch(l); }) {}
};

BatchRunner::BatchRunner(const Level& level, unsigned threads) : impl_(new Impl(level, threads)) {}

BatchRunner::~BatchRunner() = default;

unsigned BatchRunner::threads() const { return static_cast<unsigned>(impl_->arena.max_concurrency()); }

void BatchRunner::run(std::span<const Query> queries, std::span<QueryResult> results, std::span<MeshContact> contacts,
                      Walk walk) {
    if (results.size() < queries.size() || contacts.size() / mesh_contact_capacity < queries.size())
        throw std::invalid_argument("BatchRunner::run: result or contact buffers too small");
    Impl& im = *impl_;
    im.arena.execute([&] {
        // Small grains: a query's cost varies a lot with where it is.
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, queries.size(), 16), [&](const auto& range) {
            QueryScratch& scratch = im.scratch.local();
            for (std::size_t i = range.begin(); i != range.end(); ++i)
                results[i] = run_query(im.level, queries[i],
                                       contacts.subspan(i * mesh_contact_capacity, mesh_contact_capacity), scratch, walk);
        });
    });
}

}  // namespace levelsweep
