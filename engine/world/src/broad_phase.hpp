// The candidate list of IPhysics_QueryBox: the bodies' world boxes kept sorted
// by min x (bodies added earlier first on a tie), as the original's x-sorted
// list suggests, updated in place when a box changes (sort and sweep along x).
//
// A query walks, in list order, the entries whose min x lies in
// [box.min.x - W, box.max.x], W at least the widest entry's x extent (kept per
// bucket of widths, so that it follows removals and shrinking boxes in O(1)),
// and skips each block of 32 consecutive entries whose largest max x falls
// short of box.min.x. Every entry left out is provably apart in x, and every
// entry walked gets bounds_overlap's exact test; so the bodies visited are
// those that testing every body would find, in the same order (the
// differential test in tests/world/world_broad_phase.cpp checks it).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "levelsweep/shape_bounds.hpp"

namespace levelsweep::world_detail {

class BroadPhase {
public:
    // Entries must have finite bounds (World validates every shape).
    void insert(std::uint32_t slot, std::uint64_t sequence, const ShapeBounds& b);
    void update(std::uint32_t slot, const ShapeBounds& b);
    void erase(std::uint32_t slot);
    bool contains(std::uint32_t slot) const { return slot < position_.size() && position_[slot] != npos; }

    // Calls f(slot) for every entry whose box overlaps q (touching included), in
    // list order. A query box with a NaN corner overlaps nothing.
    template <class F>
    void visit(const ShapeBounds& q, F&& f) const {
        const std::size_t n = entries_.size();
        std::size_t i = first_in_window(q.min.x);
        while (i < n && entries_[i].box.min.x <= q.max.x) {
            const std::size_t block_end = std::min(n, (i / block + 1) * block);
            if (block_max_x_[i / block] < q.min.x) {  // nothing in the rest of this block reaches q
                i = block_end;
                continue;
            }
            for (; i < block_end && entries_[i].box.min.x <= q.max.x; ++i) {
                const ShapeBounds& b = entries_[i].box;
                if (b.max.x >= q.min.x && b.min.y <= q.max.y && q.min.y <= b.max.y && b.min.z <= q.max.z &&
                    q.min.z <= b.max.z)
                    f(entries_[i].slot);
            }
        }
    }

private:
    static constexpr std::uint32_t npos = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::size_t block = 32;

    struct Entry {
        ShapeBounds box;
        std::uint64_t sequence = 0;
        std::uint32_t slot = 0;
    };

    // Width buckets: bucket 0 holds zero widths; the others split each octave
    // [2^e, 2^(e+1)) into 8 equal parts, for the x extents of float boxes
    // (2^-149 .. 2^129).
    static constexpr int min_exponent = -150;
    static constexpr int max_exponent = 130;
    static constexpr int parts = 8;
    static constexpr std::size_t bucket_count = 1 + parts * (1 + max_exponent - min_exponent);
    static std::size_t bucket_of(const ShapeBounds& b);
    void count_width(const ShapeBounds& b, int delta);
    // At least every entry's x extent: the top of the highest non-empty bucket.
    double width_bound() const;

    // The first position whose min x could belong to a box reaching q_min_x.
    std::size_t first_in_window(float q_min_x) const;
    // Moves the entry at `pos` left or right until the list is sorted again;
    // returns where it ends.
    std::size_t restore_order(std::size_t pos);
    // Recomputes the largest max x of the blocks holding positions [from, to].
    void refresh_blocks(std::size_t from, std::size_t to);
    static bool before(const Entry& a, const Entry& b) {
        return a.box.min.x < b.box.min.x || (a.box.min.x == b.box.min.x && a.sequence < b.sequence);
    }
    void place(std::size_t pos, const Entry& e) {
        entries_[pos] = e;
        position_[e.slot] = static_cast<std::uint32_t>(pos);
    }

    std::vector<Entry> entries_;           // the list, sorted by (min x, sequence)
    std::vector<std::uint32_t> position_;  // by slot: its position in entries_, or npos
    std::vector<float> block_max_x_;       // by block of `block` entries: their largest max x
    std::array<std::uint32_t, bucket_count> widths_{};
    std::size_t top_bucket_ = 0;           // the highest non-empty bucket (0 when none)
};

}  // namespace levelsweep::world_detail
