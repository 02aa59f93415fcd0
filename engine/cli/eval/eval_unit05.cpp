// levelsweep eval: the kernels of spec Unit 5, a sphere swept against a box
// (inputs and outputs: docs/eval.md, "Unit 5").
#include <array>

#include "eval/eval.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/sphere_box_sweep.hpp"
#include "levelsweep/triangle.hpp"

namespace levelsweep::cli {

namespace {

json step_json(const SphereBoxStep& s) {
    return {{"return", s.result}, {"fraction", optional_json(s.fraction)}, {"point", optional_json(s.point)}};
}

bool read_t0(const json& in) { return read_int_or(in, "t0", 1) != 0; }

json sweep_corner_eval(const json& in) {
    return step_json(sphere_box_sweep_corner(read_vec3(in, "half"), read_vec3(in, "start"), read_vec3(in, "move"),
                                             read_float(in, "r"), read_t0(in), read_quirks(in)));
}

json sweep_edge_eval(const json& in) {
    return step_json(sphere_box_sweep_edge(read_float(in, "q"), read_float(in, "h1"), read_float(in, "b"),
                                           read_float(in, "h2"), read_float(in, "e1"), read_float(in, "e2"),
                                           read_float(in, "m1"), read_float(in, "mq"), read_float(in, "m2"),
                                           read_float(in, "r"), read_quirks(in)));
}

json sweep_edges_eval(const json& in) {
    return step_json(sphere_box_sweep_edges(read_vec3(in, "half"), read_vec3(in, "start"), read_vec3(in, "move"),
                                            read_float(in, "r"), read_t0(in), read_quirks(in)));
}

json sweep_face_edges_eval(const json& in) {
    return step_json(sphere_box_sweep_face_edges(read_vec3(in, "half"), read_vec3(in, "start"), read_vec3(in, "move"),
                                                 read_float(in, "r"), read_quirks(in)));
}

json to_box_space_eval(const json& in) {
    Box rows;
    rows.axis[0] = read_vec3(in, "A0");
    rows.axis[1] = read_vec3(in, "A1");
    rows.axis[2] = read_vec3(in, "A2");
    return {{"normal",
             to_json(sphere_box_to_box_space(rows, read_int(in, "type"), read_int(in, "index"), read_quirks(in)))}};
}

json sweep_oriented_box_eval(const json& in) {
    const SphereBoxSweep s =
        sweep_sphere_oriented_box(read_float(in, "r"), read_float_or(in, "maxFrac", 1.0f), read_box(in),
                                  in.contains("boxMove") ? read_vec3(in, "boxMove") : Vec3{}, read_vec3(in, "C"),
                                  read_vec3(in, "sphereMove"), read_quirks(in));
    json out{{"return", s.hit ? 1 : 0},
             {"feature_type", s.feature_type},
             {"feature_index", s.feature_index},
             {"step_return", optional_json(s.step_result)}};
    out["fraction"] = s.hit ? json(s.fraction) : json();
    out["world_point"] = s.hit ? to_json(s.world_point) : json();
    out["local_point"] = s.hit ? to_json(s.local_point) : json();
    out["feature_normal"] = s.hit ? to_json(s.feature_normal) : json();
    out["direction_to_box"] = s.hit ? to_json(s.direction_to_box) : json();
    return out;
}

// The sweep-table entries: a sphere (r, C) and a box, the first named moving by `move`.
json pair_eval(const json& in, SweepFn fn, bool sphere_moves) {
    const Shape sphere = Shape::of(Sphere{read_float(in, "r"), read_vec3(in, "C")});
    const Shape box = Shape::of(read_box(in));
    Contact c;
    const bool hit = sphere_moves ? fn(c, Body{}, sphere, Body{}, box, read_move(in, "move"), read_quirks(in))
                                  : fn(c, Body{}, box, Body{}, sphere, read_move(in, "move"), read_quirks(in));
    return {{"return", hit ? 1 : 0}, {"contact", contact_to_json(c)}};
}

json physics_sweep_sphere_box_eval(const json& in) { return pair_eval(in, physics_sweep_sphere_box, true); }
json physics_sweep_box_sphere_eval(const json& in) { return pair_eval(in, physics_sweep_box_sphere, false); }

constexpr std::array<EvalKernel, 8> kernels{{
    {"PhysicsSweep_SphereBox", physics_sweep_sphere_box_eval},
    {"PhysicsSweep_BoxSphere", physics_sweep_box_sphere_eval},
    {"Sweep_SphereOrientedBox", sweep_oriented_box_eval},
    {"SphereBox_ToBoxSpace", to_box_space_eval},
    {"SphereBox_SweepCorner", sweep_corner_eval},
    {"SphereBox_SweepEdge", sweep_edge_eval},
    {"SphereBox_SweepEdges", sweep_edges_eval},
    {"SphereBox_SweepFaceEdges", sweep_face_edges_eval},
}};

}  // namespace

std::span<const EvalKernel> eval_unit05() { return kernels; }

}  // namespace levelsweep::cli
