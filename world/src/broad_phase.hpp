// The candidate list of IPhysics_QueryBox: the bodies' world boxes kept sorted
// by min x (bodies added earlier first on a tie), as the original's x-sorted
// list suggests, updated in place when a box changes (sort and sweep along x).
//
// A query visits, in list order, the entries whose min x lies in
// [box.min.x - W, box.max.x], W a power of two at least the widest entry's x
// extent (kept per power-of-two bucket, so that it follows removals and shrinking
// boxes in O(1)); every entry outside that window is provably apart in x, and
// every entry inside gets bounds_overlap's exact test. So the bodies visited
// are those that testing every body would find, in the same order; the
// differential test in tests/world/world_broad_phase.cpp checks it.
#pragma once

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
    std::size_t size() const { return entries_.size(); }

    // Calls f(slot) for every entry whose box overlaps q (touching included), in
    // list order. A query box with a NaN corner overlaps nothing.
    template <class F>
    void visit(const ShapeBounds& q, F&& f) const {
        if (entries_.empty()) return;
        const std::size_t n = entries_.size();
        for (std::size_t i = first_in_window(q.min.x); i < n && entries_[i].box.min.x <= q.max.x; ++i) {
            const ShapeBounds& b = entries_[i].box;
            if (b.max.x >= q.min.x && b.min.y <= q.max.y && q.min.y <= b.max.y && b.min.z <= q.max.z &&
                q.min.z <= b.max.z)
                f(entries_[i].slot);
        }
    }

private:
    static constexpr std::uint32_t npos = std::numeric_limits<std::uint32_t>::max();

    struct Entry {
        ShapeBounds box;
        std::uint64_t sequence = 0;
        std::uint32_t slot = 0;
    };

    // Width buckets: bucket 0 holds zero widths, bucket 1 + (e - min_exponent)
    // widths in [2^e, 2^(e+1)); a float box's x extent lies in 2^-149 .. 2^129.
    static constexpr int min_exponent = -150;
    static constexpr int max_exponent = 130;
    static constexpr std::size_t bucket_count = 2 + (max_exponent - min_exponent);
    static std::size_t bucket_of(const ShapeBounds& b);
    void count_width(const ShapeBounds& b, int delta);
    // A power of two at least every entry's x extent.
    double width_bound() const;

    // The first position whose min x could belong to a box reaching q_min_x.
    std::size_t first_in_window(float q_min_x) const;
    // Moves the entry at `pos` left or right until the list is sorted again.
    void restore_order(std::size_t pos);
    static bool before(const Entry& a, const Entry& b) {
        return a.box.min.x < b.box.min.x || (a.box.min.x == b.box.min.x && a.sequence < b.sequence);
    }
    void place(std::size_t pos, const Entry& e) {
        entries_[pos] = e;
        position_[e.slot] = static_cast<std::uint32_t>(pos);
    }

    std::vector<Entry> entries_;           // the list, sorted by (min x, sequence)
    std::vector<std::uint32_t> position_;  // by slot: its position in entries_, or npos
    std::array<std::uint32_t, bucket_count> widths_{};
    std::size_t top_bucket_ = 0;           // the highest non-empty bucket (0 when none)
};

}  // namespace levelsweep::world_detail
