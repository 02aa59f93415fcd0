// levelsweep: the bodies of the world and the owners behind them.
//
// A body is the original's physics body record, as far as the spec reads it:
// its owner (+0x34), group (+0x3c), flags (+0x40), type word (+0x44), the shape
// chain other queries meet (what body vtable +0x2c answers; a human's capsule
// chain, +0x30) and the strike chain (+0x80) Human_TestStrikes sweeps. Each
// shape record carries its flags word and, for strikes, the position it had at
// the previous pose (+0x20). Owners answer the questions the original asks
// them through the Owner interface, which the port implements.
#pragma once

#include <cstdint>
#include <set>
#include <string_view>
#include <vector>

#include "levelsweep/shapes.hpp"

namespace levelsweep {

// A shape record's flags (spec Unit 5, "How Human_TestStrikes builds the sweep").
namespace shape_flag {
inline constexpr std::uint32_t enabled = 0x1;  // switched on (option 0x200, strikes, the body sweeps)
inline constexpr std::uint32_t strike = 0x2;   // a strike shape (Human_TestStrikes 0x0033f110)
inline constexpr std::uint32_t target = 0x4;   // a human's shape that strikes may hit
inline constexpr std::uint32_t reset = 0x10;   // the next pose keeps previous = current (0x00342b08)
}  // namespace shape_flag

// A body's flags word (+0x40) as the spec names its bits.
namespace body_flag {
inline constexpr std::uint32_t object_target = 0x2;    // met by a world object's box sweep (humans have it, Unit 12)
inline constexpr std::uint32_t block_humans = 0x4;     // BLOCKHUMANS: the capsule-box kernels' flag 0
inline constexpr std::uint32_t weapon_target = 0x8;    // WEAPONTARGET
inline constexpr std::uint32_t melee_target = 0x10;    // MELEETARGET: strikes may hit it
inline constexpr std::uint32_t charge_target = 0x20;   // CHARGETARGET: strikes may hit it
inline constexpr std::uint32_t jump_target = 0x40;     // JUMPTARGET: met by an airborne or holding human
inline constexpr std::uint32_t skips_special = 0x100;  // its mesh queries skip flag-0x8 triangles
inline constexpr std::uint32_t run_target = 0x40000;   // RUNTARGET
}  // namespace body_flag

// A body's type word (+0x44), matched against a query's type mask.
namespace body_type {
inline constexpr std::uint32_t object = 0x8;  // pick-ups and world objects (Human_FindPickupNear's mask)
inline constexpr std::uint32_t human = 0x40;  // humans (the push sphere's mask)
}  // namespace body_type

// A body's handle: a slot and the generation of its use, so that a handle to a
// removed body never reaches the body that reuses its slot.
struct BodyId {
    std::uint32_t slot = 0;
    std::uint32_t generation = 0;
    constexpr bool operator==(const BodyId&) const = default;
};

// One shape record of a chain: its id (what the contact's +0x04 or +0x44 holds
// in place of the original's shape pointer), the shape as posed now, its flags.
struct BodyShape {
    std::uint32_t id = 0;
    Shape shape;
    std::uint32_t flags = shape_flag::enabled;
};

// What a body is made of when it is added.
struct BodyDesc {
    std::uint32_t owner = 0;         // +0x34, written to contacts; 0: no owner
    std::uint32_t flags = 0;         // +0x40, body_flag::
    std::uint32_t type = 0;          // +0x44, body_type::
    std::uint32_t group = 0;         // +0x3c: option 0x80 skips a body of the same non-zero group
    std::vector<BodyShape> chain;    // what other queries meet; its first shape sweeps for the body
    std::vector<BodyShape> strikes;  // the strike chain (+0x80)
};

// The questions the original asks a body's owner (its object's vtable). The
// port implements one per owner and registers it with World::set_owner; an
// owner without one gives the defaults below. Queries run in parallel call
// these from several threads at once: they must only read.
class Owner {
public:
    virtual ~Owner() = default;
    // The object flags word +0x54 (vtable +0x50/+0x54, the human's 0x004f4780);
    // bit 0x4000000 is airborne (Body::owner_airborne).
    virtual std::uint32_t object_flags() const { return 0; }
    // The landing state, flag 0x2000000000 through 0x00227f40.
    virtual bool landing() const { return false; }
    // Holding something: with airborne, it adds JUMPTARGET (0x40) to the human's
    // sweep mask (PhysicsBody_SweepHumanMask 0x0033d498).
    virtual bool holding() const { return false; }
    // The target bits the human's sweep mask holds now beyond 0x4 and 0x40
    // (CHARGETARGET 0x20, RUNTARGET 0x40000): the spec names them but gives their
    // conditions on a page it does not include ("Sweeping a body").
    virtual std::uint32_t sweep_targets() const { return 0; }
    // Option 0x100 of IPhysics_OverlapShape: owner vtable +0x110/+0x114 asked
    // with the other body's owner; false skips that body.
    virtual bool accepts_overlap(std::uint32_t /*other_owner*/) const { return true; }
    // Human_TestStrikes: owner vtable +0x108/+0x10c, asked before a strike may
    // hit a body that is not a human.
    virtual bool accepts_strike(std::uint32_t /*other_owner*/) const { return true; }
};

// An owner whose answers are plain values, set by whoever holds it (a scene
// file's owners, tests, a port's simple objects).
struct FixedOwner : Owner {
    std::uint32_t flags = 0;
    bool is_landing = false, is_holding = false;
    std::uint32_t targets = 0;
    std::set<std::uint32_t> refused_overlap, refused_strike;  // other owners' ids

    std::uint32_t object_flags() const override { return flags; }
    bool landing() const override { return is_landing; }
    bool holding() const override { return is_holding; }
    std::uint32_t sweep_targets() const override { return targets; }
    bool accepts_overlap(std::uint32_t other) const override { return !refused_overlap.count(other); }
    bool accepts_strike(std::uint32_t other) const override { return !refused_strike.count(other); }
};

// What a world call or query says about its input.
enum class WorldStatus : std::uint8_t {
    ok,
    non_finite,       // a NaN or infinite value, or bounds beyond float range
    negative_radius,  // a radius or a capsule height below 0
    bad_extent,       // a box half extent <= 0
    bad_type,         // a shape type outside 1..4
    unknown_body,     // a handle to no body (never added, or removed)
    bad_shape,        // a shape index past its chain, or a pose of another type
    no_level,         // option 0x1 (the level mesh) in a world without a level
    no_shape,         // a body sweep for a body whose chain is empty
    out_of_range,     // a shape or sweep reaching beyond the kernels' working range (working_range.hpp)
    no_box,           // an overlap with option 0x400 (gather with the given box) but no box given
};
inline constexpr int world_status_count = static_cast<int>(WorldStatus::no_box) + 1;
std::string_view world_status_name(WorldStatus s);

// The same checks a mesh query makes of its shape: every value finite (and its
// bounds within float range), radii and heights >= 0, box half extents > 0,
// and bounds within the kernels' working range (out_of_range beyond it, where
// the float32 kernels' answers are no longer worth a contact).
WorldStatus validate_shape(const Shape& shape);

}  // namespace levelsweep
