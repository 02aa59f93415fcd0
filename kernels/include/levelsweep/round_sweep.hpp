// levelsweep: the round-shape sweeps of the sweep table (Unit 11, which the spec
// does not include).
//
// Our definitions, not transcriptions (docs/design.md definition 9; docs/decisions.md,
// "The round-shape sweeps"). The spec says only that these entries exist and
// that PhysicsSweep_CapsuleCapsule (0x00343cd8) uses Unit 13's
// Sweep_IntervalOverlap. Each sweep is exact in float32: the first fraction of
// the move at which the shapes touch (touching counts); shapes that overlap or
// touch at the start meet at fraction 0, with the separation direction as the
// normal. Each shape is read as its overlap entry reads it (Unit 4): spheres;
// a capsule as a true capsule against a sphere or a segment, and two capsules
// as flat-ended upright cylinders; a segment as a sphere-swept segment.
#pragma once

#include <optional>

#include "levelsweep/box_sweep.hpp"
#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// When p + t.d lies within sqrt(rr) of the origin: [first, last], unclamped
// (both infinite when d = 0 and p is within).
struct TimeWindow {
    float first = 0.0f;
    float last = 0.0f;
};
std::optional<TimeWindow> ball_window(const Vec3& p, const Vec3& d, float rr);

// The first fraction in [0, 1] at which two round shapes touch.
struct RoundEntry {
    float fraction = 0.0f;
    bool on_end = false;  // a cylinder's flat end: the axial interval was met last, after the start
};

// A standing interval against a moving one (`speed` per unit of the move), by
// Sweep_IntervalOverlap (Unit 13, 0x0034a8d0), while p + t.d lies within sqrt(rr)
// of the origin: the first fraction in [0, 1] at which both hold.
std::optional<RoundEntry> interval_disc_entry(const AxisInterval& standing, const AxisInterval& moving, float speed,
                                              const Vec3& p, const Vec3& d, float rr, Quirks quirks);

// The point q + t.m against the segment from the origin to d grown by R
// (rounded ends; d = 0 is a ball): the first fraction in [0, 1] within it.
std::optional<float> round_segment_entry(const Vec3& q, const Vec3& m, const Vec3& d, float R, Quirks quirks);

// The sweep table's round entries (the pair tables' SweepFn; own moves by
// `move`, other stands still; the bodies are not read). On a hit each writes
// its record and returns true; otherwise it writes nothing.
//
// The sphere row fills the record as PhysicsSweep_SphereBox (Unit 5) does: +0x10
// the horizontal unit vector from the sphere's start to the other shape's
// position (w 1), +0x50 the other's outward normal at the contact (w 0; w 1 at
// fraction 0), +0x60 xyz the touch point from the other's position, +0x80, +0x90
// the touch point (w 1), +0xb0 0.
bool physics_sweep_sphere_sphere(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                                 const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());
bool physics_sweep_sphere_capsule(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                                  const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());
bool physics_sweep_sphere_segment(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                                  const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

// The capsule row fills the record as PhysicsSweep_CapsuleBox (Unit 12) does
// (write_capsule_sweep_record): +0x10 normalize(move), +0x50 the other's outward
// normal at the contact (w 1), +0x60 the touch point's x, y from the other's
// position with the mid-height z and 1.0, +0x80, +0x90 the axis point at
// mid-height, +0xa0 (0, 0, 0, 1), +0xb0 0.
bool physics_sweep_capsule_sphere(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                                  const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());
bool physics_sweep_capsule_capsule(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                                   const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
