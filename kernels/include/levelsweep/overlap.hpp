// levelsweep: spec Unit 4, the static shape-pair overlaps (reference path).
//
// The fourteen entries of the original's overlap table (IPhysics +0x18) and
// the two circle-against-rectangle kernels of the capsule-box test, transcribed
// in float32 from geometry-kernels.txt, Unit 4. Every pair function has the
// OverlapFn signature (levelsweep/pair_tables.hpp): `own` is the querying (row)
// shape; it returns true on overlap. Most write nothing into the contact; the
// capsule-capsule, capsule-box and box-capsule tests write the words the spec
// lists, through Contact::write, so what is left unwritten stays observable.
#pragma once

#include <optional>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"

namespace levelsweep {

// CapsuleBox_CornerCircle (0x0034a2d0): the circle of radius r at (x, y), already
// mirrored so that x < -hx and y < -hy, against the corner (-hx, -hy). On a hit
// (touching included) returns the depth r^2 - distance^2: a squared length.
std::optional<float> capsule_box_corner_circle(float x, float y, float r, float hx, float hy);

// CapsuleBox_SideInterval (0x0034a6a0): the circle at x < -hx against the face
// x = -hx. Only x, r and hx are read. On a hit returns the depth x + hx + r (m).
std::optional<float> capsule_box_side_interval(float x, float y, float r, float hx, float hy);

// Table (2, 2), 0x00345d58. Writes nothing.
bool physics_overlap_sphere_sphere(Contact& c, const Shape& own, const Shape& other,
                                   Quirks quirks = Quirks::faithful());
// Table (1, 1), 0x00345dd8: the 15-axis separating-axis test; touching overlaps.
// Writes nothing. box_box_centre_matrix: R built over all four rows.
bool physics_overlap_box_box(Contact& c, const Shape& own, const Shape& other, Quirks quirks = Quirks::faithful());
// Table (3, 3), 0x00346388: upright flat-ended cylinders. Writes +0x10, +0x50, +0x88.
bool physics_overlap_capsule_capsule(Contact& c, const Shape& own, const Shape& other,
                                     Quirks quirks = Quirks::faithful());
// Table (4, 4), 0x00346500. Writes nothing.
bool physics_overlap_segment_segment(Contact& c, const Shape& own, const Shape& other,
                                     Quirks quirks = Quirks::faithful());
// Table (1, 2), 0x00346680: the box is a true 3D box. Writes nothing.
bool physics_overlap_box_sphere(Contact& c, const Shape& own, const Shape& other, Quirks quirks = Quirks::faithful());
// Table (3, 1), 0x00346808: a circle against a rectangle in the box's horizontal
// plane; heights are not read. Writes +0x50 (the box's normal) and +0x88.
bool physics_overlap_capsule_box(Contact& c, const Shape& own, const Shape& other, Quirks quirks = Quirks::faithful());
// Table (1, 3), 0x00346d18: CapsuleBox with the shapes swapped, then the halves
// swapped wholesale. +0x50 (undefined in the original) gets the capsule-side normal.
bool physics_overlap_box_capsule(Contact& c, const Shape& own, const Shape& other, Quirks quirks = Quirks::faithful());
// Table (2, 1), 0x00346db8: BoxSphere with the shapes swapped.
bool physics_overlap_sphere_box(Contact& c, const Shape& own, const Shape& other, Quirks quirks = Quirks::faithful());
// Table (4, 2), 0x00346de0. Writes nothing.
bool physics_overlap_segment_sphere(Contact& c, const Shape& own, const Shape& other,
                                    Quirks quirks = Quirks::faithful());
// Table (2, 4), 0x00346eb0: SegmentSphere with the shapes swapped.
bool physics_overlap_sphere_segment(Contact& c, const Shape& own, const Shape& other,
                                    Quirks quirks = Quirks::faithful());
// Table (3, 2), 0x00346ed8: a true capsule (rounded ends). Writes nothing.
bool physics_overlap_capsule_sphere(Contact& c, const Shape& own, const Shape& other,
                                    Quirks quirks = Quirks::faithful());
// Table (2, 3), 0x00346f90: CapsuleSphere with the shapes swapped.
bool physics_overlap_sphere_capsule(Contact& c, const Shape& own, const Shape& other,
                                    Quirks quirks = Quirks::faithful());
// Table (4, 3), 0x00346fb8: a true capsule. Writes nothing.
bool physics_overlap_segment_capsule(Contact& c, const Shape& own, const Shape& other,
                                     Quirks quirks = Quirks::faithful());
// Table (3, 4), 0x00347148: SegmentCapsule with the shapes swapped.
bool physics_overlap_capsule_segment(Contact& c, const Shape& own, const Shape& other,
                                     Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
