// levelsweep eval: the kernels of spec Unit 1 (docs/eval.md, "Unit 1").
#include <array>

#include "eval/eval.hpp"
#include "levelsweep/triangle.hpp"

namespace levelsweep::cli {

namespace {

// The spec calls a radius r in some kernels and "radius" in the test table.
float read_radius(const json& in) { return in.contains("radius") ? read_float(in, "radius") : read_float(in, "r"); }

WorkingTriangle read_corners(const json& in) {
    return WorkingTriangle::from_corners(read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"));
}

json roots_json(const CapsuleRoots& r) {
    json out = json::array();
    for (int i = 0; i < r.count; ++i) out.push_back(r.roots[i]);
    return out;
}

json points_json(const Vec4* points, int count) {
    json out = json::array();
    for (int i = 0; i < count; ++i) out.push_back(to_json(points[i]));
    return out;
}

// Corners and edges; the normal and plane only where the routine computed them.
json triangle_json(const WorkingTriangle& t, bool with_plane) {
    json out{{"v0", to_json(t.v[0])}, {"v1", to_json(t.v[1])}, {"v2", to_json(t.v[2])},
             {"e0", to_json(t.e[0])}, {"e1", to_json(t.e[1])}, {"e2", to_json(t.e[2])}};
    if (with_plane) {
        out["n"] = to_json(t.n);
        out["d"] = t.d;
    }
    return out;
}

json compute_edges(const json& in) {
    WorkingTriangle t = read_corners(in);
    const bool normalise = in.value("normalise", false);
    coll_tri_compute_edges(t, normalise);
    json out = triangle_json(t, false);
    if (normalise) out["lengths"] = {t.edge_length[0], t.edge_length[1], t.edge_length[2]};
    return out;
}

json compute_edge_normals(const json& in) {
    WorkingTriangle t = read_corners(in);
    coll_tri_compute_edges(t, true);
    json out = triangle_json(t, false);
    out["lengths"] = {t.edge_length[0], t.edge_length[1], t.edge_length[2]};
    return out;
}

json compute_normal(const json& in) {
    WorkingTriangle t = read_corners(in);
    coll_tri_compute_normal(t);
    return {{"n", to_json(t.n)}};
}

json flip(const json& in) {
    WorkingTriangle t = prepare_triangle(read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"));
    coll_tri_flip(t);
    return triangle_json(t, true);
}

const char* branch_name(SphereTriBranch b) {
    switch (b) {
        case SphereTriBranch::face: return "face";
        case SphereTriBranch::edge: return "edge";
        case SphereTriBranch::corner: return "corner";
        case SphereTriBranch::none: break;
    }
    return "none";
}

json sweep_sphere_triangle_json(const json& in, bool keep_mask) {
    const WorkingTriangle t = prepare_triangle(read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"));
    const auto r =
        sweep_sphere_triangle(t, read_vec3(in, "centre"), read_radius(in), read_vec3(in, "move"), read_quirks(in));
    json out{
        {"return", r.hit ? 1 : 0}, {"fraction", r.hit ? json(r.fraction) : json()}, {"branch", branch_name(r.branch)}};
    // The thunk (0x0034ee40) hands the kernel a scratch word and drops it.
    if (keep_mask) out["mask"] = r.mask ? json(*r.mask) : json();
    if (r.roots) out["roots"] = roots_json(*r.roots);
    return out;
}

json sweep_sphere_triangle_entry(const json& in) { return sweep_sphere_triangle_json(in, true); }
json sweep_sphere_triangle_thunk(const json& in) { return sweep_sphere_triangle_json(in, false); }

json edge_sweep_json(const EdgeSweep& e) {
    json out{{"return", e.hit ? 1 : 0},
             {"fraction", optional_json(e.fraction)},
             {"count", e.count},
             {"points", points_json(e.points, e.count)}};
    if (e.roots) out["roots"] = roots_json(*e.roots);
    return out;
}

json sphere_sweep_edge_entry(const json& in) {
    return edge_sweep_json(sphere_sweep_edge(read_vec3(in, "A"), read_vec3(in, "E"), read_vec3(in, "centre"),
                                             read_radius(in), read_vec3(in, "move"), read_quirks(in)));
}

json vertex_region(const json& in) {
    const int k = read_int_or(in, "k", -1);
    if (k < 0 || k > 2) throw std::invalid_argument("input \"k\": expected 0, 1 or 2");
    const WorkingTriangle t = prepare_triangle(read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"));
    const Vec3 e_k = xyz(t.e[k]);
    const auto r = sphere_sweep_vertex_region(k, t, cross(e_k, xyz(t.n)), e_k, read_vec3(in, "centre"), read_radius(in),
                                              read_vec3(in, "move"), read_quirks(in));
    json out = edge_sweep_json(r.edge);
    out["edge"] = r.edge_start ? json(*r.edge_start) : json();
    return out;
}

json edge_cylinder(const json& in) {
    const auto r = sphere_sweep_edge_cylinder(read_radius(in), read_vec3(in, "centre"), read_vec3(in, "move"),
                                              read_vec3(in, "A"), read_vec3(in, "E"));
    return {{"return", r.hit ? 1 : 0},
            {"count", r.count},
            {"points", points_json(r.points, r.count)},
            {"roots", roots_json(r.roots)}};
}

json infinite_cylinder(const json& in) {
    const auto r = ray_infinite_cylinder(read_radius(in), read_vec3(in, "centre"), read_vec3(in, "move"),
                                         read_vec3(in, "A"), read_vec3(in, "E"));
    return {{"return", r.count}, {"roots", roots_json(r)}};
}

json segment_sphere(const json& in) {
    const auto r =
        segment_sphere_intersect(read_vec3(in, "A"), read_vec3(in, "E"), read_vec3(in, "C"), read_radius(in));
    return {{"return", r.hit ? 1 : 0}, {"count", r.count}, {"points", points_json(r.points, r.count)}};
}

// Unit 1 names the ray roots' inputs p, d, R (and a); Unit 5 names them q, m, rr
// (and A). Either set is read.
const char* either(const json& in, const char* unit1, const char* unit5) { return in.contains(unit5) ? unit5 : unit1; }

json sphere_root(const json& in) {
    return {{"return", ray_sphere_root(read_vec3(in, either(in, "p", "q")), read_vec3(in, either(in, "d", "m")),
                                       read_float(in, either(in, "R", "rr")))}};
}

json circle_root(const json& in) {
    float px, py, dx, dy;
    read_vec2(in, either(in, "p", "q"), px, py);
    read_vec2(in, either(in, "d", "m"), dx, dy);
    return {{"return", ray_circle_root(px, py, dx, dy, read_float(in, either(in, "a", "A")),
                                       read_float(in, either(in, "R", "rr")))}};
}

json distance_sq(const json& in) {
    const auto r =
        point_triangle_distance_sq(read_vec3(in, "P"), read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"));
    return {{"return", r.distance_sq}, {"s", r.s}, {"t", r.t}};
}

json penetration(const json& in) {
    const auto depth = sphere_triangle_penetration(read_vec3(in, "centre"), read_radius(in), read_vec3(in, "v0"),
                                                   read_vec3(in, "v1"), read_vec3(in, "v2"));
    return {{"return", depth ? 1 : 0}, {"depth", optional_json(depth)}};
}

constexpr std::array kernels{
    EvalKernel{"CollTri_ComputeEdges", compute_edges},
    EvalKernel{"CollTri_ComputeEdgeNormals", compute_edge_normals},
    EvalKernel{"CollTri_ComputeNormal", compute_normal},
    EvalKernel{"CollTri_Flip", flip},
    EvalKernel{"Sweep_SphereTriangle", sweep_sphere_triangle_entry},
    EvalKernel{"Sweep_SphereTriangleThunk", sweep_sphere_triangle_thunk},
    EvalKernel{"SphereSweep_Edge", sphere_sweep_edge_entry},
    EvalKernel{"SphereSweep_VertexRegion", vertex_region},
    EvalKernel{"SphereSweep_EdgeCylinder", edge_cylinder},
    EvalKernel{"Ray_InfiniteCylinder", infinite_cylinder},
    EvalKernel{"Segment_SphereIntersect", segment_sphere},
    EvalKernel{"Ray_SphereRoot", sphere_root},
    EvalKernel{"Ray_CircleRoot", circle_root},
    EvalKernel{"PointTriangle_DistanceSq", distance_sq},
    EvalKernel{"SphereTriangle_Penetration", penetration},
};

}  // namespace

std::span<const EvalKernel> eval_unit01() { return kernels; }

}  // namespace levelsweep::cli
