// levelsweep (batch path, private): one query's candidates found and evaluated
// in lanes, for one instruction set (instantiated by simd/batch_<isa>.cpp).
//
// gather_survivors() walks the hierarchy (BatchLevel) with the query's reach (its leaves
// are single triangles, so the node test is each triangle's own reach test)
// and runs the triangles it reached through the query's filters; sweep() runs
// the survivors through the query's kernel. Each stage works over blocks of
// lanes gathered from the packed records, compacting survivors in between. evaluate() runs a given list of slots (the exact
// cell walk's entries) through the same filters and kernels, in order. Both
// leave contacts as lane data (LaneHit) for the generic side to finish
// (query/src/batch_path.cpp).
//
// The filters are the reference visits' (query/src/mesh_visits.hpp), lane by
// lane with the same comparisons; the kernels are the wide twins of the
// spec's (simd/unit01, simd/unit13). The reach tests only prune, and need not
// be exact, only conservative.
#pragma once

#include <xsimd/xsimd.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "levelsweep/lane_abi.hpp"
#include "levelsweep/level.hpp"
#include "unit01/point_triangle_wide.hpp"
#include "unit01/sphere_triangle_wide.hpp"
#include "unit13/sweep_box_triangle_wide.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

template <class A>
class BatchQuery {
public:
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    using I = typename Lanes<A>::I;
    static constexpr std::size_t W = Lanes<A>::width;

    BatchQuery(const detail::BatchData& data, const detail::BatchPlan& plan)
        : data_(data),
          p_(plan),
          c_(plan.c),
          M_(plan.M),
          side_at_(plan.kind == QueryKind::box_sweep ? plan.box.centre : plan.c),
          reach_lo_(plan.reach_lo),
          reach_hi_(plan.reach_hi),
          grow_(plan.grow),
          inv_move_(plan.inv_move),
          rel_(plan.rel_margin),
          size_(plan.size) {
        alignas(64) std::array<float, W> lane{};
        for (std::size_t k = 0; k < W; ++k) lane[k] = static_cast<float>(k);
        lane_ = F::load_aligned(lane.data());
    }

    void gather_survivors(detail::BatchBuffers& buf) {
        traverse(buf);
        for (std::size_t i = 0; i < buf.candidate_count; i += W) {
            const Block b = load(buf.candidates + i, lanes_from(i, buf.candidate_count));
            buf.survivor_count += compact(b, filter(b), buf.candidate_entry + i, buf.survivors + buf.survivor_count,
                                          buf.survivor_bits + buf.survivor_count,
                                          buf.survivor_entry + buf.survivor_count);
        }
    }

