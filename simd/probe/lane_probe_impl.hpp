// The lane probes' code, for one xsimd architecture (lane_probe_<isa>.cpp).
// A block of lanes takes its cases in order; what the wide kernels take once
// per block (the box, the quirk set, the zero-speed reset switch) comes from
// the block's first case, and the tests make cases in blocks that share them.
#pragma once

#include <array>
#include <cstddef>

#include "levelsweep/lane_probe.hpp"
#include "unit01/point_triangle_wide.hpp"
#include "unit01/sphere_triangle_wide.hpp"
#include "unit13/sweep_box_triangle_wide.hpp"
#include "wide.hpp"

namespace levelsweep::lanes {

template <class A>
struct Probe {
    using F = typename simd::Lanes<A>::F;
    using B = typename simd::Lanes<A>::B;
    using V = simd::WVec3<A>;
    static constexpr std::size_t W = simd::Lanes<A>::width;

    // Lane k of a block gets field(case k); lanes past n repeat case 0 and are inactive.
    template <class Case, class Get>
    static F lane_floats(const Case* c, std::size_t n, Get get) {
        alignas(64) std::array<float, W> x{};
        for (std::size_t k = 0; k < W; ++k) x[k] = get(c[k < n ? k : 0]);
        return F::load_aligned(x.data());
    }
    template <class Case, class Get>
    static V lane_vec(const Case* c, std::size_t n, Get get) {
        return {lane_floats(c, n, [&](const Case& x) { return get(x).x; }),
                lane_floats(c, n, [&](const Case& x) { return get(x).y; }),
                lane_floats(c, n, [&](const Case& x) { return get(x).z; })};
    }
    static B active(std::size_t n) {
        alignas(64) std::array<float, W> lane{};
        for (std::size_t k = 0; k < W; ++k) lane[k] = static_cast<float>(k);
        return F::load_aligned(lane.data()) < F(static_cast<float>(n));
    }
    template <class T, class Batch>
    static std::array<T, W> stored(const Batch& b) {
        alignas(64) std::array<T, W> out{};
        b.store_aligned(out.data());
        return out;
    }
    static std::size_t lanes_from(std::size_t i, std::size_t n) { return n - i < W ? n - i : W; }

    static simd::WTriangle<A> triangle(const SphereCase* c, std::size_t n) {
        simd::WTriangle<A> t;
        for (int k = 0; k < 3; ++k) {
            t.v[k] = lane_vec(c, n, [k](const SphereCase& x) { return x.v[k]; });
            t.e[k] = lane_vec(c, n, [k](const SphereCase& x) { return x.e[k]; });
        }
        t.n = lane_vec(c, n, [](const SphereCase& x) { return x.n; });
        t.d = lane_floats(c, n, [](const SphereCase& x) { return x.d; });
        return t;
    }

    static void sphere_triangle(const SphereCase* cases, std::size_t count, SphereOut* out) {
        for (std::size_t i = 0; i < count; i += W) {
            const SphereCase* c = cases + i;
            const std::size_t n = lanes_from(i, count);
            const auto h = simd::sweep_sphere_triangle<A>(
                active(n), triangle(c, n), lane_vec(c, n, [](const SphereCase& x) { return x.c; }),
                lane_floats(c, n, [](const SphereCase& x) { return x.r; }),
                lane_vec(c, n, [](const SphereCase& x) { return x.M; }), Quirks::from_bits(c[0].quirks));
            const auto hit = stored<bool>(h.hit), written = stored<bool>(h.mask_written),
                       scalar = stored<bool>(h.scalar_lanes);
            const auto fraction = stored<float>(h.fraction);
            const auto mask = stored<std::int32_t>(h.mask), branch = stored<std::int32_t>(h.branch);
            for (std::size_t k = 0; k < n; ++k)
                out[i + k] = {hit[k], written[k], scalar[k], fraction[k], mask[k], branch[k]};
        }
    }

    static void sphere_edge(const SphereCase* cases, std::size_t count, SphereOut* out) {
        for (std::size_t i = 0; i < count; i += W) {
            const SphereCase* c = cases + i;
            const std::size_t n = lanes_from(i, count);
            B hit(false), scalar(false);
            F fraction(0.0f);
            simd::sphere_sweep_edge<A>(active(n), lane_vec(c, n, [](const SphereCase& x) { return x.v[0]; }),
                                       lane_vec(c, n, [](const SphereCase& x) { return x.e[0]; }),
                                       lane_vec(c, n, [](const SphereCase& x) { return x.c; }),
                                       lane_floats(c, n, [](const SphereCase& x) { return x.r; }),
                                       lane_vec(c, n, [](const SphereCase& x) { return x.M; }),
                                       Quirks::from_bits(c[0].quirks).has(Quirk::sphere_edge_root_order), hit, fraction,
                                       scalar);
            const auto h = stored<bool>(hit), s = stored<bool>(scalar);
            const auto f = stored<float>(fraction);
            for (std::size_t k = 0; k < n; ++k) out[i + k] = {h[k], false, s[k], f[k], 0, 0};
        }
    }

