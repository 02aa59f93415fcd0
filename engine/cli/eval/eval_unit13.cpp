// levelsweep eval: the kernels of spec Unit 13 (a box against a box and a
// triangle). Inputs and outputs: docs/eval.md, "Unit 13".
#include <array>
#include <stdexcept>
#include <string>

#include "eval/eval.hpp"
#include "levelsweep/box_sweep.hpp"
#include "levelsweep/shape_json.hpp"

namespace levelsweep::cli {

namespace {

json interval_overlap(const json& in) {
    float first = read_float(in, "tFirst"), last = read_float(in, "tLast");
    const bool apart =
        sweep_interval_overlap(first, last, read_float(in, "tMax"), read_float(in, "v"), read_float(in, "aMin"),
                               read_float(in, "aMax"), read_float(in, "bMin"), read_float(in, "bMax"), read_quirks(in));
    return {{"return", apart ? 1 : 0}, {"tFirst", first}, {"tLast", last}};
}

json interval_to_json(const AxisInterval& i) { return {{"min", i.min}, {"max", i.max}}; }

json project_box(const json& in) { return interval_to_json(box_tri_project_box(read_box(in), read_vec3(in, "L"))); }

json project_triangle(const json& in) {
    return interval_to_json(
        box_tri_project_triangle(read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"), read_vec3(in, "L")));
}

// The triangle as the mesh sweep leaves it: corners, unnormalised edges, normal.
json box_triangle(const json& in) {
    const WorkingTriangle t = prepare_triangle(read_vec3(in, "v0"), read_vec3(in, "v1"), read_vec3(in, "v2"));
    BoxTriangleTrace trace;
    const float fraction = sweep_box_triangle(read_box(in), t, read_vec3(in, "move"), read_quirks(in), trace);
    json windows = json::array();
    for (int k = 0; k < trace.axes; ++k)
        windows.push_back({trace.first[static_cast<std::size_t>(k)], trace.last[static_cast<std::size_t>(k)]});
    return {{"return", fraction}, {"windows", windows}};
}

Box read_box_at(const json& in, const char* key) {
    if (!in.contains(key) || !in.at(key).is_object())
        throw std::invalid_argument(std::string("input \"") + key + "\": expected a box object");
    return read_box(in.at(key));
}

json box_box(const json& in) {
    const auto axis = sweep_box_box_separating_axis(read_box_at(in, "boxA"), read_vec3(in, "moveA"),
                                                    read_box_at(in, "boxB"), read_vec3(in, "moveB"));
    return {{"return", !axis.has_value()}, {"axis", axis ? json(*axis) : json()}};
}

// A sweep-table wrapper: "own" moves by "move" against "other"; bodies are not read.
template <bool (*Sweep)(Contact&, const Body&, const Shape&, const Body&, const Shape&, const Vec4&, Quirks)>
json wrapper(const json& in) {
    Contact c;
    const bool hit = Sweep(c, Body{}, read_shape(in, "own"), Body{}, read_shape(in, "other"), read_move(in, "move"),
                           read_quirks(in));
    return {{"return", hit}, {"contact", contact_to_json(c)}};
}

constexpr std::array kernels{
    EvalKernel{"Sweep_IntervalOverlap", interval_overlap},
    EvalKernel{"BoxTri_ProjectBox", project_box},
    EvalKernel{"BoxTri_ProjectTriangle", project_triangle},
    EvalKernel{"Sweep_BoxTriangle", box_triangle},
    EvalKernel{"Sweep_BoxBox", box_box},
    EvalKernel{"PhysicsSweep_BoxBox", wrapper<physics_sweep_box_box>},
    EvalKernel{"PhysicsSweep_SegmentBox", wrapper<physics_sweep_segment_box>},
    EvalKernel{"PhysicsSweep_BoxSegment", wrapper<physics_sweep_box_segment>},
};

}  // namespace

std::span<const EvalKernel> eval_unit13() { return kernels; }

}  // namespace levelsweep::cli
