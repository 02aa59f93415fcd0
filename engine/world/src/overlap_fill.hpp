// IPhysics_OverlapShape's steps 2 and 3 for one candidate body (spec Unit 4):
// every shape of its chain through the overlap table, each hit in the next
// slot. Shared by World::overlap and the candidate-list form.
#pragma once

#include <cstdint>
#include <span>

#include "levelsweep/body.hpp"
#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"

namespace levelsweep::world_detail {

// Where the hits go: out[count] while count < cap, then `spare`, so that the
// original's "no check beyond 50" becomes a count of what did not fit.
struct OverlapFill {
    std::span<Contact> out;
    std::size_t cap = 0;
    Contact* spare = nullptr;
    std::uint32_t count = 0;  // hits written to out
    std::uint32_t found = 0;  // hits in all
    std::uint32_t pairs = 0;  // pair functions called
    // Zero a slot before its test, so that unwritten words do not depend on
    // what the buffer held (World::overlap: answers independent of the thread
    // that ran them); the candidate-list form keeps the caller's bytes.
    bool clear = false;
};

// The querying shape `own` (owner and id for the contact words) against one
// candidate's chain; with enabled_only (option 0x200) only shapes with flag 0x1.
// Unless fill.clear, a slot's bytes stay what they were and only its written
// marks restart, so what the pair function leaves unwritten holds the slot's
// leftovers, as in the original's uncleared stack buffer.
void overlap_chain(OverlapFill& fill, const Shape& own, std::uint32_t own_owner, std::uint32_t own_shape,
                   std::uint32_t other_owner, std::span<const BodyShape> chain, bool enabled_only, Quirks quirks);

}  // namespace levelsweep::world_detail
