// The x-sorted candidate list as a B+ tree (broad_phase.hpp).
#include "broad_phase.hpp"

#include <algorithm>
#include <limits>

namespace levelsweep::world_detail {

BroadPhase::BroadPhase() { root_ = new_leaf(); }

std::uint32_t BroadPhase::new_leaf() {
    ++steps_;
    if (!free_leaves_.empty()) {
        const std::uint32_t id = free_leaves_.back();
        free_leaves_.pop_back();
        leaves_[id].count = 0;
        return id;
    }
    leaves_.emplace_back();
    leaf_parent_.push_back(0);
    return static_cast<std::uint32_t>(leaves_.size() - 1);
}

std::uint32_t BroadPhase::new_inner(bool over_leaves) {
    ++steps_;
    std::uint32_t id;
    if (!free_inners_.empty()) {
        id = free_inners_.back();
        free_inners_.pop_back();
    } else {
        inners_.emplace_back();
        inner_parent_.push_back(0);
        id = static_cast<std::uint32_t>(inners_.size() - 1);
    }
    inners_[id].count = 0;
    inners_[id].over_leaves = over_leaves;
    return id;
}

float BroadPhase::max_x_of(std::uint32_t node, int level) const {
    float m = -std::numeric_limits<float>::infinity();
    if (level == 0) {
        const Leaf& l = leaves_[node];
        for (std::uint32_t i = 0; i < l.count; ++i) m = std::max(m, l.entries[i].box.max.x);
        steps_ += l.count;
    } else {
        const Inner& n = inners_[node];
        for (std::uint32_t c = 0; c < n.count; ++c) m = std::max(m, n.max_x[c]);
        steps_ += n.count;
    }
    return m;
}

// The last child whose separator is at most k (child 0 when none is).
std::uint32_t BroadPhase::child_for(const Inner& n, const Key& k) {
    const auto it = std::upper_bound(n.low.begin() + 1, n.low.begin() + n.count, k,
                                     [](const Key& a, const Key& b) { return less(a, b); });
    return static_cast<std::uint32_t>(it - n.low.begin()) - 1;
}

void BroadPhase::put_child(std::uint32_t node, std::uint32_t at, std::uint32_t child, const Key& low, float max_x) {
    Inner& n = inners_[node];
    steps_ += n.count - at + 1;
    for (std::uint32_t c = n.count; c > at; --c) {
        n.child[c] = n.child[c - 1];
        n.low[c] = n.low[c - 1];
        n.max_x[c] = n.max_x[c - 1];
    }
    n.child[at] = child;
    n.low[at] = low;
    n.max_x[at] = max_x;
    ++n.count;
    (n.over_leaves ? leaf_parent_ : inner_parent_)[child] = node;
}

void BroadPhase::remove_child(Inner& n, std::uint32_t at) {
    steps_ += n.count - at;
    for (std::uint32_t c = at; c + 1 < n.count; ++c) {
        n.child[c] = n.child[c + 1];
        n.low[c] = n.low[c + 1];
        n.max_x[c] = n.max_x[c + 1];
    }
    --n.count;
}

std::uint32_t BroadPhase::index_in_parent(std::uint32_t parent, std::uint32_t node) const {
    const Inner& p = inners_[parent];
    std::uint32_t c = 0;
    while (p.child[c] != node) ++c;
    steps_ += c + 1;
    return c;
}

void BroadPhase::reindex(std::uint32_t leaf, std::uint32_t from, std::uint32_t to) {
    const Leaf& l = leaves_[leaf];
    for (std::uint32_t i = from; i <= to && i < l.count; ++i) {
        Listed& s = listed_[l.entries[i].slot];
        s.leaf = leaf;
        s.pos = i;
        ++steps_;
    }
}

void BroadPhase::put_entry(std::uint32_t leaf, const Entry& e) {
    Leaf& l = leaves_[leaf];
    const auto it = std::upper_bound(l.entries.begin(), l.entries.begin() + l.count, e.key(),
                                     [](const Key& a, const Entry& b) { return less(a, b.key()); });
    std::copy_backward(it, l.entries.begin() + l.count, l.entries.begin() + l.count + 1);
    *it = e;
    steps_ += static_cast<std::uint64_t>(l.entries.begin() + l.count - it) + 1;  // moved and written
    ++l.count;
    reindex(leaf, static_cast<std::uint32_t>(it - l.entries.begin()));
}

void BroadPhase::take_entry(std::uint32_t leaf, std::uint32_t pos) {
    Leaf& l = leaves_[leaf];
    std::copy(l.entries.begin() + pos + 1, l.entries.begin() + l.count, l.entries.begin() + pos);
    steps_ += l.count - pos;
    --l.count;
    reindex(leaf, pos);
}

std::uint32_t BroadPhase::leaf_for(const Key& k) const {
    std::uint32_t node = root_;
    for (int level = height_; level > 0; --level) node = inners_[node].child[child_for(inners_[node], k)];
    steps_ += static_cast<std::uint64_t>(height_) + 1;
    return node;
}

void BroadPhase::insert(std::uint32_t slot, std::uint64_t sequence, const ShapeBounds& b) {
    if (slot >= listed_.size()) listed_.resize(std::size_t{slot} + 1);
    const Entry e{b, sequence, slot};
    if (const auto split = insert_at(root_, height_, e, true, true)) {
        // The root split: a new root above the two halves.
        const std::uint32_t old_root = root_;
        const float left_max = max_x_of(old_root, height_), right_max = max_x_of(split->node, height_);
        root_ = new_inner(height_ == 0);
        put_child(root_, 0, old_root, Key{-std::numeric_limits<float>::infinity(), 0}, left_max);
        put_child(root_, 1, split->node, split->low, right_max);
        ++height_;
    }
}

std::optional<BroadPhase::Split> BroadPhase::insert_at(std::uint32_t node, int level, const Entry& e, bool first,
                                                       bool last) {
    ++steps_;
    if (level == 0) return insert_in_leaf(node, e, first, last);
    const std::uint32_t c = child_for(inners_[node], e.key());
    const bool first_child = c == 0, last_child = c + 1 == inners_[node].count;
    const auto split = insert_at(inners_[node].child[c], level - 1, e, first && first_child, last && last_child);
    Inner& n = inners_[node];  // after the allocations below it
    if (!split) {
        n.max_x[c] = std::max(n.max_x[c], e.box.max.x);
        return std::nullopt;
    }
    n.max_x[c] = max_x_of(n.child[c], level - 1);
    return insert_in_inner(node, c + 1, split->node, split->low, max_x_of(split->node, level - 1));
}

std::optional<BroadPhase::Split> BroadPhase::insert_in_leaf(std::uint32_t node, const Entry& e, bool first, bool last) {
    const Key k = e.key();
    if (leaves_[node].count < leaf_capacity) {
        put_entry(node, e);
        return std::nullopt;
    }
    const std::uint32_t right_id = new_leaf();
    Leaf& left = leaves_[node];
    Leaf& right = leaves_[right_id];
    // Where the full leaf splits: at the end of the tree's last leaf for an
    // entry past every other (the left half stays full), at its start in the
    // first leaf for one before every other, else in the middle.
    std::uint32_t keep = leaf_capacity / 2;
    if (last && less(left.entries[leaf_capacity - 1].key(), k))
        keep = leaf_capacity;
    else if (first && less(k, left.entries[0].key()))
        keep = 0;
    std::copy(left.entries.begin() + keep, left.entries.end(), right.entries.begin());
    steps_ += leaf_capacity - keep;
    right.count = leaf_capacity - keep;
    left.count = keep;
    reindex(right_id, 0);
    if (keep == 0)
        put_entry(node, e);
    else if (keep == leaf_capacity)
        put_entry(right_id, e);
    else
        put_entry(less(k, right.entries[0].key()) ? node : right_id, e);
    return Split{right_id, right.entries[0].key()};
}

std::optional<BroadPhase::Split> BroadPhase::insert_in_inner(std::uint32_t node, std::uint32_t at, std::uint32_t child,
                                                             const Key& low, float max_x) {
    if (inners_[node].count < inner_capacity) {
        put_child(node, at, child, low, max_x);
        return std::nullopt;
    }
    const std::uint32_t right_id = new_inner(inners_[node].over_leaves);
    const std::uint32_t half = inner_capacity / 2;
    for (std::uint32_t c = half; c < inner_capacity; ++c) {
        const Inner& left = inners_[node];
        put_child(right_id, c - half, left.child[c], left.low[c], left.max_x[c]);
    }
    inners_[node].count = half;
    // Child `half` keeps its separator as right's low[0]: the split's own.
    if (at <= half)
        put_child(node, at, child, low, max_x);
    else
        put_child(right_id, at - half, child, low, max_x);
    return Split{right_id, inners_[right_id].low[0]};
}

void BroadPhase::erase(std::uint32_t slot) {
    const Listed at = listed_[slot];
    (void)erase_at(root_, height_, leaves_[at.leaf].entries[at.pos].key());
    listed_[slot].leaf = unlisted;
    // A root left with one child gives way to it.
    while (height_ > 0 && inners_[root_].count == 1) {
        ++steps_;
        free_inners_.push_back(root_);
        root_ = inners_[root_].child[0];
        --height_;
    }
}

bool BroadPhase::erase_at(std::uint32_t node, int level, const Key& k) {
    ++steps_;
    if (level == 0) {
        Leaf& l = leaves_[node];
        const auto it = std::lower_bound(l.entries.begin(), l.entries.begin() + l.count, k,
                                         [](const Entry& a, const Key& b) { return less(a.key(), b); });
        take_entry(node, static_cast<std::uint32_t>(it - l.entries.begin()));
        return l.count < leaf_minimum;
    }
    const std::uint32_t c = child_for(inners_[node], k);
    const bool short_child = erase_at(inners_[node].child[c], level - 1, k);
    if (short_child && inners_[node].count > 1)
        rebalance(node, c, level - 1);
    else
        inners_[node].max_x[c] = max_x_of(inners_[node].child[c], level - 1);
    return inners_[node].count < inner_minimum;
}

void BroadPhase::rebalance(std::uint32_t parent, std::uint32_t c, int level) {
    Inner& p = inners_[parent];
    const std::uint32_t i = c > 0 ? c - 1 : c;  // the pair i, i + 1
    const bool merged = level == 0 ? rebalance_leaves(p, i) : rebalance_inners(p, i);
    p.max_x[i] = max_x_of(p.child[i], level);
    if (!merged) p.max_x[i + 1] = max_x_of(p.child[i + 1], level);
}

bool BroadPhase::rebalance_leaves(Inner& p, std::uint32_t i) {
    const std::uint32_t l_id = p.child[i], r_id = p.child[i + 1];
    Leaf& l = leaves_[l_id];
    Leaf& r = leaves_[r_id];
    const std::uint32_t total = l.count + r.count, had = l.count;
    if (total <= leaf_capacity) {
        std::copy(r.entries.begin(), r.entries.begin() + r.count, l.entries.begin() + l.count);
        steps_ += r.count;
        l.count = total;
        reindex(l_id, had);
        free_leaves_.push_back(r_id);
        remove_child(p, i + 1);
        return true;
    }
    const std::uint32_t want = total / 2;  // entries left keeps
    if (l.count < want) {
        const std::uint32_t move = want - l.count;
        std::copy(r.entries.begin(), r.entries.begin() + move, l.entries.begin() + l.count);
        std::copy(r.entries.begin() + move, r.entries.begin() + r.count, r.entries.begin());
        steps_ += r.count;
        r.count -= move;
    } else {
        const std::uint32_t move = l.count - want;
        std::copy_backward(r.entries.begin(), r.entries.begin() + r.count, r.entries.begin() + r.count + move);
        std::copy(l.entries.begin() + want, l.entries.begin() + l.count, r.entries.begin());
        steps_ += r.count + move;
        r.count += move;
    }
    l.count = want;
    reindex(l_id, std::min(had, want));
    reindex(r_id, 0);
    p.low[i + 1] = r.entries[0].key();
    return false;
}

bool BroadPhase::rebalance_inners(Inner& p, std::uint32_t i) {
    const std::uint32_t l_id = p.child[i], r_id = p.child[i + 1];
    Inner& l = inners_[l_id];
    Inner& r = inners_[r_id];
    // Right's first child takes the parent's separator, valid for it wherever it goes.
    r.low[0] = p.low[i + 1];
    const std::uint32_t total = l.count + r.count;
    if (total <= inner_capacity) {
        for (std::uint32_t c = 0; c < r.count; ++c) put_child(l_id, l.count, r.child[c], r.low[c], r.max_x[c]);
        free_inners_.push_back(r_id);
        remove_child(p, i + 1);
        return true;
    }
    const std::uint32_t want = total / 2;
    while (l.count < want) {
        put_child(l_id, l.count, r.child[0], r.low[0], r.max_x[0]);
        remove_child(r, 0);
    }
    while (l.count > want) {
        put_child(r_id, 0, l.child[l.count - 1], l.low[l.count - 1], l.max_x[l.count - 1]);
        --l.count;
    }
    p.low[i + 1] = r.low[0];
    return false;
}

bool BroadPhase::within_lower(std::uint32_t leaf, const Key& k) const {
    std::uint32_t node = leaf;
    for (int level = 0; level < height_; ++level) {
        const std::uint32_t p = parent_of(node, level), c = index_in_parent(p, node);
        if (c > 0) return !less(k, inners_[p].low[c]);
        node = p;
    }
    return true;  // the tree's first leaf
}

bool BroadPhase::within_upper(std::uint32_t leaf, const Key& k) const {
    std::uint32_t node = leaf;
    for (int level = 0; level < height_; ++level) {
        const std::uint32_t p = parent_of(node, level), c = index_in_parent(p, node);
        if (c + 1 < inners_[p].count) return less(k, inners_[p].low[c + 1]);
        node = p;
    }
    return true;  // the tree's last leaf
}

void BroadPhase::raise_max_x(std::uint32_t leaf, float was, float now) {
    std::uint32_t node = leaf;
    for (int level = 0; level < height_; ++level) {
        const std::uint32_t p = parent_of(node, level), c = index_in_parent(p, node);
        const float held = inners_[p].max_x[c];
        // One value under `node` went from `was` to `now`: its largest is the
        // new value, or still `held`, or (the largest shrank) found again.
        const float m = now >= held ? now : was < held ? held : max_x_of(node, level);
        if (m == held) return;  // nothing above changes either
        inners_[p].max_x[c] = m;
        was = held;
        now = m;
        node = p;
    }
}

void BroadPhase::update(std::uint32_t slot, const ShapeBounds& b) {
    const std::uint32_t leaf = listed_[slot].leaf, pos = listed_[slot].pos;
    Leaf& l = leaves_[leaf];
    const Key new_key{b.min.x, l.entries[pos].sequence};
    const float was = l.entries[pos].box.max.x;
    // Still between its neighbours (most small moves): written in place.
    if (pos > 0 && pos + 1 < l.count && less(l.entries[pos - 1].key(), new_key) &&
        less(new_key, l.entries[pos + 1].key())) {
        l.entries[pos].box = b;
        ++steps_;
        if (b.max.x != was) raise_max_x(leaf, was, b.max.x);
        return;
    }
    // It stays in its leaf when its new key lies after another entry of the
    // leaf or within the separator on its left, and before another entry or
    // within the separator on its right.
    const bool others = l.count > 1;
    const bool after_one = others && less(l.entries[pos == 0 ? 1 : 0].key(), new_key);
    const bool before_one = others && less(new_key, l.entries[pos + 1 == l.count ? l.count - 2 : l.count - 1].key());
    if (!(after_one || within_lower(leaf, new_key)) || !(before_one || within_upper(leaf, new_key))) {
        // It leaves its leaf: straight into the leaf its new key belongs to
        // when that one has room and this one keeps enough (no separator
        // changes: the old one still bounds what stays), else out and in again.
        const std::uint32_t target = leaf_for(new_key);
        if (target == leaf || leaves_[target].count == leaf_capacity || l.count <= leaf_minimum) {
            erase(slot);
            insert(slot, new_key.sequence, b);
            return;
        }
        Entry e = l.entries[pos];
        e.box = b;
        take_entry(leaf, pos);
        put_entry(target, e);
        raise_max_x(leaf, was, -std::numeric_limits<float>::infinity());
        raise_max_x(target, -std::numeric_limits<float>::infinity(), b.max.x);
        return;
    }
    // Back into order within the leaf.
    Entry moving = l.entries[pos];
    moving.box = b;
    std::uint32_t at = pos;
    while (at > 0 && less(new_key, l.entries[at - 1].key())) {
        l.entries[at] = l.entries[at - 1];
        --at;
    }
    while (at + 1 < l.count && less(l.entries[at + 1].key(), new_key)) {
        l.entries[at] = l.entries[at + 1];
        ++at;
    }
    l.entries[at] = moving;
    steps_ += std::max(at, pos) - std::min(at, pos) + 1;
    reindex(leaf, std::min(at, pos), std::max(at, pos));
    if (b.max.x != was) raise_max_x(leaf, was, b.max.x);
}

}  // namespace levelsweep::world_detail
