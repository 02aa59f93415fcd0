// The original's sweep table (IPhysics +0x7c, filled by IPhysics_Construct
// 0x0033c7a0): entry [own][other] at +0x7c + own * 0x14 + other * 4, the own
// shape moving by `move`. The spec gives the entries of Units 4, 5, 12 and 13;
// the others lie outside Units 1-13 (sphere-sphere, sphere-capsule,
// capsule-capsule's PhysicsSweep_CapsuleCapsule 0x00343cd8 of Unit 11,
// sphere-segment) and are empty here.
#include <array>
#include <cstdint>

#include "levelsweep/box_sweep.hpp"
#include "levelsweep/capsule_box_sweep.hpp"
#include "levelsweep/overlap.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/sphere_box_sweep.hpp"

namespace levelsweep {

namespace {

// The segment entries go through thunks to the overlap tests: (4, 4) 0x00344300,
// (4, 3) 0x00345d38, (3, 4) 0x00345d18 (Unit 4). A strike has already moved the
// segment's start back to its previous position, so the thunk tests the stretched
// segment as it stands; the move itself is not read (inferred from the strike
// loop, Unit 4 "Who reaches a car"), and nothing is written.
template <OverlapFn Overlap>
bool through_overlap(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other, const Vec4&,
                     Quirks quirks) {
    return Overlap(c, own, other, quirks);
}

struct Entry {
    SweepFn fn;
    std::string_view name;
};

// Rows and columns 1 box, 2 sphere, 3 capsule, 4 segment.
constexpr std::array<std::array<Entry, 4>, 4> sweep_table{{
    {{{physics_sweep_box_box, "PhysicsSweep_BoxBox"},
      {physics_sweep_box_sphere, "PhysicsSweep_BoxSphere"},
      {physics_sweep_box_capsule, "PhysicsSweep_BoxCapsule"},
      {physics_sweep_box_segment, "PhysicsSweep_BoxSegment"}}},
    {{{physics_sweep_sphere_box, "PhysicsSweep_SphereBox"}, {nullptr, {}}, {nullptr, {}}, {nullptr, {}}}},
    {{{physics_sweep_capsule_box, "PhysicsSweep_CapsuleBox"},
      {nullptr, {}},
      {nullptr, {}},
      {through_overlap<physics_overlap_capsule_segment>, "PhysicsOverlap_CapsuleSegment"}}},
    {{{physics_sweep_segment_box, "PhysicsSweep_SegmentBox"},
      {nullptr, {}},
      {through_overlap<physics_overlap_segment_capsule>, "PhysicsOverlap_SegmentCapsule"},
      {through_overlap<physics_overlap_segment_segment>, "PhysicsOverlap_SegmentSegment"}}},
}};

constexpr std::array<std::array<std::string_view, 4>, 4> overlap_names{{
    {"PhysicsOverlap_BoxBox", "PhysicsOverlap_BoxSphere", "PhysicsOverlap_BoxCapsule", std::string_view{}},
    {"PhysicsOverlap_SphereBox", "PhysicsOverlap_SphereSphere", "PhysicsOverlap_SphereCapsule",
     "PhysicsOverlap_SphereSegment"},
    {"PhysicsOverlap_CapsuleBox", "PhysicsOverlap_CapsuleSphere", "PhysicsOverlap_CapsuleCapsule",
     "PhysicsOverlap_CapsuleSegment"},
    {std::string_view{}, "PhysicsOverlap_SegmentSphere", "PhysicsOverlap_SegmentCapsule", "PhysicsOverlap_SegmentSegment"},
}};

int slot(ShapeType t) {
    const auto v = static_cast<std::uint32_t>(t);
    return v >= 1 && v <= 4 ? static_cast<int>(v) - 1 : -1;
}

}  // namespace

SweepFn sweep_entry(ShapeType own, ShapeType other) {
    const int r = slot(own), c = slot(other);
    if (r < 0 || c < 0) return nullptr;
    return sweep_table[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].fn;
}

std::string_view sweep_entry_name(ShapeType own, ShapeType other) {
    const int r = slot(own), c = slot(other);
    if (r < 0 || c < 0) return {};
    return sweep_table[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].name;
}

std::string_view overlap_entry_name(ShapeType own, ShapeType other) {
    const int r = slot(own), c = slot(other);
    if (r < 0 || c < 0) return {};
    return overlap_names[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
}

}  // namespace levelsweep
