// A stored hierarchy checked against its level (stored_hierarchy.hpp): what a
// query's pruning relies on (every enabled triangle in one leaf whose box is
// its own, every inner box its children's union, a tree that a traversal's
// stack of one slot a node can hold), so that a file cannot make a query miss
// a triangle or run past its stack.
#include "levelsweep/stored_hierarchy.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <vector>

#include "levelsweep/level.hpp"
#include "levelsweep/triangle_filters.hpp"

namespace levelsweep {

namespace {

namespace sh = stored_hierarchy;
using sh::Node;

struct Box {
    std::array<float, 3> lo, hi;
};

constexpr float inf = std::numeric_limits<float>::infinity();

bool same_box(const Box& a, const Box& b) {
    for (std::size_t k = 0; k < 3; ++k)
        if (!(a.lo[k] == b.lo[k]) || !(a.hi[k] == b.hi[k])) return false;  // a NaN is never the same
    return true;
}

Box child_box(const Node& node, std::size_t c) {
    return {{node.lo[0][c], node.lo[1][c], node.lo[2][c]}, {node.hi[0][c], node.hi[1][c], node.hi[2][c]}};
}

Box triangle_box(const Level& level, std::uint32_t t) {
    const Vec3 a = level.corner(t, 0), b = level.corner(t, 1), c = level.corner(t, 2);
    return {{std::min(std::min(a.x, b.x), c.x), std::min(std::min(a.y, b.y), c.y), std::min(std::min(a.z, b.z), c.z)},
            {std::max(std::max(a.x, b.x), c.x), std::max(std::max(a.y, b.y), c.y), std::max(std::max(a.z, b.z), c.z)}};
}

class Checker {
public:
    Checker(std::span<const Node> nodes, const Level& level) : nodes_(nodes), level_(level) {}

    std::optional<HierarchyFault> run() {
        std::uint32_t enabled = 0;
        for (std::uint32_t t = 0; t < level_.triangle_count(); ++t) enabled += passes_flags(level_.flags(t), false);
        if (enabled == 0 && !nodes_.empty()) return fault(0, "the level has no enabled triangle, so no node");
        if (enabled != 0 && nodes_.empty())
            return fault(0, "no node, but the level has " + std::to_string(enabled) + " enabled triangles");
        in_leaf_.assign(level_.triangle_count(), 0);
        parent_box_.resize(nodes_.size());
        has_parent_.assign(nodes_.size(), 0);
        for (std::size_t n = 0; n < nodes_.size(); ++n)
            if (auto f = check_node(n)) return f;
        for (std::uint32_t t = 0; t < level_.triangle_count(); ++t)
            if (!in_leaf_[t] && passes_flags(level_.flags(t), false))
                return fault(nodes_.size() * sh::node_words,
                             "enabled triangle " + std::to_string(t) + " is in no leaf");
        return std::nullopt;
    }

private:
    static std::optional<HierarchyFault> fault(std::size_t word, std::string reason) {
        return HierarchyFault{word, std::move(reason)};
    }

    std::optional<HierarchyFault> check_node(std::size_t n) {
        const Node& node = nodes_[n];
        const std::size_t base = n * sh::node_words;  // the node's first word, for a fault
        // The names are made only for a fault (this runs at load, per child).
        const auto name = [n] { return "node " + std::to_string(n); };
        if (n > 0 && !has_parent_[n]) return fault(base, name() + " is the child of no earlier node");
        Box children{{inf, inf, inf}, {-inf, -inf, -inf}};
        for (std::size_t c = 0; c < sh::width; ++c) {
            const auto slot = [&] { return name() + " child " + std::to_string(c); };
            const std::uint32_t count = node.count[c], child = static_cast<std::uint32_t>(node.child[c]);
            const Box box = child_box(node, c);
            if (count > 1)
                return fault(base + sh::count + c, slot() + ": count " + std::to_string(count) + ", not 0 or 1");
            if (count == 0 && child == sh::no_child) {
                const Box empty{{inf, inf, inf}, {-inf, -inf, -inf}};
                if (!same_box(box, empty))
                    return fault(base + sh::lo + c, slot() + ": empty, but its box is not (+inf, -inf)");
                continue;
            }
            if (count == 0) {
                if (child <= n || child >= nodes_.size())
                    return fault(base + sh::child + c, slot() + " is node " + std::to_string(child) +
                                                           ", not one after it (" + std::to_string(nodes_.size()) +
                                                           " nodes)");
                if (has_parent_[child])
                    return fault(base + sh::child + c,
                                 slot() + ": node " + std::to_string(child) + " has another parent");
                has_parent_[child] = 1;
                parent_box_[child] = box;
            } else {
                if (child >= level_.triangle_count() || !passes_flags(level_.flags(child), false))
                    return fault(base + sh::child + c,
                                 slot() + " is triangle " + std::to_string(child) + ", not an enabled triangle");
                if (in_leaf_[child])
                    return fault(base + sh::child + c,
                                 slot() + ": triangle " + std::to_string(child) + " is in two leaves");
                in_leaf_[child] = 1;
                if (!same_box(box, triangle_box(level_, child)))
                    return fault(base + sh::lo + c,
                                 slot() + ": the box is not triangle " + std::to_string(child) + "'s");
            }
            for (std::size_t a = 0; a < 3; ++a) {
                children.lo[a] = std::min(children.lo[a], box.lo[a]);
                children.hi[a] = std::max(children.hi[a], box.hi[a]);
            }
        }
        if (n > 0 && !same_box(parent_box_[n], children))
            return fault(base, name() + ": its box in its parent is not the union of its children's");
        return std::nullopt;
    }

    std::span<const Node> nodes_;
    const Level& level_;
    std::vector<std::uint8_t> in_leaf_, has_parent_;  // bytes: a load, not a bit's shifts
    std::vector<Box> parent_box_;
};

}  // namespace

// A word and the field it lands on hold the same bits (a float field the float
// whose bits the word is), on every host: a copy, not a conversion. (No copy
// of nothing: memcpy takes no null pointer, even for no bytes.)
std::vector<std::uint32_t> stored_hierarchy::words_of(std::span<const Node> nodes) {
    std::vector<std::uint32_t> words(nodes.size() * node_words);
    if (!nodes.empty()) std::memcpy(words.data(), nodes.data(), nodes.size_bytes());
    return words;
}

std::optional<HierarchyFault> find_hierarchy_fault(std::span<const Node> nodes, const Level& level) {
    return Checker(nodes, level).run();
}

std::optional<HierarchyFault> find_hierarchy_fault(std::span<const std::uint32_t> words, const Level& level) {
    if (words.size() % sh::node_words != 0)
        return HierarchyFault{words.size(), "the hierarchy is not a whole number of 256-byte nodes"};
    AlignedVector<Node> nodes(words.size() / sh::node_words);  // the words' values, as words_of's inverse
    if (!nodes.empty()) std::memcpy(nodes.data(), words.data(), words.size_bytes());
    return find_hierarchy_fault(nodes, level);
}

}  // namespace levelsweep
