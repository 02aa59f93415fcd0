// Spec Unit 1: a moving sphere against one triangle. Sweep_SphereTriangle (the
// face), SphereSweep_Edge (an edge as a capsule) and SphereSweep_VertexRegion
// (a centre past a corner).
#include <cmath>

#include "levelsweep/triangle.hpp"

namespace levelsweep {

namespace {

// The earliest root in [0, 1] (corrected mode); the edge step only runs this
// after SphereSweep_EdgeCylinder found at least one.
float earliest_root_in_range(const CapsuleRoots& roots) {
    float best = 2.0f;
    for (int i = 0; i < roots.count; ++i) {
        const float t = roots.roots[i];
        if (0.0f <= t && t <= 1.0f && t < best) best = t;
    }
    return best;
}

// The centre at the reported fraction, clamped to the segment by projection
// (0x0034e3b8): E.(A+E) is formed as E.A + E.E.
Vec3 clamp_to_segment(const Vec3& A, const Vec3& E, const Vec3& Pc) {
    const float eA = dot(E, A), eP = dot(E, Pc), eB = eA + dot(E, E);
    if (eP < eA) return A;
    if (eB < eP) return A + E;
    const float u = (eP - eA) / (eB - eA);
    return A + u * E;
}

}  // namespace

// SphereSweep_Edge, 0x0034e3b8.
EdgeSweep sphere_sweep_edge(const Vec3& A, const Vec3& E, const Vec3& c, float r, const Vec3& M, Quirks quirks) {
    EdgeSweep out;
    // The segment already meets the ball: fraction 0, with that call's points.
    const SegmentSphereHit touching = segment_sphere_intersect(A, E, c, r);
    if (touching.hit) {
        out.hit = true;
        out.fraction = 0.0f;
        out.count = touching.count;
        out.points[0] = touching.points[0];
        out.points[1] = touching.points[1];
        return out;
    }
    const EdgeCylinderSweep capsule = sphere_sweep_edge_cylinder(r, c, M, A, E);
    out.roots = capsule.roots;
    if (!capsule.hit) return out;  // *fraction left unwritten
    // The original reports roots[0], the first root in the capsule's list (wall,
    // A cap, B cap), not the smallest and not necessarily in [0, 1]: late or
    // missed corner contacts (Unit 1, Ray_InfiniteCylinder "Consequence").
    const float t =
        quirks.has(Quirk::sphere_edge_root_order) ? capsule.roots.roots[0] : earliest_root_in_range(capsule.roots);
    out.hit = true;
    out.fraction = t;
    out.count = 1;
    out.points[0] = with_w(clamp_to_segment(A, E, c + t * M), 1.0f);
    return out;
}

// SphereSweep_VertexRegion, 0x0034e5d0: tests one of corner k's two edges, the
// corner being that edge's end cap.
VertexRegionSweep sphere_sweep_vertex_region(int k, const WorkingTriangle& t, const Vec3& m_k, const Vec3& e_k,
                                             const Vec3& c, float r, const Vec3& M, Quirks quirks) {
    VertexRegionSweep out;
    const Vec3 V = xyz(t.v[k]);
    const Vec3 to_corner = V - c;
    // The corner already inside the ball (strict): fraction 0 written, but no contact.
    if (dot(to_corner, to_corner) < r * r) {
        out.edge.fraction = 0.0f;
        return out;
    }
    // Moving away from or across the corner.
    if (dot(M, to_corner) <= 0.0f) return out;

    // Where the centre's path crosses edge k's side plane decides the edge.
    const float numerator = dot(m_k, V) - dot(m_k, c);
    const float speed = dot(m_k, M);
    bool use_edge_k;
    if (speed != 0.0f) {
        const float u = numerator / speed;
        const Vec3 X = c + u * M;
        use_edge_k = dot(e_k, V) <= dot(e_k, X);
    } else if (numerator == 0.0f) {
        // The EE's 0/0 clamps and the test fails on 0 x FLT_MAX sums (inferred).
        use_edge_k = false;
    } else {
        // The EE's u is +-FLT_MAX: the comparison goes by signs (spec's IEEE rule).
        const float along = dot(e_k, M);
        use_edge_k = along == 0.0f ? dot(e_k, V) <= dot(e_k, c) : (numerator > 0.0f) == (along > 0.0f);
    }
    const int start = use_edge_k ? k : (k + 2) % 3;
    const Vec3 A = xyz(t.v[start]);
    const Vec3 E = xyz(t.v[(start + 1) % 3]) - A;  // built from the corners, not read from +0x30
    out.edge_start = start;
    out.edge = sphere_sweep_edge(A, E, c, r, M, quirks);
    return out;
}

// Sweep_SphereTriangle, 0x0034ee60.
SphereTriangleSweep sweep_sphere_triangle(const WorkingTriangle& t, const Vec3& c, float r, const Vec3& M,
                                          Quirks quirks) {
    SphereTriangleSweep out;
    const Vec3 n = xyz(t.n);
    const float nn = dot(n, n);
    // A degenerate triangle (n = 0) would be "already reaching" with mask 7 and
    // hit at 0; the mesh callers never pass one, and the kernel alone returns 0
    // (Unit 1, "Edge cases", inferred).
    if (nn == 0.0f) return out;

    const float nc = dot(n, c);
    const float dist = nc - t.d;
    Vec3 P;
    float base = 0.0f;
    const bool reaching = dist * dist <= (nn * r) * r;
    if (reaching) {
        P = c;
    } else {
        const float nM = dot(n, M);
        Vec3 P0;
        if (t.d < nc) {  // centre in front
            if (!(nM < 0.0f)) return out;
            P0 = c + (-r) * n;
        } else {  // centre behind
            if (!(nM > 0.0f)) return out;
            P0 = c + r * n;
        }
        const float tp = (t.d - dot(n, P0)) / nM;
        if (tp > 1.0f) return out;
        base = tp;
        P = P0 + tp * M;
    }

    // The inside mask, bit k when m_k.P <= m_k.v_k, written in both branches
    // before the dispatch (0x0034efd4, 0x0034f43c).
    Vec3 m[3];
    int mask = 0;
    for (int k = 0; k < 3; ++k) {
        m[k] = cross(xyz(t.e[k]), n);
        if (dot(m[k], P) <= dot(m[k], xyz(t.v[k]))) mask |= 1 << k;
    }
    out.mask = mask;

    // Jump tables 0x00577450 (reaching) and 0x00577470 (swept), which differ only
    // in case 7. Edge and corner steps get the whole move and record its fraction.
    auto record = [&](const EdgeSweep& step, SphereTriBranch branch) {
        out.branch = branch;
        out.roots = step.roots;
        if (step.hit) {
            out.hit = true;
            out.fraction = *step.fraction;
        }
    };
    auto edge = [&](int k) {
        record(sphere_sweep_edge(xyz(t.v[k]), xyz(t.e[k]), c, r, M, quirks), SphereTriBranch::edge);
    };
    auto corner = [&](int k) {
        record(sphere_sweep_vertex_region(k, t, m[k], xyz(t.e[k]), c, r, M, quirks).edge, SphereTriBranch::corner);
    };
    switch (mask) {
        case 7:
            out.hit = true;
            out.fraction = base;
            out.branch = SphereTriBranch::face;
            break;
        case 6: edge(0); break;    // outside edge 0 only
        case 5: edge(1); break;    // outside edge 1 only
        case 3: edge(2); break;    // outside edge 2 only
        case 2: corner(0); break;  // outside edges 0 and 2: past v0
        case 4: corner(1); break;  // outside edges 0 and 1: past v1
        case 1: corner(2); break;  // outside edges 1 and 2: past v2
        default: break;            // 0: outside all, only a degenerate triangle
    }
    return out;
}

}  // namespace levelsweep
