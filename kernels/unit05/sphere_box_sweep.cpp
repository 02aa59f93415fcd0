// Spec Unit 5: Sweep_SphereOrientedBox, the sphere-box kernel: fold, region, step, unfold.
#include <algorithm>

#include "levelsweep/sphere_box_sweep.hpp"

namespace levelsweep {

namespace {

float clamp_to(float v, float h) { return v < -h ? -h : (v > h ? h : v); }

// v with z set to 0, normalised (VU0 vrsqrt). A zero vector (the start centre
// straight above or below the box centre) gives (0, 0, 0): the original's
// rsqrt(0) result is not meaningful, and we write (0, 0, 0, 1) (docs/decisions.md).
Vec4 horizontal_unit(const Vec3& v) { return with_w(normalize_rsqrt({v.x, v.y, 0.0f}), 1.0f); }

// One region of the start centre (spec Unit 5, "Region of the start centre"): the
// step it calls, its axes as a permutation of the box's (step axis i is box axis
// perm[i]), the feature type and the index from the signs.
enum class StepKind { face, edge, corner };
struct Region {
    StepKind kind;
    int perm[3];
    int type;
    int index;
};

// Feature index from the fold signs (0x0034bf88-0x0034c240).
int sign_index(bool first_positive, bool second_positive, const int table[4]) {
    return table[(first_positive ? 2 : 0) + (second_positive ? 1 : 0)];
}

Region region_of(const bool within[3], const float s[3]) {
    const bool p0 = s[0] > 0.0f, p1 = s[1] > 0.0f, p2 = s[2] > 0.0f;
    if (within[0] && within[1]) return {StepKind::face, {0, 1, 2}, sphere_box_face, p2 ? 4 : 5};  // face z
    if (within[0] && within[2]) return {StepKind::face, {0, 2, 1}, sphere_box_face, p1 ? 0 : 2};  // face y
    if (within[1] && within[2]) return {StepKind::face, {1, 2, 0}, sphere_box_face, p0 ? 1 : 3};  // face x
    // Index tables keyed by (first sign, second sign): (-,-), (-,+), (+,-), (+,+).
    static constexpr int along_x[4] = {10, 11, 9, 8};                                                 // (s1, s2)
    static constexpr int along_y[4] = {4, 5, 6, 7};                                                   // (s0, s2)
    static constexpr int along_z[4] = {3, 0, 2, 1};                                                   // (s0, s1)
    if (within[0]) return {StepKind::edge, {1, 0, 2}, sphere_box_edge, sign_index(p1, p2, along_x)};  // P y, Q x, R z
    if (within[1]) return {StepKind::edge, {0, 1, 2}, sphere_box_edge, sign_index(p0, p2, along_y)};  // P x, Q y, R z
    if (within[2]) return {StepKind::edge, {0, 2, 1}, sphere_box_edge, sign_index(p0, p1, along_z)};  // P x, Q z, R y
    // Corner, keyed by (s0, s1, s2) as bits 4, 2, 1 of the table position.
    static constexpr int corner[8] = {7, 4, 3, 0, 6, 5, 2, 1};
    return {StepKind::corner, {0, 1, 2}, sphere_box_corner, corner[(p0 ? 4 : 0) + (p1 ? 2 : 0) + (p2 ? 1 : 0)]};
}

Vec3 gather(const float v[3], const int perm[3]) { return {v[perm[0]], v[perm[1]], v[perm[2]]}; }

SphereBoxStep run_step(const Region& reg, const float h[3], const float d[3], const float m[3], float r,
                       Quirks quirks) {
    const Vec3 half = gather(h, reg.perm), start = gather(d, reg.perm), move = gather(m, reg.perm);
    switch (reg.kind) {
        case StepKind::face: return sphere_box_sweep_corner(half, start, move, r, true, quirks);
        case StepKind::edge: return sphere_box_sweep_edges(half, start, move, r, true, quirks);
        case StepKind::corner: break;
    }
    return sphere_box_sweep_face_edges(half, start, move, r, quirks);
}

// The inside case (0x0034bddc-0x0034bf48): a hit at fraction 0 whatever the move.
SphereBoxSweep inside(const Box& box, const Vec3& centre, Quirks quirks) {
    SphereBoxSweep out;
    out.hit = true;
    out.fraction = 0.0f;
    out.feature_type = sphere_box_inside;
    out.feature_index = 0;
    out.world_point = with_w(centre, 1.0f);
    // Signed, not folded, and from C.A - P.A rather than (C - P).A as the region test.
    const float lx = dot(centre, box.axis[0]) - dot(box.centre, box.axis[0]);
    const float ly = dot(centre, box.axis[1]) - dot(box.centre, box.axis[1]);
    // 0x0034beb0: the third component is the sphere centre's world z, not its local z.
    const float lz = quirks.has(Quirk::sphere_box_inside_world_z)
                         ? centre.z
                         : clamp_to(dot(centre, box.axis[2]) - dot(box.centre, box.axis[2]), box.half[2]);
    out.local_point = {clamp_to(lx, box.half[0]), clamp_to(ly, box.half[1]), lz};
    out.feature_normal = horizontal_unit(centre - box.centre);
    out.direction_to_box = {-out.feature_normal.x, -out.feature_normal.y, -out.feature_normal.z, 1.0f};
    return out;
}

}  // namespace

// Sweep_SphereOrientedBox, 0x0034bbe8.
SphereBoxSweep sweep_sphere_oriented_box(float r, float max_fraction, const Box& box, const Vec3& box_move,
                                         const Vec3& centre, const Vec3& sphere_move, Quirks quirks) {
    // Local start and relative move (0x0034bc44-0x0034bd58), folded so every
    // d_i >= 0 (0x0034bcb8-0x0034bdac): the sign goes back on at the end.
    const Vec3 rel = centre - box.centre;
    const Vec3 rel_move = sphere_move - box_move;
    float d[3], m[3], s[3];
    bool within[3];
    for (int i = 0; i < 3; ++i) {
        d[i] = dot(rel, box.axis[i]);
        m[i] = dot(rel_move, box.axis[i]);
        s[i] = 1.0f;
        if (d[i] < 0.0f) {
            d[i] = -d[i];
            m[i] = -m[i];
            s[i] = -1.0f;
        }
        within[i] = d[i] <= box.half[i];  // inclusive: the radius plays no part
    }
    if (within[0] && within[1] && within[2]) return inside(box, centre, quirks);

    const Region reg = region_of(within, s);
    SphereBoxSweep out;
    out.feature_type = reg.type;  // written before the step runs
    out.feature_index = reg.index;
    SphereBoxStep step = run_step(reg, box.half, d, m, r, quirks);
    out.step_result = step.result;
    if (step.result == -1 && !quirks.has(Quirk::sphere_box_start_touching)) {
        // Corrected: a sphere already touching with its centre outside hits at
        // fraction 0, at the box point nearest the start centre (docs/decisions.md).
        float nearest[3];
        for (int i = 0; i < 3; ++i) nearest[i] = std::min(d[i], box.half[i]);
        step = {1, 0.0f, gather(nearest, reg.perm)};
    }
    // 0x0034c244-0x0034c264: only 1 counts, and fraction = max_fraction still hits.
    if (step.result != 1 || !step.fraction || !step.point || *step.fraction > max_fraction) return out;

    // 0x0034c26c-0x0034c3f4: unfold the step's point into the box's axes.
    float folded[3];
    const float p[3] = {step.point->x, step.point->y, step.point->z};
    for (int i = 0; i < 3; ++i) folded[reg.perm[i]] = p[i];
    out.hit = true;
    out.fraction = *step.fraction;
    out.local_point = {s[0] * folded[0], s[1] * folded[1], s[2] * folded[2]};
    out.feature_normal = sphere_box_to_box_space(box, reg.type, reg.index, quirks);
    out.direction_to_box = horizontal_unit(box.centre - centre);
    const Vec3 world = ((box.centre + out.local_point.x * box.axis[0]) + out.local_point.y * box.axis[1]) +
                       out.local_point.z * box.axis[2];
    out.world_point = with_w(world, 1.0f);
    return out;
}

}  // namespace levelsweep
