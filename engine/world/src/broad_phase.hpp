// The candidate list of IPhysics_QueryBox: the bodies' world boxes in the
// original's x-sorted order (by min x, bodies added earlier first on a tie),
// held as a B+ tree so that adding, moving and removing a body costs
// O(log n) whatever the order. (A sorted array shifted on every change made a
// scene loaded in falling x, or emptied from the front, quadratic.)
//
// Leaves hold up to 64 entries in list order. An inner node holds, for each
// child, a separator (a key no greater than any in the child and greater than
// every key of the child before it) and the largest max x of the child's
// boxes. Each slot knows its leaf and place, and each node its parent, so a
// move that keeps its body in its leaf (most do) touches that leaf and the
// maxima above it only. A query walks the tree in list order, stops at the first entry or
// separator whose min x lies past the box, skips every child whose boxes all
// end before it, and gives every entry it reaches bounds_overlap's exact test.
// So the bodies visited are those that testing every body finds, in the same
// order (tests/world/world_broad_phase.cpp checks it against a plain sorted
// array over random insertions, moves and removals).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "levelsweep/shape_bounds.hpp"

namespace levelsweep::world_detail {

class BroadPhase {
public:
    BroadPhase();

    // Entries must have finite bounds (World validates every shape).
    void insert(std::uint32_t slot, std::uint64_t sequence, const ShapeBounds& b);
    void update(std::uint32_t slot, const ShapeBounds& b);
    void erase(std::uint32_t slot);
    bool contains(std::uint32_t slot) const { return slot < listed_.size() && listed_[slot].leaf != unlisted; }
    // The work the changes have done so far: every entry or child slot written
    // or moved, every node visited or scanned, and every entry scanned. A test
    // bounds it (O(log n) a change: tests/world/world_broad_phase.cpp), so that
    // quadratic work cannot come back unseen; queries count nothing.
    std::uint64_t steps() const { return steps_; }

    // Calls f(slot) for every entry whose box overlaps q (touching included), in
    // list order. A query box with a NaN corner overlaps nothing.
    template <class F>
    void visit(const ShapeBounds& q, F&& f) const {
        visit_node(root_, height_, q, f);
    }

private:
    static constexpr std::uint32_t leaf_capacity = 64, inner_capacity = 16;
    // A node with fewer is merged with a sibling or takes some of its entries.
    static constexpr std::uint32_t leaf_minimum = leaf_capacity / 4, inner_minimum = inner_capacity / 4;

    // The list's order: min x, then the order of addition (unique per entry).
    struct Key {
        float x = 0.0f;
        std::uint64_t sequence = 0;
    };
    static bool less(const Key& a, const Key& b) { return a.x < b.x || (a.x == b.x && a.sequence < b.sequence); }

    struct Entry {
        ShapeBounds box;
        std::uint64_t sequence = 0;
        std::uint32_t slot = 0;
        Key key() const { return {box.min.x, sequence}; }
    };
    struct Leaf {
        std::uint32_t count = 0;
        std::array<Entry, leaf_capacity> entries;
    };
    struct Inner {
        std::uint32_t count = 0;
        bool over_leaves = false;  // its children are leaves
        std::array<std::uint32_t, inner_capacity> child;
        std::array<Key, inner_capacity> low;      // low[c] separates child c from c - 1 (low[0] is not read)
        std::array<float, inner_capacity> max_x;  // the largest max x of child c's boxes
    };
    // By slot: where its entry is (its leaf and its place there), or unlisted.
    static constexpr std::uint32_t unlisted = 0xffffffff;
    struct Listed {
        std::uint32_t leaf = unlisted, pos = 0;
    };
    // A node that split off the right half of another, for its parent to take.
    struct Split {
        std::uint32_t node = 0;
        Key low;
    };

