// levelsweep: spec Unit 12, an upright capsule swept against an oriented box
// (reference path).
//
// A literal float32 transcription of geometry-kernels.txt, Unit 12. It is a 2D
// test in the box's horizontal plane: a circle of the capsule's radius swept
// against the box's footprint rectangle. The capsule's height, its base z, the
// move's z and the box's vertical extent decide nothing. Each function names the
// original's routine and address.
#pragma once

#include <optional>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// A touch point in the box's plane (along A_i, A_j from the box centre).
struct PlanePoint {
    float x = 0.0f, y = 0.0f;
};

// What a capsule-box step returns: 1 hit (fraction and touch point written),
// 0 none, -1 already touching (fraction 0 written, no point).
struct CapsuleBoxStep {
    int result = 0;
    std::optional<float> fraction;
    std::optional<PlanePoint> point;
};

// The kernels' flag (0x0034468c-0x003446cc): 0 when the box body blocks humans
// (BLOCKHUMANS), else 1 when the capsule's owner is airborne or landing. Flag 0
// makes a step give up at once when the capsule does not move towards its target.
int capsule_box_sweep_flag(const Body& capsule_body, const Body& box_body);

// CapsuleBox_SweepSide (0x0034a6d0): the start folded so x < -hx, |y| <= hy;
// the target is the face x = -hx and its two end corners (-hx, +-hy).
CapsuleBoxStep capsule_box_sweep_side(float x, float y, float r, float mx, float my, float hx, float hy, int flag);

// CapsuleBox_SweepCorner (0x0034a318): the start folded into the (-, -) corner
// region, x < -hx, y < -hy; the target is the whole rectangle as seen from there.
CapsuleBoxStep capsule_box_sweep_corner(float x, float y, float r, float mx, float my, float hx, float hy, int flag,
                                        Quirks quirks = Quirks::faithful());

// What PhysicsSweep_CapsuleBox writes on a hit besides its normal +0x50
// (0x00345000-0x003450c8): +0x10 normalize(move) with the move's w; +0x60 the
// touch point (px, py), the capsule's mid-height z at contact and 1.0; +0x80 f;
// +0x90 the axis point at mid-height (w 1); +0xa0 the slide; +0xb0 the flags.
// Unit 11's capsule sweeps fill their records the same way (round_sweep.hpp).
void write_capsule_sweep_record(Contact& c, const Capsule& cap, const Vec4& move, float f, const PlanePoint& touch,
                                const Vec4& slide, std::uint32_t flags);

// PhysicsSweep_CapsuleBox (0x00344618), sweep table (3, 1): the capsule `own`
// (of a human body) moves by `move` against the box `other` at rest. On a hit it
// writes +0x10, +0x50 (a corner's w left unwritten), +0x60 (all four words),
// +0x80, +0x90, +0xa0, +0xb0 and returns true; otherwise it writes nothing.
bool physics_sweep_capsule_box(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

// PhysicsSweep_BoxCapsule (0x00345108), sweep table (1, 3): the box `own` moves;
// it runs PhysicsSweep_CapsuleBox with the move negated and, on a hit, swaps the
// contact's two 0x40-byte halves wholesale.
bool physics_sweep_box_capsule(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
