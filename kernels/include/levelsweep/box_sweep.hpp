// levelsweep: spec Unit 13, a box swept against a triangle and against another
// box (reference path), and the box pair wrappers of the sweep table.
//
// Literal float32 transcriptions of geometry-kernels.txt, Unit 13. The box
// record the kernels read is levelsweep::Box (rows A0, A1, A2, P and half
// extents); nothing normalises or orthogonalises its axes.
#pragma once

#include <array>
#include <optional>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/spec_constants.hpp"
#include "levelsweep/triangle.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// Sweep_BoxTriangle's "no contact" (1e28) and initial tLast (1e24).
inline constexpr float box_triangle_no_contact = spec::no_contact;
inline constexpr float box_triangle_open_window = spec::open_window;

// Sweep_IntervalOverlap (0x0034a8d0): interval A = [a_min, a_max] stands still,
// B = [b_min, b_max] moves by v per unit of t. Narrows [t_first, t_last] to when
// they overlap; returns true when they are separated for the whole move (t_max
// caps t_first) or the window is empty. With interval_zero_speed_reset on, an
// overlapping pair of zero speed resets the window to [0, 1].
bool sweep_interval_overlap(float& t_first, float& t_last, float t_max, float v, float a_min, float a_max, float b_min,
                            float b_max, Quirks quirks = Quirks::faithful());

struct AxisInterval {
    float min = 0.0f;
    float max = 0.0f;
};

// BoxTri_ProjectBox (0x0034aa60): L.P -+ ((h0|L.A0| + h1|L.A1|) + h2|L.A2|); L
// need not be unit.
AxisInterval box_tri_project_box(const Box& box, const Vec3& L);
// BoxTri_ProjectTriangle (0x0034ab28): the range of L.v over the corners, v1
// then v2 tested against the running min, else the running max.
AxisInterval box_tri_project_triangle(const Vec3& v0, const Vec3& v1, const Vec3& v2, const Vec3& L);

// Sweep_BoxTriangle (0x0034d5d0): the box moving by `move` against the working
// triangle as the mesh sweep leaves it (corners, unnormalised edges). Returns the
// fraction of first contact in [0, 1] (touching counts), or box_triangle_no_contact.
float sweep_box_triangle(const Box& box, const WorkingTriangle& t, const Vec3& move,
                         Quirks quirks = Quirks::faithful());

// The window [t_first, t_last] after each of Sweep_BoxTriangle's 13 axes: 0 the
// face, 1-3 the box axes A0-A2, 4 + 3i + j the cross e_i x A_j. `axes` is how
// many axes ran (fewer than 13 when one separated).
struct BoxTriangleTrace {
    int axes = 0;
    std::array<float, 13> first{};
    std::array<float, 13> last{};
};
// Sweep_BoxTriangle, recording the window after each axis (tests and eval).
float sweep_box_triangle(const Box& box, const WorkingTriangle& t, const Vec3& move, Quirks quirks,
                         BoxTriangleTrace& trace);

// Sweep_BoxBox's 21 axes in its order: 0-2 A_i, 3-5 B_j, 6 + 3i + j A_i x B_j,
// 15-17 W x A_i, 18-20 W x B_j.
inline constexpr int box_box_axis_count = 21;

// Sweep_BoxBox (0x0034c430), the separating axis it stops at, or nullopt when
// the boxes (each moving linearly, not turning) meet at some t in [0, 1].
std::optional<int> sweep_box_box_separating_axis(const Box& a, const Vec3& move_a, const Box& b, const Vec3& move_b);
// Sweep_BoxBox (0x0034c430): true when the moving boxes meet (touching counts).
bool sweep_box_box(const Box& a, const Vec3& move_a, const Box& b, const Vec3& move_b);

// PhysicsSweep_BoxBox (0x003451e8), sweep table (1, 1): own moves by `move`,
// other stands still. On a meeting: fraction 0, normals -+unit(move), the other
// box's clamped frame offsets and a contact point (box_box_sweep_point: world x,
// y plus those offsets). Returns whether they meet; writes nothing otherwise.
bool physics_sweep_box_box(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                           const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());
// PhysicsSweep_SegmentBox (0x00345588), sweep table (4, 1): returns 0.
bool physics_sweep_segment_box(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());
// PhysicsSweep_BoxSegment (0x00345590), sweep table (1, 4): SegmentBox with the
// shapes swapped and the move negated; returns 0 and writes nothing.
bool physics_sweep_box_segment(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
