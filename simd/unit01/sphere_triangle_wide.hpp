// levelsweep (batch path, private): Sweep_SphereTriangle over lanes of
// triangles, the wide twin of kernels/unit01/sphere_triangle.cpp (spec Unit 1:
// Sweep_SphereTriangle 0x0034ee60, SphereSweep_Edge 0x0034e3b8,
// SphereSweep_VertexRegion 0x0034e5d0), with the edge step's calls into
// kernels/unit01/capsule_roots.cpp (Segment_SphereIntersect 0x0034e120,
// SphereSweep_EdgeCylinder 0x0034dff8) inline; Ray_InfiniteCylinder 0x0034d938
// is capsule_roots_wide.hpp.
//
// Each lane gives the scalar kernel's answer bit for bit: every branch of the
// scalar code is computed for all lanes and the lane's own branch selected,
// with the scalar code's comparisons (so NaN lanes take the branches they take
// there). One case is left to the scalar kernel: a zero-length edge in the
// capsule step (Ray_InfiniteCylinder's ball at A, unreachable from a
// non-degenerate triangle short of underflow); such lanes come back in
// `scalar_lanes` for the caller to run on the reference kernel.
#pragma once

#include <cstdint>

#include "levelsweep/triangle.hpp"
#include "unit01/capsule_roots_wide.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

// The working triangle of the mesh sweeps (kernels' WorkingTriangle), per lane:
// corners, unnormalised edges, the unit normal and d = v0.n, flipped where the
// caller flipped it.
template <class A>
struct WTriangle {
    WVec3<A> v[3];
    WVec3<A> e[3];
    WVec3<A> n;
    typename Lanes<A>::F d;
};

// The kernel's branch per lane, as SphereTriBranch numbers it.
inline constexpr std::int32_t branch_none = 0, branch_face = 1, branch_edge = 2, branch_corner = 3;

template <class A>
struct WSphereSweep {
    typename Lanes<A>::B hit;  // a contact (fraction valid)
    typename Lanes<A>::F fraction;
    typename Lanes<A>::I mask;  // the inside mask, where mask_written
    typename Lanes<A>::B mask_written;
    typename Lanes<A>::I branch;        // branch_none, _face, _edge or _corner
    typename Lanes<A>::B scalar_lanes;  // to be answered by the scalar kernel instead
};

// SphereSweep_Edge (0x0034e3b8) on the lanes `lanes`: the sphere (c, r) moving
// by M against the segment A..A+E. hit and fraction as the scalar EdgeSweep.
template <class A>
void sphere_sweep_edge(const typename Lanes<A>::B& lanes, const WVec3<A>& Ap, const WVec3<A>& E, const WVec3<A>& c,
                       const typename Lanes<A>::F& r, const WVec3<A>& M, bool root_order, typename Lanes<A>::B& hit,
                       typename Lanes<A>::F& fraction, typename Lanes<A>::B& scalar_lanes) {
    using F = typename Lanes<A>::F;
    // Segment_SphereIntersect (0x0034e120): the segment already meets the ball.
    const WVec3<A> Dv = Ap - c;
    const F cc = dot(Dv, Dv) - r * r;
    const F b = dot(Dv, E);
    const F a = dot(E, E);
    const F delta = b * b - a * cc;
    const F s = square_root(delta);
    const F inv_a = quotient(F(1.0f), a);
    const F u1 = (negate(b) - s) * inv_a, u2 = (negate(b) + s) * inv_a;
    const auto meets_two = (delta > F(0.0f)) & ~((u1 > F(1.0f)) | (u2 < F(0.0f)));
    const F u = quotient(negate(b), a);
    const auto meets_tangent = ~(delta < F(0.0f)) & ~(delta > F(0.0f)) & (F(0.0f) <= u) & (u <= F(1.0f));
    const auto touching = lanes & (meets_two | meets_tangent);

    // SphereSweep_EdgeCylinder (0x0034dff8): the capsule's roots; a hit when one lies in [0, 1].
    const auto sweeping = lanes & ~touching;
    const wide_detail::WRoots<A> roots = ray_infinite_cylinder(sweeping, r, c, M, Ap, E, scalar_lanes);
    auto in_range = [](const F& t) { return (F(0.0f) <= t) & (t <= F(1.0f)); };
    const auto has0 = roots.count > F(0.0f), has1 = roots.count > F(1.0f);
    const auto ok0 = has0 & in_range(roots.r0), ok1 = has1 & in_range(roots.r1);
    const auto capsule_hit = sweeping & ~scalar_lanes & (ok0 | ok1);
    F t = roots.r0;     // the quirk: the first root in the capsule's list
    if (!root_order) {  // the earliest root in [0, 1]
        F best(2.0f);
        best = xsimd::select(ok0 & (roots.r0 < best), roots.r0, best);
        best = xsimd::select(ok1 & (roots.r1 < best), roots.r1, best);
        t = best;
    }
    hit = touching | capsule_hit;
    fraction = xsimd::select(touching, F(0.0f), xsimd::select(capsule_hit, t, fraction));
}

