// levelsweep (batch path, private): Sweep_IntervalOverlap over lanes, the wide
// twin of kernels/unit13/sweep_interval.cpp (spec Unit 13: Sweep_IntervalOverlap
// 0x0034a8d0, with tMax 1 as Sweep_BoxTriangle calls it, and the zero-speed
// reset taken per lane).
#pragma once

#include "levelsweep/box_sweep.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

namespace wide_detail {

// The running window of each lane, and whether an axis has separated it.
template <class A>
struct WWindow {
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    F first = F(0.0f);
    F last = F(box_triangle_open_window);
    B live;
    bool reset;  // Quirk::interval_zero_speed_reset

    // Sweep_IntervalOverlap with tMax 1: the triangle [a_min, a_max] stands
    // still, the box [b_min, b_max] moves at v. Lanes it separates leave `live`.
    void axis(const F& v, const F& a_min, const F& a_max, const F& b_min, const F& b_max) {
        const F one(1.0f), zero(0.0f);
        const B below = b_max < a_min;             // case 1: B below A
        const B above = ~below & (a_max < b_min);  // case 2: B above A
        const B overlapping = ~below & ~above;     // case 3
        B apart = (below & (v <= zero)) | (above & (v >= zero));
        const F k = quotient(one, v);
        // Cases 1 and 2 raise t_first (separated when it passes tMax), lower t_last.
        const F enter = xsimd::select(below, (a_min - b_max) * k, (a_max - b_min) * k);
        const F leave = xsimd::select(below, (a_max - b_min) * k, (a_min - b_max) * k);
        const B moving_in = live & ~apart & (below | above);
        const F raised = xsimd::select(moving_in & (first < enter), enter, first);
        apart = apart | (moving_in & (one < raised));
        first = raised;
        const B lowers = moving_in & ~apart;
        last = xsimd::select(lowers & (leave < last), leave, last);
        // Case 3: overlapping now; v > 0 or v < 0 lowers t_last (a division, not k).
        const F up = quotient(a_max - b_min, v), down = quotient(a_min - b_max, v);
        const B rising = live & overlapping & (v > zero), falling = live & overlapping & (v < zero);
        last = xsimd::select(rising & (up < last), up, last);
        last = xsimd::select(falling & (down < last), down, last);
        // Speed exactly 0 (or NaN): the quirk resets the window and skips the end test.
        const B still = live & overlapping & ~(v > zero) & ~(v < zero);
        B tested = live & ~apart;
        if (reset) {
            first = xsimd::select(still, zero, first);
            last = xsimd::select(still, one, last);
            tested = tested & ~still;
        }
        apart = apart | (tested & (last < first));
        live = live & ~apart;
    }
};

}  // namespace wide_detail

}  // namespace levelsweep::simd
