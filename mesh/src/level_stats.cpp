#include "levelsweep/level_stats.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <unordered_set>

namespace levelsweep {

namespace {

// A triangle's corners as bit patterns, sorted, so that the same corners in any
// order compare equal.
using CornerKey = std::array<std::array<std::uint32_t, 3>, 3>;

CornerKey corner_key(const Level& level, std::uint32_t t) {
    CornerKey key;
    for (int k = 0; k < 3; ++k) {
        const Vec3 p = level.corner(t, k);
        key[static_cast<std::size_t>(k)] = {std::bit_cast<std::uint32_t>(p.x), std::bit_cast<std::uint32_t>(p.y),
                                            std::bit_cast<std::uint32_t>(p.z)};
    }
    std::sort(key.begin(), key.end());
    return key;
}

std::size_t count_duplicates(const Level& level) {
    std::vector<std::pair<CornerKey, std::uint32_t>> keys(level.triangle_count());
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t) keys[t] = {corner_key(level, t), t};
    std::sort(keys.begin(), keys.end());
    std::size_t duplicates = 0;
    for (std::size_t i = 1; i < keys.size(); ++i) duplicates += keys[i].first == keys[i - 1].first ? 1 : 0;
    return duplicates;
}

}  // namespace

std::size_t length_bucket(std::size_t length) {
    return length == 0 ? 0 : static_cast<std::size_t>(std::bit_width(length));
}

LevelStats level_stats(const Level& level) {
    LevelStats s;
    const CellGrid& g = level.grid();
    std::size_t listed = 0;
    for (std::size_t c = 0; c < g.cell_count(); ++c) {
        const std::size_t n = g.list(c).size();
        const std::size_t b = length_bucket(n);
        if (s.cells_by_length.size() <= b) s.cells_by_length.resize(b + 1, 0);
        ++s.cells_by_length[b];
        s.occupied_cells += n > 0 ? 1 : 0;
        s.max_list = std::max(s.max_list, n);
        listed += n;
    }
    s.mean_per_occupied = s.occupied_cells ? static_cast<double>(listed) / static_cast<double>(s.occupied_cells) : 0.0;

    std::unordered_set<std::uint16_t> materials;
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t) {
        const std::uint16_t f = level.flags(t) & tri_flags::mask;
        (f & tri_flags::enabled ? s.enabled : s.disabled) += 1;
        s.two_sided += f & tri_flags::two_sided ? 1 : 0;
        s.special += f & tri_flags::special ? 1 : 0;
        s.high_bits += level.flags(t) & ~tri_flags::mask ? 1 : 0;
        s.degenerate += level.normal(t) == Vec3{} ? 1 : 0;
        materials.insert(level.material(t));
    }
    s.materials = materials.size();
    s.duplicate = count_duplicates(level);
    return s;
}

}  // namespace levelsweep