// Sweep_SphereTriangle (0x0034ee60): a sphere (c, r) moving by M against each
// lane's working triangle, on the lanes `active`.
template <class A>
WSphereSweep<A> sweep_sphere_triangle(const typename Lanes<A>::B& active, const WTriangle<A>& t, const WVec3<A>& c,
                                      const typename Lanes<A>::F& r, const WVec3<A>& M, Quirks quirks) {
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    using I = typename Lanes<A>::I;
    WSphereSweep<A> out{B(false), F(0.0f), I(0), B(false), I(branch_none), B(false)};
    const WVec3<A>& n = t.n;
    const F nn = dot(n, n);
    B live = active & not_equal(nn, F(0.0f));  // a degenerate triangle: nothing (docs/decisions.md)

    const F nc = dot(n, c);
    const F dist = nc - t.d;
    const auto reaching = dist * dist <= (nn * r) * r;
    const F nM = dot(n, M);
    const auto front = t.d < nc;
    const auto toward = choose(front, nM<F(0.0f), nM> F(0.0f));
    const WVec3<A> P0 = select(front, c + negate(r) * n, c + r * n);
    const F tp = quotient(t.d - dot(n, P0), nM);
    live = live & (reaching | (toward & ~(tp > F(1.0f))));
    const F base = xsimd::select(reaching, F(0.0f), tp);
    const WVec3<A> P = select(reaching, c, P0 + tp * M);
    if (!xsimd::any(live)) return out;

    // The inside mask (0x0034efd4, 0x0034f43c).
    WVec3<A> m[3];
    I mask(0);
    for (int k = 0; k < 3; ++k) {
        m[k] = cross(t.e[k], n);
        const auto inside = as_int_mask<A>(dot(m[k], P) <= dot(m[k], t.v[k]));
        mask = xsimd::select(inside, mask | I(1 << k), mask);
    }
    out.mask = mask;
    out.mask_written = live;
    auto is = [&](int value) { return live & as_float_mask<A>(mask == I(value)); };

    // Mask 7: the face, at the plane's fraction.
    const B face = is(7);
    out.hit = face;
    out.fraction = xsimd::select(face, base, out.fraction);
    out.branch = xsimd::select(as_int_mask<A>(face), I(branch_face), out.branch);

    // Masks 6, 5, 3: outside one edge k, swept against it.
    const B edge0 = is(6), edge1 = is(5), edge2 = is(3);
    const B edge = edge0 | edge1 | edge2;
    WVec3<A> Ae = select(edge0, t.v[0], select(edge1, t.v[1], t.v[2]));
    WVec3<A> Ee = select(edge0, t.e[0], select(edge1, t.e[1], t.e[2]));

    // Masks 2, 4, 1: past corner k (SphereSweep_VertexRegion); one of its two
    // edges is swept, the corner being that edge's end cap.
    const B corner0 = is(2), corner1 = is(4), corner2 = is(1);
    const B corner = corner0 | corner1 | corner2;
    B corner_sweeps(false);
    if (xsimd::any(corner)) {
        const WVec3<A> V = select(corner0, t.v[0], select(corner1, t.v[1], t.v[2]));
        const WVec3<A> mk = select(corner0, m[0], select(corner1, m[1], m[2]));
        const WVec3<A> ek = select(corner0, t.e[0], select(corner1, t.e[1], t.e[2]));
        const WVec3<A> to_corner = V - c;
        // Already inside the ball (strict), or moving away from or across the corner: nothing.
        corner_sweeps = corner & ~(dot(to_corner, to_corner) < r * r) & ~(dot(M, to_corner) <= F(0.0f));
        const F numerator = dot(mk, V) - dot(mk, c);
        const F speed = dot(mk, M);
        const F u = quotient(numerator, speed);
        const WVec3<A> X = c + u * M;
        const auto crosses_k = dot(ek, V) <= dot(ek, X);
        const F along = dot(ek, M);
        const auto by_signs =
            choose(along == F(0.0f), dot(ek, V) <= dot(ek, c), ~((numerator > F(0.0f)) ^ (along > F(0.0f))));
        const auto use_k = choose(not_equal(speed, F(0.0f)), crosses_k, ~(numerator == F(0.0f)) & by_signs);
        // The edge starting at k, or the one ending there (starting at k + 2).
        const B s0 = choose(use_k, corner0, corner1);
        const B s1 = choose(use_k, corner1, corner2);
        const WVec3<A> start = select(s0, t.v[0], select(s1, t.v[1], t.v[2]));
        const WVec3<A> end = select(s0, t.v[1], select(s1, t.v[2], t.v[0]));
        Ae = select(corner_sweeps, start, Ae);
        Ee = select(corner_sweeps, end - start, Ee);  // built from the corners, not read from +0x30
        out.branch = xsimd::select(as_int_mask<A>(corner), I(branch_corner), out.branch);
    }
    out.branch = xsimd::select(as_int_mask<A>(edge), I(branch_edge), out.branch);

    const B sweeps = edge | corner_sweeps;
    if (xsimd::any(sweeps)) {
        B step_hit(false);
        F step_fraction(0.0f);
        sphere_sweep_edge<A>(sweeps, Ae, Ee, c, r, M, quirks.has(Quirk::sphere_edge_root_order), step_hit,
                             step_fraction, out.scalar_lanes);
        out.hit = out.hit | (step_hit & ~out.scalar_lanes);
        out.fraction = xsimd::select(step_hit, step_fraction, out.fraction);
    }
    return out;
}

}  // namespace levelsweep::simd
