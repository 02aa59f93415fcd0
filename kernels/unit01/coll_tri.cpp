// Spec Unit 1, "The working triangle": the CollTri_* routines that fill it.
#include <cmath>

#include "levelsweep/triangle.hpp"

namespace levelsweep {

WorkingTriangle WorkingTriangle::from_corners(const Vec3& v0, const Vec3& v1, const Vec3& v2) {
    WorkingTriangle t;
    t.v[0] = with_w(v0, 1.0f);
    t.v[1] = with_w(v1, 1.0f);
    t.v[2] = with_w(v2, 1.0f);
    return t;
}

// CollTri_ComputeEdges, 0x00343a90: edge k runs from corner k to corner k+1.
void coll_tri_compute_edges(WorkingTriangle& t, bool normalise) {
    for (int k = 0; k < 3; ++k) t.e[k] = with_w(xyz(t.v[(k + 1) % 3]) - xyz(t.v[k]), 1.0f);
    if (normalise) coll_tri_compute_edge_normals(t);
}

// CollTri_ComputeEdgeNormals, 0x00343b20: VU0 vsqrt of e.e, FPU 1/len, VU0
// scale of x, y, z (w kept). The EE's 1/0 is FLT_MAX and 0 x FLT_MAX is 0, so a
// zero edge stays zero; IEEE would make it NaN, hence the explicit case.
void coll_tri_compute_edge_normals(WorkingTriangle& t) {
    for (int k = 0; k < 3; ++k) {
        const Vec3 e = xyz(t.e[k]);
        const float len = std::sqrt(dot(e, e));
        t.edge_length[k] = len;
        const Vec3 unit = len == 0.0f ? Vec3{} : (1.0f / len) * e;
        t.e[k] = with_w(unit, t.e[k].w);
    }
}

// CollTri_ComputeNormal, 0x00343c30: c = (v1 - v0) x (v2 - v0), n = c * rsqrt(c.c).
void coll_tri_compute_normal(WorkingTriangle& t) {
    const Vec3 v0 = xyz(t.v[0]);
    const Vec3 c = cross(xyz(t.v[1]) - v0, xyz(t.v[2]) - v0);
    t.n = with_w(normalize_rsqrt(c), 1.0f);
}

// CollTri_Flip, 0x00343c90: swap +0x10 and +0x20 whole, n.xyz *= -1 (w kept).
// Edges and d are not recomputed: callers flip before computing them.
void coll_tri_flip(WorkingTriangle& t) {
    const Vec4 v1 = t.v[1];
    t.v[1] = t.v[2];
    t.v[2] = v1;
    t.n = {-1.0f * t.n.x, -1.0f * t.n.y, -1.0f * t.n.z, t.n.w};
}

// The sphere sweep's plane constant, 0x00348e24-0x00348e64: d = v0.n.
void coll_tri_compute_plane(WorkingTriangle& t) { t.d = dot(xyz(t.v[0]), xyz(t.n)); }

WorkingTriangle prepare_triangle(const Vec3& v0, const Vec3& v1, const Vec3& v2) {
    WorkingTriangle t = WorkingTriangle::from_corners(v0, v1, v2);
    coll_tri_compute_normal(t);
    coll_tri_compute_edges(t, false);
    coll_tri_compute_plane(t);
    return t;
}

}  // namespace levelsweep
