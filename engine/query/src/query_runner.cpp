// The parallel front end: tbb::parallel_for over queries, one scratch per
// thread slot, made when the slot first runs a query. The only place the
// engine meets TBB; on one thread it never does (RunnerThreads).
#include "levelsweep/query_runner.hpp"

#include <oneapi/tbb/info.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

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
    RunnerThreads threads;
    std::vector<std::unique_ptr<Worker>> workers;  // by thread slot

    Impl(const Level& l, unsigned count, Path p, Isa i)
        : level(l), path(p), isa(p == Path::batch ? i : Isa::scalar), threads(runnable_threads(count)) {
        if (!isa_available(isa))
            throw std::invalid_argument("ISA " + std::string(isa_name(isa)) + " is not available on this machine");
        workers.resize(threads.count());
    }

    // The calling thread's worker (on one of the runner's threads).
    Worker& worker() {
        std::unique_ptr<Worker>& w = workers.at(RunnerThreads::slot());
        if (!w) w = std::make_unique<Worker>(level, batch);
        return *w;
    }
};

unsigned runnable_threads(unsigned requested) {
    if (requested == 1) return 1;  // without asking TBB, which a run on one thread never starts
    const auto all = static_cast<unsigned>(tbb::info::default_concurrency());
    return requested == 0 ? all : std::min(requested, all);
}

QueryRunner::QueryRunner(const Level& level, unsigned threads, Path path, Isa isa)
    : impl_(new Impl(level, threads, path, isa)) {
    // Built on the runner's threads, and no more of them (the hierarchy's build is parallel).
    if (path == Path::batch && impl_->isa != Isa::scalar)
        impl_->threads.execute([&] { impl_->batch = &impl_->owned.emplace(level); });
}

QueryRunner::QueryRunner(const BatchLevel& batch, unsigned threads, Isa isa)
    : impl_(new Impl(batch.level(), threads, Path::batch, isa)) {
    if (impl_->isa != Isa::scalar) impl_->batch = &batch;
}

QueryRunner::~QueryRunner() = default;

void QueryRunner::execute(const std::function<void()>& work) { impl_->threads.execute(work); }

unsigned QueryRunner::threads() const { return impl_->threads.count(); }
Path QueryRunner::path() const { return impl_->path; }
Isa QueryRunner::isa() const { return impl_->isa; }

void QueryRunner::run(std::span<const Query> queries, const Sink& sink, Walk walk) {
    Impl& im = *impl_;
    const bool fast = im.batch != nullptr && walk == Walk::grid;
    im.threads.execute([&] {
        // Small grains: a query's cost varies a lot with where it is.
        parallel_loop(0, queries.size(), 16, [&](const auto& range) {
            Worker& w = im.worker();
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const QueryResult r = fast ? run_query_batch(*im.batch, queries[i], w.contacts, *w.fast, im.isa)
                                           : run_query(im.level, queries[i], w.contacts, w.reference, walk);
                sink(i, r, std::span<const MeshContact>(w.contacts.data(), r.count));
            }
        });
    });
}

}  // namespace levelsweep
