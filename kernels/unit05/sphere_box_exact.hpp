// levelsweep (private): the exact first touch of a sphere swept against a box,
// which the corrected forms of the Unit 5 steps fall back on where the original's
// feature tests lose or misplace a graze (docs/decisions.md, Unit 5).
#pragma once

#include <optional>

#include "levelsweep/vec.hpp"

namespace levelsweep::detail {

struct RoundedBoxEntry {
    float fraction = 0.0f;  // the first t >= 0 (not capped at 1)
    Vec3 point;             // the box point nearest the centre then (the touched feature)
};

// The first time t >= 0 at which the centre start + t.move comes within r of
// the box [-half, half] (coordinates along the box's axes, in any order): the
// entry into the rounded box, the union of three boxes grown by r along one
// axis, twelve edge cylinders and eight corner spheres. Each is convex, so the
// union's first entry is the earliest of theirs. Empty when the path never
// comes within r.
std::optional<RoundedBoxEntry> rounded_box_entry(const Vec3& half, const Vec3& start, const Vec3& move, float r);

}  // namespace levelsweep::detail
