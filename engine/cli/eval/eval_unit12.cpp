// levelsweep eval: the kernels of spec Unit 12, a capsule swept against a box
// (inputs and outputs: docs/eval.md, "Unit 12").
#include <array>

#include "eval/eval.hpp"
#include "levelsweep/capsule_box_sweep.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/pair_tables.hpp"

namespace levelsweep::cli {

namespace {

json step_json(const CapsuleBoxStep& s) {
    json out{{"return", s.result}, {"fraction", optional_json(s.fraction)}};
    out["px"] = s.point ? json(s.point->x) : json();
    out["py"] = s.point ? json(s.point->y) : json();
    return out;
}

json sweep_side_eval(const json& in) {
    return step_json(capsule_box_sweep_side(read_float(in, "x"), read_float(in, "y"), read_float(in, "r"),
                                            read_float(in, "mx"), read_float(in, "my"), read_float(in, "hx"),
                                            read_float(in, "hy"), read_int(in, "flag")));
}

json sweep_corner_eval(const json& in) {
    return step_json(capsule_box_sweep_corner(read_float(in, "x"), read_float(in, "y"), read_float(in, "r"),
                                              read_float(in, "mx"), read_float(in, "my"), read_float(in, "hx"),
                                              read_float(in, "hy"), read_int(in, "flag"), read_quirks(in)));
}

// The sweep-table entries: a capsule (r, h, B) of a human body and a box, the
// first named moving by `move`. The bodies: the box body's flags (`box_flags`,
// 0x4 BLOCKHUMANS) and the human owner's object flags (`owner_flags`, 0x4000000
// airborne) and landing state (`landing`, 0 or 1).
json pair_eval(const json& in, SweepFn fn, bool capsule_moves) {
    const Shape capsule = Shape::of(Capsule{read_float(in, "r"), read_float(in, "h"), read_vec3(in, "B")});
    const Shape box = Shape::of(read_box(in));
    Body human, box_body;
    box_body.flags = static_cast<std::uint32_t>(read_int_or(in, "box_flags", 0));
    human.owner_object_flags = static_cast<std::uint32_t>(read_int_or(in, "owner_flags", 0));
    human.owner_landing = read_int_or(in, "landing", 0) != 0;
    const Vec4 move = read_move(in, "move");
    Contact c;
    const bool hit = capsule_moves ? fn(c, human, capsule, box_body, box, move, read_quirks(in))
                                   : fn(c, box_body, box, human, capsule, move, read_quirks(in));
    return {{"return", hit ? 1 : 0}, {"contact", contact_to_json(c)}};
}

json physics_sweep_capsule_box_eval(const json& in) { return pair_eval(in, physics_sweep_capsule_box, true); }
json physics_sweep_box_capsule_eval(const json& in) { return pair_eval(in, physics_sweep_box_capsule, false); }

constexpr std::array<EvalKernel, 4> kernels{{
    {"PhysicsSweep_CapsuleBox", physics_sweep_capsule_box_eval},
    {"PhysicsSweep_BoxCapsule", physics_sweep_box_capsule_eval},
    {"CapsuleBox_SweepSide", sweep_side_eval},
    {"CapsuleBox_SweepCorner", sweep_corner_eval},
}};

}  // namespace

std::span<const EvalKernel> eval_unit12() { return kernels; }

}  // namespace levelsweep::cli
