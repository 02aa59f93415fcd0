// The world's state behind World (world.hpp): the body slots, the x-sorted
// candidate list, the owners' answers and the level; and what every query
// shares: the handle lookup, the candidate walk with its filters, and the body
// record the sweep kernels read.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "broad_phase.hpp"
#include "levelsweep/world.hpp"

namespace levelsweep {

namespace world_detail {

struct StoredBody {
    std::uint32_t generation = 0;
    bool live = false;
    std::uint64_t sequence = 0;  // when it was added: the list's order on a tie
    std::uint32_t owner = 0, flags = 0, type = 0, group = 0;
    std::vector<BodyShape> chain, strikes;
    std::vector<Vec3> chain_previous, strike_previous;  // each shape's +0x20
    ShapeBounds bounds;  // the union of the chain's shapes (only meaningful with a chain)

    std::vector<BodyShape>& shapes(Chain c) { return c == Chain::collision ? chain : strikes; }
    const std::vector<BodyShape>& shapes(Chain c) const { return c == Chain::collision ? chain : strikes; }
    std::vector<Vec3>& previous(Chain c) { return c == Chain::collision ? chain_previous : strike_previous; }
    const std::vector<Vec3>& previous(Chain c) const {
        return c == Chain::collision ? chain_previous : strike_previous;
    }
};

// What a shape's position is, as the strike loop reads and sets it (vtable
// +0x24 and +0x0c): a sphere's centre, a segment's start (its setter 0x004f1250
// writes +0x40 only), a box's centre, a capsule's base.
Vec3 position_of(const Shape& s);
Shape with_position(const Shape& s, const Vec3& p);

}  // namespace world_detail

struct World::Impl {
    const Level* level = nullptr;
    std::vector<world_detail::StoredBody> bodies;  // by slot
    std::vector<std::uint32_t> free_slots;
    world_detail::BroadPhase list;
    std::unordered_map<std::uint32_t, const Owner*> owners;
    std::uint64_t next_sequence = 0;
    std::uint32_t live = 0;

    const world_detail::StoredBody* find(BodyId id) const {
        if (id.slot >= bodies.size()) return nullptr;
        const world_detail::StoredBody& b = bodies[id.slot];
        return b.live && b.generation == id.generation ? &b : nullptr;
    }
    world_detail::StoredBody* find(BodyId id) {
        return const_cast<world_detail::StoredBody*>(static_cast<const Impl*>(this)->find(id));
    }

    // The owner's answers (the defaults of Owner for an owner without any).
    const Owner& owner_of(std::uint32_t owner) const;
    // The record the sweep kernels read of a body and its owner (Unit 12,
    // "Records and calls"); a free shape's is all zero.
    Body kernel_body(const world_detail::StoredBody* b) const;
    // After a body's chain changed: its box, and its place in the list.
    void refresh(std::uint32_t slot);

    // IPhysics_QueryBox: f(body) for every body whose box overlaps `box`, in
    // list order, but the querying body, its owner's bodies (owner not 0) and,
    // for a type mask other than ~0, bodies whose type shares no bit with it.
    template <class F>
    void for_each_candidate(const ShapeBounds& box, const world_detail::StoredBody* self, std::uint32_t type_mask,
                            F&& f) const {
        list.visit(box, [&](std::uint32_t slot) {
            const world_detail::StoredBody& b = bodies[slot];
            if (&b == self) return;
            if (self != nullptr && self->owner != 0 && b.owner == self->owner) return;
            if (type_mask != ~0u && (b.type & type_mask) == 0) return;
            f(b);
        });
    }
};

}  // namespace levelsweep
