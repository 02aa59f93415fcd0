// Sweeps through the sweep table (IPhysics +0x7c) against the world's bodies,
// PhysicsBody_SweepHumanMask (0x0033d498, spec Unit 12 "Who calls it") and its
// mirror, and the combined world + mesh sweep (docs/world.md, "Sweeps").
#include <algorithm>
#include <cmath>

#include "levelsweep/working_range.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/spec_constants.hpp"
#include "mesh_part.hpp"
#include "scratch_impl.hpp"
#include "world_impl.hpp"

namespace levelsweep {

using world_detail::StoredBody;

namespace {

bool finite(const Vec4& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}

// The body sweep stops below |D|^2 <= 1e-6 (spec::body_sweep_least_move_sq): "a
// zero move never reaches it from the body sweep" (spec Unit 13, test ideas). So
// PhysicsBody_SweepHumanMask and its mirror find nothing for such a move, in
// both modes: it is the sweep's rule, not a quirk (docs/decisions.md).
bool below_body_sweep_move(const Vec3& move) { return dot(move, move) <= spec::body_sweep_least_move_sq; }

// One pair: the sweep entry, then what it says about the start. The status
// words are kept apart from the contact (sweep_status::).
bool sweep_pair(Contact& trial, Contact& probe, SweepFn fn, const Body& own_body, const Shape& own,
                const Body& other_body, const Shape& other, const Vec4& move, Quirks quirks, std::uint32_t& status) {
    trial.fill(0);  // no contact depends on an earlier query's leftovers
    const bool hit = fn(trial, own_body, own, other_body, other, move, quirks);
    if (hit && trial.was_written(offs::fraction, 4) && trial.fraction == 0.0f) status |= sweep_status::contact_at_start;
    if (const OverlapFn at_start = overlap_entry(own.type, other.type)) {
        probe.fill(0);
        if (at_start(probe, own, other, quirks)) status |= sweep_status::overlap_at_start;
    }
    return hit;
}

}  // namespace

// The sweep: the candidates its swept box gathers, every shape of each through
// sweep[own][other], each hit put in the sorted list (Contact_InsertSorted),
// then the mesh part's contacts merged in (mesh first on an equal fraction),
// and the first min(max, out.size()) copied out.
WorldResult World::sweep(const ShapeSweepQuery& q, std::span<Contact> out, WorldScratch& scratch) const {
    WorldResult r;
    const Impl& im = *impl_;
    const StoredBody* self = nullptr;
    if (q.body && (self = im.find(*q.body)) == nullptr)
        r.status = WorldStatus::unknown_body;
    else if (const WorldStatus st = validate_shape(q.shape); st != WorldStatus::ok)
        r.status = st;
    else if (!finite(q.move) || !bounds_finite(swept_bounds(q.shape, xyz(q.move))))
        r.status = WorldStatus::non_finite;
    else if (const ShapeBounds swept = swept_bounds(q.shape, xyz(q.move));
             !within_working_range(swept.min) || !within_working_range(swept.max))
        r.status = WorldStatus::out_of_range;
    else if ((q.options & world_option::mesh) && im.level == nullptr)
        r.status = WorldStatus::no_level;
    if (r.status != WorldStatus::ok) return r;

    const std::uint32_t owner = self != nullptr ? self->owner : 0;
    const std::size_t max = q.max > 0 ? static_cast<std::size_t>(q.max) : 0;
    WorldScratch::Impl& s = *scratch.impl_;
    s.sorted.clear();
    if ((q.options & world_option::bodies) && max > 0) {
        const std::uint32_t mask = (q.options & world_option::type_mask) ? q.type_mask : ~0u;
        const Owner& asker = im.owner_of(owner);
        const Body own_body = im.kernel_body(self);
        im.for_each_candidate(swept_bounds(q.shape, xyz(q.move)), self, mask, [&](const StoredBody& b) {
            if ((q.options & world_option::group) && self != nullptr && self->group != 0 && b.group == self->group)
                return;
            if ((q.options & world_option::ask_owner) && !asker.accepts_overlap(b.owner)) return;
            if (q.flags_mask != ~0u && (b.flags & q.flags_mask) == 0) return;  // the human's mask
            ++r.stats.candidates;
            const Body other_body = im.kernel_body(&b);
            for (const BodyShape& other : b.chain) {
                if ((q.options & world_option::enabled_only) && !(other.flags & shape_flag::enabled)) continue;
                const SweepFn fn = sweep_entry(q.shape.type, other.shape.type, q.quirks);
                if (fn == nullptr) continue;  // an empty entry (docs/decisions.md, "The pair tables")
                ++r.stats.pairs;
                if (!sweep_pair(s.trial, s.probe, fn, own_body, q.shape, other_body, other.shape, q.move, q.quirks,
                                r.status_bits))
                    continue;
                // PhysicsBody_SweepHumanMask clears +0xb4, then Contact_InsertSorted.
                s.trial.write(s.trial.triangle, 0u);
                world_detail::write_pair_words(s.trial, owner, q.shape_id, b.owner, other.id);
                s.sorted.insert(s.trial);
                ++r.found;
            }
        });
    }
    r.overflow = s.sorted.overflow();

    std::uint32_t mesh_count = 0;
    if ((q.options & world_option::mesh) && max > 0) {
        QuerySettings ms;
        ms.options = q.options & world_detail::mesh_option_bits;
        ms.body_flags = self != nullptr ? self->flags : 0;
        ms.nz_min = q.nz_min;
        ms.nz_max = q.nz_max;
        ms.max_contacts = static_cast<std::uint32_t>(std::min<std::size_t>(max, mesh_contact_capacity));
        ms.quirks = q.quirks;
        if (const auto mq = world_detail::mesh_sweep_query(q.shape, xyz(q.move), ms)) {
            const QueryResult mr = s.run_mesh(*im.level, *mq);
            mesh_count = mr.count;
            r.found += mr.found;
            r.stats.mesh_contacts = mr.found;
            if (mr.count > 0 && s.mesh_contacts[0].fraction == 0.0f) r.status_bits |= sweep_status::contact_at_start;
        }
    }

    // Merge the two sorted lists: a body contact goes first only when strictly
    // closer, so on a tie the level's contact stays ahead.
    const std::size_t cap = std::min(max, out.size());
    std::uint32_t b = 0, m = 0;
    while (r.count < cap && (b < s.sorted.size() || m < mesh_count)) {
        if (b < s.sorted.size() && (m == mesh_count || s.sorted[b].fraction < s.mesh_contacts[m].fraction))
            out[r.count++] = s.sorted[b++];
        else
            out[r.count++] = world_detail::mesh_contact_record(s.mesh_contacts[m++], false, owner, q.shape_id);
    }
    return r;
}

WorldResult World::sweep(const HumanSweepQuery& q, std::span<Contact> out, WorldScratch& scratch) const {
    const StoredBody* human = impl_->find(q.human);
    WorldResult r;
    if (human == nullptr)
        r.status = WorldStatus::unknown_body;
    else if (human->chain.empty())
        r.status = WorldStatus::no_shape;
    if (r.status != WorldStatus::ok || below_body_sweep_move(q.move)) return r;
    // The human's mask: BLOCKHUMANS, JUMPTARGET while airborne or holding, and
    // the targets the owner names (Unit 12, "Who calls it").
    const Owner& o = impl_->owner_of(human->owner);
    const bool airborne = o.object_flags() & Body::owner_airborne;
    ShapeSweepQuery sq;
    sq.body = q.human;
    sq.shape_id = human->chain.front().id;
    sq.shape = human->chain.front().shape;
    sq.move = with_w(q.move, 1.0f);
    sq.options = world_option::bodies | world_option::enabled_only | (q.options & world_option::mesh);
    sq.flags_mask =
        body_flag::block_humans | (airborne || o.holding() ? body_flag::jump_target : 0u) | o.sweep_targets();
    sq.max = q.max;
    sq.quirks = q.quirks;
    return sweep(sq, out, scratch);
}

WorldResult World::sweep(const ObjectSweepQuery& q, std::span<Contact> out, WorldScratch& scratch) const {
    const StoredBody* object = impl_->find(q.object);
    WorldResult r;
    if (object == nullptr)
        r.status = WorldStatus::unknown_body;
    else if (object->chain.empty())
        r.status = WorldStatus::no_shape;
    if (r.status != WorldStatus::ok || below_body_sweep_move(q.move)) return r;
    ShapeSweepQuery sq;
    sq.body = q.object;
    sq.shape_id = object->chain.front().id;
    sq.shape = object->chain.front().shape;
    sq.move = with_w(q.move, 1.0f);
    sq.options = world_option::bodies | world_option::enabled_only | (q.options & world_option::mesh);
    sq.flags_mask = body_flag::object_target;  // mask 0x2: the humans' bodies
    sq.max = q.max;
    sq.quirks = q.quirks;
    return sweep(sq, out, scratch);
}

}  // namespace levelsweep
