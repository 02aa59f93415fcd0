// Spec Unit 4, "How IPhysics_OverlapShape fills a contact" (0x0033ebb8): the
// chain step both overlap queries share, and the candidate-list form.
#include "levelsweep/overlap_query.hpp"

#include <algorithm>

#include "contact_list.hpp"
#include "levelsweep/pair_tables.hpp"
#include "overlap_fill.hpp"

namespace levelsweep {

namespace world_detail {

void overlap_chain(OverlapFill& fill, const Shape& own, std::uint32_t own_owner, std::uint32_t own_shape,
                   std::uint32_t other_owner, std::span<const BodyShape> chain, bool enabled_only, Quirks quirks) {
    for (const BodyShape& other : chain) {
        if (enabled_only && !(other.flags & shape_flag::enabled)) continue;
        const OverlapFn test = overlap_entry(own.type, other.shape.type);
        if (test == nullptr) continue;  // an empty entry (a segment and a box never meet)
        ++fill.pairs;
        Contact& slot = fill.count < fill.cap ? fill.out[fill.count] : *fill.spare;
        if (fill.clear)
            slot.fill(0);
        else
            slot.written = 0;  // the slot's bytes stay as they were; only the marks restart
        if (!test(slot, own, other.shape, quirks)) continue;
        // Step 3: +0xb4 (the mesh triangle) = 0, then Contact_InsertSorted's words.
        slot.write(slot.triangle, 0u);
        write_pair_words(slot, own_owner, own_shape, other_owner, other.id);
        ++fill.found;
        if (fill.count < fill.cap) ++fill.count;
    }
}

}  // namespace world_detail

namespace {
// IPhysics_QueryBox's test for one listed body: its world box against the gather box.
bool gathered(const OverlapBody& body, const ShapeBounds& gather) {
    if (body.chain.empty()) return false;
    ShapeBounds box = world_bounds(body.chain.front().shape);
    for (const BodyShape& s : body.chain) box = bounds_union(box, world_bounds(s.shape));
    return bounds_overlap(box, gather);
}
}  // namespace

// The original inserts each hit before the first contact whose +0x80 is
// strictly greater; no overlap test writes +0x80, so its order is that of stack
// leftovers. We keep discovery order (the candidates' order, then each
// chain's), as the spec asks: the first min(max, 50) hits found are the ones
// copied out.
std::size_t iphysics_overlap_shape(std::span<Contact> out, const OverlapQuery& query,
                                   std::span<const OverlapBody> candidates, Quirks quirks) {
    const std::size_t max = query.max > 0 ? static_cast<std::size_t>(query.max) : 0;
    if (max == 0) return 0;  // +0x18 of 0: no body is tested at all
    Contact spare;
    world_detail::OverlapFill fill{out, std::min({max, overlap_query_slots, out.size()}), &spare};
    const ShapeBounds gather = world_bounds(query.shape);
    for (const OverlapBody& body : candidates) {
        if (body.owner == query.owner || !gathered(body, gather)) continue;
        world_detail::overlap_chain(fill, query.shape, query.owner, query.shape_id, body.owner, body.chain, false,
                                    quirks);
    }
    return fill.count;
}

}  // namespace levelsweep
