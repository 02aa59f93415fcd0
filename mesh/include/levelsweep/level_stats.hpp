// levelsweep: what `levelsweep info` and `levelsweep import` report about a level.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "levelsweep/level.hpp"

namespace levelsweep {

struct LevelStats {
    // Cells by list length: bucket 0 holds empty cells, bucket k >= 1 the cells
    // with 2^(k-1) to 2^k - 1 triangles.
    std::vector<std::size_t> cells_by_length;
    std::size_t occupied_cells = 0;
    std::size_t max_list = 0;
    double mean_per_occupied = 0.0;

    // Flags (the word masked to 0xfff, docs/design.md 1).
    std::size_t enabled = 0;    // 0x1 set
    std::size_t disabled = 0;   // 0x1 clear
    std::size_t two_sided = 0;  // 0x2
    std::size_t special = 0;    // 0x8
    std::size_t high_bits = 0;  // any bit above 0xfff (ignored by every test)

    // Degenerate: the stored normal is zero (CollTri_ComputeNormal's c = 0); the
    // sweeps skip them at the side test. Duplicate: the same three corner
    // positions (in any order) as an earlier triangle.
    std::size_t degenerate = 0;
    std::size_t duplicate = 0;
    std::size_t materials = 0;  // distinct material ids
};

LevelStats level_stats(const Level& level);

// The histogram bucket of a list length (see cells_by_length).
std::size_t length_bucket(std::size_t length);

}  // namespace levelsweep
