// levelsweep: the visited bits of one query (docs/design.md, "What the spec does not give", 3).
//
// One bit per triangle. A walk tests and sets a triangle's bit before anything
// else, so a triangle listed in several cells is tested once per query. The
// caller owns one VisitedBits per thread and resets it between queries; the
// reset clears only the words the query touched, so it costs the triangles
// touched, not the mesh size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace levelsweep {

class VisitedBits {
public:
    VisitedBits() = default;
    explicit VisitedBits(std::uint32_t triangle_count) { resize(triangle_count); }

    // Sizes the bits for a level of `triangle_count` triangles, all clear.
    void resize(std::uint32_t triangle_count) {
        words_.assign((std::size_t{triangle_count} + 63) / 64, 0u);
        touched_.clear();
        touched_.reserve(64);
        size_ = triangle_count;
    }
    std::uint32_t size() const { return size_; }

    // Returns whether `tri`'s bit was already set, and sets it. An index at or
    // past size() (no_triangle, or a word the faithful walk read past a list)
    // reads as already visited, so every walk skips it; nothing is written.
    bool test_and_set(std::uint32_t tri) {
        if (tri >= size_) return true;
        std::uint64_t& word = words_[tri >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (tri & 63);
        if (word & bit) return true;
        if (word == 0) touched_.push_back(tri >> 6);
        word |= bit;
        return false;
    }
    bool test(std::uint32_t tri) const { return tri >= size_ || (words_[tri >> 6] >> (tri & 63)) & 1u; }

    // Clears every bit set since the last reset, word by touched word.
    void reset() {
        for (std::uint32_t w : touched_) words_[w] = 0;
        touched_.clear();
    }
    // How many 64-bit words the next reset clears.
    std::size_t touched_words() const { return touched_.size(); }

private:
    std::vector<std::uint64_t> words_;
    std::vector<std::uint32_t> touched_;
    std::uint32_t size_ = 0;
};

}  // namespace levelsweep
