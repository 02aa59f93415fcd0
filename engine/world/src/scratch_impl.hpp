// What a WorldScratch holds (world.hpp): the mesh part's scratch and contacts
// (and, for the batch path, its batch level, ISA and batch scratch), the
// sweeps' 50 sorted body slots, and the single records a query reuses.
#pragma once

#include <array>
#include <optional>

#include "contact_list.hpp"
#include "levelsweep/batch_path.hpp"
#include "levelsweep/world.hpp"

namespace levelsweep {

struct WorldScratch::Impl {
    std::optional<QueryScratch> mesh;   // for the world's level, when it has one
    const BatchLevel* batch = nullptr;  // the mesh part on the batch path, when set
    Isa isa = Isa::scalar;
    std::optional<BatchScratch> batch_scratch;
    std::array<MeshContact, mesh_contact_capacity> mesh_contacts;
    world_detail::SortedContacts sorted;
    Contact trial;   // the record a sweep's pair function fills
    Contact probe;   // the start-overlap test's record (its words are not kept)
    Contact spare;   // an overlap's hits past the cap
    Contact strike;  // Human_TestStrikes' one record, reused for every try

    // The mesh part's query into mesh_contacts, on the path this scratch was
    // made for: both give the same answers (docs/design.md, "Two paths, one answer").
    QueryResult run_mesh(const Level& level, const Query& q) {
        if (batch != nullptr) return run_query_batch(*batch, q, mesh_contacts, *batch_scratch, isa);
        return run_query(level, q, mesh_contacts, *mesh);
    }
};

}  // namespace levelsweep
