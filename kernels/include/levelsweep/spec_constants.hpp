// levelsweep: the spec's constants, each at the bit pattern read from the
// executable and defined once (docs/design.md, "Table constants: the hex wins"),
// and the option, mark and triangle-flag words the kernels' callers test.
// The kernels, the mesh walks and their wide twins all take them from here.
#pragma once

#include <bit>
#include <cstdint>

namespace levelsweep {

namespace spec {
// "1e-6" (0x358637bd): the side test's margin (PhysicsMesh_SweepSphere
// 0x00348c30), the zero move of Ray_InfiniteCylinder (0x0034d938), the
// coincident axes of PhysicsOverlap_CapsuleCapsule (0x00346388; our round-shape
// sweeps take the same bound for coincident centres, Unit 11), the segment
// kernels' epsilon.
inline constexpr float one_millionth = std::bit_cast<float>(std::uint32_t{0x358637bd});
// The body sweep's least move, a squared length: PhysicsBody_SweepHumanMask
// (0x0033d498) and its mirror stop for |D|^2 <= 1e-6 ("a zero move never reaches
// it from the body sweep", Unit 13's test ideas). The spec gives it as 1e-6
// without its word; the float nearest 1e-6 is one_millionth's 0x358637bd.
inline constexpr float body_sweep_least_move_sq = one_millionth;
// "-0.001" (0xba83126f): the direction test of the mesh sweeps (n.M >= -0.001
// skips a face the move does not go into).
inline constexpr float minus_one_thousandth = std::bit_cast<float>(std::uint32_t{0xba83126f});
// "0.001" (0x3a83126f): option 0x40's parallel band (|n.M| <= 0.001).
inline constexpr float one_thousandth = std::bit_cast<float>(std::uint32_t{0x3a83126f});
// "0.99999899" (0x3f7fffef): Ray_InfiniteCylinder's parallel test on the move's
// direction along the edge.
inline constexpr float almost_one = std::bit_cast<float>(std::uint32_t{0x3f7fffef});
// "1e24" (0x6753c21c): Sweep_BoxTriangle's initial tLast.
inline constexpr float open_window = std::bit_cast<float>(std::uint32_t{0x6753c21c});
// "1e28" (0x6e013f39): Sweep_BoxTriangle's "no contact".
inline constexpr float no_contact = std::bit_cast<float>(std::uint32_t{0x6e013f39});
// Unit 5's normal tables: 0x3f3504f4 (0.70710683, one ulp above 1/sqrt 2) and
// 0x3f13b646 (exactly 0.577, not 1/sqrt 3).
inline constexpr float table_a = std::bit_cast<float>(std::uint32_t{0x3f3504f4});
inline constexpr float table_b = std::bit_cast<float>(std::uint32_t{0x3f13b646});
}  // namespace spec

// Query option bits (the sphere sweep's option word, Unit 1 "Issue #150").
namespace option {
inline constexpr std::uint32_t nz_min = 0x4;           // skip n.z below nz_min
inline constexpr std::uint32_t nz_max = 0x8;           // skip n.z above nz_max
inline constexpr std::uint32_t mark_faces = 0x40;      // mark behind/away/parallel instead of skipping
inline constexpr std::uint32_t skip_special = 0x8000;  // skip flag-0x8 triangles
inline constexpr std::uint32_t one_per_plane = 0x20000;
}  // namespace option

// Contact marks of option 0x40 (the contact's flags word, +0xb0).
namespace mark {
inline constexpr std::uint32_t behind = 0x10;
inline constexpr std::uint32_t away = 0x20;
inline constexpr std::uint32_t parallel = 0x40;
}  // namespace mark

// The triangle flags word, tested masked to 0xfff (docs/design.md 1).
namespace tri_flags {
inline constexpr std::uint16_t enabled = 0x1;
inline constexpr std::uint16_t two_sided = 0x2;
inline constexpr std::uint16_t special = 0x8;  // skipped for a body with 0x100 or a query with 0x8000
inline constexpr std::uint16_t mask = 0xfff;
}  // namespace tri_flags

}  // namespace levelsweep
