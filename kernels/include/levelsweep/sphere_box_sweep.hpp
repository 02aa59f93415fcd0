// levelsweep: spec Unit 5, a sphere swept against an oriented box (reference path).
//
// A literal float32 transcription of geometry-kernels.txt, Unit 5: the kernel
// Sweep_SphereOrientedBox (fold the start into the positive octant of the box,
// pick the region of the start centre, run that region's step), its four steps,
// the feature-normal tables, and the two sweep-table entries that write the
// contact a strike hands to Strike_Contact and Car_OnHit. Each function names the
// original's routine and address. Ray_SphereRoot and Ray_CircleRoot, the steps'
// root finders, are in levelsweep/triangle.hpp.
#pragma once

#include <optional>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// What a step returns (spec Unit 5, "Step results"): 1 hit (fraction and folded
// local point written), 0 no hit, -1 the sphere already touches (fraction 0
// written, no point). The three floats of `point` are in the step's own axis
// order, as each step's comment says; the caller maps them back.
struct SphereBoxStep {
    int result = 0;
    std::optional<float> fraction;
    std::optional<Vec3> point;
};

// SphereBox_SweepCorner (0x0034b040), misnamed: the face-region step. half =
// (a, b, c) and start = (u, v, w) in the step's axes (u, v in the face, w out of
// it, folded so w > c), move = (mu, mv, mw). `t0` enables the touching test
// (the kernel passes 1, the edge-region step 0). Point: (u, v, w).
SphereBoxStep sphere_box_sweep_corner(const Vec3& half, const Vec3& start, const Vec3& move, float r, bool t0,
                                      Quirks quirks = Quirks::faithful());

// SphereBox_SweepEdge (0x0034b3b8): one edge, its line along Q at h1 on axis 1
// and h2 on axis 2; q is the start's coordinate along Q, b the half extent along
// Q, e1 and e2 the start's offsets from the edge on axes 1 and 2. Returns 1 or 0.
// Point: (axis 1, Q, axis 2).
SphereBoxStep sphere_box_sweep_edge(float q, float h1, float b, float h2, float e1, float e2, float m1, float mq,
                                    float m2, float r, Quirks quirks = Quirks::faithful());

// SphereBox_SweepEdges (0x0034b600): the edge-region step. half = (a, b, c) and
// start = (p, q, s) for the axes (P, Q, R), Q along the edge, folded so p > a and
// s > c. Point: (P, Q, R).
SphereBoxStep sphere_box_sweep_edges(const Vec3& half, const Vec3& start, const Vec3& move, float r, bool t0,
                                     Quirks quirks = Quirks::faithful());

// SphereBox_SweepFaceEdges (0x0034b7b0), misnamed: the corner-region step. half
// = (hx, hy, hz), start = (dx, dy, dz) folded outside all three slabs. Point:
// (x, y, z).
SphereBoxStep sphere_box_sweep_face_edges(const Vec3& half, const Vec3& start, const Vec3& move, float r,
                                          Quirks quirks = Quirks::faithful());

// Feature types (+0x70) as Sweep_SphereOrientedBox writes them.
inline constexpr int sphere_box_face = 0, sphere_box_corner = 1, sphere_box_edge = 2, sphere_box_inside = 4;

// SphereBox_ToBoxSpace (0x0034baf0), misnamed: the feature normal of (type,
// index) from the face, edge or corner table, turned from the box's frame into
// the world by the rows of `box`. Any other type (or an index past its table)
// gives the constant (0, 1, 0, 1) turned the same way.
Vec4 sphere_box_to_box_space(const Box& box, int type, int index, Quirks quirks = Quirks::faithful());

// Sweep_SphereOrientedBox (0x0034bbe8): the sphere (centre, r) moving by
// sphere_move against the box moving by box_move (the kernel sees the relative
// move). Type and index are written before the step runs, so they are set even
// without a hit; the other outputs are meaningful only when `hit`.
struct SphereBoxSweep {
    bool hit = false;
    float fraction = 0.0f;
    Vec4 world_point;       // w 1
    Vec3 local_point;       // in the box's frame, from its centre (w not written)
    Vec4 feature_normal;    // world
    Vec4 direction_to_box;  // horizontal unit vector from the start centre to the box centre, w 1
    int feature_type = 0;
    int feature_index = 0;
    std::optional<int> step_result;  // what the region's step returned (unset for the inside case)
};
SphereBoxSweep sweep_sphere_oriented_box(float r, float max_fraction, const Box& box, const Vec3& box_move,
                                         const Vec3& centre, const Vec3& sphere_move,
                                         Quirks quirks = Quirks::faithful());

// PhysicsSweep_SphereBox (0x003453f8), sweep table (2, 1): the sphere `own`
// moves by `move` against the box `other` at rest. The bodies are not read. On a
// hit it writes +0x10, +0x50, +0x60 (xyz), +0x70, +0x74, +0x80, +0x90, +0xb0 and
// returns true; otherwise it writes nothing.
bool physics_sweep_sphere_box(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                              const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

// PhysicsSweep_BoxSphere (0x003454c0), sweep table (1, 2): the box `own` moves by
// `move` against the sphere `other` at rest; the same values land in the other
// half (+0x10 normal, +0x20 local point, +0x30/+0x34 type and index, +0x50 the
// direction to the box).
bool physics_sweep_box_sphere(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                              const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
