// The world's x-sorted candidate list as a plain sorted array, as it was kept
// before its B+ tree (engine/world/src/broad_phase.hpp): entries ordered by min
// x, the earlier added first on a tie, every change made by shifting, every
// gather a scan from the front. The world's differential test checks the tree
// against it (tests/world/world_broad_phase.cpp), and bench_world times it
// beside the world (its insertions and removals cost O(n) each).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "levelsweep/shape_bounds.hpp"

namespace levelsweep::bench {

class SortedArrayList {
public:
    void insert(std::uint32_t id, std::uint64_t sequence, const ShapeBounds& b) {
        const Entry e{b, sequence, id};
        entries_.insert(std::upper_bound(entries_.begin(), entries_.end(), e, before), e);
    }
    void erase(std::uint32_t id) {
        entries_.erase(std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.id == id; }));
    }
    void update(std::uint32_t id, const ShapeBounds& b) {
        const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.id == id; });
        const std::uint64_t sequence = it->sequence;
        entries_.erase(it);
        insert(id, sequence, b);
    }
    std::size_t size() const { return entries_.size(); }
    std::uint32_t front() const { return entries_.front().id; }  // the first entry's id (the list is not empty)

    // The ids whose boxes overlap q (touching included), in list order.
    std::vector<std::uint32_t> gather(const ShapeBounds& q) const {
        std::vector<std::uint32_t> out;
        for (const Entry& e : entries_)
            if (bounds_overlap(e.box, q)) out.push_back(e.id);
        return out;
    }

private:
    struct Entry {
        ShapeBounds box;
        std::uint64_t sequence = 0;
        std::uint32_t id = 0;
    };
    static bool before(const Entry& a, const Entry& b) {
        return a.box.min.x < b.box.min.x || (a.box.min.x == b.box.min.x && a.sequence < b.sequence);
    }
    std::vector<Entry> entries_;
};

}  // namespace levelsweep::bench
