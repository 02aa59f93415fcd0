// The original's two pair tables, filled by IPhysics_Construct (0x0033c7a0),
// rows and columns 1 box, 2 sphere, 3 capsule, 4 segment:
// - the overlap table (IPhysics +0x18): entry [own][other] at +0x18 + own * 0x14
//   + other * 4. A segment never meets a box: (4, 1) and (1, 4) are empty (spec
//   Unit 4, "Who reaches a car").
// - the sweep table (IPhysics +0x7c): entry [own][other] at +0x7c + own * 0x14 +
//   other * 4, the own shape moving by `move`. The spec gives the entries of
//   Units 4, 5, 12 and 13. The others lie outside Units 1-13 (sphere-sphere,
//   sphere-capsule, capsule-sphere, capsule-capsule's PhysicsSweep_CapsuleCapsule
//   0x00343cd8 of Unit 11, sphere-segment, segment-sphere): they hold our
//   definitions (round_sweep.hpp, docs/decisions.md "The round-shape sweeps"),
//   and are empty with the switch empty_round_sweeps.
#include <array>
#include <cstdint>

#include "levelsweep/box_sweep.hpp"
#include "levelsweep/capsule_box_sweep.hpp"
#include "levelsweep/overlap.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/round_sweep.hpp"
#include "levelsweep/sphere_box_sweep.hpp"

namespace levelsweep {

namespace {

// The segment entries go through thunks to the overlap tests: (4, 4) 0x00344300,
// (4, 3) 0x00345d38, (3, 4) 0x00345d18 (Unit 4). A strike has already moved the
// segment's start back to its previous position, so the thunk tests the stretched
// segment as it stands; the move itself is not read (inferred from the strike
// loop, Unit 4 "Who reaches a car"), and nothing is written. Ours: (4, 2), which
// the spec does not give, is the same thunk to PhysicsOverlap_SegmentSphere, so
// the whole segment row reads the stretched segment.
template <OverlapFn Overlap>
bool through_overlap(Contact& c, const Body&, const Shape& own, const Body&, const Shape& other, const Vec4&,
                     Quirks quirks) {
    return Overlap(c, own, other, quirks);
}

template <class Fn>
struct Entry {
    Fn fn;
    std::string_view name;
    bool ours = false;  // outside the spec's units: our definition, empty with empty_round_sweeps
};

constexpr std::array<std::array<Entry<OverlapFn>, 4>, 4> overlap_table{{
    {{{physics_overlap_box_box, "PhysicsOverlap_BoxBox"},
      {physics_overlap_box_sphere, "PhysicsOverlap_BoxSphere"},
      {physics_overlap_box_capsule, "PhysicsOverlap_BoxCapsule"},
      {nullptr, {}}}},
    {{{physics_overlap_sphere_box, "PhysicsOverlap_SphereBox"},
      {physics_overlap_sphere_sphere, "PhysicsOverlap_SphereSphere"},
      {physics_overlap_sphere_capsule, "PhysicsOverlap_SphereCapsule"},
      {physics_overlap_sphere_segment, "PhysicsOverlap_SphereSegment"}}},
    {{{physics_overlap_capsule_box, "PhysicsOverlap_CapsuleBox"},
      {physics_overlap_capsule_sphere, "PhysicsOverlap_CapsuleSphere"},
      {physics_overlap_capsule_capsule, "PhysicsOverlap_CapsuleCapsule"},
      {physics_overlap_capsule_segment, "PhysicsOverlap_CapsuleSegment"}}},
    {{{nullptr, {}},
      {physics_overlap_segment_sphere, "PhysicsOverlap_SegmentSphere"},
      {physics_overlap_segment_capsule, "PhysicsOverlap_SegmentCapsule"},
      {physics_overlap_segment_segment, "PhysicsOverlap_SegmentSegment"}}},
}};

constexpr std::array<std::array<Entry<SweepFn>, 4>, 4> sweep_table{{
    {{{physics_sweep_box_box, "PhysicsSweep_BoxBox"},
      {physics_sweep_box_sphere, "PhysicsSweep_BoxSphere"},
      {physics_sweep_box_capsule, "PhysicsSweep_BoxCapsule"},
      {physics_sweep_box_segment, "PhysicsSweep_BoxSegment"}}},
    {{{physics_sweep_sphere_box, "PhysicsSweep_SphereBox"},
      {physics_sweep_sphere_sphere, "PhysicsSweep_SphereSphere", true},
      {physics_sweep_sphere_capsule, "PhysicsSweep_SphereCapsule", true},
      {physics_sweep_sphere_segment, "PhysicsSweep_SphereSegment", true}}},
    {{{physics_sweep_capsule_box, "PhysicsSweep_CapsuleBox"},
      {physics_sweep_capsule_sphere, "PhysicsSweep_CapsuleSphere", true},
      {physics_sweep_capsule_capsule, "PhysicsSweep_CapsuleCapsule", true},
      {through_overlap<physics_overlap_capsule_segment>, "PhysicsOverlap_CapsuleSegment"}}},
    {{{physics_sweep_segment_box, "PhysicsSweep_SegmentBox"},
      {through_overlap<physics_overlap_segment_sphere>, "PhysicsOverlap_SegmentSphere", true},
      {through_overlap<physics_overlap_segment_capsule>, "PhysicsOverlap_SegmentCapsule"},
      {through_overlap<physics_overlap_segment_segment>, "PhysicsOverlap_SegmentSegment"}}},
}};

// The row or column of a type, or -1 for a value outside 1..4 (never indexed).
int slot(ShapeType t) {
    const auto v = static_cast<std::uint32_t>(t);
    return v >= 1 && v <= 4 ? static_cast<int>(v) - 1 : -1;
}

// The entry of a table for (own, other): an empty one for a type outside 1..4,
// and for one of ours when the quirk set empties them.
template <class Fn>
Entry<Fn> lookup(const std::array<std::array<Entry<Fn>, 4>, 4>& table, ShapeType own, ShapeType other, Quirks quirks) {
    const int r = slot(own), c = slot(other);
    if (r < 0 || c < 0) return {nullptr, {}};
    const Entry<Fn>& e = table[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
    if (e.ours && quirks.has(Quirk::empty_round_sweeps)) return {nullptr, {}};
    return e;
}

}  // namespace

OverlapFn overlap_entry(ShapeType own, ShapeType other) { return lookup(overlap_table, own, other, {}).fn; }
SweepFn sweep_entry(ShapeType own, ShapeType other, Quirks quirks) {
    return lookup(sweep_table, own, other, quirks).fn;
}
std::string_view overlap_entry_name(ShapeType own, ShapeType other) {
    return lookup(overlap_table, own, other, {}).name;
}
std::string_view sweep_entry_name(ShapeType own, ShapeType other, Quirks quirks) {
    return lookup(sweep_table, own, other, quirks).name;
}

}  // namespace levelsweep
