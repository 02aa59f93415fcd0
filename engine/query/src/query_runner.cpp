// The parallel front end: tbb::parallel_for over queries, one scratch per
// thread. The only place the engine meets TBB.
#include "levelsweep/query_runner.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>

#include "levelsweep/parallel_loop.hpp"

namespace levelsweep {

namespace {
// One worker's scratch for either path and its contact buffer.
struct Worker {
    Worker(const Level& level, const BatchLevel* batch) : reference(level) {
        if (batch != nullptr) fast.emplace(*batch);
    }
    QueryScratch reference;
    std::optional<BatchScratch> fast;
    std::array<MeshContact, mesh_contact_capacity> contacts;
};
}  // namespace

struct QueryRunner::Impl {
    const Level& level;
    const Path path;
    const Isa isa;
    std::optional<BatchLevel> owned;    // built here, or
    const BatchLevel* batch = nullptr;  // the caller's, or none on the reference path
    tbb::task_arena arena;
    tbb::enumerable_thread_specific<Worker> workers;

    Impl(const Level& l, unsigned threads, Path p, Isa i)
        : level(l),
          path(p),
          isa(p == Path::batch ? i : Isa::scalar),
          arena(static_cast<int>(runnable_threads(threads))),
          workers([this] { return Worker(level, batch); }) {
        if (!isa_available(isa))
            throw std::invalid_argument("ISA " + std::string(isa_name(isa)) + " is not available on this machine");
    }
};

unsigned runnable_threads(unsigned requested) {
    const auto all = static_cast<unsigned>(tbb::info::default_concurrency());
    return requested == 0 ? all : std::min(requested, all);
}

QueryRunner::QueryRunner(const Level& level, unsigned threads, Path path, Isa isa)
    : impl_(new Impl(level, threads, path, isa)) {
    // Built on the runner's threads, and no more of them (the hierarchy's build is parallel).
    if (path == Path::batch && impl_->isa != Isa::scalar)
        execute_in(impl_->arena, [&] { impl_->batch = &impl_->owned.emplace(level); });
}

QueryRunner::QueryRunner(const BatchLevel& batch, unsigned threads, Isa isa)
    : impl_(new Impl(batch.level(), threads, Path::batch, isa)) {
    if (impl_->isa != Isa::scalar) impl_->batch = &batch;
}

QueryRunner::~QueryRunner() = default;

void QueryRunner::execute(const std::function<void()>& work) { execute_in(impl_->arena, work); }

unsigned QueryRunner::threads() const { return static_cast<unsigned>(impl_->arena.max_concurrency()); }
Path QueryRunner::path() const { return impl_->path; }
Isa QueryRunner::isa() const { return impl_->isa; }

void QueryRunner::run(std::span<const Query> queries, const Sink& sink, Walk walk) {
    Impl& im = *impl_;
    const bool fast = im.batch != nullptr && walk == Walk::grid;
    execute_in(im.arena, [&] {
        // Small grains: a query's cost varies a lot with where it is.
        parallel_loop(0, queries.size(), 16, [&](const auto& range) {
            Worker& w = im.workers.local();
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const QueryResult r = fast ? run_query_batch(*im.batch, queries[i], w.contacts, *w.fast, im.isa)
                                           : run_query(im.level, queries[i], w.contacts, w.reference, walk);
                sink(i, r, std::span<const MeshContact>(w.contacts.data(), r.count));
            }
        });
    });
}

}  // namespace levelsweep
