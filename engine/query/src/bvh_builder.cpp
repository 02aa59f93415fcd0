// The batch path's hierarchy (bvh_builder.hpp). The binary build keeps each
// triangle's box and centre together and partitions them in place, so each
// node's binning pass reads its triangles in order; that pass also gives the
// children's boxes and centre bounds, so a triangle costs one pass per level
// and nothing else.
#include "bvh_builder.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "levelsweep/parallel_loop.hpp"

namespace levelsweep::detail {

namespace {

static_assert(simd::max_leaf == 1, "the collapse makes single-triangle leaves");

// The largest binary leaf: the eight-wide node it becomes holds each of its
// triangles as a child.
constexpr std::uint32_t bucket = simd::node_width;

using simd::BvhNode;
using simd::node_width;

constexpr float inf = std::numeric_limits<float>::infinity();

struct Bounds {
    std::array<float, 3> lo{inf, inf, inf}, hi{-inf, -inf, -inf};

    void grow(float x, float y, float z) {
        lo[0] = std::min(lo[0], x), lo[1] = std::min(lo[1], y), lo[2] = std::min(lo[2], z);
        hi[0] = std::max(hi[0], x), hi[1] = std::max(hi[1], y), hi[2] = std::max(hi[2], z);
    }
    template <class Box>  // Bounds, or a Prim's box
    void grow(const Box& b) {
        for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], b.lo[a]), hi[a] = std::max(hi[a], b.hi[a]);
    }
    // Half the surface area (the heuristic's measure), in double: the extent of
    // coordinates near the float range's end would overflow; 0 when empty.
    double area() const {
        if (!(lo[0] <= hi[0])) return 0.0;
        const double dx = double{hi[0]} - lo[0], dy = double{hi[1]} - lo[1], dz = double{hi[2]} - lo[2];
        return dx * dy + dy * dz + dz * dx;
    }
};

// One triangle as the binary build reads it: its box and its centre side by
// side (one cache line holds two), moved as a whole when a node is
// partitioned, so every pass reads the node's prims in order.
struct Prim {
    float lo[3], hi[3], centre[3];
    std::uint32_t triangle;  // the index into `boxes`
};

// The binary tree: a leaf (a bucket) holds prims first .. first + count, at
// most `bucket` of them, which the collapse makes one eight-wide node (or
// opens into its parent); an inner node holds its two children.
struct BinaryNode {
    Bounds box;
    double area = 0.0;  // box.area(), which the collapse asks for again and again
    std::uint32_t first = 0, count = 0;
    std::int32_t left = -1, right = -1;
    bool leaf() const { return left < 0; }
};

class BinaryBuilder {
public:
    explicit BinaryBuilder(std::span<const TriangleBox> boxes) : prims_(boxes.size()), bin_(boxes.size()) {
        Bounds box, centres;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const TriangleBox& b = boxes[i];
            Prim& p = prims_[i];
            const float lo[3] = {b.lo.x, b.lo.y, b.lo.z}, hi[3] = {b.hi.x, b.hi.y, b.hi.z};
            for (int a = 0; a < 3; ++a) {
                p.lo[a] = lo[a], p.hi[a] = hi[a];
                p.centre[a] = 0.5f * lo[a] + 0.5f * hi[a];  // no overflow near the float range's end
            }
            p.triangle = static_cast<std::uint32_t>(i);
            box.grow(p);
            centres.grow(p.centre[0], p.centre[1], p.centre[2]);
        }
        nodes_.reserve(2 * prims_.size());
        if (!prims_.empty()) build(nodes_, 0, static_cast<std::uint32_t>(prims_.size()), box, centres);
    }

    const std::vector<BinaryNode>& nodes() const { return nodes_; }
    // The prims in leaf order: a node's are first .. first + count.
    const std::vector<Prim>& prims() const { return prims_; }

