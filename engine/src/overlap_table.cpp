// The original's overlap table (IPhysics +0x18, filled by IPhysics_Construct):
// entry [own][other] at +0x18 + own * 0x14 + other * 4. A segment never meets a
// box: (4, 1) and (1, 4) are empty (spec Unit 4, "Who reaches a car").
#include <array>
#include <cstdint>

#include "levelsweep/overlap.hpp"
#include "levelsweep/pair_tables.hpp"

namespace levelsweep {

namespace {
// Rows and columns 1 box, 2 sphere, 3 capsule, 4 segment.
constexpr std::array<std::array<OverlapFn, 4>, 4> overlap_table{{
    {physics_overlap_box_box, physics_overlap_box_sphere, physics_overlap_box_capsule, nullptr},
    {physics_overlap_sphere_box, physics_overlap_sphere_sphere, physics_overlap_sphere_capsule,
     physics_overlap_sphere_segment},
    {physics_overlap_capsule_box, physics_overlap_capsule_sphere, physics_overlap_capsule_capsule,
     physics_overlap_capsule_segment},
    {nullptr, physics_overlap_segment_sphere, physics_overlap_segment_capsule, physics_overlap_segment_segment},
}};

// The row or column of a type, or -1 for a value outside 1..4 (never indexed).
int slot(ShapeType t) {
    const auto v = static_cast<std::uint32_t>(t);
    return v >= 1 && v <= 4 ? static_cast<int>(v) - 1 : -1;
}
}  // namespace

OverlapFn overlap_entry(ShapeType own, ShapeType other) {
    const int r = slot(own), c = slot(other);
    if (r < 0 || c < 0) return nullptr;
    return overlap_table[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
}

}  // namespace levelsweep
