// Helpers for the world suites: bodies as the spec's callers build them
// (humans, cars, objects), owners with settable answers, and a runner that
// returns a query's contacts as a vector.
#pragma once

#include <set>
#include <vector>

#include "levelsweep/world.hpp"
#include "pair_support.hpp"

namespace levelsweep::test::world {

using pairs::box;
using pairs::capsule;
using pairs::segment;
using pairs::sphere;

// An owner whose answers a test sets.
using TestOwner = FixedOwner;

inline constexpr std::uint32_t airborne = Body::owner_airborne;

// A human of the spec's size: the walking capsule (r 0.35, h 1.8) with flag
// 0x4 (strikes may hit it), flags 0x2 (met by objects' boxes), type 0x40.
inline BodyDesc human(std::uint32_t owner, Vec3 feet, std::uint32_t capsule_id = 0) {
    BodyDesc d;
    d.owner = owner;
    d.flags = body_flag::object_target;
    d.type = body_type::human;
    d.chain.push_back({capsule_id, capsule(0.35f, 1.8f, feet), shape_flag::enabled | shape_flag::target});
    return d;
}

// The car of issue #72: box 1 (the body, id 11) and the cabin above it (id 12),
// flags 0x2211a (MELEETARGET and WEAPONTARGET among them), type 0x8.
inline BodyDesc car(std::uint32_t owner, Vec3 at = {0, 0, 0}) {
    BodyDesc d;
    d.owner = owner;
    d.flags = 0x2211a;
    d.type = body_type::object;
    d.chain.push_back({11, Shape::of(box(at + Vec3{0, 0, 0.5f}, {2, 1, 0.5f}))});
    d.chain.push_back({12, Shape::of(box(at + Vec3{0, 0.281f, 1.25f}, {1, 0.8f, 0.25f}))});
    return d;
}

// Units 5 and 12's box B as an object's body with the given flags.
inline BodyDesc box_object(std::uint32_t owner, std::uint32_t flags, Box b = pairs::box_b(), std::uint32_t id = 7) {
    BodyDesc d;
    d.owner = owner;
    d.flags = flags;
    d.type = body_type::object;
    d.chain.push_back({id, Shape::of(b)});
    return d;
}

inline BodyId add(World& w, const BodyDesc& d) {
    const World::Added a = w.add_body(d);
    REQUIRE(a.status == WorldStatus::ok);
    return a.id;
}

// What a body holds now; the body must be there.
inline BodyView view(const World& w, BodyId id) {
    const auto v = w.body(id);
    REQUIRE(v);
    return *v;
}

// PhysicsBody_SweepHumanMask for a human, and its mirror for an object: a move
// and a quirk set, the query's defaults otherwise.
inline HumanSweepQuery walk(BodyId human, Vec3 move, Quirks quirks = Quirks::faithful()) {
    return {human, move, static_cast<int>(body_contact_slots), 0, quirks};
}
inline ObjectSweepQuery push(BodyId object, Vec3 move, Quirks quirks = Quirks::faithful()) {
    return {object, move, static_cast<int>(body_contact_slots), 0, quirks};
}

struct Answer {
    WorldResult result;
    std::vector<Contact> contacts;
};

// Runs any query with a fresh scratch; contacts come back in a vector.
inline Answer ask(const World& w, const WorldQuery& q, std::size_t room = 64) {
    WorldScratch scratch(w);
    std::vector<Contact> out(room);
    for (Contact& c : out) c.fill(pairs::leftover);
    std::vector<BodyId> bodies;
    Answer a;
    a.result = w.run(q, out, bodies, scratch);
    out.resize(a.result.count);
    a.contacts = std::move(out);
    return a;
}

// A gather of the box [lo, hi], nothing excluded.
inline GatherQuery box_query(Vec3 lo, Vec3 hi) {
    GatherQuery q;
    q.box = {lo, hi};
    return q;
}

inline std::vector<BodyId> gather(const World& w, const GatherQuery& q) {
    std::vector<BodyId> out(w.body_count() + 1);
    const WorldResult r = w.gather(q, out);
    REQUIRE(r.status == WorldStatus::ok);
    out.resize(r.count);
    return out;
}

}  // namespace levelsweep::test::world