    static void cylinder(const SphereCase* cases, std::size_t count, RootsOut* out) {
        for (std::size_t i = 0; i < count; i += W) {
            const SphereCase* c = cases + i;
            const std::size_t n = lanes_from(i, count);
            B scalar(false);
            const auto roots =
                simd::ray_infinite_cylinder<A>(active(n), lane_floats(c, n, [](const SphereCase& x) { return x.r; }),
                                               lane_vec(c, n, [](const SphereCase& x) { return x.c; }),
                                               lane_vec(c, n, [](const SphereCase& x) { return x.M; }),
                                               lane_vec(c, n, [](const SphereCase& x) { return x.v[0]; }),
                                               lane_vec(c, n, [](const SphereCase& x) { return x.e[0]; }), scalar);
            const auto cnt = stored<float>(roots.count), r0 = stored<float>(roots.r0), r1 = stored<float>(roots.r1);
            const auto s = stored<bool>(scalar);
            for (std::size_t k = 0; k < n; ++k) out[i + k] = {cnt[k], r0[k], r1[k], s[k]};
        }
    }

    static void interval(const IntervalCase* cases, std::size_t count, IntervalOut* out) {
        for (std::size_t i = 0; i < count; i += W) {
            const IntervalCase* c = cases + i;
            const std::size_t n = lanes_from(i, count);
            simd::wide_detail::WWindow<A> w{lane_floats(c, n, [](const IntervalCase& x) { return x.first; }),
                                            lane_floats(c, n, [](const IntervalCase& x) { return x.last; }), active(n),
                                            c[0].reset};
            w.axis(lane_floats(c, n, [](const IntervalCase& x) { return x.v; }),
                   lane_floats(c, n, [](const IntervalCase& x) { return x.a_min; }),
                   lane_floats(c, n, [](const IntervalCase& x) { return x.a_max; }),
                   lane_floats(c, n, [](const IntervalCase& x) { return x.b_min; }),
                   lane_floats(c, n, [](const IntervalCase& x) { return x.b_max; }));
            const auto first = stored<float>(w.first), last = stored<float>(w.last);
            const auto live = stored<bool>(w.live);
            for (std::size_t k = 0; k < n; ++k) out[i + k] = {first[k], last[k], !live[k]};
        }
    }

    static void box_triangle(const BoxCase* cases, std::size_t count, float* fraction) {
        for (std::size_t i = 0; i < count; i += W) {
            const BoxCase* c = cases + i;
            const std::size_t n = lanes_from(i, count);
            V v[3], e[3];
            for (int k = 0; k < 3; ++k) {
                v[k] = lane_vec(c, n, [k](const BoxCase& x) { return x.v[k]; });
                e[k] = lane_vec(c, n, [k](const BoxCase& x) { return x.e[k]; });
            }
            const auto f = stored<float>(
                simd::sweep_box_triangle<A>(active(n), c[0].box, v, e, c[0].move, Quirks::from_bits(c[0].quirks)));
            for (std::size_t k = 0; k < n; ++k) fraction[i + k] = f[k];
        }
    }

    static void point_triangle(const SphereCase* cases, std::size_t count, PointOut* out) {
        for (std::size_t i = 0; i < count; i += W) {
            const SphereCase* c = cases + i;
            const std::size_t n = lanes_from(i, count);
            const auto p =
                simd::point_triangle_distance_sq<A>(lane_vec(c, n, [](const SphereCase& x) { return x.c; }),
                                                    lane_vec(c, n, [](const SphereCase& x) { return x.v[0]; }),
                                                    lane_vec(c, n, [](const SphereCase& x) { return x.v[1]; }),
                                                    lane_vec(c, n, [](const SphereCase& x) { return x.v[2]; }));
            const auto q = stored<float>(p.distance_sq), s = stored<float>(p.s), t = stored<float>(p.t);
            for (std::size_t k = 0; k < n; ++k) out[i + k] = {q[k], s[k], t[k]};
        }
    }

    static LaneProbe table(const char* isa) {
        return {isa, W, sphere_triangle, sphere_edge, cylinder, interval, box_triangle, point_triangle};
    }
};

}  // namespace levelsweep::lanes
