// Human_TestStrikes (0x0033f110, spec Unit 5 "How Human_TestStrikes builds the
// sweep"): each enabled strike shape swept from its previous position to its
// current one against the bodies it can reach; the first hit per body.
#include "levelsweep/pair_tables.hpp"
#include "scratch_impl.hpp"
#include "world_impl.hpp"

namespace levelsweep {

using world_detail::StoredBody;

namespace {

// Quirk strike_contact_leftovers: the original's one stack record is reused for
// every try and never cleared, so a hit holds what earlier tries wrote wherever
// its own sweep writes nothing. Corrected, each try starts from a cleared record.
void start_try(Contact& record, Quirks quirks) {
    if (!quirks.has(Quirk::strike_contact_leftovers)) record.fill(0);
}

}  // namespace

WorldResult World::strikes(const StrikeQuery& q, std::span<Contact> out, WorldScratch& scratch) const {
    WorldResult r;
    const Impl& im = *impl_;
    const StoredBody* striker = im.find(q.striker);
    if (striker == nullptr) {
        r.status = WorldStatus::unknown_body;
        return r;
    }
    const Owner& asker = im.owner_of(striker->owner);
    const Body striker_body = im.kernel_body(striker);
    Contact& record = scratch.impl_->strike;
    record.fill(0);  // the record a test starts with (the original's: stack leftovers)
    for (std::size_t k = 0; k < striker->strikes.size(); ++k) {
        const BodyShape& strike = striker->strikes[k];
        // The strike chain (+0x80) in chain order, those with flags 0x1 and 0x2.
        constexpr std::uint32_t on = shape_flag::enabled | shape_flag::strike;
        if ((strike.flags & on) != on) continue;
        // cur = its position (vtable +0x24), prev = +0x20; the shape is set back
        // to prev (vtable +0x0c: a segment's start only) and swept by cur - prev.
        const Vec3 cur = world_detail::position_of(strike.shape);
        const Vec3 prev = striker->strike_previous[k];
        const Shape from = world_detail::with_position(strike.shape, prev);
        const Vec4 move = with_w(cur - prev, 1.0f);
        const ShapeBounds reach = bounds_union(world_bounds(from), world_bounds(strike.shape));
        im.for_each_candidate(reach, striker, ~0u, [&](const StoredBody& b) {
            // A body that is not a human is tried only when it is a MELEETARGET or
            // CHARGETARGET and the striker's owner accepts its owner (+0x108/+0x10c).
            const bool human = b.type & body_type::human;
            if (!human &&
                (!(b.flags & (body_flag::melee_target | body_flag::charge_target)) || !asker.accepts_strike(b.owner)))
                return;
            ++r.stats.candidates;
            const Body other_body = im.kernel_body(&b);
            for (const BodyShape& other : b.chain) {
                // A human's chain is filtered by flag 0x4; any other body's is not.
                if (human && !(other.flags & shape_flag::target)) continue;
                const SweepFn fn = sweep_entry(from.type, other.shape.type, q.quirks);
                if (fn == nullptr) continue;
                ++r.stats.pairs;
                start_try(record, q.quirks);
                if (!fn(record, striker_body, from, other_body, other.shape, move, q.quirks)) continue;
                // The first hit ends this body's shapes, not the test.
                world_detail::write_pair_words(record, striker->owner, strike.id, b.owner, other.id);
                if (r.count < out.size()) out[r.count++] = record;
                ++r.found;
                break;
            }
        });
    }
    return r;
}

}  // namespace levelsweep
