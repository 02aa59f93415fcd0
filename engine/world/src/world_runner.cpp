// The world's parallel front end: tbb::parallel_for over a frame's queries, one
// WorldScratch and set of buffers per thread slot, all made with the batch, so
// that no run allocates for a thread it has not seen before (world_runner.hpp).
#include "levelsweep/world_runner.hpp"

#include <array>
#include <vector>

#include "levelsweep/parallel_loop.hpp"
#include "levelsweep/query_runner.hpp"

namespace levelsweep {

namespace {
// One worker's scratch and buffers.
struct Worker {
    explicit Worker(const World& world) : scratch(world) {}
    WorldScratch scratch;
    std::array<Contact, WorldRunner::contact_room> contacts;
    std::vector<BodyId> bodies;  // a gather's answer: room for every body
};
}  // namespace

struct WorldRunner::Impl {
    const World& world;
    RunnerThreads threads;
    std::vector<Worker> workers;  // one per thread slot (RunnerThreads::slot)

    Impl(const World& w, unsigned count) : world(w), threads(runnable_threads(count)) {
        workers.reserve(threads.count());
        for (unsigned i = 0; i < threads.count(); ++i) workers.emplace_back(w);
    }
};

WorldRunner::WorldRunner(const World& world, unsigned threads) : impl_(new Impl(world, threads)) {}
WorldRunner::~WorldRunner() = default;

unsigned WorldRunner::threads() const { return impl_->threads.count(); }

void WorldRunner::run(std::span<const WorldQuery> queries, const Sink& sink) {
    Impl& im = *impl_;
    const std::size_t bodies = im.world.body_count();
    for (Worker& w : im.workers)
        if (w.bodies.size() < bodies) w.bodies.resize(bodies);  // grows with the world, not per query
    im.threads.execute([&] {
        parallel_loop(0, queries.size(), 16, [&](const auto& range) {
            Worker& w = im.workers.at(RunnerThreads::slot());
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const WorldResult r = im.world.run(queries[i], w.contacts, w.bodies, w.scratch);
                const bool gather = std::holds_alternative<GatherQuery>(queries[i]);
                sink(i, r, std::span<const Contact>(w.contacts.data(), gather ? 0 : r.count),
                     std::span<const BodyId>(w.bodies.data(), gather ? r.count : 0));
            }
        });
    });
}

}  // namespace levelsweep
