// BatchLevel: the packed triangle records and an eight-wide bounding-volume
// hierarchy over the enabled triangles (packed_level.hpp gives the layout).
//
// The hierarchy is built top-down as a binary tree by the surface area
// heuristic over 16 bins of the triangles' box centres, then collapsed into
// eight-wide nodes by opening the largest child until eight are reached (as
// Embree's and Jolt's wide trees are made). Only its boxes matter for the
// answers, and only as bounds: every triangle's box is inside its leaf's, so a
// query that prunes with them conservatively finds every triangle it can touch.
#include "levelsweep/batch_level.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "levelsweep/packed_level.hpp"

namespace levelsweep {

namespace {

using simd::BvhNode;
using simd::max_leaf;
using simd::node_width;
using simd::PackedLevel;

struct Box3 {
    Vec3 lo{std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity(),
            std::numeric_limits<float>::infinity()};
    Vec3 hi{-std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
            -std::numeric_limits<float>::infinity()};

    void grow(const Vec3& p) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    void grow(const Box3& b) {
        grow(b.lo);
        grow(b.hi);
    }
    bool empty() const { return !(lo.x <= hi.x); }
    // Half the surface area (the heuristic's measure); 0 for an empty box.
    double area() const {
        if (empty()) return 0.0;
        const double dx = static_cast<double>(hi.x) - lo.x, dy = static_cast<double>(hi.y) - lo.y,
                     dz = static_cast<double>(hi.z) - lo.z;
        return dx * dy + dy * dz + dz * dx;
    }
};

struct Prim {
    Box3 box;
    Vec3 centre;
    std::uint32_t triangle;
};

// The binary tree: a leaf holds prims [first, first + count); an inner node its
// two children.
struct BinaryNode {
    Box3 box;
    std::uint32_t first = 0, count = 0;
    std::int32_t left = -1, right = -1;
    bool leaf() const { return left < 0; }
};

class Builder {
public:
    explicit Builder(std::vector<Prim>& prims) : prims_(prims) {}

    std::vector<BinaryNode> build() {
        if (!prims_.empty()) split(0, static_cast<std::uint32_t>(prims_.size()));
        return std::move(nodes_);
    }

private:
    static constexpr int bins = 16;

    std::int32_t split(std::uint32_t first, std::uint32_t count) {
        const auto index = static_cast<std::int32_t>(nodes_.size());
        nodes_.emplace_back();
        Box3 box, centres;
        for (std::uint32_t i = first; i < first + count; ++i) {
            box.grow(prims_[i].box);
            centres.grow(prims_[i].centre);
        }
        nodes_[static_cast<std::size_t>(index)].box = box;
        if (count <= max_leaf) {
            nodes_[static_cast<std::size_t>(index)].first = first;
            nodes_[static_cast<std::size_t>(index)].count = count;
            return index;
        }
        const std::uint32_t mid = partition(first, count, centres);
        const std::int32_t left = split(first, mid - first);
        const std::int32_t right = split(mid, first + count - mid);
        nodes_[static_cast<std::size_t>(index)].left = left;
        nodes_[static_cast<std::size_t>(index)].right = right;
        return index;
    }

