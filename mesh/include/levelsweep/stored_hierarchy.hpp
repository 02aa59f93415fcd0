// levelsweep: the hierarchy a level file may store beside its level
// (docs/formats.md, "The stored hierarchy"): the batch path's eight-wide box
// tree over the enabled triangles, derived data that a level ready for queries
// would otherwise build at start-up. The level store holds it as words and
// checks it against its triangles; only engine/query's batch level reads it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

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
// level without enabled triangles.
std::optional<HierarchyFault> find_hierarchy_fault(std::span<const std::uint32_t> words, const Level& level);

}  // namespace levelsweep
