// levelsweep: spec Unit 1, the triangle sphere-sweep kernels (reference path).
//
// A literal float32 transcription of geometry-kernels.txt, Unit 1: the working
// triangle every mesh test fills, a moving sphere against one triangle (the face,
// then an edge as a capsule or a corner's region), the point-to-triangle distance
// and the sphere-triangle penetration. Each function names the original's
// routine and address. Outputs the original may leave unwritten are optionals.
#pragma once

#include <optional>

#include "levelsweep/quirks.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

// The working triangle, +0x00 to +0x80 of the caller's stack record (Unit 1,
// "The working triangle").
struct WorkingTriangle {
    Vec4 v[3];                                  // +0x00, +0x10, +0x20: corners v0, v1, v2
    Vec4 e[3];                                  // +0x30, +0x40, +0x50: e0 = v1-v0, e1 = v2-v1, e2 = v0-v2, w 1
    float edge_length[3] = {0.0f, 0.0f, 0.0f};  // +0x60..+0x68: only when the edges were normalised
    float unused6c = 0.0f;                      // +0x6c
    Vec4 n;                                     // +0x70: unit normal, w 1
    float d = 0.0f;                             // +0x80: plane constant v0.n

    static WorkingTriangle from_corners(const Vec3& v0, const Vec3& v1, const Vec3& v2);
};

// CollTri_ComputeEdges (0x00343a90): e0, e1, e2 with w = 1; with `normalise`,
// then CollTri_ComputeEdgeNormals. The mesh sweeps pass normalise = false.
void coll_tri_compute_edges(WorkingTriangle& t, bool normalise);
// CollTri_ComputeEdgeNormals (0x00343b20), misnamed: divides each edge by its
// length and stores the lengths at +0x60. A zero edge stays zero (EE 0 x FLT_MAX).
void coll_tri_compute_edge_normals(WorkingTriangle& t);
// CollTri_ComputeNormal (0x00343c30): n = c / sqrt(c.c), c = (v1-v0) x (v2-v0), w 1.
// A degenerate triangle gets n = 0, as the EE's rsqrt(0) = FLT_MAX gives.
void coll_tri_compute_normal(WorkingTriangle& t);
// CollTri_Flip (0x00343c90): swaps v1 and v2 and negates n.xyz; edges and d stay.
void coll_tri_flip(WorkingTriangle& t);
// The mesh callers' plane constant d = v0.n (0x00348e24-0x00348e64).
void coll_tri_compute_plane(WorkingTriangle& t);
// Edges (unnormalised), normal and plane, as the mesh sweeps prepare a triangle.
WorkingTriangle prepare_triangle(const Vec3& v0, const Vec3& v1, const Vec3& v2);

// Segment_SphereIntersect (0x0034e120): does A + u.E, u in [0, 1], meet the
// closed ball (C, r)? count and points as the spec lists them.
struct SegmentSphereHit {
    bool hit = false;
    int count = 0;
    Vec4 points[2];
};
SegmentSphereHit segment_sphere_intersect(const Vec3& A, const Vec3& E, const Vec3& C, float r);

// Ray_InfiniteCylinder (0x0034d938), misnamed: the move M of a point c against the
// capsule of radius r around A..A+E. Roots are fractions of M, listed wall, then
// A cap, then B cap (not by time).
struct CapsuleRoots {
    int count = 0;
    float roots[2] = {0.0f, 0.0f};
};
CapsuleRoots ray_infinite_cylinder(float r, const Vec3& c, const Vec3& M, const Vec3& A, const Vec3& E);

// SphereSweep_EdgeCylinder (0x0034dff8): the capsule roots, and the centres at
// the roots that lie in [0, 1], in list order. Returns hit when count > 0.
struct EdgeCylinderSweep {
    bool hit = false;
    int count = 0;
    Vec4 points[2];
    CapsuleRoots roots;
};
EdgeCylinderSweep sphere_sweep_edge_cylinder(float r, const Vec3& c, const Vec3& M, const Vec3& A, const Vec3& E);

// SphereSweep_Edge (0x0034e3b8): the sphere (c, r) moving by M against the
// segment A..A+E. `fraction` is not written when the step finds nothing.
// With the root-order quirk off, the earliest root in [0, 1] is reported.
struct EdgeSweep {
    bool hit = false;
    std::optional<float> fraction;
    int count = 0;  // what Segment_SphereIntersect wrote, or 1 for a capsule root
    Vec4 points[2];
    std::optional<CapsuleRoots> roots;  // set when the capsule step ran
};
EdgeSweep sphere_sweep_edge(const Vec3& A, const Vec3& E, const Vec3& c, float r, const Vec3& M,
                            Quirks quirks = Quirks::faithful());

// SphereSweep_VertexRegion (0x0034e5d0): a centre past corner k. Returns no
// contact (with fraction 0 written) when the corner is already inside the ball,
// and none when the move does not go toward the corner; otherwise the edge step
// on one of the corner's two edges. `edge_start` names that edge's first corner.
struct VertexRegionSweep {
    EdgeSweep edge;
    std::optional<int> edge_start;  // 0, 1 or 2 when an edge step ran
};
VertexRegionSweep sphere_sweep_vertex_region(int k, const WorkingTriangle& t, const Vec3& m_k, const Vec3& e_k,
                                             const Vec3& c, float r, const Vec3& M, Quirks quirks = Quirks::faithful());

// Which step Sweep_SphereTriangle dispatched to (for tests and counters).
enum class SphereTriBranch { none, face, edge, corner };

// Sweep_SphereTriangle (0x0034ee60): a sphere (c, r) moving by M against the
// working triangle (edges, normal and d filled). `mask` is the inside mask,
// unset when the kernel returned before writing it (step 3's early returns).
struct SphereTriangleSweep {
    bool hit = false;
    float fraction = 0.0f;  // the recorded fraction, valid when hit
    std::optional<int> mask;
    SphereTriBranch branch = SphereTriBranch::none;
    std::optional<CapsuleRoots> roots;  // when an edge step ran its capsule step
};
SphereTriangleSweep sweep_sphere_triangle(const WorkingTriangle& t, const Vec3& c, float r, const Vec3& M,
                                          Quirks quirks = Quirks::faithful());

// Ray_SphereRoot (0x0034af50): the smaller root of |p + t.d|^2 = R, in the
// non-cancelling form, with no miss test (|discriminant| is used).
float ray_sphere_root(const Vec3& p, const Vec3& d, float R);
// Ray_CircleRoot (0x0034afd8): the 2D form; `a` is supplied (normally |d|^2).
float ray_circle_root(float px, float py, float dx, float dy, float a, float R);

// PointTriangle_DistanceSq (0x0034e840): Eberly's region method, in the spec's
// test order. Closest point v0 + s.E0 + t.E1.
struct PointTriangleDistance {
    float distance_sq = 0.0f;
    float s = 0.0f;
    float t = 0.0f;
};
PointTriangleDistance point_triangle_distance_sq(const Vec3& P, const Vec3& v0, const Vec3& v1, const Vec3& v2);

// SphereTriangle_Penetration (0x0034edd0): depth r - sqrt(q) when q < r^2
// (strict); otherwise no depth is written.
std::optional<float> sphere_triangle_penetration(const Vec3& centre, float r, const Vec3& v0, const Vec3& v1,
                                                 const Vec3& v2);

}  // namespace levelsweep
