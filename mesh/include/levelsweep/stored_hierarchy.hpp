// levelsweep: the hierarchy a level file may store beside its level
// (docs/formats.md, "The stored hierarchy"): the batch path's eight-wide box
// tree over the enabled triangles, derived data that a level ready for queries
// would otherwise build at start-up. The level store holds it as nodes and
// checks it against its triangles; only engine/query's batch level reads it,
// and it traverses these very nodes (simd's BvhNode is Node), not a copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "levelsweep/aligned.hpp"

namespace levelsweep {

class Level;

namespace stored_hierarchy {
// A node is 64 little-endian words: lo[3][8] and hi[3][8] (binary32, axis-major:
// the box of child c on axis a at lo + 8a + c), then child[8], then count[8].
inline constexpr std::size_t width = 8;
inline constexpr std::size_t node_words = 64;
inline constexpr std::size_t lo = 0, hi = 24, child = 48, count = 56;
// An empty child's index (count 0, the box +inf below and -inf above).
inline constexpr std::uint32_t no_child = 0xffffffff;

// A node's 64 words as their values, in the same order: a child's index as a
// signed word (no_child is -1).
struct alignas(64) Node {
    float lo[3][width];
    float hi[3][width];
    std::int32_t child[width];
    std::uint32_t count[width];
};
static_assert(sizeof(Node) == 4 * node_words && offsetof(Node, lo) == 4 * lo && offsetof(Node, hi) == 4 * hi &&
                  offsetof(Node, child) == 4 * child && offsetof(Node, count) == 4 * count,
              "a node is its 64 words, in order");

// The words of `nodes`, each node's 64 in turn (what a level file stores).
std::vector<std::uint32_t> words_of(std::span<const Node> nodes);
}  // namespace stored_hierarchy

// Where a stored hierarchy is wrong for a level: the word and the reason.
struct HierarchyFault {
    std::size_t word = 0;
    std::string reason;
};

// Whether `words` is a hierarchy of `level` as the batch path builds one:
// whole nodes, node 0 the root, every other node the child of exactly one
// earlier node, each child empty (count 0, no_child, the inverted box), a node
// (count 0, a later node's index, the union of that node's children's boxes)
// or a leaf (count 1, an enabled triangle's index, that triangle's corners'
// box), every enabled triangle in exactly one leaf, and no node at all for a
// level without enabled triangles. A fault's word counts from the first node's
// first word.
std::optional<HierarchyFault> find_hierarchy_fault(std::span<const stored_hierarchy::Node> nodes, const Level& level);
// The same for words, which must also be a whole number of nodes.
std::optional<HierarchyFault> find_hierarchy_fault(std::span<const std::uint32_t> words, const Level& level);

}  // namespace levelsweep
