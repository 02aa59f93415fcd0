// levelsweep (batch path, private): what a block of lanes leaves behind, as
// plain data for the generic side (lane_abi.hpp): the lanes past the filters
// compacted into the survivor list (with their flip and marks packed in one
// word), and the kernel's lane results turned into LaneHits.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "levelsweep/lane_abi.hpp"
#include "triangle_filters_wide.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

// Appends the passing lanes of `slot` (their slots, flip and marks, and their
// entry fractions from `entry`); returns how many.
template <class A>
std::size_t compact_survivors(const std::uint32_t* slot, const WFiltered<A>& f, const float* entry,
                              std::uint32_t* slots, std::uint32_t* bits, float* entries) {
    constexpr std::size_t W = Lanes<A>::width;
    std::uint32_t pass = lane_bits<A>(f.pass);
    if (pass == 0) return 0;
    const std::uint32_t flip = lane_bits<A>(f.flip);
    alignas(64) std::array<std::int32_t, W> marks{};
    f.marks.store_aligned(marks.data());
    std::size_t out = 0;
    for (; pass != 0; pass &= pass - 1) {
        const auto k = static_cast<std::size_t>(std::countr_zero(pass));
        slots[out] = slot[k];
        bits[out] = static_cast<std::uint32_t>(marks[k]) | ((flip >> k) & 1u ? survivor_flip_bit : 0u);
        entries[out] = entry[k];
        ++out;
    }
    return out;
}

// The survivors' flip and marks back in lanes, for the kernel.
template <class A>
void unpack_survivors(const std::uint32_t* bits, std::size_t n, WFiltered<A>& f) {
    using F = typename Lanes<A>::F;
    using I = typename Lanes<A>::I;
    constexpr std::size_t W = Lanes<A>::width;
    alignas(64) std::array<std::int32_t, W> marks{};
    alignas(64) std::array<float, W> flip{};
    for (std::size_t k = 0; k < n; ++k) {
        marks[k] = static_cast<std::int32_t>(bits[k] & ~survivor_flip_bit);
        flip[k] = (bits[k] & survivor_flip_bit) ? 1.0f : 0.0f;
    }
    f.marks = I::load_aligned(marks.data());
    f.flip = not_equal(F::load_aligned(flip.data()), F(0.0f));
}

// A kernel's answers for one block, lane by lane, as the kernels store them.
// (Everything here is templated on the architecture, as the whole per-ISA
// code is: simd/README.md, "One translation unit per ISA".)
template <class A>
struct LaneResults {
    static constexpr std::size_t W = Lanes<A>::width;
    alignas(64) std::array<float, W> fraction{}, s{}, t{};
    alignas(64) std::array<std::int32_t, W> mask{}, branch{}, marks{};
    std::uint32_t reached = 0;  // lanes that reached the kernel
    std::uint32_t contact = 0;  // lanes with a contact
    std::uint32_t scalar = 0;   // lanes left to the scalar kernel
    std::uint32_t flip = 0;
    LaneBranch fixed_branch = LaneBranch::face;  // the branch of every lane, unless per_lane_branch
    bool per_lane_branch = false;                // the sphere kernel's own branch codes
};

// The block's contacts (and scalar lanes) appended to hits as LaneHits.
// Returns how many. `edge` and `corner` are the sphere kernel's branch codes
// for those branches (sphere_triangle_wide.hpp).
template <class A>
std::size_t lane_epilogue(const LaneResults<A>& r, const std::uint32_t* slot, std::int32_t edge, std::int32_t corner,
                          LaneHit* hits) {
    std::size_t appended = 0;
    for (std::uint32_t lanes = r.contact | r.scalar; lanes != 0; lanes &= lanes - 1) {
        const auto k = static_cast<std::size_t>(std::countr_zero(lanes));
        LaneHit& h = hits[appended++];
        h.slot = slot[k];
        h.fraction = r.fraction[k];
        h.s = r.s[k];
        h.t = r.t[k];
        h.mask = r.mask[k];
        h.branch = !r.per_lane_branch      ? r.fixed_branch
                   : r.branch[k] == edge   ? LaneBranch::edge
                   : r.branch[k] == corner ? LaneBranch::corner
                                           : LaneBranch::face;
        h.flipped = (r.flip >> k) & 1u;
        h.marks = static_cast<std::uint32_t>(r.marks[k]);
        h.scalar = (r.scalar >> k) & 1u;
    }
    return appended;
}

}  // namespace levelsweep::simd