    // Where to split prims [first, first + count): the binned heuristic's best
    // plane on the widest centre axis, or the median when it puts every prim on
    // one side (all centres equal, or one dominant bin).
    std::uint32_t partition(std::uint32_t first, std::uint32_t count, const Box3& centres) {
        // In double: the extent of float coordinates near the float range's end
        // would overflow.
        auto extent_on = [&](int a) {
            return static_cast<double>(component(centres.hi, a)) - static_cast<double>(component(centres.lo, a));
        };
        const int axis = extent_on(0) >= extent_on(1) && extent_on(0) >= extent_on(2) ? 0
                         : extent_on(1) >= extent_on(2)                                ? 1
                                                                                       : 2;
        const double lo = component(centres.lo, axis), width = extent_on(axis);
        auto begin = prims_.begin() + first, end = begin + count;
        if (width > 0.0) {
            auto bin_of = [&](const Prim& p) {
                const double f = (static_cast<double>(component(p.centre, axis)) - lo) / width * bins;
                return f >= bins - 1 ? bins - 1 : f > 0.0 ? static_cast<int>(f) : 0;
            };
            std::array<Box3, bins> boxes;
            std::array<std::uint32_t, bins> counts{};
            for (auto it = begin; it != end; ++it) {
                const int b = bin_of(*it);
                boxes[static_cast<std::size_t>(b)].grow(it->box);
                ++counts[static_cast<std::size_t>(b)];
            }
            // Cost of a plane after bin b: area x count on each side.
            std::array<double, bins> right_cost{};
            Box3 acc;
            std::uint32_t n = 0;
            for (int b = bins - 1; b > 0; --b) {
                acc.grow(boxes[static_cast<std::size_t>(b)]);
                n += counts[static_cast<std::size_t>(b)];
                right_cost[static_cast<std::size_t>(b)] = acc.area() * n;
            }
            acc = Box3{};
            n = 0;
            double best = std::numeric_limits<double>::infinity();
            int best_bin = -1;
            for (int b = 0; b < bins - 1; ++b) {
                acc.grow(boxes[static_cast<std::size_t>(b)]);
                n += counts[static_cast<std::size_t>(b)];
                if (n == 0 || n == count) continue;
                const double cost = acc.area() * n + right_cost[static_cast<std::size_t>(b + 1)];
                if (cost < best) best = cost, best_bin = b;
            }
            if (best_bin >= 0) {
                const auto mid = std::partition(begin, end, [&](const Prim& p) { return bin_of(p) <= best_bin; });
                return static_cast<std::uint32_t>(mid - prims_.begin());
            }
        }
        const auto mid = begin + count / 2;
        std::nth_element(begin, mid, end, [axis](const Prim& a, const Prim& b) {
            return component(a.centre, axis) < component(b.centre, axis);
        });
        return static_cast<std::uint32_t>(mid - prims_.begin());
    }

    std::vector<Prim>& prims_;
    std::vector<BinaryNode> nodes_;
};

// Collapses the binary tree into eight-wide nodes, numbering slots in leaf order.
class Collapser {
public:
    Collapser(const std::vector<BinaryNode>& tree, const std::vector<Prim>& prims, PackedLevel& out)
        : tree_(tree), prims_(prims), out_(out) {}

    void run(std::vector<std::uint32_t>& slot_triangles) {
        slots_ = &slot_triangles;
        if (tree_.empty()) return;
        if (tree_[0].leaf()) {
            // One leaf: a root with it as its only child.
            const auto root = new_node();
            place(root, 0, 0);
        } else {
            emit(0);
        }
    }

private:
    std::uint32_t new_node() {
        BvhNode node{};
        for (std::size_t c = 0; c < node_width; ++c) {
            for (int a = 0; a < 3; ++a) {
                node.lo[a][c] = std::numeric_limits<float>::infinity();
                node.hi[a][c] = -std::numeric_limits<float>::infinity();
            }
            node.child[c] = -1;
            node.count[c] = 0;
        }
        out_.nodes.push_back(node);
        return static_cast<std::uint32_t>(out_.nodes.size() - 1);
    }

    // Fills child `c` of node `n` with binary node `b` (a leaf's slots, or a subtree).
    void place(std::uint32_t n, std::size_t c, std::int32_t b) {
        const BinaryNode& bn = tree_[static_cast<std::size_t>(b)];
        for (int a = 0; a < 3; ++a) {
            out_.nodes[n].lo[a][c] = component(bn.box.lo, a);
            out_.nodes[n].hi[a][c] = component(bn.box.hi, a);
        }
        if (bn.leaf()) {
            out_.nodes[n].child[c] = static_cast<std::int32_t>(slots_->size());
            out_.nodes[n].count[c] = bn.count;
            for (std::uint32_t i = bn.first; i < bn.first + bn.count; ++i) slots_->push_back(prims_[i].triangle);
        } else {
            const std::uint32_t sub = emit(b);
            out_.nodes[n].child[c] = static_cast<std::int32_t>(sub);
            out_.nodes[n].count[c] = 0;
        }
    }

    // An eight-wide node for inner binary node `b`: its two children, opened
    // largest first until there are eight.
    std::uint32_t emit(std::int32_t b) {
        std::vector<std::int32_t> children{tree_[static_cast<std::size_t>(b)].left,
                                           tree_[static_cast<std::size_t>(b)].right};
        while (children.size() < node_width) {
            auto widest = children.end();
            double area = -1.0;
            for (auto it = children.begin(); it != children.end(); ++it) {
                const BinaryNode& c = tree_[static_cast<std::size_t>(*it)];
                if (!c.leaf() && c.box.area() > area) area = c.box.area(), widest = it;
            }
            if (widest == children.end()) break;
            const BinaryNode& open = tree_[static_cast<std::size_t>(*widest)];
            *widest = open.left;
            children.push_back(open.right);
        }
        const std::uint32_t n = new_node();
        for (std::size_t c = 0; c < children.size(); ++c) place(n, c, children[c]);
        return n;
    }