    // Level 0 is a leaf; `node` indexes leaves_ or inners_ by its level.
    template <class F>
    bool visit_node(std::uint32_t node, int level, const ShapeBounds& q, F& f) const {
        if (level == 0) {
            const Leaf& l = leaves_[node];
            for (std::uint32_t i = 0; i < l.count; ++i) {
                const ShapeBounds& b = l.entries[i].box;
                if (!(b.min.x <= q.max.x)) return false;  // this entry and every later one lie past q
                if (b.max.x >= q.min.x && b.min.y <= q.max.y && q.min.y <= b.max.y && b.min.z <= q.max.z &&
                    q.min.z <= b.max.z)
                    f(l.entries[i].slot);
            }
            return true;
        }
        const Inner& n = inners_[node];
        for (std::uint32_t c = 0; c < n.count; ++c) {
            if (c > 0 && !(n.low[c].x <= q.max.x)) return false;
            if (n.max_x[c] < q.min.x) continue;  // every box of this child ends before q
            if (!visit_node(n.child[c], level - 1, q, f)) return false;
        }
        return true;
    }

    std::uint32_t new_leaf();
    std::uint32_t new_inner(bool over_leaves);
    float max_x_of(std::uint32_t node, int level) const;
    static std::uint32_t child_for(const Inner& n, const Key& k);
    // Puts a child into inner node `node` at `at` and records its parent.
    void put_child(std::uint32_t node, std::uint32_t at, std::uint32_t child, const Key& low, float max_x);
    void remove_child(Inner& n, std::uint32_t at);
    std::uint32_t parent_of(std::uint32_t node, int level) const {
        return level == 0 ? leaf_parent_[node] : inner_parent_[node];
    }
    std::uint32_t index_in_parent(std::uint32_t parent, std::uint32_t node) const;
    // An entry into its place in a leaf with room, and out of one.
    void put_entry(std::uint32_t leaf, const Entry& e);
    void take_entry(std::uint32_t leaf, std::uint32_t pos);
    // The leaf a key belongs in, by the separators.
    std::uint32_t leaf_for(const Key& k) const;
    // Records where entries [from, to] of a leaf are, after they moved.
    void reindex(std::uint32_t leaf, std::uint32_t from, std::uint32_t to);
    void reindex(std::uint32_t leaf, std::uint32_t from) { reindex(leaf, from, leaves_[leaf].count - 1); }

    // Adds e under `node`; returns the node split off when it overflowed. The
    // flags say whether the node is the tree's first or last at its level:
    // there a split leaves the full half whole, so entries arriving in rising
    // or falling x fill their leaves.
    std::optional<Split> insert_at(std::uint32_t node, int level, const Entry& e, bool first, bool last);
    std::optional<Split> insert_in_leaf(std::uint32_t node, const Entry& e, bool first, bool last);
    std::optional<Split> insert_in_inner(std::uint32_t node, std::uint32_t at, std::uint32_t child, const Key& low,
                                         float max_x);
    // Removes the entry of key k under `node`; returns whether the node is left
    // with fewer than its minimum.
    bool erase_at(std::uint32_t node, int level, const Key& k);
    // Child c of `parent` (at `level`) has fewer than its minimum: merges it
    // with a sibling, or moves entries across so both have enough.
    void rebalance(std::uint32_t parent, std::uint32_t c, int level);
    // The pair of children i, i + 1: merged (true) or evened out.
    bool rebalance_leaves(Inner& p, std::uint32_t i);
    bool rebalance_inners(Inner& p, std::uint32_t i);

    // Whether key k lies within the separators above `leaf`: no less than the
    // nearest one on its left, less than the nearest one on its right.
    bool within_lower(std::uint32_t leaf, const Key& k) const;
    bool within_upper(std::uint32_t leaf, const Key& k) const;
    // After one entry of `leaf` changed its max x from `was` to `now`: the
    // largest max x of each node above, as far up as it changes.
    void raise_max_x(std::uint32_t leaf, float was, float now);

    std::vector<Leaf> leaves_;
    std::vector<Inner> inners_;
    std::vector<std::uint32_t> leaf_parent_, inner_parent_;  // by node (the root's is not read)
    std::vector<std::uint32_t> free_leaves_, free_inners_;
    std::uint32_t root_ = 0;
    int height_ = 0;              // the root's level
    std::vector<Listed> listed_;  // by slot
    // steps(): counted by the changes (one thread), also in the const helpers they call.
    mutable std::uint64_t steps_ = 0;
};

}  // namespace levelsweep::world_detail
