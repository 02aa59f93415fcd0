// IPhysics_QueryBox (world.hpp): the candidates of every body query, and the
// one call that runs any query (World::run).
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "scratch_impl.hpp"
#include "world_impl.hpp"

namespace levelsweep {

WorldScratch::WorldScratch(const World& world) : impl_(std::make_unique<Impl>()) {
    if (world.level() != nullptr) impl_->mesh.emplace(*world.level());
}
WorldScratch::WorldScratch(const World& world, const BatchLevel& batch, Isa isa) : WorldScratch(world) {
    if (&batch.level() != world.level())
        throw std::invalid_argument("a WorldScratch's batch level must be built from the world's level");
    if (!isa_available(isa))
        throw std::invalid_argument("ISA " + std::string(isa_name(isa)) + " is not available on this machine");
    if (isa == Isa::scalar) return;  // the reference path, as run_query_batch takes it
    impl_->batch = &batch;
    impl_->isa = isa;
    impl_->batch_scratch.emplace(batch);
}
WorldScratch::~WorldScratch() = default;
WorldScratch::WorldScratch(WorldScratch&&) noexcept = default;
WorldScratch& WorldScratch::operator=(WorldScratch&&) noexcept = default;

WorldResult World::gather(const GatherQuery& q, std::span<BodyId> out) const {
    WorldResult r;
    const world_detail::StoredBody* self = nullptr;
    if (q.body && (self = impl_->find(*q.body)) == nullptr) {
        r.status = WorldStatus::unknown_body;
        return r;
    }
    if (std::isnan(q.box.min.x) || std::isnan(q.box.min.y) || std::isnan(q.box.min.z) || std::isnan(q.box.max.x) ||
        std::isnan(q.box.max.y) || std::isnan(q.box.max.z)) {
        r.status = WorldStatus::non_finite;
        return r;
    }
    impl_->for_each_candidate(q.box, self, q.type_mask, [&](const world_detail::StoredBody& b) {
        if (r.count < out.size()) {
            const auto slot = static_cast<std::uint32_t>(&b - impl_->bodies.data());
            out[r.count++] = BodyId{slot, b.generation};
        }
        ++r.found;
    });
    r.stats.candidates = r.found;
    return r;
}

WorldResult World::run(const WorldQuery& q, std::span<Contact> contacts, std::span<BodyId> bodies,
                       WorldScratch& scratch) const {
    return std::visit(
        [&](const auto& query) {
            using T = std::decay_t<decltype(query)>;
            if constexpr (std::is_same_v<T, GatherQuery>)
                return gather(query, bodies);
            else if constexpr (std::is_same_v<T, ShapeOverlapQuery>)
                return overlap(query, contacts, scratch);
            else if constexpr (std::is_same_v<T, StrikeQuery>)
                return strikes(query, contacts, scratch);
            else
                return sweep(query, contacts, scratch);
        },
        q);
}

}  // namespace levelsweep
