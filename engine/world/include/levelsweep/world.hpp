// levelsweep: the world, bodies beside the level, and the queries against them.
//
// Bodies are added, posed, moved, switched and removed between queries (from one
// thread); queries read the world and may run from many threads at once, each
// with its own WorldScratch (WorldRunner runs a frame's queries that way). A
// query writes into the caller's buffers and allocates nothing.
//
// The candidate gather (IPhysics_QueryBox) walks a list of the bodies' world
// boxes kept sorted by min x, as the original's list is, held as a B+ tree so
// that adding, moving and removing a body costs O(log n) whatever the order (a
// sort-and-sweep broad phase along x): a query visits, in list order, only the
// parts of the list whose boxes can reach its box.
// docs/world.md shows a frame's worth of calls; docs/decisions.md ("The world")
// records what the spec leaves open.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "levelsweep/batch_path.hpp"
#include "levelsweep/body.hpp"
#include "levelsweep/contact.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/world_query.hpp"

namespace levelsweep {

class World;

// Which chain of a body a shape is in, and where.
enum class Chain : std::uint8_t { collision, strikes };
struct ShapeRef {
    Chain chain = Chain::collision;
    std::uint32_t index = 0;
};

// What a body holds now (World::body).
struct BodyView {
    std::uint32_t owner = 0, flags = 0, type = 0, group = 0;
    std::span<const BodyShape> chain;
    std::span<const BodyShape> strikes;
    ShapeBounds bounds;  // the world box the gather tests: the union of the chain's shapes
};

// Per-thread scratch for queries on one world: the mesh query's scratch and
// contact buffer, the 50 body-contact slots and the strike test's record.
// Reusing one makes a query allocation-free.
class WorldScratch {
public:
    // The mesh part of a query with option 0x1 runs on the reference path (run_query).
    explicit WorldScratch(const World& world);
    // The mesh part runs on the batch path (run_query_batch, the same answers)
    // on `batch`, which must be built from the world's level and outlive the
    // scratch, with `isa`: one of available_isas(), scalar being the reference
    // path. std::invalid_argument for another level's batch level or an ISA
    // this machine cannot run.
    WorldScratch(const World& world, const BatchLevel& batch, Isa isa = best_isa());
    ~WorldScratch();
    WorldScratch(WorldScratch&&) noexcept;
    WorldScratch& operator=(WorldScratch&&) noexcept;

private:
    friend class World;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

class World {
public:
    // `level`, when given, must outlive the world: option 0x1 queries it.
    explicit World(const Level* level = nullptr);
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    const Level* level() const;

    // Registers the answers of an owner id (nullptr forgets them). The pointer
    // must outlive its registration.
    void set_owner(std::uint32_t owner, const Owner* answers);

    // Adds a body; each shape's previous position starts at its current one.
    // Every shape is validated first (validate_shape): a bad one leaves the
    // world unchanged and says why.
    struct Added {
        WorldStatus status = WorldStatus::ok;
        BodyId id;
    };
    Added add_body(const BodyDesc& desc);
    WorldStatus remove_body(BodyId id);

    // Re-poses one shape (the original's pose slot, PhysicsSphere_Pose
    // 0x00342b08 for a sphere): the shape's position (a sphere's centre, a
    // segment's start, a box's centre, a capsule's base) before the pose
    // becomes its previous position, unless flag 0x10 is set: then the previous
    // position is the new one, and 0x10 is cleared. The type must not change.
    WorldStatus pose_shape(BodyId id, ShapeRef shape, const Shape& pose);
    // Re-poses every shape of both chains at once (each by pose_shape's rule);
    // the counts and types must match the body's.
    WorldStatus pose_body(BodyId id, std::span<const Shape> chain, std::span<const Shape> strikes);
    // Moves every shape of the body by `delta`, each by pose_shape's rule.
    WorldStatus move_body(BodyId id, const Vec3& delta);
    // The shape's switch (vtable +0x1c, 0x004f11c8): on sets flags 0x11 (enabled
    // and reset), off clears 0x1.
    WorldStatus enable_shape(BodyId id, ShapeRef shape, bool on);
    // Sets a shape's previous position (+0x20) directly: for restoring a
    // recorded state (the scene files of docs/formats.md), not for play.
    WorldStatus set_previous_position(BodyId id, ShapeRef shape, const Vec3& previous);
    // The flags (+0x40), type (+0x44) and group (+0x3c) words.
    WorldStatus set_body_words(BodyId id, std::uint32_t flags, std::uint32_t type, std::uint32_t group);

    // The body behind a handle, or nothing for a stale one. The spans stay valid
    // until the body changes.
    std::optional<BodyView> body(BodyId id) const;
    // A shape's previous position (+0x20), as the poses left it.
    std::optional<Vec3> previous_position(BodyId id, ShapeRef shape) const;
    std::uint32_t body_count() const;
    // The work the x-sorted list's changes have done since the world was made:
    // entries and child slots written or moved, nodes and entries visited. Not
    // a figure to tune by: the tests bound it by c n log n for n changes
    // (tests/world/world_broad_phase.cpp), so that quadratic work cannot return.
    std::uint64_t list_steps() const;

    // IPhysics_QueryBox: the bodies, in list order, into `out` (count of them;
    // found says how many there were).
    WorldResult gather(const GatherQuery& q, std::span<BodyId> out) const;
    // IPhysics_OverlapShape 0x0033ebb8 (docs/world.md, "Overlaps").
    WorldResult overlap(const ShapeOverlapQuery& q, std::span<Contact> out, WorldScratch& scratch) const;
    // A shape swept against the bodies, and the mesh with option 0x1 (docs/world.md, "Sweeps").
    WorldResult sweep(const ShapeSweepQuery& q, std::span<Contact> out, WorldScratch& scratch) const;
    WorldResult sweep(const HumanSweepQuery& q, std::span<Contact> out, WorldScratch& scratch) const;
    WorldResult sweep(const ObjectSweepQuery& q, std::span<Contact> out, WorldScratch& scratch) const;
    // Human_TestStrikes 0x0033f110: the hits in the original's order, each for
    // the striker's Strike_Contact (docs/world.md, "Strikes").
    WorldResult strikes(const StrikeQuery& q, std::span<Contact> out, WorldScratch& scratch) const;
    // Any of the above; a gather writes to `bodies`, the rest to `contacts`.
    WorldResult run(const WorldQuery& q, std::span<Contact> contacts, std::span<BodyId> bodies,
                    WorldScratch& scratch) const;

private:
    friend class WorldScratch;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
