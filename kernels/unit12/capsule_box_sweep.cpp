// Spec Unit 12: PhysicsSweep_CapsuleBox and its mirror: the region of the
// capsule's base in the box's plane, the step, and the contact record.
#include <cmath>

#include "levelsweep/capsule_box_sweep.hpp"

namespace levelsweep {

namespace {

// The step of a region on the folded coordinates (0x0034485c-0x00344f34): neg_x
// and neg_y fold the start left of and below the rectangle; swap hands the side
// step (y, x) for the sides above and below. The step's touch point comes back
// unfolded, (0, 0) when the step returned -1 (negated zeros stay -0.0).
struct RegionStep {
    int result = 0;
    float fraction = 0.0f;
    PlanePoint point;
};
RegionStep run_region_step(bool corner, bool neg_x, bool neg_y, bool swap, float x, float y, float r, float mx,
                           float my, float hx, float hy, int flag, Quirks quirks) {
    const float fx = neg_x ? -x : x, fy = neg_y ? -y : y;
    const float fmx = neg_x ? -mx : mx, fmy = neg_y ? -my : my;
    const CapsuleBoxStep st = corner ? capsule_box_sweep_corner(fx, fy, r, fmx, fmy, hx, hy, flag, quirks)
                              : swap ? capsule_box_sweep_side(fy, fx, r, fmy, fmx, hy, hx, flag)
                                     : capsule_box_sweep_side(fx, fy, r, fmx, fmy, hx, hy, flag);
    RegionStep out;
    out.result = st.result;
    out.fraction = st.fraction.value_or(0.0f);
    PlanePoint p = st.point.value_or(PlanePoint{});
    if (swap) p = {p.y, p.x};
    out.point = {neg_x ? -p.x : p.x, neg_y ? -p.y : p.y};
    return out;
}

// The box's plane (0x003446d0-0x0034485c): u is the most vertical axis, a
// strict > scan from -1 (the first wins a tie); i and j follow it. The base's
// offset d = B - P and the move, each with z set to 0, along A_i and A_j.
struct Plane {
    Vec3 Ai, Aj;
    float hx, hy;
    float x, y, mx, my;
};
Plane plane_of(const Box& box, const Vec3& base, const Vec4& move) {
    int u = -1;
    float most = -1.0f;
    for (int k = 0; k < 3; ++k) {
        if (std::fabs(box.axis[k].z) > most) {
            most = std::fabs(box.axis[k].z);
            u = k;
        }
    }
    const int i = (u + 1) % 3, j = (i + 1) % 3;  // all-NaN z lanes leave u = -1: i = 0, j = 1
    const Vec3 d_full = base - box.centre;
    const Vec3 d{d_full.x, d_full.y, 0.0f};
    const Vec3 m{move.x, move.y, 0.0f};
    const Vec3& Ai = box.axis[i];
    const Vec3& Aj = box.axis[j];
    return {Ai, Aj, box.half[i], box.half[j], dot(d, Ai), dot(d, Aj), dot(m, Ai), dot(m, Aj)};
}

// The corner rule (0x00344f38-0x00344fa4) for the corner (sx.hx, sy.hy). At
// fraction 0, n0: the offset from that corner, except that the (-, -) corner
// takes the opposite corner (+hx, +hy) (a quirk). Else the offset from the
// touch point to the capsule's start (a quirk: not its centre at contact). Then
// put in A0 and A1's slots whatever i and j are (a quirk: right when u = 2).
Vec3 corner_normal(const Box& box, const Plane& pl, float sx, float sy, float f, const PlanePoint& touch,
                   Quirks quirks) {
    const bool opposite = quirks.has(Quirk::capsule_box_opposite_corner) && sx < 0.0f && sy < 0.0f;
    Vec3 n = opposite ? Vec3{pl.x - pl.hx, pl.y - pl.hy, 0.0f} : Vec3{pl.x - sx * pl.hx, pl.y - sy * pl.hy, 0.0f};
    if (f > 0.0f) {
        n = quirks.has(Quirk::capsule_box_start_centre_normal)
                ? Vec3{pl.x - touch.x, pl.y - touch.y, 0.0f}
                : Vec3{(pl.x + f * pl.mx) - touch.x, (pl.y + f * pl.my) - touch.y, 0.0f};
    }
    const bool axes01 = quirks.has(Quirk::capsule_box_corner_axes01);
    return normalize_rsqrt(n.x * (axes01 ? box.axis[0] : pl.Ai) + n.y * (axes01 ? box.axis[1] : pl.Aj));
}

}  // namespace

// PhysicsSweep_CapsuleBox, 0x00344618.
bool physics_sweep_capsule_box(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks) {
    const Capsule& cap = own.capsule;
    const Box& box = other.box;
    const int flag = capsule_box_sweep_flag(own_body, other_body);
    const Plane pl = plane_of(box, cap.base, move);

    // Region: strictly outside, inclusive inside (x = +-hx is the middle column).
    const bool left = pl.x<-pl.hx, right = pl.x> pl.hx, below = pl.y<-pl.hy, above = pl.y> pl.hy;
    const bool outside_x = left || right, outside_y = below || above;
    const bool corner = outside_x && outside_y;
    RegionStep st;  // over the box: a hit at fraction 0 whatever the move, at (0, 0)
    if (outside_x || outside_y) {
        st = run_region_step(corner, right, above, !outside_x, pl.x, pl.y, cap.radius, pl.mx, pl.my, pl.hx, pl.hy, flag,
                             quirks);
        if (st.result == 0) return false;
    }
    const float f = st.fraction;
    // A fraction above 1.0 is no hit (c.le: exactly 1.0 hits).
    if (f > 1.0f) return false;
    // Corrected: a negative fraction (the past root of a receding path, flag 1) is no hit.
    if (f < 0.0f && !quirks.has(Quirk::capsule_box_negative_fraction)) return false;

    const float sx = right ? 1.0f : -1.0f, sy = above ? 1.0f : -1.0f;  // the region's side or corner
    if (corner)
        c.write_xyz(c.other.normal, corner_normal(box, pl, sx, sy, f, st.point, quirks));  // w: never set
    else if (outside_x)
        c.write(c.other.normal, with_w(sx * pl.Ai, 1.0f));
    else if (outside_y)
        c.write(c.other.normal, with_w(sy * pl.Aj, 1.0f));
    else  // over the box: an unsigned axis, A_j when |x| < |y|
        c.write(c.other.normal, with_w(std::fabs(pl.x) < std::fabs(pl.y) ? pl.Aj : pl.Ai, 1.0f));

    // The slide: the region's diagonal for a corner, else (0, 0, 0, 1) (0x005116c0);
    // reset for an airborne owner (0x00344fa8-0x00344fdc), +0xb0 unchanged.
    Vec4 slide{0, 0, 0, 1};
    if (corner) slide = with_w(normalize_rsqrt(sx * pl.Ai + sy * pl.Aj), 1.0f);
    if (own_body.owner_object_flags & Body::owner_airborne) slide = {0, 0, 0, 1};

    write_capsule_sweep_record(c, cap, move, f, st.point, slide, corner ? 1u : 0u);
    return true;
}

// The contact (0x00345000-0x003450c8): the axis point at mid-height.
void write_capsule_sweep_record(Contact& c, const Capsule& cap, const Vec4& move, float f, const PlanePoint& touch,
                                const Vec4& slide, std::uint32_t flags) {
    const float mid_z = (cap.base.z + f * move.z) + cap.height / 2.0f;
    c.write(c.own.normal, with_w(normalize_rsqrt(xyz(move)), move.w));
    c.write(c.other.local, Vec4{touch.x, touch.y, mid_z, 1.0f});
    c.write(c.fraction, f);
    c.write(c.point, Vec4{cap.base.x + f * move.x, cap.base.y + f * move.y, mid_z, 1.0f});
    c.write(c.slide, slide);
    c.write(c.flags, flags);
}

// PhysicsSweep_BoxCapsule, 0x00345108: the capsule-box sweep with the move
// negated (w kept), then the halves swapped wholesale (+0x80 on untouched).
bool physics_sweep_box_capsule(Contact& c, const Body& own_body, const Shape& own, const Body& other_body,
                               const Shape& other, const Vec4& move, Quirks quirks) {
    const Vec4 reversed{-move.x, -move.y, -move.z, move.w};
    if (!physics_sweep_capsule_box(c, other_body, other, own_body, own, reversed, quirks)) return false;
    c.swap_halves();
    return true;
}

}  // namespace levelsweep
