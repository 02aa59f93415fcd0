// Spec Unit 4, PhysicsOverlap_CapsuleBox and its mirror: a circle (the capsule's
// footprint) against a rectangle (the box's) in the box's horizontal plane, and
// the two kernels it calls. Neither shape's height is read; only the query's
// gather box keeps shapes far apart in height from overlapping.
#include <cmath>

#include "levelsweep/overlap.hpp"

namespace levelsweep {

// CapsuleBox_CornerCircle, 0x0034a2d0: q = (x + hx)^2 + (y + hy)^2 - r^2; a hit
// when q <= 0, depth -q = r^2 - distance^2 (m^2). Touching: depth 0.
std::optional<float> capsule_box_corner_circle(float x, float y, float r, float hx, float hy) {
    const float q = ((x + hx) * (x + hx) + (y + hy) * (y + hy)) - r * r;
    if (q <= 0.0f) return -q;
    return std::nullopt;
}

// CapsuleBox_SideInterval, 0x0034a6a0: s = x + hx + r, r minus the gap to the
// face; a hit when s >= 0 (touching: depth 0). y and hy are not read.
std::optional<float> capsule_box_side_interval(float x, float, float r, float hx, float) {
    const float s = (x + hx) + r;
    if (s >= 0.0f) return s;
    return std::nullopt;
}

namespace {

// The box axis with the largest |A_k.z|; the first one wins a tie.
int most_vertical_axis(const Box& box) {
    int u = 0;
    for (int k = 1; k < 3; ++k)
        if (std::fabs(box.axis[k].z) > std::fabs(box.axis[u].z)) u = k;
    return u;
}

// The capsule's footprint centre in the box's in-plane frame.
struct Footprint {
    float x, y;    // d . A_i, d . A_j with d = B - P, d.z = 0
    float hx, hy;  // h[i], h[j]
    int i, j;      // the in-plane axes
    int col, row;  // -1, 0 or +1: the region (x < -hx strict, x > hx strict, else 0)
};

Footprint footprint(const Capsule& cap, const Box& box) {
    Footprint f{};
    f.i = (most_vertical_axis(box) + 1) % 3;
    f.j = (f.i + 1) % 3;
    f.hx = box.half[f.i];
    f.hy = box.half[f.j];
    Vec3 d = cap.base - box.centre;
    d.z = 0.0f;
    f.x = dot(d, box.axis[f.i]);
    f.y = dot(d, box.axis[f.j]);
    f.col = f.x < -f.hx ? -1 : (f.x > f.hx ? 1 : 0);
    f.row = f.y < -f.hy ? -1 : (f.y > f.hy ? 1 : 0);
    return f;
}

// A face region: SideInterval on the mirrored coordinate, normal +-A_i or +-A_j, w 1.
bool face(Contact& c, const Box& box, const Footprint& f, float r) {
    const bool across_x = f.col != 0;
    const float coord = across_x ? f.x : f.y;
    const int side = across_x ? f.col : f.row;
    const std::optional<float> depth = across_x
                                           ? capsule_box_side_interval(side < 0 ? coord : -coord, f.y, r, f.hx, f.hy)
                                           : capsule_box_side_interval(side < 0 ? coord : -coord, f.x, r, f.hy, f.hx);
    if (!depth) return false;
    const Vec3 axis = box.axis[across_x ? f.i : f.j];
    c.write(c.other.normal, with_w(side < 0 ? -axis : axis, 1.0f));
    c.write(c.depth, *depth);
    return true;
}

// A corner region: CornerCircle on the mirrored point. The normal is normalised
// in xyz only (vrsqrt); its w is left as the slot held it.
bool corner(Contact& c, const Box& box, const Footprint& f, float r, Quirks quirks) {
    const float mx = f.col < 0 ? f.x : -f.x;
    const float my = f.row < 0 ? f.y : -f.y;
    const std::optional<float> depth = capsule_box_corner_circle(mx, my, r, f.hx, f.hy);
    if (!depth) return false;

    // The offset from the corner to the footprint centre. The (-, -) corner's is
    // built from the opposite corner (+hx, +hy) in the original: still outward,
    // but skewed.
    float ox = f.col < 0 ? f.x + f.hx : f.x - f.hx;
    float oy = f.row < 0 ? f.y + f.hy : f.y - f.hy;
    if (f.col < 0 && f.row < 0 && quirks.has(Quirk::capsule_box_opposite_corner)) {
        ox = f.x - f.hx;
        oy = f.y - f.hy;
    }
    // The original puts (ox, oy, 0) through axes A0 and A1 whatever i and j are:
    // right only when A2 is the most vertical axis (every upright-posed box).
    const bool axes01 = quirks.has(Quirk::capsule_box_corner_axes01);
    const Vec3& ax = box.axis[axes01 ? 0 : f.i];
    const Vec3& ay = box.axis[axes01 ? 1 : f.j];
    c.write_xyz(c.other.normal, normalize_rsqrt(ox * ax + oy * ay));

    // The original's depth is the kernel's r^2 - distance^2 (m^2); corrected, the
    // distance to the true corner in metres.
    float d = *depth;
    if (!quirks.has(Quirk::capsule_box_overlap_squared_depth)) {
        const float dx = mx + f.hx, dy = my + f.hy;
        d = r - std::sqrt(dx * dx + dy * dy);
    }
    c.write(c.depth, d);
    return true;
}

// The footprint centre over the box: always a hit. The original picks the face
// by the signed x < y; corrected, the nearest face (the x face on a tie).
void over_box(Contact& c, const Box& box, const Footprint& f, float r, Quirks quirks) {
    const float gap_x = f.hx - std::fabs(f.x);
    const float gap_y = f.hy - std::fabs(f.y);
    const bool use_j = quirks.has(Quirk::capsule_box_overlap_face_choice) ? f.x < f.y : gap_y < gap_x;
    const float coord = use_j ? f.y : f.x;
    const Vec3 axis = box.axis[use_j ? f.j : f.i];
    c.write(c.other.normal, with_w(coord < 0.0f ? -axis : axis, 1.0f));
    c.write(c.depth, (use_j ? gap_y : gap_x) + r);
}

}  // namespace

// PhysicsOverlap_CapsuleBox, 0x00346808: the capsule's radius and base x, y
// against the box's footprint. +0x50 gets the box's outward normal towards the
// capsule, +0x88 the depth; a failed kernel returns 0 at once, writing nothing.
bool physics_overlap_capsule_box(Contact& c, const Shape& own, const Shape& other, Quirks quirks) {
    const Capsule& cap = own.capsule;
    const Box& box = other.box;
    const Footprint f = footprint(cap, box);
    if (f.col == 0 && f.row == 0) {
        over_box(c, box, f, cap.radius, quirks);
        return true;
    }
    if (f.col == 0 || f.row == 0) return face(c, box, f, cap.radius);
    return corner(c, box, f, cap.radius, quirks);
}

// PhysicsOverlap_BoxCapsule, 0x00346d18: CapsuleBox(c, other, own), then on a hit
// the two 0x40-byte halves are swapped wholesale (+0x80 on untouched). +0x10 then
// holds the box's normal towards the capsule. +0x50 holds what +0x10 held before,
// which CapsuleBox never writes: stack leftovers in the original, and no caller
// reads it. We write the capsule-side normal there (the negated box normal, with
// the box normal's w where it has one), as the spec asks (docs/decisions.md).
bool physics_overlap_box_capsule(Contact& c, const Shape& own, const Shape& other, Quirks quirks) {
    if (!physics_overlap_capsule_box(c, other, own, quirks)) return false;
    c.swap_halves();
    c.write_xyz(c.other.normal, -xyz(c.own.normal));
    if (c.was_written(offs::own_normal + 12, 4)) c.write(c.other.normal.w, c.own.normal.w);
    return true;
}

}  // namespace levelsweep
