// levelsweep (batch path, private): Ray_InfiniteCylinder over lanes, the wide
// twin of kernels/unit01/capsule_roots.cpp (spec Unit 1: Ray_InfiniteCylinder
// 0x0034d938, its end spheres 0x0034dd04-0x0034dfc8): the roots of a moving
// point against each lane's capsule, listed wall, A cap, B cap, as the scalar
// RootList lists them.
#pragma once

#include <cstdint>

#include "levelsweep/spec_constants.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

namespace wide_detail {

// A list of at most two roots per lane, filled in order (RootList in
// capsule_roots.cpp); a lane stops taking roots once it holds two or its
// scalar code has returned.
template <class A>
struct WRoots {
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    F count = F(0.0f), r0 = F(0.0f), r1 = F(0.0f);
    B done = B(false);

    void add(const B& take, const F& root) {
        const B c = take & ~done;
        r0 = xsimd::select(c & (count == F(0.0f)), root, r0);
        r1 = xsimd::select(c & (count == F(1.0f)), root, r1);
        count = xsimd::select(c, count + F(1.0f), count);
        done = done | (count == F(2.0f));
    }
};

// cap_roots (0x0034dd04-0x0034dfc8): one end sphere's roots from b1 and
// delta = b1^2 - b0, each kept when `keep` holds for it; tau * k is listed.
template <class A, class Keep>
void cap_roots(WRoots<A>& list, const typename Lanes<A>::B& lanes, const typename Lanes<A>::F& b1,
               const typename Lanes<A>::F& delta, const typename Lanes<A>::F& k, Keep keep) {
    using F = typename Lanes<A>::F;
    const auto two = lanes & (delta > F(0.0f));
    const F q = square_root(delta);
    const F tau1 = negate(b1) - q, tau2 = negate(b1) + q;
    list.add(two & keep(tau1), tau1 * k);
    list.add(two & keep(tau2), tau2 * k);
    const auto one = lanes & (delta == F(0.0f));
    const F tau = negate(b1);
    list.add(one & keep(tau), tau * k);
}

}  // namespace wide_detail

// Ray_InfiniteCylinder (0x0034d938) on the lanes `lanes`: the roots of the
// move M of c against the capsule of radius r around A..A+E, listed wall, A
// cap, B cap. Lanes with a zero-length edge are added to `scalar_lanes`.
template <class A>
wide_detail::WRoots<A> ray_infinite_cylinder(typename Lanes<A>::B lanes, const typename Lanes<A>::F& r,
                                             const WVec3<A>& c, const WVec3<A>& M, const WVec3<A>& Ap,
                                             const WVec3<A>& E, typename Lanes<A>::B& scalar_lanes) {
    using F = typename Lanes<A>::F;
    const F parallel_dz(spec::almost_one);   // 0.99999899
    const F zero_move(spec::one_millionth);  // 1e-6
    wide_detail::WRoots<A> list;
    const F L = square_root(dot(E, E));
    const auto zero_edge = lanes & (L == F(0.0f));
    scalar_lanes = scalar_lanes | zero_edge;
    lanes = lanes & ~zero_edge;
    list.done = ~lanes;

    const WVec3<A> W = quotient(F(1.0f), L) * E;
    // Vec_MakePerpendicularBasis (0x00349180).
    const auto use_x = xsimd::abs(W.y) <= xsimd::abs(W.x);
    const WVec3<A> U =
        normalize_rsqrt(select(use_x, WVec3<A>(negate(W.z), F(0.0f), W.x), WVec3<A>(F(0.0f), W.z, negate(W.y))));
    const WVec3<A> V = cross(W, U);
    const WVec3<A> delta = c - Ap;
    const WVec3<A> P{dot(U, delta), dot(V, delta), dot(W, delta)};
    const WVec3<A> Mf{dot(U, M), dot(V, M), dot(W, M)};
    const F m = square_root(dot(Mf, Mf));
    const F k = quotient(F(1.0f), m);
    const WVec3<A> D = k * Mf;

    // Parallel or zero move: the corner spheres' entry and exit along the axis.
    const auto parallel = lanes & ((m < zero_move) | (xsimd::abs(D.z) >= parallel_dz));
    {
        const F rho = (r * r - P.x * P.x) - P.y * P.y;
        const F ME = dot(M, E);
        const auto some = parallel & ~((rho < F(0.0f)) | (ME == F(0.0f)));
        const F s = square_root(rho);
        const auto toward_a = ME < F(0.0f);
        const F entry_a = (P.z + s) * k, exit_b = negate((L - P.z) + s) * k;
        const F entry_b = negate(P.z + s) * k, exit_a = ((L - P.z) + s) * k;
        list.r0 = xsimd::select(some, xsimd::select(toward_a, entry_a, entry_b), list.r0);
        list.r1 = xsimd::select(some, xsimd::select(toward_a, exit_b, exit_a), list.r1);
        list.count = xsimd::select(some, F(2.0f), list.count);
        list.done = list.done | parallel;
    }

    // Side wall.
    const F a0 = (P.x * P.x + P.y * P.y) - r * r;
    const F a1 = P.x * D.x + P.y * D.y;
    const F a2 = D.x * D.x + D.y * D.y;
    const F dw = a1 * a1 - a2 * a0;
    list.done = list.done | (dw < F(0.0f));  // misses the infinite cylinder
    auto on_wall = [&](const F& tau) {
        const F axial = P.z + tau * D.z;
        return (F(0.0f) <= axial) & (axial <= L);
    };
    {
        const auto two = ~list.done & (dw > F(0.0f));
        const F q = square_root(dw);
        const F inv_a2 = quotient(F(1.0f), a2);
        const F tau1 = (negate(a1) - q) * inv_a2, tau2 = (negate(a1) + q) * inv_a2;
        list.add(two & on_wall(tau1), tau1 * k);
        list.add(two & on_wall(tau2), tau2 * k);
        // dw == 0 (or NaN): one grazing root; on the wall it ends the list.
        const auto one = ~list.done & ~(dw > F(0.0f));
        const F tau = quotient(negate(a1), a2);
        const auto grazes = one & on_wall(tau);
        list.add(grazes, tau * k);
        list.done = list.done | grazes;
    }
    // Sphere at A.
    const F b0 = a0 + P.z * P.z;
    const F b1 = a1 + P.z * D.z;
    wide_detail::cap_roots(list, ~list.done, b1, b1 * b1 - b0, k,
                           [&](const F& tau) { return P.z + tau * D.z <= F(0.0f); });
    // Sphere at A + E.
    const F c1 = b1 - D.z * L;
    const F c0 = b0 + L * (L - F(2.0f) * P.z);
    wide_detail::cap_roots(list, ~list.done, c1, c1 * c1 - c0, k, [&](const F& tau) { return P.z + tau * D.z >= L; });
    return list;
}

}  // namespace levelsweep::simd
