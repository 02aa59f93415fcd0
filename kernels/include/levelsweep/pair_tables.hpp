// levelsweep: the original's overlap table (IPhysics +0x18) and sweep table
// (IPhysics +0x7c), indexed [own type][other type] with 1 box, 2 sphere,
// 3 capsule, 4 segment. Every pair function of Units 4, 5, 12 and 13 has one of
// the two signatures below, so the tables can call them as the original does.
#pragma once

#include <string_view>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"

namespace levelsweep {

// bool fn(Contact* c, Shape* own, Shape* other) (Unit 4, 0x0033ebb8): own is the
// querying (row) shape. Returns true on overlap.
using OverlapFn = bool (*)(Contact& c, const Shape& own, const Shape& other, Quirks quirks);

// bool fn(Contact* c, Body* own, Shape* ownShape, Body* other, Shape* otherShape,
// const Vec4* move) (Unit 5, 0x003453f8): own moves by `move`, other stands still.
// The move's w is copied into some outputs, so it travels as a Vec4.
using SweepFn = bool (*)(Contact& c, const Body& own_body, const Shape& own, const Body& other_body, const Shape& other,
                         const Vec4& move, Quirks quirks);

// The entry for (own, other), or nullptr where the original's table is empty.
// The sweep table's entries outside Units 1-13 hold our round-shape sweeps
// (round_sweep.hpp), and are empty when `quirks` has empty_round_sweeps.
OverlapFn overlap_entry(ShapeType own, ShapeType other);
SweepFn sweep_entry(ShapeType own, ShapeType other, Quirks quirks);

// The original's name of the function an entry calls (empty for an empty entry;
// ours are named after PhysicsSweep_CapsuleCapsule, the one the spec names).
std::string_view overlap_entry_name(ShapeType own, ShapeType other);
std::string_view sweep_entry_name(ShapeType own, ShapeType other, Quirks quirks);

}  // namespace levelsweep