    const std::vector<BinaryNode>& tree_;
    const std::vector<Prim>& prims_;
    PackedLevel& out_;
    std::vector<std::uint32_t>* slots_ = nullptr;
};

void write_record(const Level& level, std::uint32_t tri, float* r) {
    namespace rec = simd::record;
    r[rec::flags] = std::bit_cast<float>(std::uint32_t{level.flags(tri)});
    const Vec3 n = level.normal(tri);
    r[rec::n] = n.x, r[rec::n + 1] = n.y, r[rec::n + 2] = n.z;
    r[rec::d] = level.plane(tri);
    r[rec::triangle] = std::bit_cast<float>(tri);
    r[rec::top] = std::max(std::max(level.corner(tri, 0).z, level.corner(tri, 1).z), level.corner(tri, 2).z);
    const std::size_t corner[3] = {rec::v0, rec::v1, rec::v2}, edge[3] = {rec::e0, rec::e1, rec::e2};
    for (int k = 0; k < 3; ++k) {
        const Vec3 v = level.corner(tri, k), e = level.edge(tri, k);
        const std::size_t c = corner[k], a = edge[k];
        r[c] = v.x, r[c + 1] = v.y, r[c + 2] = v.z;
        r[a] = e.x, r[a + 1] = e.y, r[a + 2] = e.z;
    }
    const CellRange cells =
        level.grid().geometry().triangle_cells(level.corner(tri, 0), level.corner(tri, 1), level.corner(tri, 2));
    for (std::size_t a = 0; a < 3; ++a) {
        r[rec::cells_lo + a] = std::bit_cast<float>(cells.lo[a]);
        r[rec::cells_hi + a] = std::bit_cast<float>(cells.hi[a]);
    }
}

}  // namespace

BatchLevel::BatchLevel(const Level& level) : level_(&level), data_(std::make_unique<PackedLevel>()) {
    PackedLevel& d = *data_;
    const std::uint32_t count = level.triangle_count();
    std::vector<Prim> prims;
    std::vector<std::uint32_t> disabled;
    for (std::uint32_t t = 0; t < count; ++t) {
        if (!(level.flags(t) & tri_flags::mask & tri_flags::enabled)) {
            disabled.push_back(t);
            continue;
        }
        Prim p;
        for (int k = 0; k < 3; ++k) p.box.grow(level.corner(t, k));
        p.centre = 0.5f * p.box.lo + 0.5f * p.box.hi;  // no overflow near the float range's end
        p.triangle = t;
        prims.push_back(p);
    }
    const std::vector<BinaryNode> tree = Builder(prims).build();
    std::vector<std::uint32_t> slot_triangles;
    slot_triangles.reserve(count);
    Collapser(tree, prims, d).run(slot_triangles);
    d.enabled = static_cast<std::uint32_t>(slot_triangles.size());
    slot_triangles.insert(slot_triangles.end(), disabled.begin(), disabled.end());

    d.records.assign(std::size_t{count} * simd::record::floats, 0.0f);
    d.slot_of.assign(count, 0u);
    for (std::uint32_t slot = 0; slot < count; ++slot) {
        const std::uint32_t tri = slot_triangles[slot];
        write_record(level, tri, d.records.data() + std::size_t{slot} * simd::record::floats);
        d.slot_of[tri] = slot;
    }
    for (std::uint32_t v = 0; v < level.vertex_count(); ++v) {
        const Vec3 p = level.vertex(v);
        d.extent = std::max({d.extent, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    }
}

BatchLevel::~BatchLevel() = default;
BatchLevel::BatchLevel(BatchLevel&&) noexcept = default;
BatchLevel& BatchLevel::operator=(BatchLevel&&) noexcept = default;

std::size_t BatchLevel::memory_bytes() const {
    return data_->records.size() * sizeof(float) + data_->slot_of.size() * sizeof(std::uint32_t) +
           data_->nodes.size() * sizeof(BvhNode);
}

std::size_t BatchLevel::node_count() const { return data_->nodes.size(); }
std::size_t BatchLevel::enabled_triangles() const { return data_->enabled; }

}  // namespace levelsweep
