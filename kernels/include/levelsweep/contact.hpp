// levelsweep: the original's 0xc0-byte contact record.
//
// Every field the spec names sits at its original offset (static_asserts below).
// The original fills a fresh, uncleared stack slot, so a field a function does
// not write holds whatever was there. We keep that observable: every write goes
// through write()/write_xyz(), which set one bit per 32-bit word in `written`,
// and tests assert which words a function wrote and which it left alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "levelsweep/vec.hpp"

namespace levelsweep {

// One 0x40-byte half: the querying shape's (+0x00) or the other shape's (+0x40).
// The spec names these words in one half or the other; mirrored entries swap
// the halves wholesale, so both halves share the layout.
struct ContactHalf {
    std::uint32_t owner = 0;         // +0x00 / +0x40: the shape's owner
    std::uint32_t shape = 0;         // +0x04 / +0x44: the shape
    std::uint32_t word08 = 0;        // +0x08 / +0x48: not named by the spec
    std::uint32_t word0c = 0;        // +0x0c / +0x4c: not named by the spec
    Vec4 normal;                     // +0x10 / +0x50: normal from this half's shape towards the other
    Vec4 local;                      // +0x20 / +0x60: local point (+0x68 z, +0x6c 1.0 in Unit 12)
    std::int32_t feature_type = 0;   // +0x30 / +0x70: 0 face, 2 edge, 1 corner, 4 inside (Unit 5)
    std::int32_t feature_index = 0;  // +0x34 / +0x74: feature index (Unit 5)
    std::uint32_t word38 = 0;        // +0x38 / +0x78: not named by the spec
    std::uint32_t word3c = 0;        // +0x3c / +0x7c: not named by the spec
};
static_assert(sizeof(ContactHalf) == 0x40);

struct Contact {
    ContactHalf own;             // +0x00
    ContactHalf other;           // +0x40
    float fraction = 0.0f;       // +0x80: fraction of the move at first contact
    std::uint32_t word84 = 0;    // +0x84
    float depth = 0.0f;          // +0x88: penetration depth (Unit 4, mesh overlap)
    std::uint32_t word8c = 0;    // +0x8c
    Vec4 point;                  // +0x90: contact point (world)
    Vec4 slide;                  // +0xa0: slide vector (Unit 12 corners)
    std::uint32_t flags = 0;     // +0xb0: flags
    std::uint32_t triangle = 0;  // +0xb4: mesh triangle index
    std::uint32_t wordb8 = 0;    // +0xb8
    std::uint32_t wordbc = 0;    // +0xbc

    // Bit k set: the 32-bit word at offset 4k was written since the last clear.
    std::uint64_t written = 0;

    static constexpr std::size_t record_bytes = 0xc0;
    static constexpr std::size_t half_words = 0x40 / 4;

    // Assigns a field of this record and marks its words written.
    template <class T>
    void write(T& field, const T& value) {
        field = value;
        mark(&field, sizeof(T));
    }
    // Assigns x, y, z of a Vec4 field, leaving (and not marking) its w.
    void write_xyz(Vec4& field, const Vec3& v) {
        field.x = v.x;
        field.y = v.y;
        field.z = v.z;
        mark(&field, 3 * sizeof(float));
    }
    // True when every word of [offset, offset + bytes) was written.
    bool was_written(std::size_t offset, std::size_t bytes) const {
        const std::uint64_t m = word_mask(offset, bytes);
        return (written & m) == m;
    }
    // True when no word of [offset, offset + bytes) was written.
    bool untouched(std::size_t offset, std::size_t bytes) const { return (written & word_mask(offset, bytes)) == 0; }

    // Swaps the two 0x40-byte halves wholesale, written marks included
    // (the mirrored entries of Units 4, 5 and 12).
    void swap_halves() {
        const ContactHalf t = own;
        own = other;
        other = t;
        const std::uint64_t lo = written & 0xffffull;
        const std::uint64_t hi = (written >> half_words) & 0xffffull;
        written = (written & ~0xffffffffull) | (lo << half_words) | hi;
    }

    // Fills the 0xc0 bytes with one 32-bit pattern and clears the marks: a stand-in
    // for the original's stack leftovers.
    void fill(std::uint32_t pattern) {
        auto* words = reinterpret_cast<std::uint32_t*>(this);
        for (std::size_t i = 0; i < record_bytes / 4; ++i) words[i] = pattern;
        written = 0;
    }

    // The 32-bit word at a byte offset, for tests and dumps.
    std::uint32_t word_at(std::size_t offset) const {
        std::uint32_t w;
        std::memcpy(&w, reinterpret_cast<const unsigned char*>(this) + offset, sizeof w);
        return w;
    }

    static std::uint64_t word_mask(std::size_t offset, std::size_t bytes) {
        const std::size_t first = offset / 4, n = (bytes + 3) / 4;
        const std::uint64_t ones = n >= 64 ? ~0ull : ((1ull << n) - 1ull);
        return ones << first;
    }

private:
    void mark(const void* field, std::size_t bytes) {
        const auto offset = static_cast<std::size_t>(static_cast<const unsigned char*>(field) -
                                                     reinterpret_cast<const unsigned char*>(this));
        written |= word_mask(offset, bytes);
    }
};

static_assert(std::is_standard_layout_v<Contact>);
static_assert(offsetof(Contact, own) == 0x00);
static_assert(offsetof(Contact, other) == 0x40);
static_assert(offsetof(Contact, fraction) == 0x80);
static_assert(offsetof(Contact, depth) == 0x88);
static_assert(offsetof(Contact, point) == 0x90);
static_assert(offsetof(Contact, slide) == 0xa0);
static_assert(offsetof(Contact, flags) == 0xb0);
static_assert(offsetof(Contact, triangle) == 0xb4);
static_assert(offsetof(Contact, written) == Contact::record_bytes);

// Byte offsets of the named fields, for written-mask assertions.
namespace offs {
inline constexpr std::size_t own_owner = 0x00, own_shape = 0x04, own_normal = 0x10, own_local = 0x20, own_type = 0x30,
                             own_index = 0x34;
inline constexpr std::size_t other_owner = 0x40, other_shape = 0x44, other_normal = 0x50, other_local = 0x60,
                             other_local_z = 0x68, other_local_w = 0x6c, other_type = 0x70, other_index = 0x74;
inline constexpr std::size_t fraction = 0x80, depth = 0x88, point = 0x90, slide = 0xa0, flags = 0xb0, triangle = 0xb4;
}  // namespace offs

}  // namespace levelsweep
