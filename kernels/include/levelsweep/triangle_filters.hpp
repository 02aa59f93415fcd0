// levelsweep: the per-triangle filters the original's mesh functions apply
// before a kernel runs, on one triangle's flags word, unit normal and plane
// (d = v0.n). The reference walk (engine/query/src/mesh_visits.hpp) calls them
// per list entry; their wide twin (simd/triangle_filters_wide.hpp) makes the
// same comparisons lane by lane.
// Spec: Unit 1 "Issue #150" (PhysicsMesh_SweepSphere 0x00348a50: the filters
// and their order), Unit 13 PhysicsMesh_SweepBox 0x00348530; docs/design.md items 1,
// 5 and 6.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "levelsweep/spec_constants.hpp"
#include "levelsweep/vec.hpp"

// The inline math below must not be contracted into multiply-adds in the code
// that includes it either: -ffp-contract=off travels with the CMake targets,
// and clang (which contracts by default) is told here, for these lines only.
#if defined(__clang__)
#pragma float_control(push)
#pragma clang fp contract(off)
#endif

namespace levelsweep {

// The flag tests every mesh query starts with: a flag-0x8 triangle is skipped
// when `skip_special` (a body with flag 0x100, or option 0x8000 where the query
// honours it), then the enabled bit. The word is tested masked to 0xfff.
inline bool passes_flags(std::uint16_t flags, bool skip_special) {
    flags &= tri_flags::mask;
    if ((flags & tri_flags::special) && skip_special) return false;
    return (flags & tri_flags::enabled) != 0;
}

// Options 0x4 and 0x8: the n.z range (the thresholds f12 and f13).
inline bool passes_nz_range(float nz, std::uint32_t options, float nz_min, float nz_max) {
    if ((options & option::nz_min) && nz < nz_min) return false;
    if ((options & option::nz_max) && nz > nz_max) return false;
    return true;
}

// The sweeps' side and direction tests (PhysicsMesh_SweepSphere,
// 0x00348c30-0x00348e10; PhysicsMesh_SweepBox 0x003487b8-0x003487ec, at the box
// centre): a face the point `at` is behind (n.at - d < 1e-6) is flipped when
// two-sided and skipped when one-sided; a face the move does not go into
// (n.M >= -0.001, after a flip) is skipped. With `marking` (option 0x40,
// spheres only) neither skips: they mark the contact 0x10 (behind), 0x20 (away)
// or 0x40 (|n.M| <= 0.001).
struct FaceTest {
    bool flipped = false;
    std::uint32_t marks = 0;
};

inline std::optional<FaceTest> face_test(const Vec3& n, float d, std::uint16_t flags, const Vec3& at, const Vec3& M,
                                         bool marking) {
    FaceTest out;
    Vec3 facing = n;
    if (dot(n, at) - d < spec::one_millionth) {
        if (flags & tri_flags::two_sided) {
            out.flipped = true;
            facing = -n;
        } else if (marking) {
            out.marks |= mark::behind;
        } else {
            return std::nullopt;
        }
    }
    const float into = dot(facing, M);
    if (into >= spec::minus_one_thousandth) {
        if (!marking) return std::nullopt;
        out.marks |= std::fabs(into) <= spec::one_thousandth ? mark::parallel : mark::away;
    }
    return out;
}

// The walking capsule's step rule (docs/design.md item 6): a triangle whose highest
// corner is below feet z + the step height never reaches the kernel.
inline bool below_step(float top, float step_top) { return top < step_top; }

}  // namespace levelsweep

#if defined(__clang__)
#pragma float_control(pop)
#endif
