// A stored hierarchy made by hand (levelsweep/stored_hierarchy.hpp), not by
// the batch path's builder: for the level file's suites and for the batch
// path's, which must answer alike on any hierarchy the file may hold.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include <doctest/doctest.h>

#include "levelsweep/level.hpp"
#include "levelsweep/stored_hierarchy.hpp"
#include "levelsweep/triangle_filters.hpp"

namespace levelsweep::test {

namespace sh = levelsweep::stored_hierarchy;

inline constexpr float inf_f = std::numeric_limits<float>::infinity();

using Words = std::vector<std::uint32_t>;

inline std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

struct NodeBox {
    float lo[3] = {inf_f, inf_f, inf_f}, hi[3] = {-inf_f, -inf_f, -inf_f};
    void add(const NodeBox& b) {
        for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], b.lo[a]), hi[a] = std::max(hi[a], b.hi[a]);
    }
};

inline NodeBox triangle_box(const Level& level, std::uint32_t t) {
    NodeBox b;
    for (int k = 0; k < 3; ++k) {
        const Vec3 p = level.corner(t, k);
        b.add({{p.x, p.y, p.z}, {p.x, p.y, p.z}});
    }
    return b;
}

inline void set_child(Words& w, std::size_t node, std::size_t c, const NodeBox& box, std::uint32_t child,
                      std::uint32_t count) {
    const std::size_t base = node * sh::node_words;
    for (std::size_t a = 0; a < 3; ++a) {
        w[base + sh::lo + 8 * a + c] = bits(box.lo[a]);
        w[base + sh::hi + 8 * a + c] = bits(box.hi[a]);
    }
    w[base + sh::child + c] = child;
    w[base + sh::count + c] = count;
}

// A hierarchy made by hand, not by the batch path's builder: the root's
// children are nodes of up to eight leaves, in triangle order.
inline Words two_level_hierarchy(const Level& level) {
    std::vector<std::uint32_t> enabled;
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t)
        if (passes_flags(level.flags(t), false)) enabled.push_back(t);
    if (enabled.empty()) return {};
    const std::size_t groups = (enabled.size() + 7) / 8;
    REQUIRE(groups <= 8);
    Words w((1 + groups) * sh::node_words);
    for (std::size_t n = 0; n <= groups; ++n)
        for (std::size_t c = 0; c < 8; ++c) set_child(w, n, c, NodeBox{}, sh::no_child, 0);
    for (std::size_t g = 0; g < groups; ++g) {
        NodeBox all;
        for (std::size_t i = 8 * g; i < std::min(enabled.size(), 8 * g + 8); ++i) {
            const NodeBox b = triangle_box(level, enabled[i]);
            set_child(w, 1 + g, i - 8 * g, b, enabled[i], 1);
            all.add(b);
        }
        set_child(w, 0, g, all, static_cast<std::uint32_t>(1 + g), 0);
    }
    return w;
}

}  // namespace levelsweep::test
