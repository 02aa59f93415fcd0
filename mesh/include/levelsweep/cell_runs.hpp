// levelsweep: a pass over every cell of a grid's count-first lists (grid.hpp)
// that skips the cells listing nothing, nine in ten on the shared levels: the
// length of a run of them, read a block of count words at a time, the
// coordinates of the cell after it, moved on a z row at a time, and the pass
// itself, for the grid's adoption of its lists and the batch walk's fields.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>

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

// One pass over the `cells` cells of a count-first array in walk order, a
// run of empty cells at a time: on_empty_run(cell, pos, n) for the n cells
// from `cell` on that list nothing (their count words, zeros, from words[pos]
// on; n may be 0), then on_list(cell, pos, at) for the cell after them, whose
// count word words[pos] is nonzero and whose coordinates are `at`. on_list
// returns false to stop the pass. Returns the position past the last cell's
// list, or nullopt when on_list stopped the pass.
//
// Each cell from words[pos] on must have its count word: `words` holds at
// least `cells` words, and a list that would leave fewer words than the cells
// after it is refused by on_list (adoption) or cannot occur (an adopted grid).
template <class OnEmptyRun, class OnList>
std::optional<std::size_t> for_each_listing_cell(const std::uint32_t* words, std::size_t cells, std::uint32_t ny,
                                                 std::uint32_t nz, OnEmptyRun&& on_empty_run, OnList&& on_list) {
    CellCursor at;
    for (std::size_t cell = 0, pos = 0;;) {
        const std::size_t empty = zero_words(words + pos, cells - cell);
        on_empty_run(cell, pos, empty);
        cell += empty, pos += empty;
        if (cell == cells) return pos;
        at.advance(empty, ny, nz);
        if (!on_list(cell, pos, at)) return std::nullopt;
        pos += 1 + std::size_t{words[pos]};
        ++cell;
        at.advance(1, ny, nz);
    }
}

}  // namespace levelsweep