private:
    static constexpr int bins = 16;
    // Below this many prims a node is split at the median of its widest axis:
    // sixteen bins cost more than they choose well there.
    static constexpr std::uint32_t small = 32;

    struct Bin {
        Bounds box, centres;
        std::uint32_t count = 0;
    };

    // A node this large builds its two halves at once (TBB): each half
    // partitions only its own prims and numbers its own nodes, which are then
    // appended; the tree is the same on any number of threads.
    static constexpr std::uint32_t parallel = 16384;

    // The subtree of prims first .. first + count into `nodes`; returns its root.
    std::int32_t build(std::vector<BinaryNode>& nodes, std::uint32_t first, std::uint32_t count, const Bounds& box,
                       const Bounds& centres) {
        const auto index = static_cast<std::int32_t>(nodes.size());
        nodes.push_back(BinaryNode{box, box.area(), first, count, -1, -1});
        if (count <= bucket) return index;
        int axis = 0;
        for (int a = 1; a < 3; ++a)
            if (centres.hi[a] - centres.lo[a] > centres.hi[axis] - centres.lo[axis]) axis = a;
        Bounds left_box, right_box, left_centres, right_centres;
        const std::uint32_t mid =
            count > small && centres.hi[axis] > centres.lo[axis]
                ? split_binned(first, count, axis, centres, left_box, right_box, left_centres, right_centres)
                : split_median(first, count, axis, left_box, right_box, left_centres, right_centres);
        std::int32_t left = -1, right = -1;
        if (count < parallel) {
            left = build(nodes, first, mid - first, left_box, left_centres);
            right = build(nodes, mid, first + count - mid, right_box, right_centres);
        } else {
            std::vector<BinaryNode> right_nodes;
            parallel_loop(0, 2, 1, [&](const auto& halves) {
                for (std::size_t h = halves.begin(); h != halves.end(); ++h) {
                    if (h == 0)
                        left = build(nodes, first, mid - first, left_box, left_centres);
                    else
                        build(right_nodes, mid, first + count - mid, right_box, right_centres);
                }
            });
            const auto offset = static_cast<std::int32_t>(nodes.size());
            for (BinaryNode n : right_nodes) {
                if (!n.leaf()) n.left += offset, n.right += offset;
                nodes.push_back(n);
            }
            right = offset;
        }
        nodes[static_cast<std::size_t>(index)].left = left;
        nodes[static_cast<std::size_t>(index)].right = right;
        return index;
    }

    // The binned heuristic's best plane on `axis`; the prims are partitioned
    // about it, and the children's boxes and centre bounds come from the bins.
    std::uint32_t split_binned(std::uint32_t first, std::uint32_t count, int axis, const Bounds& centres,
                               Bounds& left_box, Bounds& right_box, Bounds& left_centres, Bounds& right_centres) {
        const float origin = centres.lo[axis];
        const float scale = static_cast<float>(bins) * 0.99999f / (centres.hi[axis] - centres.lo[axis]);
        std::array<Bin, bins> bin{};
        Prim* const p = prims_.data() + first;
        std::uint8_t* const bin_of = bin_.data() + first;
        for (std::uint32_t i = 0; i < count; ++i) {
            const float f = (p[i].centre[axis] - origin) * scale;
            const int k = f >= static_cast<float>(bins - 1) ? bins - 1 : f > 0.0f ? static_cast<int>(f) : 0;
            bin_of[i] = static_cast<std::uint8_t>(k);
            Bin& b = bin[static_cast<std::size_t>(k)];
            ++b.count;
            b.box.grow(p[i]);
            b.centres.grow(p[i].centre[0], p[i].centre[1], p[i].centre[2]);
        }
        // Cost of the plane after bin k: area x count on each side.
        std::array<double, bins> right_cost{};
        Bounds acc;
        std::uint32_t n = 0;
        for (int k = bins - 1; k > 0; --k) {
            acc.grow(bin[static_cast<std::size_t>(k)].box);
            n += bin[static_cast<std::size_t>(k)].count;
            right_cost[static_cast<std::size_t>(k)] = acc.area() * n;
        }
        acc = Bounds{};
        n = 0;
        double best = std::numeric_limits<double>::infinity();
        int best_bin = -1;
        for (int k = 0; k < bins - 1; ++k) {
            acc.grow(bin[static_cast<std::size_t>(k)].box);
            n += bin[static_cast<std::size_t>(k)].count;
            if (n == 0 || n == count) continue;
            const double cost = acc.area() * n + right_cost[static_cast<std::size_t>(k + 1)];
            if (cost < best) best = cost, best_bin = k;
        }
        // The lowest and the highest centre fall in the first and the last bin,
        // so some plane has prims on both sides.
        for (int k = 0; k < bins; ++k) {
            const Bin& b = bin[static_cast<std::size_t>(k)];
            (k <= best_bin ? left_box : right_box).grow(b.box);
            (k <= best_bin ? left_centres : right_centres).grow(b.centres);
        }
        // Partitioned from both ends, each prim's bin read from the pass above.
        std::uint32_t lo = 0, hi = count;
        for (;;) {
            while (lo < hi && bin_of[lo] <= best_bin) ++lo;
            if (lo == hi) break;
            --hi;
            while (lo < hi && bin_of[hi] > best_bin) --hi;
            if (lo == hi) break;
            std::swap(p[lo], p[hi]);
            std::swap(bin_of[lo], bin_of[hi]);
            ++lo;
        }
        return first + lo;
    }

    // The halves about the median centre on `axis` (a small node, or centres
    // that are all equal).
    std::uint32_t split_median(std::uint32_t first, std::uint32_t count, int axis, Bounds& left_box, Bounds& right_box,
                               Bounds& left_centres, Bounds& right_centres) {
        const std::uint32_t mid = first + count / 2;
        std::nth_element(prims_.begin() + first, prims_.begin() + mid, prims_.begin() + first + count,
                         [axis](const Prim& a, const Prim& b) { return a.centre[axis] < b.centre[axis]; });
        for (std::uint32_t i = first; i < first + count; ++i) {
            const Prim& p = prims_[i];
            (i < mid ? left_box : right_box).grow(p);
            (i < mid ? left_centres : right_centres).grow(p.centre[0], p.centre[1], p.centre[2]);
        }
        return mid;
    }

    std::vector<Prim> prims_;
    std::vector<std::uint8_t> bin_;  // each prim's bin in the pass under way
    std::vector<BinaryNode> nodes_;
};

