// Spec Unit 13, Sweep_BoxBox: do two boxes, each moving linearly without
// turning, meet during the move? The 15 box axes at both ends of the move, then
// the 6 axes built from the relative velocity. Sums the table leaves
// unparenthesised are taken left to right (docs/decisions.md).
#include <cmath>
#include <type_traits>

#include "levelsweep/box_sweep.hpp"
#include "levelsweep/pair_tables.hpp"

namespace levelsweep {

namespace {

// Separation on one of the first 15 axes: both projections of the centre
// offset, at t = 0 and t = 1, lie beyond R on the same side (strict).
bool apart_at_both_ends(float p0, float p1, float R) { return (R < p0 && R < p1) || (p0 < -R && p1 < -R); }

struct Frames {
    const Box& a;
    const Box& b;
    Vec3 D, D1, W;
    float c[3][3];  // c_ij = A_i . B_j
};

// A_i (0-2) and B_j (3-5); 0x0034c5a0-0x0034c614 for the first axis.
std::optional<int> face_axes(const Frames& f) {
    const float* a = f.a.half;
    const float* b = f.b.half;
    for (int i = 0; i < 3; ++i) {
        const float R =
            a[i] + ((b[0] * std::fabs(f.c[i][0]) + b[1] * std::fabs(f.c[i][1])) + b[2] * std::fabs(f.c[i][2]));
        if (apart_at_both_ends(dot(f.a.axis[i], f.D), dot(f.a.axis[i], f.D1), R)) return i;
    }
    for (int j = 0; j < 3; ++j) {
        const float R =
            ((a[0] * std::fabs(f.c[0][j]) + a[1] * std::fabs(f.c[1][j])) + a[2] * std::fabs(f.c[2][j])) + b[j];
        if (apart_at_both_ends(dot(f.b.axis[j], f.D), dot(f.b.axis[j], f.D1), R)) return 3 + j;
    }
    return std::nullopt;
}

// A_i x B_j (6-14), i outer, j inner, indices mod 3.
std::optional<int> cross_axes(const Frames& f) {
    const float* a = f.a.half;
    const float* b = f.b.half;
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        const float s1 = dot(f.a.axis[i1], f.D), s2 = dot(f.a.axis[i2], f.D);
        const float e1 = dot(f.a.axis[i1], f.D1), e2 = dot(f.a.axis[i2], f.D1);
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            const float p0 = s2 * f.c[i1][j] - s1 * f.c[i2][j];
            const float p1 = e2 * f.c[i1][j] - e1 * f.c[i2][j];
            const float R =
                ((a[i1] * std::fabs(f.c[i2][j]) + a[i2] * std::fabs(f.c[i1][j])) + b[j1] * std::fabs(f.c[i][j2])) +
                b[j2] * std::fabs(f.c[i][j1]);
            if (apart_at_both_ends(p0, p1, R)) return 6 + 3 * i + j;
        }
    }
    return std::nullopt;
}

// W x A_i (15-17) and W x B_j (18-20), from 0x0034d0f8: the offset's projection
// X . axis, X = W x D, is the same at every t; separated when R < |X . axis|.
std::optional<int> velocity_axes(const Frames& f) {
    const float* a = f.a.half;
    const float* b = f.b.half;
    const Vec3 X = cross(f.W, f.D);
    const float wa[3] = {dot(f.W, f.a.axis[0]), dot(f.W, f.a.axis[1]), dot(f.W, f.a.axis[2])};
    const float wb[3] = {dot(f.W, f.b.axis[0]), dot(f.W, f.b.axis[1]), dot(f.W, f.b.axis[2])};
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        float R = a[i1] * std::fabs(wa[i2]) + a[i2] * std::fabs(wa[i1]);
        for (int j = 0; j < 3; ++j) R = R + b[j] * std::fabs(f.c[i1][j] * wa[i2] - f.c[i2][j] * wa[i1]);
        if (R < std::fabs(dot(X, f.a.axis[i]))) return 15 + i;
    }
    for (int j = 0; j < 3; ++j) {
        const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        float R = a[0] * std::fabs(f.c[0][j1] * wb[j2] - f.c[0][j2] * wb[j1]);
        for (int i = 1; i < 3; ++i) R = R + a[i] * std::fabs(f.c[i][j1] * wb[j2] - f.c[i][j2] * wb[j1]);
        R = (R + b[j1] * std::fabs(wb[j2])) + b[j2] * std::fabs(wb[j1]);
        if (R < std::fabs(dot(X, f.b.axis[j]))) return 18 + j;
    }
    return std::nullopt;
}

}  // namespace