    void sweep(detail::BatchBuffers& buf, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; i += W) {
            const std::size_t n = lanes_from(i, end);
            const Block b = load(buf.survivors + i, n);
            Filtered f;
            f.pass = b.valid;
            unpack_bits(buf.survivor_bits + i, n, f);
            buf.kernel_calls += static_cast<std::uint32_t>(n);
            buf.hit_count += kernel(b, f, buf.hits + buf.hit_count, nullptr);
        }
    }

    void evaluate(const std::uint32_t* slots, std::size_t count, detail::EntryOutcome* outcome, detail::LaneHit* hits) {
        for (std::size_t i = 0; i < count; i += W) {
            const std::size_t n = lanes_from(i, count);
            const Block b = load(slots + i, n);
            const Filtered f = filter(b);
            for (std::size_t k = 0; k < n; ++k) outcome[i + k] = detail::EntryOutcome::filtered;
            if (xsimd::any(f.pass)) kernel(b, f, hits + i, outcome + i);
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
    // Which lanes pass the filters, and how a sweep sees each.
    struct Filtered {
        B pass = B(false);
        B flip = B(false);
        I marks = I(0);
    };

    Block load(const std::uint32_t* slots, std::size_t n) const {
        alignas(64) std::array<std::int32_t, W> base{};
        Block b;
        b.n = n;
        for (std::size_t k = 0; k < W; ++k) {
            const std::uint32_t s = slots[k < n ? k : 0];
            b.slot[k] = s;
            base[k] = static_cast<std::int32_t>(s * detail::record::floats);
        }
        b.base = I::load_aligned(base.data());
        b.valid = lane_ < F(static_cast<float>(n));
        return b;
    }

    F field(const Block& b, std::size_t at) const { return gather<A>(data_.records.data() + at, b.base); }
    WVec3<A> vec(const Block& b, std::size_t at) const { return {field(b, at), field(b, at + 1), field(b, at + 2)}; }

    // The filters of the query's visit, lane by lane (mesh_visits.hpp): the flag
    // word, the n.z range, then the sweeps' side and direction tests and the
    // capsule's low-triangle rule.
    Filtered filter(const Block& b) const {
        const detail::BatchPlan& p = p_;
        Filtered f;
        const I fl = xsimd::bitwise_cast<I>(field(b, detail::record::flags));
        auto has = [&](std::uint16_t bit) { return as_float_mask<A>((fl & I(bit)) != I(0)); };
        B pass = b.valid & has(tri_flags::enabled);
        const bool skip_special = (p.body_flags & Body::skips_special) ||
                                  (p.honour_option_8000 && (p.options & option::skip_special));
        if (skip_special) pass = pass & ~has(tri_flags::special);
        if (p.kind != QueryKind::box_sweep && (p.options & (option::nz_min | option::nz_max))) {
            const F nz = field(b, detail::record::n + 2);
            if (p.options & option::nz_min) pass = pass & ~(nz < F(p.nz_min));
            if (p.options & option::nz_max) pass = pass & ~(nz > F(p.nz_max));
        }
        if (p.kind == QueryKind::sphere_overlap || !xsimd::any(pass)) {
            f.pass = pass;
            return f;
        }
        const F side_epsilon(std::bit_cast<float>(std::uint32_t{0x358637bd}));   // 1e-6
        const F receding(std::bit_cast<float>(std::uint32_t{0xba83126f}));       // -0.001
        const F parallel_band(std::bit_cast<float>(std::uint32_t{0x3a83126f}));  // 0.001
        const WVec3<A> n = vec(b, detail::record::n);
        const B behind = dot(n, side_at_) - field(b, detail::record::d) < side_epsilon;
        const B two_sided = has(tri_flags::two_sided);
        f.flip = behind & two_sided;
        const F into = dot(select(f.flip, -n, n), M_);
        const B away = into >= receding;
        if (p.marking) {  // option 0x40 (sweeps of spheres only): marks instead of skips
            f.marks = xsimd::select(as_int_mask<A>(behind & ~two_sided), I(mark::behind), I(0));
            const I away_mark = xsimd::select(as_int_mask<A>(xsimd::abs(into) <= parallel_band), I(mark::parallel),
                                              I(mark::away));
            f.marks = f.marks | xsimd::select(as_int_mask<A>(away), away_mark, I(0));
        } else {
            pass = pass & ~(behind & ~two_sided) & ~away;
        }
        if (p.capsule) pass = pass & ~(field(b, detail::record::top) < F(p.step_top));
        f.pass = pass;
        return f;
    }

    // Boxes that can hold something the query touches: grown by the plan's
    // margin (which grows with the box), they meet its reach box and, for a
    // sweep, the segment (the slab test, on the axes the move is not too small
    // on). Conservative: a NaN rejects nothing (min and max may pass one on).
    B box_reaches(const WVec3<A>& lo, const WVec3<A>& hi, F& entry) const {
        const F spread = rel_ * (size_ + (((hi.x - lo.x) + (hi.y - lo.y)) + (hi.z - lo.z)));
        const WVec3<A> g{grow_.x + spread, grow_.y + spread, grow_.z + spread};
        B outside = (hi.x + g.x < reach_lo_.x) | (hi.y + g.y < reach_lo_.y) | (hi.z + g.z < reach_lo_.z) |
                    (lo.x - g.x > reach_hi_.x) | (lo.y - g.y > reach_hi_.y) | (lo.z - g.z > reach_hi_.z);
        F t_in(0.0f);
        if (p_.slab) {
            F t_out(1.0f);
            auto axis = [&](const F& l, const F& h, const F& grow, const F& c, const F& inv) {
                const F t0 = ((l - grow) - c) * inv, t1 = ((h + grow) - c) * inv;
                t_in = xsimd::max(t_in, xsimd::min(t0, t1));
                t_out = xsimd::min(t_out, xsimd::max(t0, t1));
            };
            if (p_.slab_axis[0]) axis(lo.x, hi.x, g.x, c_.x, inv_move_.x);
            if (p_.slab_axis[1]) axis(lo.y, hi.y, g.y, c_.y, inv_move_.y);
            if (p_.slab_axis[2]) axis(lo.z, hi.z, g.z, c_.z, inv_move_.z);
            outside = outside | (t_out < t_in);
        }
        entry = t_in;
        return ~outside;
    }

    // Depth-first over the hierarchy; the reached leaves' slots become
    // candidates. A node's eight children are tested W at a time (the lanes past
    // the eighth, under AVX-512, read the node's next row and are ignored).
    void traverse(detail::BatchBuffers& buf) const {
        constexpr std::size_t step = W < detail::node_width ? W : detail::node_width;
        if (data_.nodes.empty()) return;
        std::size_t top = 0;
        buf.stack[top++] = 0;
        while (top > 0) {
            const detail::BvhNode& node = data_.nodes[buf.stack[--top]];
            ++buf.nodes_visited;
            for (std::size_t c0 = 0; c0 < detail::node_width; c0 += step) {
                const WVec3<A> lo{F::load_unaligned(node.lo[0] + c0), F::load_unaligned(node.lo[1] + c0),
                                  F::load_unaligned(node.lo[2] + c0)};
                const WVec3<A> hi{F::load_unaligned(node.hi[0] + c0), F::load_unaligned(node.hi[1] + c0),
                                  F::load_unaligned(node.hi[2] + c0)};
                F entry;
                std::uint32_t reached = lane_bits<A>(box_reaches(lo, hi, entry)) & ((1u << step) - 1u);
                if (reached == 0) continue;
                alignas(64) std::array<float, W> entries{};
                entry.store_aligned(entries.data());
                for (; reached != 0; reached &= reached - 1) {
                    const std::size_t c = c0 + static_cast<std::size_t>(std::countr_zero(reached));
                    const std::int32_t child = node.child[c];
                    if (child < 0) continue;
                    if (node.count[c] == 0) {
                        buf.stack[top++] = static_cast<std::uint32_t>(child);
                        continue;
                    }
                    for (std::uint32_t s = 0; s < node.count[c]; ++s) {
                        buf.candidates[buf.candidate_count] = static_cast<std::uint32_t>(child) + s;
                        buf.candidate_entry[buf.candidate_count++] = entries[c - c0];
                    }
                }
            }
        }
    }

    // Appends the passing lanes' slots, their flip and marks, and their entry
    // fractions (from `entry`, the block's); returns how many.
    std::size_t compact(const Block& b, const Filtered& f, const float* entry, std::uint32_t* slots, std::uint32_t* bits,
                        float* entries) const {
        std::uint32_t pass = lane_bits<A>(f.pass);
        if (pass == 0) return 0;
        const std::uint32_t flip = lane_bits<A>(f.flip);
        alignas(64) std::array<std::int32_t, W> marks{};
        f.marks.store_aligned(marks.data());
        std::size_t out = 0;
        for (; pass != 0; pass &= pass - 1) {
            const auto k = static_cast<std::size_t>(std::countr_zero(pass));
            slots[out] = b.slot[k];
            bits[out] = static_cast<std::uint32_t>(marks[k]) | ((flip >> k) & 1u ? 0x80000000u : 0u);
            entries[out] = entry[k];
            ++out;
        }
        return out;
    }

    void unpack_bits(const std::uint32_t* bits, std::size_t n, Filtered& f) const {
        alignas(64) std::array<std::int32_t, W> marks{};
        alignas(64) std::array<float, W> flip{};
        for (std::size_t k = 0; k < n; ++k) {
            marks[k] = static_cast<std::int32_t>(bits[k] & 0x7fffffffu);
            flip[k] = (bits[k] & 0x80000000u) ? 1.0f : 0.0f;
        }
        f.marks = I::load_aligned(marks.data());
        f.flip = F::load_aligned(flip.data()) != F(0.0f);
    }

    // A block with this few lanes past the filters is left to the scalar kernel
    // (the generic side runs it): one wide call costs more than two scalar ones.
    static constexpr int sparse_lanes = 2;

    // The query's kernel on the passing lanes. With `outcome` (the exact walk),
    // every lane that reached the kernel gets its effect on the cell counter
    // and a contact's data goes to hits[lane]; without, the contacts are
    // appended to hits. Returns the contacts appended.
    std::size_t kernel(const Block& b, const Filtered& f, detail::LaneHit* hits, detail::EntryOutcome* outcome) const {
        const detail::BatchPlan& p = p_;
        alignas(64) std::array<float, W> fraction{}, s_lane{}, t_lane{};
        alignas(64) std::array<std::int32_t, W> mask{}, branch{}, marks{};
        std::uint32_t contact = 0, beyond = 0, scalar = 0;
        std::uint8_t hit_branch = static_cast<std::uint8_t>(HitBranch::face);
        const std::uint32_t reached = lane_bits<A>(f.pass);
        if (std::popcount(reached) <= sparse_lanes) {
            scalar = reached;  // the generic side runs the scalar kernel on these few
        } else if (p.kind == QueryKind::sphere_overlap) {
            // SphereTriangle_Penetration: strict q < r^2.
            const WPointTriangle<A> pt = point_triangle_distance_sq<A>(c_, vec(b, detail::record::v0),
                                                                       vec(b, detail::record::v1),
                                                                       vec(b, detail::record::v2));
            const F r(p.r);
            contact = lane_bits<A>(f.pass & (pt.distance_sq < r * r));
            (r - square_root(pt.distance_sq)).store_aligned(fraction.data());
            pt.s.store_aligned(s_lane.data());
            pt.t.store_aligned(t_lane.data());
            hit_branch = static_cast<std::uint8_t>(HitBranch::penetration);
        } else {
            // The working triangle, flipped (CollTri_Flip) where the side test said.
            const WVec3<A> v0 = vec(b, detail::record::v0), v1 = vec(b, detail::record::v1),
                           v2 = vec(b, detail::record::v2);
            WVec3<A> v[3] = {v0, select(f.flip, v2, v1), select(f.flip, v1, v2)};
            const WVec3<A> e0 = vec(b, detail::record::e0), e1 = vec(b, detail::record::e1),
                           e2 = vec(b, detail::record::e2);
            WVec3<A> e[3] = {select(f.flip, -e2, e0), select(f.flip, -e1, e1), select(f.flip, -e0, e2)};
            if (p.kind == QueryKind::box_sweep) {
                const F t = sweep_box_triangle<A>(f.pass, p.box, v, e, p.M, p.quirks);
                t.store_aligned(fraction.data());
                contact = lane_bits<A>(f.pass & (t >= F(0.0f)) & (t <= F(1.0f)));
                beyond = lane_bits<A>(f.pass & (t > F(1.0f)));
                hit_branch = static_cast<std::uint8_t>(HitBranch::box_triangle);
            } else {
                const WVec3<A> n = vec(b, detail::record::n);
                const F d = field(b, detail::record::d);
                const WTriangle<A> tri{{v[0], v[1], v[2]}, {e[0], e[1], e[2]}, select(f.flip, -n, n),
                                       xsimd::select(f.flip, negate(d), d)};
                const WSphereSweep<A> h = sweep_sphere_triangle<A>(f.pass, tri, c_, F(p.r), M_, p.quirks);
                contact = lane_bits<A>(h.hit & (h.fraction >= F(0.0f)) & (h.fraction <= F(1.0f)));
                // The capsule's "above 1" exit skips the counter (DESIGN.md item 4).
                beyond = lane_bits<A>(h.hit & (h.fraction > F(1.0f)));
                scalar = lane_bits<A>(h.scalar_lanes);
                h.fraction.store_aligned(fraction.data());
                h.mask.store_aligned(mask.data());
                h.branch.store_aligned(branch.data());
            }
        }
        const std::uint32_t flip = lane_bits<A>(f.flip);
        f.marks.store_aligned(marks.data());
        if (outcome != nullptr) {
            const bool counter_bug = p.capsule || p.kind == QueryKind::box_sweep;
            for (std::size_t k = 0; k < b.n; ++k) {
                const std::uint32_t bit = 1u << k;
                if (!(reached & bit)) continue;
                outcome[k] = scalar & bit    ? detail::EntryOutcome::scalar
                             : contact & bit ? detail::EntryOutcome::contact
                             : (beyond & bit) && counter_bug ? detail::EntryOutcome::not_advanced
                                                             : detail::EntryOutcome::advanced;
            }
        }
        std::size_t appended = 0;
        for (std::uint32_t lanes = contact | scalar; lanes != 0; lanes &= lanes - 1) {
            const auto k = static_cast<std::size_t>(std::countr_zero(lanes));
            detail::LaneHit& h = outcome != nullptr ? hits[k] : hits[appended++];
            h.slot = b.slot[k];
            h.fraction = fraction[k];
            h.s = s_lane[k];
            h.t = t_lane[k];
            h.mask = mask[k];
            h.branch = hit_branch;
            if (p.kind != QueryKind::sphere_overlap && p.kind != QueryKind::box_sweep)
                h.branch = static_cast<std::uint8_t>(branch[k] == branch_edge     ? HitBranch::edge
                                                     : branch[k] == branch_corner ? HitBranch::corner
                                                                                  : HitBranch::face);
            h.flipped = (flip >> k) & 1u;
            h.marks = static_cast<std::uint32_t>(marks[k]);
            h.scalar = (scalar >> k) & 1u;
        }
        return appended;
    }

    const detail::BatchData& data_;
    const detail::BatchPlan& p_;
    // The plan's constants, in every lane.
    const WVec3<A> c_, M_, side_at_, reach_lo_, reach_hi_, grow_, inv_move_;
    const F rel_, size_;
    F lane_;  // k in lane k
};

}  // namespace levelsweep::simd
