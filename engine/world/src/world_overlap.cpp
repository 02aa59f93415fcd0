// IPhysics_OverlapShape (0x0033ebb8, spec Unit 4 "How IPhysics_OverlapShape
// fills a contact") over the world: the gather, the filters, the chain step and
// the mesh overlap appended after the body contacts.
#include <algorithm>

#include "levelsweep/mesh_query.hpp"
#include "mesh_part.hpp"
#include "overlap_fill.hpp"
#include "scratch_impl.hpp"
#include "world_impl.hpp"

namespace levelsweep {

using world_detail::StoredBody;

WorldResult World::overlap(const ShapeOverlapQuery& q, std::span<Contact> out, WorldScratch& scratch) const {
    WorldResult r;
    const Impl& im = *impl_;
    const StoredBody* self = nullptr;
    if (q.body && (self = im.find(*q.body)) == nullptr)
        r.status = WorldStatus::unknown_body;
    else if (const WorldStatus st = validate_shape(q.shape); st != WorldStatus::ok)
        r.status = st;
    // Option 0x400 reads the box at +0x08: without one there is nothing to
    // gather with (gathering at the origin instead answered "no contacts").
    else if ((q.options & world_option::given_box) && !q.box)
        r.status = WorldStatus::no_box;
    else if ((q.options & world_option::given_box) && !bounds_finite(*q.box))
        r.status = WorldStatus::non_finite;
    else if ((q.options & world_option::mesh) && im.level == nullptr)
        r.status = WorldStatus::no_level;
    if (r.status != WorldStatus::ok) return r;

    const std::uint32_t owner = self != nullptr ? self->owner : 0;
    const std::size_t max = q.max > 0 ? static_cast<std::size_t>(q.max) : 0;
    WorldScratch::Impl& s = *scratch.impl_;
    world_detail::OverlapFill fill{out, std::min({max, std::size_t{body_contact_slots}, out.size()}), &s.spare};
    fill.clear = true;  // unwritten words are zero: no answer depends on the buffer's history
    if ((q.options & world_option::bodies) && max > 0) {  // +0x18 of 0: no body is tested at all
        // Step 1: the gather box is the shape's world bounds, or +0x08 with 0x400.
        const ShapeBounds box = (q.options & world_option::given_box) ? *q.box : world_bounds(q.shape);
        const std::uint32_t mask = (q.options & world_option::type_mask) ? q.type_mask : ~0u;
        const Owner& asker = im.owner_of(owner);
        const bool enabled_only = q.options & world_option::enabled_only;
        im.for_each_candidate(box, self, mask, [&](const StoredBody& b) {
            // Step 2's filters: the same non-zero group (0x80), the owner's answer (0x100).
            if ((q.options & world_option::group) && self != nullptr && self->group != 0 && b.group == self->group)
                return;
            if ((q.options & world_option::ask_owner) && !asker.accepts_overlap(b.owner)) return;
            ++r.stats.candidates;
            world_detail::overlap_chain(fill, q.shape, owner, q.shape_id, b.owner, b.chain, enabled_only, q.quirks);
        });
    }
    r.count = fill.count;
    r.found = fill.found;
    r.overflow = fill.found > body_contact_slots;
    r.stats.pairs = fill.pairs;

    // Step 5: with fewer than max copied and option 0x1, the shape type's mesh
    // overlap appends up to max - count more, unsorted against the bodies'.
    if ((q.options & world_option::mesh) && r.count < max && r.count < out.size()) {
        QuerySettings ms;
        ms.options = q.options & world_detail::mesh_option_bits;
        ms.body_flags = self != nullptr ? self->flags : 0;
        ms.nz_min = q.nz_min;
        ms.nz_max = q.nz_max;
        ms.max_contacts = static_cast<std::uint32_t>(std::min<std::size_t>(max - r.count, mesh_contact_capacity));
        ms.quirks = q.quirks;
        if (const auto mq = world_detail::mesh_overlap_query(q.shape, ms)) {
            const QueryResult mr = s.run_mesh(*im.level, *mq);
            r.found += mr.found;
            r.stats.mesh_contacts = mr.found;
            for (std::uint32_t i = 0; i < mr.count && r.count < out.size(); ++i)
                out[r.count++] = world_detail::mesh_contact_record(s.mesh_contacts[i], true, owner, q.shape_id);
        }
    }
    return r;
}

}  // namespace levelsweep