// Sweep_BoxBox, 0x0034c430: D = P_B - P_A, W = moveB - moveA, D1 = D + W. With
// W = 0 every velocity axis passes (0 <= R): two still boxes get the static
// 15-axis test. Zero cross axes (parallel boxes) pass too; no epsilon.
std::optional<int> sweep_box_box_separating_axis(const Box& a, const Vec3& move_a, const Box& b, const Vec3& move_b) {
    Frames f{a, b, b.centre - a.centre, {}, move_b - move_a, {}};
    f.D1 = f.D + f.W;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) f.c[i][j] = dot(a.axis[i], b.axis[j]);
    if (auto axis = face_axes(f)) return axis;
    if (auto axis = cross_axes(f)) return axis;
    return velocity_axes(f);
}

bool sweep_box_box(const Box& a, const Vec3& move_a, const Box& b, const Vec3& move_b) {
    return !sweep_box_box_separating_axis(a, move_a, b, move_b).has_value();
}

namespace {
float clamp_to(float v, float h) { return v < -h ? -h : (v > h ? h : v); }
}  // namespace

// PhysicsSweep_BoxBox, 0x003451e8: Sweep_BoxBox(own, move, other, (0, 0, 0, 1) at
// 0x005116c0), so W = -move. The bodies are not read. The contact says only that
// the boxes meet (0x00345240-0x003453d4): fraction 0 and a normal straight back
// along the move, whatever the faces.
bool physics_sweep_box_box(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other, const Vec4& move,
                           Quirks quirks) {
    const Box& A = own.box;
    const Box& B = other.box;
    if (!sweep_box_box(A, xyz(move), B, Vec3{})) return false;
    const Vec3& P = A.centre;
    const Vec3& Q = B.centre;
    const Vec3 u = normalize_rsqrt(xyz(move));  // vrsqrt: a zero move gives 0
    c.write(c.fraction, 0.0f);
    c.write(c.other.normal, with_w(-u, move.w));
    c.write(c.own.normal, with_w(u, move.w));
    // +0x60, +0x64: the own centre in the other box's frame, clamped to it;
    // +0x68: the own centre's world z. +0x6c is not written.
    const float x = clamp_to(dot(B.axis[0], P) - dot(B.axis[0], Q), B.half[0]);
    const float y = clamp_to(dot(B.axis[1], P) - dot(B.axis[1], Q), B.half[1]);
    c.write(c.other.local.x, x);
    c.write(c.other.local.y, y);
    c.write(c.other.local.z, P.z);
    // +0x90: the original adds those frame offsets to the world x and y of the own
    // centre, a point on the other box only when that box is world-aligned and
    // level with the own centre. Corrected: the point of the other box nearest
    // the own centre, Q + sum_k clamp_k B_k.
    if (quirks.has(Quirk::box_box_sweep_point)) {
        c.write(c.point, Vec4{P.x + x, P.y + y, P.z, 1.0f});
    } else {
        const float z = clamp_to(dot(B.axis[2], P) - dot(B.axis[2], Q), B.half[2]);
        c.write(c.point, with_w(Q + ((x * B.axis[0] + y * B.axis[1]) + z * B.axis[2]), 1.0f));
    }
    c.write(c.flags, 0u);
    return true;
}

// PhysicsSweep_SegmentBox, 0x00345588: a segment never meets a box in the sweep
// table; the whole function returns 0.
bool physics_sweep_segment_box(Contact&, const Body&, const Shape&, const Body&, const Shape&, const Vec4&, Quirks) {
    return false;
}

// PhysicsSweep_BoxSegment, 0x00345590: SegmentBox with the bodies and shapes
// swapped and the move negated. That returns 0, so the original's code to swap
// the contact's halves after a hit never runs, and nothing is written.
bool physics_sweep_box_segment(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks) {
    const Vec4 back{-move.x, -move.y, -move.z, move.w};
    return physics_sweep_segment_box(c, other_body, other, own_body, own, back, quirks);
}

// The sweep table's entries (1, 1), (4, 1) and (1, 4) take these as they are.
static_assert(std::is_same_v<decltype(&physics_sweep_box_box), SweepFn>);
static_assert(std::is_same_v<decltype(&physics_sweep_segment_box), SweepFn>);
static_assert(std::is_same_v<decltype(&physics_sweep_box_segment), SweepFn>);

}  // namespace levelsweep
