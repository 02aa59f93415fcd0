// A context's queries: each one on the context's path, with its own scratch,
// guarded against a second caller at the same time (engine.hpp).
#include <stdexcept>

#include "engine_impl.hpp"

namespace levelsweep {

namespace {

// Marks the context busy for one call. One atomic exchange a query, which
// never waits: a second caller is told of its misuse instead of blocking.
class OneCaller {
public:
    explicit OneCaller(std::atomic<bool>& busy) : busy_(busy) {
        if (busy_.exchange(true, std::memory_order_acquire))
            throw std::logic_error(
                "levelsweep::EngineContext used by two callers at once: make one context per thread");
    }
    ~OneCaller() { busy_.store(false, std::memory_order_release); }
    OneCaller(const OneCaller&) = delete;
    OneCaller& operator=(const OneCaller&) = delete;

private:
    std::atomic<bool>& busy_;
};

// A body query: `ask(world, scratch)` with the context (`im`, its Impl) busy
// for the call.
template <class ContextImpl, class Ask>
WorldResult ask_world(ContextImpl& im, Ask&& ask) {
    const OneCaller guard(im.busy);
    return ask(im.engine->world, im.world);
}

}  // namespace

EngineContext::EngineContext(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
EngineContext::~EngineContext() = default;
EngineContext::EngineContext(EngineContext&&) noexcept = default;
EngineContext& EngineContext::operator=(EngineContext&&) noexcept = default;

Path EngineContext::path() const { return impl_->path; }
Isa EngineContext::isa() const { return impl_->path == Path::batch ? impl_->engine->isa : Isa::scalar; }

QueryResult EngineContext::query(const Query& q, std::span<MeshContact> out) {
    Impl& im = *impl_;
    const OneCaller guard(im.busy);
    if (im.batch) return run_query_batch(im.engine->batch, q, out, *im.batch, im.engine->isa);
    return run_query(im.engine->level, q, out, *im.reference);
}

WorldResult EngineContext::gather(const GatherQuery& q, std::span<BodyId> out) {
    return ask_world(*impl_, [&](const World& w, WorldScratch&) { return w.gather(q, out); });
}
WorldResult EngineContext::overlap(const ShapeOverlapQuery& q, std::span<Contact> out) {
    return ask_world(*impl_, [&](const World& w, WorldScratch& s) { return w.overlap(q, out, s); });
}
WorldResult EngineContext::sweep(const ShapeSweepQuery& q, std::span<Contact> out) {
    return ask_world(*impl_, [&](const World& w, WorldScratch& s) { return w.sweep(q, out, s); });
}
WorldResult EngineContext::sweep(const HumanSweepQuery& q, std::span<Contact> out) {
    return ask_world(*impl_, [&](const World& w, WorldScratch& s) { return w.sweep(q, out, s); });
}
WorldResult EngineContext::sweep(const ObjectSweepQuery& q, std::span<Contact> out) {
    return ask_world(*impl_, [&](const World& w, WorldScratch& s) { return w.sweep(q, out, s); });
}
WorldResult EngineContext::strikes(const StrikeQuery& q, std::span<Contact> out) {
    return ask_world(*impl_, [&](const World& w, WorldScratch& s) { return w.strikes(q, out, s); });
}
WorldResult EngineContext::run(const WorldQuery& q, std::span<Contact> contacts, std::span<BodyId> bodies) {
    return ask_world(*impl_, [&](const World& w, WorldScratch& s) { return w.run(q, contacts, bodies, s); });
}

}  // namespace levelsweep