// Collapses the binary tree into eight-wide nodes. Every leaf of the
// eight-wide tree holds one triangle (simd::max_leaf), so a bucket becomes a
// node of single-triangle leaves, or its triangles children of the node above
// when there is room.
class Collapser {
public:
    Collapser(const BinaryBuilder& tree, std::span<const TriangleBox> boxes, AlignedVector<BvhNode>& out)
        : tree_(tree.nodes()), prims_(tree.prims()), boxes_(boxes), out_(out) {
        out_.clear();
        out_.reserve(tree_.size() / 4 + 1);
        if (tree_.empty()) return;
        emit(0);
    }

private:
    std::uint32_t new_node() {
        BvhNode node{};
        for (std::size_t c = 0; c < node_width; ++c) {
            for (int a = 0; a < 3; ++a) node.lo[a][c] = inf, node.hi[a][c] = -inf;
            node.child[c] = -1;
            node.count[c] = 0;
        }
        out_.push_back(node);
        return static_cast<std::uint32_t>(out_.size() - 1);
    }

    // A child of an eight-wide node: binary node `node`, or, with `prim` set,
    // the single triangle prims[prim] of bucket `node`.
    struct Child {
        std::int32_t node = -1;
        std::int64_t prim = -1;
    };

    // Fills child `c` of node `n` with `child` (a triangle, or a subtree).
    void place(std::uint32_t n, std::size_t c, const Child& child) {
        const BinaryNode& bn = tree_[static_cast<std::size_t>(child.node)];
        if (child.prim >= 0 || (bn.leaf() && bn.count == 1)) {
            const TriangleBox& t =
                boxes_[prims_[child.prim >= 0 ? static_cast<std::size_t>(child.prim) : bn.first].triangle];
            const float lo[3] = {t.lo.x, t.lo.y, t.lo.z}, hi[3] = {t.hi.x, t.hi.y, t.hi.z};
            for (int a = 0; a < 3; ++a) out_[n].lo[a][c] = lo[a], out_[n].hi[a][c] = hi[a];
            out_[n].child[c] = static_cast<std::int32_t>(t.triangle);
            out_[n].count[c] = 1;
            return;
        }
        for (int a = 0; a < 3; ++a) {
            out_[n].lo[a][c] = bn.box.lo[static_cast<std::size_t>(a)];
            out_[n].hi[a][c] = bn.box.hi[static_cast<std::size_t>(a)];
        }
        const std::uint32_t sub = emit(child.node);
        out_[n].child[c] = static_cast<std::int32_t>(sub);
        out_[n].count[c] = 0;
    }

    // An eight-wide node for binary node `b`: a bucket's triangles, or an inner
    // node's two children, opened largest first (an inner child into its two, a
    // bucket into its triangles where they fit) until there are eight.
    std::uint32_t emit(std::int32_t b) {
        const BinaryNode& root = tree_[static_cast<std::size_t>(b)];
        std::array<Child, node_width> children{};
        std::size_t n = 0;
        if (root.leaf()) {
            for (std::uint32_t i = root.first; i < root.first + root.count; ++i) children[n++] = {b, i};
        } else {
            children[n++] = {root.left};
            children[n++] = {root.right};
        }
        while (n < node_width) {
            std::size_t widest = n;
            double area = -1.0;
            for (std::size_t i = 0; i < n; ++i) {
                if (children[i].prim >= 0) continue;
                const BinaryNode& c = tree_[static_cast<std::size_t>(children[i].node)];
                const bool opens = c.leaf() ? c.count > 1 && n - 1 + c.count <= node_width : true;
                if (opens && c.area > area) area = c.area, widest = i;
            }
            if (widest == n) break;
            const std::int32_t open = children[widest].node;
            const BinaryNode& o = tree_[static_cast<std::size_t>(open)];
            if (o.leaf()) {
                children[widest] = {open, o.first};
                for (std::uint32_t i = o.first + 1; i < o.first + o.count; ++i) children[n++] = {open, i};
            } else {
                children[widest] = {o.left};
                children[n++] = {o.right};
            }
        }
        const std::uint32_t node = new_node();
        for (std::size_t c = 0; c < n; ++c) place(node, c, children[c]);
        return node;
    }

    const std::vector<BinaryNode>& tree_;
    const std::vector<Prim>& prims_;
    std::span<const TriangleBox> boxes_;
    AlignedVector<BvhNode>& out_;
};

}  // namespace

void build_hierarchy(std::span<const TriangleBox> boxes, AlignedVector<BvhNode>& nodes) {
    const BinaryBuilder tree(boxes);
    Collapser(tree, boxes, nodes);
}

}  // namespace levelsweep::detail
