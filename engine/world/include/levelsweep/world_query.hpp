// levelsweep: the queries a World answers, as plain records, and their results.
//
// Each query names the original's entry point it follows:
// - GatherQuery: IPhysics_QueryBox, the candidates of every other query;
// - ShapeOverlapQuery: IPhysics_OverlapShape 0x0033ebb8 (spec Unit 4);
// - ShapeSweepQuery: a shape swept through the sweep table (IPhysics +0x7c)
//   against the candidates, with the level mesh when asked (the combined query);
// - HumanSweepQuery and ObjectSweepQuery: PhysicsBody_SweepHumanMask 0x0033d498
//   (Unit 12, "Who calls it"): a human's capsule against the bodies its mask
//   meets, and a world object's box against the humans;
// - StrikeQuery: Human_TestStrikes 0x0033f110 (Unit 5).
// docs/world.md explains them with a frame's worth of examples.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>

#include "levelsweep/body.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shape_bounds.hpp"

namespace levelsweep {

// The options word of the body queries (IPhysics_OverlapShape's +0x10). The
// mesh queries' own bits (query.hpp, option::: 0x4, 0x8, 0x40, 0x8000,
// 0x20000) do not collide with these and go through to the mesh part.
namespace world_option {
inline constexpr std::uint32_t mesh = 0x1;            // the level mesh too
inline constexpr std::uint32_t bodies = 0x2;          // the bodies
inline constexpr std::uint32_t type_mask = 0x10;      // use the query's type mask (else any type)
inline constexpr std::uint32_t group = 0x80;          // skip bodies of the querying body's non-zero group
inline constexpr std::uint32_t ask_owner = 0x100;     // skip bodies the querying owner does not accept
inline constexpr std::uint32_t enabled_only = 0x200;  // only shapes with flag 0x1
inline constexpr std::uint32_t given_box = 0x400;     // gather with the query's box, not the shape's
}  // namespace world_option

// The original's stack buffer of body contacts: 50 slots of 0xc0 bytes
// (Unit 4, step 3). No query writes more; the excess is reported as overflow.
inline constexpr std::uint32_t body_contact_slots = 50;

// Status words a sweep reports about the pairs it tested, whatever contacts it
// keeps (the contract of native-collision-reference.txt, HIT-002: a status
// survives a hit that is not copied).
namespace sweep_status {
// "Start inside": a pair's sweep met at fraction 0 (the sphere-box inside case,
// a capsule over a box or touching it, boxes that meet), or the mesh gave a
// contact at fraction 0.
inline constexpr std::uint32_t contact_at_start = 0x1;
// "Already touching": a pair's shapes overlap before the move by the overlap
// table (IPhysics +0x18), whether or not its sweep gave a contact (a sphere
// touching a box with its centre outside gets none, Unit 5).
inline constexpr std::uint32_t overlap_at_start = 0x2;
}  // namespace sweep_status

// IPhysics_QueryBox: the bodies whose world boxes overlap `box` in x, y and z,
// in the x-sorted list's order (ascending min x; bodies added earlier first on
// a tie). The querying body is excluded, and every body of its owner when that
// owner is not 0; a type mask other than ~0 keeps bodies whose type word
// shares a bit with it.
struct GatherQuery {
    ShapeBounds box;
    std::optional<BodyId> body;
    std::uint32_t type_mask = ~0u;
};

// IPhysics_OverlapShape's query record.
struct ShapeOverlapQuery {
    std::optional<BodyId> body;      // +0x00: the querying body (owner, group, flags); none: a free shape
    std::uint32_t shape_id = 0;      // +0x04: written to each contact's +0x04
    Shape shape;                     // +0x04: the querying shape (own: the overlap table's row)
    std::optional<ShapeBounds> box;  // +0x08: the gather box with option 0x400 (required then: no_box without it)
    std::uint32_t options = world_option::bodies;  // +0x10
    std::uint32_t type_mask = ~0u;                 // +0x14, read with option 0x10
    int max = 0;                                   // +0x18: the most contacts returned (0: no body is tested)
    float nz_min = -0.65f;                         // +0x28, +0x2c: the mesh overlap's two thresholds
    float nz_max = 0.0f;
    Quirks quirks = Quirks::faithful();
};

// A shape swept by `move` through the sweep table against the candidates that
// its swept box gathers, every shape of each (with option 0x200 enabled ones
// only), and with option 0x1 through the level mesh as the mesh query of its
// kind. The options word is ShapeOverlapQuery's (0x400 excepted).
struct ShapeSweepQuery {
    std::optional<BodyId> body;  // the moving body; none: a free shape with no owner
    std::uint32_t shape_id = 0;
    Shape shape;                        // at the start of the move
    Vec4 move{0.0f, 0.0f, 0.0f, 1.0f};  // the whole displacement; its w goes where contacts copy it
    std::uint32_t options = world_option::bodies;
    std::uint32_t type_mask = ~0u;   // read with option 0x10
    std::uint32_t flags_mask = ~0u;  // a candidate's flags must share a bit with it (~0: any body)
    int max = static_cast<int>(body_contact_slots);
    float nz_min = -0.65f;  // the mesh part's thresholds
    float nz_max = 0.0f;
    Quirks quirks = Quirks::faithful();
};

// PhysicsBody_SweepHumanMask for a human: the first shape of its chain (its
// capsule) against the bodies whose flags meet the human's mask: BLOCKHUMANS
// (0x4), JUMPTARGET (0x40) while airborne or holding, and the owner's
// sweep_targets(); every enabled shape of each. A move with |D|^2 <= 1e-6
// finds nothing: the body sweep stops there (spec Unit 13), in both modes.
struct HumanSweepQuery {
    BodyId human;
    Vec3 move;
    int max = static_cast<int>(body_contact_slots);
    std::uint32_t options = 0;  // 0x1 adds the level mesh (the walking capsule's mesh sweep)
    Quirks quirks = Quirks::faithful();
};

// PhysicsBody_SweepHumanMask's mirror: a world object's box (the first shape
// of its chain) against the bodies with flag 0x2 (the humans' capsules); the
// same rule for a move with |D|^2 <= 1e-6.
struct ObjectSweepQuery {
    BodyId object;
    Vec3 move;
    int max = static_cast<int>(body_contact_slots);
    std::uint32_t options = 0;  // 0x1 adds the level mesh (the box's mesh sweep)
    Quirks quirks = Quirks::faithful();
};

// Human_TestStrikes: every strike shape of the striker with flags 0x1 and 0x2,
// swept from its previous position to its current one, against the candidates
// its swept box gathers; the first hit per candidate.
struct StrikeQuery {
    BodyId striker;
    Quirks quirks = Quirks::faithful();
};

using WorldQuery =
    std::variant<GatherQuery, ShapeOverlapQuery, ShapeSweepQuery, HumanSweepQuery, ObjectSweepQuery, StrikeQuery>;

// How much work a query did.
struct WorldStats {
    std::uint32_t candidates = 0;     // bodies gathered that passed the filters
    std::uint32_t pairs = 0;          // pair functions called (empty table entries not counted)
    std::uint32_t mesh_contacts = 0;  // contacts the mesh part gave
};

// A query's answer. Contacts are written to the caller's buffer: `count` of
// them, at most min(max, the buffer's size).
struct WorldResult {
    WorldStatus status = WorldStatus::ok;
    std::uint32_t count = 0;        // contacts (or, for a gather, bodies) written
    std::uint32_t found = 0;        // everything found: body hits and mesh contacts (a gather: bodies)
    bool overflow = false;          // more body hits than the 50-slot buffer: the first 50 in order kept
    std::uint32_t status_bits = 0;  // sweep_status:: (sweeps and strikes)
    WorldStats stats;
};

}  // namespace levelsweep
