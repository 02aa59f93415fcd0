// levelsweep (batch path, private): the descent of the packed level's
// hierarchy (packed_level.hpp) for one query, a node's children tested in
// lanes: which leaves the swept shape can reach, and where along the move it
// enters each one's grown box. The tests only prune, so they need not be
// exact, only conservative.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "levelsweep/lane_abi.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

template <class A>
class Traversal {
public:
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    static constexpr std::size_t W = Lanes<A>::width;

    explicit Traversal(const LanePlan& plan)
        : p_(plan),
          c_(plan.c),
          reach_lo_(plan.reach_lo),
          reach_hi_(plan.reach_hi),
          grow_(plan.grow),
          inv_move_(plan.inv_move),
          rel_(plan.rel_margin),
          size_(plan.size),
          slabs_cover_reach_(plan.slab && plan.slab_axis[0] && plan.slab_axis[1] && plan.slab_axis[2]) {}

    // Depth-first over the hierarchy; the reached leaves' slots become
    // candidates (buf.candidates, with their entry fractions). A node's eight
    // children are tested W at a time (the lanes past the eighth, under
    // AVX-512, read the node's next row and are ignored).
    void descend(const PackedLevel& level, LaneBuffers& buf) const {
        constexpr std::size_t step = W < node_width ? W : node_width;
        if (level.nodes.empty()) return;
        std::size_t top = 0;
        buf.stack[top++] = 0;
        while (top > 0) {
            const BvhNode& node = level.nodes[buf.stack[--top]];
            ++buf.nodes_visited;
            for (std::size_t c0 = 0; c0 < node_width; c0 += step) {
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
                        prefetch_node(level.nodes[static_cast<std::size_t>(child)]);
                        buf.stack[top++] = static_cast<std::uint32_t>(child);
                        continue;
                    }
                    // The leaf's record (a leaf holds one: max_leaf), one line.
                    static_assert(record::floats * sizeof(float) == 64);
                    __builtin_prefetch(level.record_at(static_cast<std::uint32_t>(child)));
                    for (std::uint32_t s = 0; s < node.count[c]; ++s) {
                        buf.candidates[buf.candidate_count] = static_cast<std::uint32_t>(child) + s;
                        buf.candidate_entry[buf.candidate_count++] = entries[c - c0];
                    }
                }
            }
        }
    }

private:
    // On a level larger than the cache the descent waits on its nodes and
    // records (perf: most of a long ray's time on their first loads); each is
    // asked for when found, so that it comes while the descent tests the
    // nodes found before it (the stack is last in, first out).
    static void prefetch_node(const BvhNode& node) {
        const char* at = reinterpret_cast<const char*>(&node);
        for (std::size_t line = 0; line < sizeof(BvhNode); line += 64) __builtin_prefetch(at + line);
    }

    // Boxes that can hold something the query touches: grown by the plan's
    // margin (which grows with the box), they meet its reach box and, for a
    // sweep, the segment (the slab test, on the axes the move is not too small
    // on). Conservative: a NaN rejects nothing (min and max may pass one on).
    B box_reaches(const WVec3<A>& lo, const WVec3<A>& hi, F& entry) const {
        const F spread = rel_ * (size_ + (((hi.x - lo.x) + (hi.y - lo.y)) + (hi.z - lo.z)));
        const WVec3<A> g{grow_.x + spread, grow_.y + spread, grow_.z + spread};
        F t_in(0.0f);
        B outside(false);
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
            outside = t_out < t_in;
        }
        // A box the segment meets on all three axes within the move meets the
        // segment's bounds, the reach, too (bar rounding, which passes a box
        // or two more): that test would only repeat the slabs'.
        if (!slabs_cover_reach_)
            outside = outside | (hi.x + g.x < reach_lo_.x) | (hi.y + g.y < reach_lo_.y) | (hi.z + g.z < reach_lo_.z) |
                      (lo.x - g.x > reach_hi_.x) | (lo.y - g.y > reach_hi_.y) | (lo.z - g.z > reach_hi_.z);
        entry = t_in;
        return ~outside;
    }

    const LanePlan& p_;
    // The plan's constants, in every lane.
    const WVec3<A> c_, reach_lo_, reach_hi_, grow_, inv_move_;
    const F rel_, size_;
    const bool slabs_cover_reach_;  // the slab test runs on every axis
};

}  // namespace levelsweep::simd
