// levelsweep eval: the kernels of spec Unit 4 (static shape-pair overlaps), every
// entry of the overlap table and IPhysics_OverlapShape. Inputs and outputs:
// docs/eval.md, "Unit 4".
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "eval/eval.hpp"
#include "levelsweep/overlap.hpp"
#include "levelsweep/overlap_query.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/segment_kernels.hpp"
#include "levelsweep/shape_json.hpp"

namespace levelsweep::cli {

namespace {

json closest_param(const json& in) {
    return {{"t", segment_closest_param(read_vec3(in, "p0"), read_vec3(in, "d"), read_vec3(in, "q"))}};
}

json closest_point(const json& in) {
    return {{"out", to_json(segment_closest_point(read_vec3(in, "p0"), read_vec3(in, "d"), read_vec3(in, "q")))}};
}

json closest_points(const json& in) {
    const SegmentParams p =
        segment_closest_points(read_vec3(in, "d1"), read_vec3(in, "d2"), read_vec3(in, "w"), read_quirks(in));
    return {{"s", p.s}, {"t", p.t}};
}

template <std::optional<float> (*Kernel)(float, float, float, float, float)>
json circle_kernel(const json& in) {
    const auto depth = Kernel(read_float(in, "x"), read_float(in, "y"), read_float(in, "r"), read_float(in, "hx"),
                              read_float(in, "hy"));
    return {{"return", depth.has_value()}, {"depth", optional_json(depth)}};
}

// One pair function: "own" and "other" shapes in, the hit and the words written out.
template <OverlapFn Pair>
json pair(const json& in) {
    Contact c;
    const bool hit = Pair(c, read_shape(in, "own"), read_shape(in, "other"), read_quirks(in));
    return {{"return", hit}, {"contact", contact_to_json(c)}};
}

std::uint32_t read_id(const json& obj, const char* key) {
    const int v = read_int_or(obj, key, 0);
    if (v < 0) throw std::invalid_argument(std::string("input \"") + key + "\": expected a non-negative integer");
    return static_cast<std::uint32_t>(v);
}

// IPhysics_OverlapShape over "candidates": [{"owner", "chain": [{"id", "shape"}]}].
json overlap_shape(const json& in) {
    OverlapQuery q;
    q.owner = read_id(in, "owner");
    q.shape_id = read_id(in, "shape_id");
    q.shape = read_shape(in, "own");
    q.max = read_int_or(in, "max", 0);
    if (!in.contains("candidates") || !in.at("candidates").is_array())
        throw std::invalid_argument("input \"candidates\": expected a list of bodies");
    std::vector<OverlapBody> bodies;
    for (const json& b : in.at("candidates")) {
        OverlapBody body{read_id(b, "owner"), {}};
        if (!b.contains("chain") || !b.at("chain").is_array())
            throw std::invalid_argument("input \"chain\": expected a list of shapes");
        for (const json& s : b.at("chain")) body.chain.push_back({read_id(s, "id"), read_shape(s, "shape")});
        bodies.push_back(std::move(body));
    }
    std::vector<Contact> out(overlap_query_slots);
    const std::size_t n = iphysics_overlap_shape(out, q, bodies, read_quirks(in));
    json contacts = json::array();
    for (std::size_t i = 0; i < n; ++i) contacts.push_back(contact_to_json(out[i]));
    return {{"return", n}, {"contacts", contacts}};
}

constexpr std::array kernels{
    EvalKernel{"Segment_ClosestParam", closest_param},
    EvalKernel{"Segment_ClosestPoint", closest_point},
    EvalKernel{"Segment_ClosestPoints", closest_points},
    EvalKernel{"CapsuleBox_CornerCircle", circle_kernel<capsule_box_corner_circle>},
    EvalKernel{"CapsuleBox_SideInterval", circle_kernel<capsule_box_side_interval>},
    EvalKernel{"PhysicsOverlap_SphereSphere", pair<physics_overlap_sphere_sphere>},
    EvalKernel{"PhysicsOverlap_BoxBox", pair<physics_overlap_box_box>},
    EvalKernel{"PhysicsOverlap_CapsuleCapsule", pair<physics_overlap_capsule_capsule>},
    EvalKernel{"PhysicsOverlap_SegmentSegment", pair<physics_overlap_segment_segment>},
    EvalKernel{"PhysicsOverlap_BoxSphere", pair<physics_overlap_box_sphere>},
    EvalKernel{"PhysicsOverlap_CapsuleBox", pair<physics_overlap_capsule_box>},
    EvalKernel{"PhysicsOverlap_BoxCapsule", pair<physics_overlap_box_capsule>},
    EvalKernel{"PhysicsOverlap_SphereBox", pair<physics_overlap_sphere_box>},
    EvalKernel{"PhysicsOverlap_SegmentSphere", pair<physics_overlap_segment_sphere>},
    EvalKernel{"PhysicsOverlap_SphereSegment", pair<physics_overlap_sphere_segment>},
    EvalKernel{"PhysicsOverlap_CapsuleSphere", pair<physics_overlap_capsule_sphere>},
    EvalKernel{"PhysicsOverlap_SphereCapsule", pair<physics_overlap_sphere_capsule>},
    EvalKernel{"PhysicsOverlap_SegmentCapsule", pair<physics_overlap_segment_capsule>},
    EvalKernel{"PhysicsOverlap_CapsuleSegment", pair<physics_overlap_capsule_segment>},
    EvalKernel{"IPhysics_OverlapShape", overlap_shape},
};

}  // namespace

std::span<const EvalKernel> eval_unit04() { return kernels; }

}  // namespace levelsweep::cli
