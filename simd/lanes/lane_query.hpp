// levelsweep (batch path, private): one query's candidates found and
// evaluated in lanes, for one instruction set (instantiated by
// simd/isa/<isa>.cpp through isa_table.hpp).
//
// gather_survivors() descends the hierarchy (traversal_wide.hpp) with the
// query's reach (its leaves are single triangles, so the node test is each
// triangle's own reach test) and runs the triangles it reached through the
// query's filters (triangle_filters_wide.hpp); sweep() runs the survivors
// through the query's kernel. Each stage works over blocks of lanes gathered
// from the packed records, compacting survivors in between. Both leave their
// results as plain data
// (epilogue_wide.hpp) for the generic side (engine/query/src/batch_*.cpp).
//
// The kernels are the wide twins of the spec's (simd/unit01, simd/unit13).
#pragma once

#include <xsimd/xsimd.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "lanes/epilogue_wide.hpp"
#include "lanes/traversal_wide.hpp"
#include "levelsweep/lane_abi.hpp"
#include "triangle_filters_wide.hpp"
#include "unit01/point_triangle_wide.hpp"
#include "unit01/sphere_triangle_wide.hpp"
#include "unit13/sweep_box_triangle_wide.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

template <class A>
class LaneQuery {
public:
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    using I = typename Lanes<A>::I;
    static constexpr std::size_t W = Lanes<A>::width;

    LaneQuery(const PackedLevel& level, const LanePlan& plan)
        : level_(level), p_(plan), c_(plan.c), M_(plan.M), side_at_(plan.filters.side_at) {
        alignas(64) std::array<float, W> lane{};
        for (std::size_t k = 0; k < W; ++k) lane[k] = static_cast<float>(k);
        lane_ = F::load_aligned(lane.data());
    }

    void gather_survivors(LaneBuffers& buf) {
        Traversal<A>(p_).descend(level_, buf);
        for (std::size_t i = 0; i < buf.candidate_count; i += W) {
            const Block b = load(buf.candidates + i, lanes_from(i, buf.candidate_count));
            buf.survivor_count += compact_survivors<A>(
                b.slot.data(), filter(b), buf.candidate_entry + i, buf.survivors + buf.survivor_count,
                buf.survivor_bits + buf.survivor_count, buf.survivor_entry + buf.survivor_count);
        }
    }

    void sweep(LaneBuffers& buf, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; i += W) {
            const std::size_t n = lanes_from(i, end);
            const Block b = load(buf.survivors + i, n);
            WFiltered<A> f;
            f.pass = b.valid;
            unpack_survivors<A>(buf.survivor_bits + i, n, f);
            buf.kernel_calls += static_cast<std::uint32_t>(n);
            buf.hit_count += kernel(b, f, buf.hits + buf.hit_count);
        }
    }

private:
    // The lanes of the block starting at `i` of `count` entries.
    static std::size_t lanes_from(std::size_t i, std::size_t count) { return count - i < W ? count - i : W; }

    // Up to W slots and their record offsets; lanes past the count repeat the
    // first slot and are not valid.
    struct Block {
        B valid;
        I base;  // slot * record::floats
        std::array<std::uint32_t, W> slot;
        std::size_t n;
    };

    Block load(const std::uint32_t* slots, std::size_t n) const {
        alignas(64) std::array<std::int32_t, W> base{};
        Block b;
        b.n = n;
        for (std::size_t k = 0; k < W; ++k) {
            const std::uint32_t s = slots[k < n ? k : 0];
            b.slot[k] = s;
            base[k] = static_cast<std::int32_t>(s * record::floats);
        }
        b.base = I::load_aligned(base.data());
        b.valid = lane_ < F(static_cast<float>(n));
        return b;
    }

    F field(const Block& b, std::size_t at) const { return gather<A>(level_.records.data() + at, b.base); }
    WVec3<A> vec(const Block& b, std::size_t at) const { return {field(b, at), field(b, at + 1), field(b, at + 2)}; }

    WFiltered<A> filter(const Block& b) const {
        return triangle_filters<A>(p_.filters, side_at_, M_, b.valid, [&](std::size_t at) { return field(b, at); });
    }

    // The query's kernel on the passing lanes, into lane results for
    // lane_epilogue (epilogue_wide.hpp), which says where they go.
    std::size_t kernel(const Block& b, const WFiltered<A>& f, LaneHit* hits) const {
        const LanePlan& p = p_;
        LaneResults<A> r;
        r.reached = lane_bits<A>(f.pass);
        if (std::popcount(r.reached) <= sparse_lanes) {
            r.scalar = r.reached;  // the generic side runs the scalar kernel on these few
        } else if (p.kernel == LaneKernel::sphere_penetration) {
            // SphereTriangle_Penetration: strict q < r^2.
            const WPointTriangle<A> pt =
                point_triangle_distance_sq<A>(c_, vec(b, record::v0), vec(b, record::v1), vec(b, record::v2));
            const F radius(p.r);
            r.contact = lane_bits<A>(f.pass & (pt.distance_sq < radius * radius));
            (radius - square_root(pt.distance_sq)).store_aligned(r.fraction.data());
            pt.s.store_aligned(r.s.data());
            pt.t.store_aligned(r.t.data());
            r.fixed_branch = LaneBranch::penetration;
        } else {
            // The working triangle, flipped (CollTri_Flip) where the side test said.
            const WVec3<A> v0 = vec(b, record::v0), v1 = vec(b, record::v1), v2 = vec(b, record::v2);
            WVec3<A> v[3] = {v0, select(f.flip, v2, v1), select(f.flip, v1, v2)};
            // CollTri_ComputeEdges' e_k = v(k+1) - v(k), 0x00343a90: the Level's edges bit for bit.
            const WVec3<A> e0 = v1 - v0, e1 = v2 - v1, e2 = v0 - v2;
            WVec3<A> e[3] = {select(f.flip, -e2, e0), select(f.flip, -e1, e1), select(f.flip, -e0, e2)};
            if (p.kernel == LaneKernel::box_sweep) {
                const F t = sweep_box_triangle<A>(f.pass, p.box, v, e, p.M, p.quirks);
                t.store_aligned(r.fraction.data());
                r.contact = lane_bits<A>(f.pass & (t >= F(0.0f)) & (t <= F(1.0f)));
                r.fixed_branch = LaneBranch::box_triangle;
            } else {
                const WVec3<A> n = vec(b, record::n);
                const F d = field(b, record::d);
                const WTriangle<A> tri{
                    {v[0], v[1], v[2]}, {e[0], e[1], e[2]}, select(f.flip, -n, n), xsimd::select(f.flip, negate(d), d)};
                const WSphereSweep<A> h = sweep_sphere_triangle<A>(f.pass, tri, c_, F(p.r), M_, p.quirks);
                r.contact = lane_bits<A>(h.hit & (h.fraction >= F(0.0f)) & (h.fraction <= F(1.0f)));
                r.scalar = lane_bits<A>(h.scalar_lanes);
                h.fraction.store_aligned(r.fraction.data());
                h.mask.store_aligned(r.mask.data());
                h.branch.store_aligned(r.branch.data());
                r.per_lane_branch = true;
            }
        }
        r.flip = lane_bits<A>(f.flip);
        f.marks.store_aligned(r.marks.data());
        return lane_epilogue<A>(r, b.slot.data(), branch_edge, branch_corner, hits);
    }

    const PackedLevel& level_;
    const LanePlan& p_;
    // The plan's constants, in every lane.
    const WVec3<A> c_, M_, side_at_;
    F lane_;  // k in lane k
};

}  // namespace levelsweep::simd
