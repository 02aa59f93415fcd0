// What a WorldScratch holds (world.hpp): the mesh part's scratch and contacts,
// the sweeps' 50 sorted body slots, and the single records a query reuses.
#pragma once

#include <array>
#include <optional>

#include "contact_list.hpp"
#include "levelsweep/world.hpp"

namespace levelsweep {

struct WorldScratch::Impl {
    std::optional<QueryScratch> mesh;  // for the world's level, when it has one
    std::array<MeshContact, mesh_contact_capacity> mesh_contacts;
    world_detail::SortedContacts sorted;
    Contact trial;   // the record a sweep's pair function fills
    Contact probe;   // the start-overlap test's record (its words are not kept)
    Contact spare;   // an overlap's hits past the cap
    Contact strike;  // Human_TestStrikes' one record, reused for every try
};

}  // namespace levelsweep
