// levelsweep (batch path, private): PointTriangle_DistanceSq (0x0034e840) and
// SphereTriangle_Penetration (0x0034edd0) over lanes of triangles, the wide
// twins of kernels/unit01/point_triangle.cpp (spec Unit 1).
//
// Eberly's region method in the spec's test order: every region's answer is
// computed for all lanes and each lane takes its own region's, by the scalar
// code's comparisons, so each lane has the scalar function's bits.
#pragma once

#include "wide.hpp"

namespace levelsweep::simd {

template <class A>
struct WPointTriangle {
    typename Lanes<A>::F distance_sq, s, t;
};

namespace wide_detail {

// One candidate answer (distance_sq, s, t) per lane.
template <class A>
struct WClosest {
    using F = typename Lanes<A>::F;
    F q, s, t;

    static WClosest pick(const typename Lanes<A>::B& c, const WClosest& a, const WClosest& b) {
        return {xsimd::select(c, a.q, b.q), xsimd::select(c, a.s, b.s), xsimd::select(c, a.t, b.t)};
    }
};

}  // namespace wide_detail

template <class A>
WPointTriangle<A> point_triangle_distance_sq(const WVec3<A>& P, const WVec3<A>& v0, const WVec3<A>& v1,
                                             const WVec3<A>& v2) {
    using F = typename Lanes<A>::F;
    using C = wide_detail::WClosest<A>;
    const F zero(0.0f), one(1.0f), two(2.0f);
    const WVec3<A> D = v0 - P, E0 = v1 - v0, E1 = v2 - v0;
    const F a = dot(E0, E0), b = dot(E0, E1), c = dot(E1, E1), d = dot(E0, D), e = dot(E1, D), f = dot(D, D);
    const F det = xsimd::abs(a * c - b * b);
    const F s = b * e - c * d;
    const F t = b * d - a * e;

    // The coefficients' q at (s, t), at v1 (s = 1) and at v2 (t = 1).
    auto q = [&](const F& ss, const F& tt) {
        return (ss * ((a * ss + b * tt) + two * d) + tt * ((b * ss + c * tt) + two * e)) + f;
    };
    const C at_v0{f, zero, zero};
    const C at_v1{(a + two * d) + f, one, zero};
    const C at_v2{(c + two * e) + f, zero, one};
    // The t = 0 edge (v0..v1) and the s = 0 edge (v0..v2).
    const F s_t0 = quotient(negate(d), a);
    const C edge_t0 = C::pick(d >= zero, at_v0, C::pick(negate(d) >= a, at_v1, C{d * s_t0 + f, s_t0, zero}));
    const F t_s0 = quotient(negate(e), c);
    const C edge_s0 = C::pick(e >= zero, at_v0, C::pick(negate(e) >= c, at_v2, C{e * t_s0 + f, zero, t_s0}));
    // The v1..v2 edge from num: s = num / den, t = 1 - s.
    const F den = (a - two * b) + c;
    auto edge_v1v2 = [&](const F& num) {
        const F ss = quotient(num, den), tt = one - ss;
        return C::pick(num >= den, at_v1, C{q(ss, tt), ss, tt});
    };

    // Inside the s + t <= det side.
    const F inv_det = quotient(one, det);
    const F s0 = s * inv_det, t0 = t * inv_det;
    const C region4 = C::pick(d < zero, edge_t0, edge_s0);
    const C inner =
        C::pick(s < zero, C::pick(t < zero, region4, edge_s0), C::pick(t < zero, edge_t0, C{q(s0, t0), s0, t0}));
    // Region 2.
    const F r2_t0 = b + d, r2_t1 = c + e;
    const F r2_tt = quotient(negate(e), c);
    const C region2 = C::pick(r2_t0 < r2_t1, edge_v1v2(r2_t1 - r2_t0),
                              C::pick(r2_t1 <= zero, at_v2, C::pick(e >= zero, at_v0, C{e * r2_tt + f, zero, r2_tt})));
    // Region 6: region 2 with the roles swapped.
    const F r6_t0 = b + e, r6_t1 = a + d;
    const F r6_num = r6_t1 - r6_t0;
    const F r6_tt = quotient(r6_num, den), r6_ss = one - r6_tt;
    const C r6_edge = C::pick(r6_num >= den, at_v2, C{q(r6_ss, r6_tt), r6_ss, r6_tt});
    const F r6_s = quotient(negate(d), a);
    const C region6 = C::pick(r6_t0 < r6_t1, r6_edge,
                              C::pick(r6_t1 <= zero, at_v1, C::pick(d >= zero, at_v0, C{d * r6_s + f, r6_s, zero})));
    // Region 1.
    const F r1_num = ((c + e) - b) - d;
    const C region1 = C::pick(r1_num <= zero, at_v2, edge_v1v2(r1_num));
    const C outer = C::pick(s < zero, region2, C::pick(t < zero, region6, region1));

    const C out = C::pick(s + t <= det, inner, outer);
    return {xsimd::abs(out.q), out.s, out.t};
}

}  // namespace levelsweep::simd
