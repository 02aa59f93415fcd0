// levelsweep (batch path, private): Sweep_BoxTriangle (0x0034d5d0) over lanes
// of triangles, the wide twin of kernels/unit13/sweep_box_triangle.cpp (spec
// Unit 13: BoxTri_ProjectBox 0x0034aa60, BoxTri_ProjectTriangle 0x0034ab28;
// Sweep_IntervalOverlap 0x0034a8d0 is sweep_interval_wide.hpp).
//
// One box moves by one move against each lane's triangle over the same 13
// axes in the same order; a lane whose axis separates stops changing (the
// scalar code returns there), and the zero-speed reset is taken per lane.
#pragma once

#include <cstdint>

#include "levelsweep/box_sweep.hpp"
#include "unit13/sweep_interval_wide.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

namespace wide_detail {

// BoxTri_ProjectTriangle: a corner below the running min becomes it,
// otherwise one above the running max becomes that.
template <class A>
void project_triangle(const WVec3<A> (&v)[3], const WVec3<A>& L, typename Lanes<A>::F& lo, typename Lanes<A>::F& hi) {
    lo = hi = dot(L, v[0]);
    for (int k = 1; k < 3; ++k) {
        const auto p = dot(L, v[k]);
        const auto lower = p < lo;
        hi = xsimd::select(~lower & (p > hi), p, hi);
        lo = xsimd::select(lower, p, lo);
    }
}

}  // namespace wide_detail

// Sweep_BoxTriangle on the lanes `active`: each lane's fraction in [0, 1], or
// box_triangle_no_contact (1e28).
template <class A>
typename Lanes<A>::F sweep_box_triangle(const typename Lanes<A>::B& active, const Box& box, const WVec3<A> (&v)[3],
                                        const WVec3<A> (&e)[3], const Vec3& move, Quirks quirks) {
    using F = typename Lanes<A>::F;
    const F none(box_triangle_no_contact);
    wide_detail::WWindow<A> w{F(0.0f), F(box_triangle_open_window), active,
                              quirks.has(Quirk::interval_zero_speed_reset)};
    const WVec3<A> M(move), centre(box.centre);
    const WVec3<A> axis[3] = {WVec3<A>(box.axis[0]), WVec3<A>(box.axis[1]), WVec3<A>(box.axis[2])};
    const F half[3] = {F(box.half[0]), F(box.half[1]), F(box.half[2])};
    // BoxTri_ProjectBox: L.P -+ ((h0|L.A0| + h1|L.A1|) + h2|L.A2|).
    auto box_axis = [&](const WVec3<A>& L, const F& tri_lo, const F& tri_hi) {
        const F r = (half[0] * xsimd::abs(dot(L, axis[0])) + half[1] * xsimd::abs(dot(L, axis[1]))) +
                    half[2] * xsimd::abs(dot(L, axis[2]));
        const F c = dot(L, centre);
        w.axis(dot(L, M), tri_lo, tri_hi, c - r, c + r);
    };

    // The face: N = e0 x e1, the triangle one value.
    const WVec3<A> N = cross(e[0], e[1]);
    const F plane = dot(N, v[0]);
    box_axis(N, plane, plane);
    // The box's axes: its interval A.P -+ h.
    for (int i = 0; i < 3 && xsimd::any(w.live); ++i) {
        F lo, hi;
        wide_detail::project_triangle(v, axis[i], lo, hi);
        const F c = dot(axis[i], centre);
        w.axis(dot(axis[i], M), lo, hi, c - half[i], c + half[i]);
    }
    // e_i x A_j, i outer, j inner.
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3 && xsimd::any(w.live); ++j) {
            const WVec3<A> L = cross(e[i], axis[j]);
            F lo, hi;
            wide_detail::project_triangle(v, L, lo, hi);
            box_axis(L, lo, hi);
        }
    }
    // t = 1 exactly is a contact.
    const auto contact = w.live & ~((w.first < F(0.0f)) | (w.first > F(1.0f)));
    return xsimd::select(contact, w.first, none);
}

}  // namespace levelsweep::simd
