// What the original's queries do with a pair's contact once the pair function
// has filled it: the owner and shape words (Contact_InsertSorted 0x0033d718),
// and the list sorted by +0x80 that the sweeps keep in the 50 body slots.
#pragma once

#include <array>
#include <cstdint>

#include "levelsweep/contact.hpp"
#include "levelsweep/world_query.hpp"

namespace levelsweep::world_detail {

// Contact_InsertSorted's words: +0x00 the querying body's owner, +0x04 its
// shape, +0x40 the other body's owner, +0x44 the other shape.
inline void write_pair_words(Contact& c, std::uint32_t own_owner, std::uint32_t own_shape, std::uint32_t other_owner,
                             std::uint32_t other_shape) {
    c.write(c.own.owner, own_owner);
    c.write(c.own.shape, own_shape);
    c.write(c.other.owner, other_owner);
    c.write(c.other.shape, other_shape);
}

// Contact_InsertSorted (0x0033d718) over the 50 body slots: each contact goes
// before the first one whose +0x80 is strictly greater, so a contact of equal
// fraction found later stays behind (a closer hit replaces only on a strict <).
// When the slots are full the list keeps its first 50 in that order: a contact
// that would sort last is dropped, one that sorts earlier drops the last one;
// either way the list overflowed.
class SortedContacts {
public:
    void clear() {
        size_ = 0;
        overflow_ = false;
    }
    void insert(const Contact& c);
    std::uint32_t size() const { return size_; }
    bool overflow() const { return overflow_; }
    const Contact& operator[](std::uint32_t i) const { return slots_[order_[i]]; }

private:
    std::array<Contact, body_contact_slots> slots_;
    std::array<std::uint8_t, body_contact_slots> order_{};
    std::uint32_t size_ = 0;
    bool overflow_ = false;
};

}  // namespace levelsweep::world_detail
