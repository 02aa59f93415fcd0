// Spec Unit 5: the four region steps of Sweep_SphereOrientedBox. Every step
// works on a start folded into the box's positive octant, in its own axis order.
#include <cmath>

#include "levelsweep/sphere_box_sweep.hpp"
#include "levelsweep/triangle.hpp"
#include "sphere_box_exact.hpp"

namespace levelsweep {

namespace {

SphereBoxStep touching() { return {-1, 0.0f, std::nullopt}; }
SphereBoxStep hit(float fraction, const Vec3& point) { return {1, fraction, point}; }

// The exact first touch (sphere_box_exact.hpp), as a step's result.
SphereBoxStep exact(const Vec3& half, const Vec3& start, const Vec3& move, float r) {
    const auto entry = detail::rounded_box_entry(half, start, move, r);
    return entry ? hit(entry->fraction, entry->point) : SphereBoxStep{};
}

// The edge the move heads for on one face axis (SphereBox_SweepCorner step 3):
// k / |mw| is how far past that edge the centre is when it reaches the plane
// w = c + r, plus r.|m|/|mw|.
struct EdgeChoice {
    float s;  // +1 or -1: which edge
    float k;
};
EdgeChoice face_edge_choice(float u, float a, float mu, float mw, float g) {
    if (mu >= 0.0f) return {1.0f, mu * g - mw * (u - a)};
    return {-1.0f, mw * (u + a) - mu * g};
}

// Reorders a triple: out[i] = v[perm[i]].
Vec3 gather(const Vec3& v, const int perm[3]) {
    const float f[3] = {v.x, v.y, v.z};
    return {f[perm[0]], f[perm[1]], f[perm[2]]};
}
// The inverse: out[perm[i]] = v[i].
Vec3 scatter(const Vec3& v, const int perm[3]) {
    float f[3];
    f[perm[0]] = v.x;
    f[perm[1]] = v.y;
    f[perm[2]] = v.z;
    return {f[0], f[1], f[2]};
}

// A step run in permuted axes, its point mapped back.
template <class Step>
SphereBoxStep permuted(const int perm[3], Step step) {
    SphereBoxStep s = step();
    if (s.point) s.point = scatter(*s.point, perm);
    return s;
}

}  // namespace

// SphereBox_SweepCorner, 0x0034b040: the face-region step (the name is from an
// earlier pass; it reaches the corner only as its last case).
SphereBoxStep sphere_box_sweep_corner(const Vec3& half, const Vec3& start, const Vec3& move, float r, bool t0,
                                      Quirks quirks) {
    const float a = half.x, b = half.y, c = half.z;
    const float u = start.x, v = start.y, w = start.z;
    const float mu = move.x, mv = move.y, mw = move.z;
    // Step 1: already within r of the face plane.
    if (t0 && w <= c + r) return touching();
    // Step 2: not moving towards the face plane.
    if (mw >= 0.0f) return {};
    const float g = w - c;
    const EdgeChoice cu = face_edge_choice(u, a, mu, mw, g);
    const EdgeChoice cv = face_edge_choice(v, b, mv, mw, g);
    const bool u_over = cu.k <= r * std::fabs(mu);  // still over the face in u when reaching w = c + r
    const bool v_over = cv.k <= r * std::fabs(mv);
    const float rr = r * r;
    const float au = mu * mu + mw * mw;
    const float av = mv * mv + mw * mw;
    // Step 4: the face itself (ku = r.|mu| takes the face).
    if (u_over && v_over) {
        const float f = (r - g) / mw;
        return hit(f, {u + f * mu, v + f * mv, c});
    }
    // The corner sphere at (su.a, sv.b, c), or nothing when the line misses it.
    const auto corner = [&](float su, float sv) -> SphereBoxStep {
        const Vec3 q{u - su * a, v - sv * b, g};
        if (length_sq(cross(q, move)) > rr * length_sq(move)) return {};
        return hit(ray_sphere_root(q, move, rr), {su * a, sv * b, c});
    };
    // Corrected: an edge contact past the face's end is a graze near a corner,
    // and the first touch there is the corner sphere (docs/decisions.md).
    const bool graze_quirk = quirks.has(Quirk::sphere_box_edge_graze);
    // Steps 5 and 6: one edge, as an infinite line (the other coordinate is not clamped).
    if (!u_over && v_over) {
        if (cu.k * cu.k > rr * au) return {};  // the path passes the edge farther than r
        const float f = ray_circle_root(u - cu.s * a, g, mu, mw, au, rr);
        const float v_at = v + f * mv;
        if (!graze_quirk && cv.s * v_at > b) return corner(cu.s, cv.s);
        return hit(f, {cu.s * a, v_at, c});
    }
    if (u_over && !v_over) {
        if (cv.k * cv.k > rr * av) return {};
        const float f = ray_circle_root(v - cv.s * b, g, mv, mw, av, rr);
        const float u_at = u + f * mu;
        if (!graze_quirk && cu.s * u_at > a) return corner(cu.s, cv.s);
        return hit(f, {u_at, cv.s * b, c});
    }
    // Step 7: beyond both edges: the corner sphere only. (Past both edges when
    // reaching w = c + r and moving away from both, the corner is the nearest
    // feature from then on, so no edge contact is lost here.)
    if (cu.k * cu.k > rr * au || cv.k * cv.k > rr * av) return {};
    return corner(cu.s, cv.s);
}

// SphereBox_SweepEdge, 0x0034b3b8: one edge's cylinder, or the end corner the
// move heads for when the centre leaves the edge's length still farther than r
// from its line.
SphereBoxStep sphere_box_sweep_edge(float q, float h1, float b, float h2, float e1, float e2, float m1, float mq,
                                    float m2, float r, Quirks quirks) {
    const float sq = mq >= 0.0f ? 1.0f : -1.0f;
    const float f = mq >= 0.0f ? q - b : q + b;
    // Offsets from the edge line, times |mq|, when the centre crosses the end plane.
    const float j1 = sq * (e1 * mq - f * m1);
    const float j2 = sq * (e2 * mq - f * m2);
    const float rr = r * r;
    if (j1 >= 0.0f && j2 >= 0.0f && rr * (mq * mq) < j1 * j1 + j2 * j2) {
        // Corrected: past the end the centre is in the end corner's region, where
        // the two other edges through that corner can come first (docs/decisions.md).
        if (!quirks.has(Quirk::sphere_box_edge_end_corner))
            return exact({h1, b, h2}, {h1 + e1, q, h2 + e2}, {m1, mq, m2}, r);
        const Vec3 qv{e1, f, e2};
        const Vec3 m{m1, mq, m2};
        if (length_sq(cross(qv, m)) > rr * length_sq(m)) return {};  // the line misses the end corner
        return hit(ray_sphere_root(qv, m, rr), {h1, sq * b, h2});
    }
    // No "line misses the cylinder" test: the callers come here only when the
    // path passes within r of the edge line.
    const float f_cyl = ray_circle_root(e1, e2, m1, m2, m1 * m1 + m2 * m2, rr);
    return hit(f_cyl, {h1, q + f_cyl * mq, h2});
}

// SphereBox_SweepEdges, 0x0034b600: the edge-region step (P, Q, R), Q along the edge.
SphereBoxStep sphere_box_sweep_edges(const Vec3& half, const Vec3& start, const Vec3& move, float r, bool t0,
                                     Quirks quirks) {
    const float a = half.x, b = half.y, c = half.z;
    const float q = start.y;
    const float mp = move.x, mq = move.y, ms = move.z;
    const float ep = start.x - a, es = start.z - c;
    // Step 1: already within r of the edge line.
    if (t0 && (ep * ep + es * es) - r * r <= 0.0f) return touching();
    // Step 2: not approaching the edge line in the P-R plane.
    if (mp * ep + ms * es >= 0.0f) return {};
    // k / |mp|: the centre's height above the R face plane as it crosses p = a;
    // -k / |ms|: how far out along P it is as it crosses s = c.
    const float k = ms * ep - mp * es;
    const bool graze_quirk = quirks.has(Quirk::sphere_box_edge_region_graze);
    if (k >= 0.0f) {
        if (mp >= 0.0f) return {};
        if (k <= r * std::fabs(mp)) {
            // The edge, axis 1 = R, axis 2 = P: the step's (R, Q, P) back to (P, Q, R).
            static constexpr int perm[3] = {2, 1, 0};
            return permuted(perm, [&] { return sphere_box_sweep_edge(q, c, b, a, es, ep, ms, mq, mp, r, quirks); });
        }
        // Corrected: a path moving away from the R face (which that face's step
        // rejects at once) may still graze the edge (docs/decisions.md).
        if (!graze_quirk && ms >= 0.0f) return exact(half, start, move, r);
        return sphere_box_sweep_corner(half, start, move, r, false, quirks);  // the R face
    }
    if (ms >= 0.0f) return {};
    if (k >= r * ms) return sphere_box_sweep_edge(q, a, b, c, ep, es, mp, mq, ms, r, quirks);  // the edge, axis 1 = P
    // Corrected: the same for a path moving away from the P face.
    if (!graze_quirk && mp >= 0.0f) return exact(half, start, move, r);
    // The P face: (u, v, w) = (R, Q, P).
    static constexpr int perm[3] = {2, 1, 0};
    return permuted(perm, [&] {
        return sphere_box_sweep_corner(gather(half, perm), gather(start, perm), gather(move, perm), r, false, quirks);
    });
}

// SphereBox_SweepFaceEdges, 0x0034b7b0: the corner-region step (the name is
// from an earlier pass). No t0 flag: the touching test always runs.
SphereBoxStep sphere_box_sweep_face_edges(const Vec3& half, const Vec3& start, const Vec3& move, float r,
                                          Quirks quirks) {
    const Vec3 e = start - half;
    const float mx = move.x, my = move.y, mz = move.z;
    const float rr = r * r;
    // Step 1: already within r of the corner.
    if (length_sq(e) - rr <= 0.0f) return touching();
    // Step 2: not approaching the corner.
    if (dot(move, e) >= 0.0f) return {};
    // Where the centre crosses the plane of one axis, its offsets from the
    // corner on the other two, times that axis's move.
    const float g2 = mx * e.z - mz * e.x;
    const float g3 = my * e.z - mz * e.y;
    const float g4 = my * e.x - mx * e.y;
    const bool cross_x = g2 < 0.0f && g4 >= 0.0f;  // reaches x = hx first, still outside y and z
    const bool cross_y = g4 < 0.0f && g3 < 0.0f;
    const bool cross_z = g2 >= 0.0f && g3 >= 0.0f;
    bool corner = (cross_x && g2 * g2 + g4 * g4 <= rr * (mx * mx)) ||
                  (cross_y && g3 * g3 + g4 * g4 <= rr * (my * my)) || (cross_z && g2 * g2 + g3 * g3 <= rr * (mz * mz));
    // Corrected: the original asks for the distance at the first plane crossing;
    // a path that touches the corner sphere earlier and is farther than r at the
    // crossing is a graze it loses. Take the corner whenever its root lies in the
    // corner's region (docs/decisions.md).
    if (!corner && !quirks.has(Quirk::sphere_box_corner_region_graze) &&
        length_sq(cross(e, move)) <= rr * length_sq(move)) {
        const Vec3 at = e + ray_sphere_root(e, move, rr) * move;
        corner = at.x >= 0.0f && at.y >= 0.0f && at.z >= 0.0f;
    }
    if (corner) {
        const float f = ray_sphere_root(e, move, rr);
        // 0x0034b984: the original reports the sphere's centre at contact, not the corner.
        const Vec3 point = quirks.has(Quirk::sphere_box_corner_point_centre) ? start + f * move : half;
        return hit(f, point);
    }
    // One of the three edges through the corner, by the edge-region step with t0 = 0.
    static constexpr int along_x[3] = {1, 0, 2};  // P = y, Q = x, R = z
    static constexpr int along_y[3] = {0, 1, 2};  // P = x, Q = y, R = z
    static constexpr int along_z[3] = {0, 2, 1};  // P = x, Q = z, R = y
    const int* perm = cross_x ? along_x : cross_y ? along_y : along_z;
    return permuted(perm, [&] {
        return sphere_box_sweep_edges(gather(half, perm), gather(start, perm), gather(move, perm), r, false, quirks);
    });
}

}  // namespace levelsweep
