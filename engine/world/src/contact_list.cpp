// Contact_InsertSorted (0x0033d718) over the 50 body slots (contact_list.hpp).
#include "contact_list.hpp"

namespace levelsweep::world_detail {

void SortedContacts::insert(const Contact& c) {
    std::uint32_t p = 0;
    while (p < size_ && !((*this)[p].fraction > c.fraction)) ++p;
    std::uint8_t storage;
    if (size_ < body_contact_slots) {
        storage = static_cast<std::uint8_t>(size_++);
    } else {
        overflow_ = true;
        if (p == body_contact_slots) return;
        storage = order_[body_contact_slots - 1];
    }
    for (std::uint32_t i = size_ - 1; i > p; --i) order_[i] = order_[i - 1];
    order_[p] = storage;
    slots_[storage] = c;
}

}  // namespace levelsweep::world_detail
