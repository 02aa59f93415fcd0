// levelsweep: IPhysics_OverlapShape (spec Unit 4, "How IPhysics_OverlapShape
// fills a contact", 0x0033ebb8) over a caller-given list of candidate bodies:
// the gather box, the overlap table, the contact words the query itself
// writes, discovery order and the caps. It is the step after the gather, on its
// own (levelsweep eval runs it); World::overlap (world.hpp) gathers the
// candidates from the world's x-sorted list and adds the options.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "levelsweep/body.hpp"
#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shape_bounds.hpp"
#include "levelsweep/world_query.hpp"

namespace levelsweep {

// A candidate body: its owner (body +0x34, written to +0x40) and its shape
// chain (body vtable +0x2c). Its world box is the union of its shapes' bounds.
struct OverlapBody {
    std::uint32_t owner = 0;
    std::vector<BodyShape> chain;
};

// The query record's fields this query reads.
struct OverlapQuery {
    std::uint32_t owner = 0;     // the querying body's owner (body +0x34): +0x00
    std::uint32_t shape_id = 0;  // the querying shape (query +0x04): +0x04
    Shape shape;                 // own: the row of the overlap table
    int max = 0;                 // query +0x18: the most contacts returned (0: none tested)
};

// The original's stack buffer holds 50 slots (and no check that hits fit it).
inline constexpr std::size_t overlap_query_slots = body_contact_slots;

// IPhysics_OverlapShape (0x0033ebb8), bodies only, no options. Tests the
// candidates whose world box overlaps the querying shape's (the querying
// owner's own bodies are excluded), every shape of each chain with
// overlap_entry(own, other) (empty entries skipped), and returns how many
// contacts it wrote to `out`, in discovery order, at most min(max, 50,
// out.size()). Each contact holds what the pair function wrote plus +0xb4 = 0
// and the owner and shape words +0x00, +0x04, +0x40, +0x44
// (Contact_InsertSorted, 0x0033d718). Every other word keeps whatever the
// caller's slot held, and the slot's written marks are cleared first, so a
// contact's marks show exactly what the query wrote.
std::size_t iphysics_overlap_shape(std::span<Contact> out, const OverlapQuery& query,
                                   std::span<const OverlapBody> candidates, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
