// levelsweep: what a pass over every cell of a grid's count-first lists
// (grid.hpp) needs to skip the cells that list nothing, nine in ten on the
// shared levels: the length of a run of them, read a block of count words at a
// time, and the coordinates of the cell after it, moved on a z row at a time.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace levelsweep {

// How many of the words from `w` on are zero, counting at most `most` of
// them (all `most` readable). In a count-first array whose cells each have
// their count word from `w` on, the number of cells from w's on that list
// nothing: an empty cell's count word is followed by the next cell's.
inline std::size_t zero_words(const std::uint32_t* w, std::size_t most) {
    std::size_t k = 0;
#if defined(__SSE2__)
    for (; k + 4 <= most; k += 4) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + k));
        const auto zero =
            static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(block, _mm_setzero_si128()))));
        if (zero != 0xF) return k + static_cast<std::size_t>(std::countr_one(zero));
    }
#endif
    while (k < most && w[k] == 0) ++k;
    return k;
}

// A cell's coordinates in the walk order (x outer, y, z inner) of a grid with
// ny and nz cells on those axes, starting at cell 0.
struct CellCursor {
    std::uint32_t ix = 0, iy = 0, iz = 0;

    // Moves `n` cells on: one step for each z row passed, not one a cell.
    void advance(std::size_t n, std::uint32_t ny, std::uint32_t nz) {
        std::size_t z = iz + n;
        for (; z >= nz; z -= nz)
            if (++iy == ny) iy = 0, ++ix;
        iz = static_cast<std::uint32_t>(z);
    }
};

}  // namespace levelsweep
