// The world's bodies: adding, posing, switching and removing them, and keeping
// the x-sorted candidate list in step (world.hpp).
#include "levelsweep/world.hpp"

#include <cmath>

#include "levelsweep/working_range.hpp"
#include "world_impl.hpp"

namespace levelsweep {

using world_detail::StoredBody;

std::string_view world_status_name(WorldStatus s) {
    switch (s) {
        case WorldStatus::ok: return "ok";
        case WorldStatus::non_finite: return "non_finite";
        case WorldStatus::negative_radius: return "negative_radius";
        case WorldStatus::bad_extent: return "bad_extent";
        case WorldStatus::bad_type: return "bad_type";
        case WorldStatus::unknown_body: return "unknown_body";
        case WorldStatus::bad_shape: return "bad_shape";
        case WorldStatus::no_level: return "no_level";
        case WorldStatus::no_shape: return "no_shape";
        case WorldStatus::out_of_range: return "out_of_range";
        case WorldStatus::no_box: return "no_box";
    }
    return "?";
}

namespace {
bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
}  // namespace

WorldStatus validate_shape(const Shape& shape) {
    switch (shape.type) {
        case ShapeType::box: {
            const Box& b = shape.box;
            for (int k = 0; k < 3; ++k)
                if (!std::isfinite(b.half[k]) || !finite(b.axis[k])) return WorldStatus::non_finite;
            if (!finite(b.centre)) return WorldStatus::non_finite;
            for (int k = 0; k < 3; ++k)
                if (!(b.half[k] > 0.0f)) return WorldStatus::bad_extent;
            break;
        }
        case ShapeType::sphere:
            if (!std::isfinite(shape.sphere.radius) || !finite(shape.sphere.centre)) return WorldStatus::non_finite;
            if (shape.sphere.radius < 0.0f) return WorldStatus::negative_radius;
            break;
        case ShapeType::capsule: {
            const Capsule& c = shape.capsule;
            if (!std::isfinite(c.radius) || !std::isfinite(c.height) || !finite(c.base)) return WorldStatus::non_finite;
            if (c.radius < 0.0f || c.height < 0.0f) return WorldStatus::negative_radius;
            break;
        }
        case ShapeType::segment: {
            const Segment& s = shape.segment;
            if (!std::isfinite(s.radius) || !finite(s.start) || !finite(s.end)) return WorldStatus::non_finite;
            if (s.radius < 0.0f) return WorldStatus::negative_radius;
            break;
        }
        default: return WorldStatus::bad_type;
    }
    // Finite values can still reach past float range together (a centre near
    // FLT_MAX plus a half extent): such bounds would break the sorted list.
    const ShapeBounds bounds = world_bounds(shape);
    if (!bounds_finite(bounds)) return WorldStatus::non_finite;
    return within_working_range(bounds.min) && within_working_range(bounds.max) ? WorldStatus::ok
                                                                                : WorldStatus::out_of_range;
}

namespace world_detail {

Vec3 position_of(const Shape& s) {
    switch (s.type) {
        case ShapeType::box: return s.box.centre;
        case ShapeType::sphere: return s.sphere.centre;
        case ShapeType::capsule: return s.capsule.base;
        case ShapeType::segment: return s.segment.start;
    }
    return {};
}

Shape with_position(const Shape& s, const Vec3& p) {
    Shape out = s;
    switch (s.type) {
        case ShapeType::box: out.box.centre = p; break;
        case ShapeType::sphere: out.sphere.centre = p; break;
        case ShapeType::capsule: out.capsule.base = p; break;
        case ShapeType::segment: out.segment.start = p; break;
    }
    return out;
}

}  // namespace world_detail

const Owner& World::Impl::owner_of(std::uint32_t owner) const {
    static const Owner defaults;
    const auto it = owners.find(owner);
    return it != owners.end() && it->second != nullptr ? *it->second : defaults;
}

Body World::Impl::kernel_body(const StoredBody* b) const {
    if (b == nullptr) return Body{};
    const Owner& o = owner_of(b->owner);
    return Body{b->flags, o.object_flags(), o.landing()};
}

void World::Impl::refresh(std::uint32_t slot) {
    StoredBody& b = bodies[slot];
    if (b.chain.empty()) {
        if (list.contains(slot)) list.erase(slot);  // a body with no shapes is never gathered
        return;
    }
    b.bounds = world_bounds(b.chain.front().shape);
    for (const BodyShape& s : b.chain) b.bounds = bounds_union(b.bounds, world_bounds(s.shape));
    if (list.contains(slot))
        list.update(slot, b.bounds);
    else
        list.insert(slot, b.sequence, b.bounds);
}

World::World(const Level* level) : impl_(std::make_unique<Impl>()) { impl_->level = level; }
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

const Level* World::level() const { return impl_->level; }
std::uint32_t World::body_count() const { return impl_->live; }
std::uint64_t World::list_steps() const { return impl_->list.steps(); }

void World::set_owner(std::uint32_t owner, const Owner* answers) {
    if (answers == nullptr)
        impl_->owners.erase(owner);
    else
        impl_->owners[owner] = answers;
}

World::Added World::add_body(const BodyDesc& desc) {
    for (const auto* chain : {&desc.chain, &desc.strikes})
        for (const BodyShape& s : *chain)
            if (const WorldStatus st = validate_shape(s.shape); st != WorldStatus::ok) return {st, {}};
    Impl& im = *impl_;
    std::uint32_t slot;
    if (!im.free_slots.empty()) {
        slot = im.free_slots.back();
        im.free_slots.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(im.bodies.size());
        im.bodies.emplace_back();
    }
    StoredBody& b = im.bodies[slot];
    b.live = true;
    b.sequence = im.next_sequence++;
    b.owner = desc.owner;
    b.flags = desc.flags;
    b.type = desc.type;
    b.group = desc.group;
    b.chain = desc.chain;
    b.strikes = desc.strikes;
    b.chain_previous.clear();
    b.strike_previous.clear();
    for (const BodyShape& s : b.chain) b.chain_previous.push_back(world_detail::position_of(s.shape));
    for (const BodyShape& s : b.strikes) b.strike_previous.push_back(world_detail::position_of(s.shape));
    ++im.live;
    im.refresh(slot);
    return {WorldStatus::ok, BodyId{slot, b.generation}};
}

WorldStatus World::remove_body(BodyId id) {
    Impl& im = *impl_;
    StoredBody* b = im.find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    if (im.list.contains(id.slot)) im.list.erase(id.slot);
    b->live = false;
    ++b->generation;  // every handle to it goes stale
    b->chain.clear();
    b->strikes.clear();
    im.free_slots.push_back(id.slot);
    --im.live;
    return WorldStatus::ok;
}

namespace {
// PhysicsSphere_Pose (0x00342b08): the position before the pose becomes the
// previous one, unless the reset flag 0x10 asks for previous = new (and is cleared).
void pose_one(BodyShape& s, Vec3& previous, const Shape& pose) {
    if (s.flags & shape_flag::reset) {
        previous = world_detail::position_of(pose);
        s.flags &= ~shape_flag::reset;
    } else {
        previous = world_detail::position_of(s.shape);
    }
    s.shape = pose;
}

WorldStatus check_pose(const BodyShape& s, const Shape& pose) {
    if (pose.type != s.shape.type) return WorldStatus::bad_shape;
    return validate_shape(pose);
}
}  // namespace

WorldStatus World::pose_shape(BodyId id, ShapeRef ref, const Shape& pose) {
    StoredBody* b = impl_->find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    std::vector<BodyShape>& shapes = b->shapes(ref.chain);
    if (ref.index >= shapes.size()) return WorldStatus::bad_shape;
    if (const WorldStatus st = check_pose(shapes[ref.index], pose); st != WorldStatus::ok) return st;
    pose_one(shapes[ref.index], b->previous(ref.chain)[ref.index], pose);
    if (ref.chain == Chain::collision) impl_->refresh(id.slot);
    return WorldStatus::ok;
}

WorldStatus World::pose_body(BodyId id, std::span<const Shape> chain, std::span<const Shape> strikes) {
    StoredBody* b = impl_->find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    if (chain.size() != b->chain.size() || strikes.size() != b->strikes.size()) return WorldStatus::bad_shape;
    for (std::size_t i = 0; i < chain.size(); ++i)
        if (const WorldStatus st = check_pose(b->chain[i], chain[i]); st != WorldStatus::ok) return st;
    for (std::size_t i = 0; i < strikes.size(); ++i)
        if (const WorldStatus st = check_pose(b->strikes[i], strikes[i]); st != WorldStatus::ok) return st;
    for (std::size_t i = 0; i < chain.size(); ++i) pose_one(b->chain[i], b->chain_previous[i], chain[i]);
    for (std::size_t i = 0; i < strikes.size(); ++i) pose_one(b->strikes[i], b->strike_previous[i], strikes[i]);
    impl_->refresh(id.slot);
    return WorldStatus::ok;
}

WorldStatus World::move_body(BodyId id, const Vec3& delta) {
    StoredBody* b = impl_->find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    // Validate every moved shape before changing any, so a failure changes nothing.
    for (const auto* chain : {&b->chain, &b->strikes})
        for (const BodyShape& s : *chain)
            if (const WorldStatus st = validate_shape(translated(s.shape, delta)); st != WorldStatus::ok) return st;
    for (std::size_t i = 0; i < b->chain.size(); ++i)
        pose_one(b->chain[i], b->chain_previous[i], translated(b->chain[i].shape, delta));
    for (std::size_t i = 0; i < b->strikes.size(); ++i)
        pose_one(b->strikes[i], b->strike_previous[i], translated(b->strikes[i].shape, delta));
    impl_->refresh(id.slot);
    return WorldStatus::ok;
}

WorldStatus World::enable_shape(BodyId id, ShapeRef ref, bool on) {
    StoredBody* b = impl_->find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    std::vector<BodyShape>& shapes = b->shapes(ref.chain);
    if (ref.index >= shapes.size()) return WorldStatus::bad_shape;
    // 0x004f11c8: switching on sets enabled and reset (0x11), off clears enabled.
    if (on)
        shapes[ref.index].flags |= shape_flag::enabled | shape_flag::reset;
    else
        shapes[ref.index].flags &= ~shape_flag::enabled;
    return WorldStatus::ok;
}

WorldStatus World::set_previous_position(BodyId id, ShapeRef ref, const Vec3& previous) {
    StoredBody* b = impl_->find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    if (ref.index >= b->shapes(ref.chain).size()) return WorldStatus::bad_shape;
    if (!std::isfinite(previous.x) || !std::isfinite(previous.y) || !std::isfinite(previous.z))
        return WorldStatus::non_finite;
    if (!within_working_range(previous)) return WorldStatus::out_of_range;
    b->previous(ref.chain)[ref.index] = previous;
    return WorldStatus::ok;
}

WorldStatus World::set_body_words(BodyId id, std::uint32_t flags, std::uint32_t type, std::uint32_t group) {
    StoredBody* b = impl_->find(id);
    if (b == nullptr) return WorldStatus::unknown_body;
    b->flags = flags;
    b->type = type;
    b->group = group;
    return WorldStatus::ok;
}

std::optional<BodyView> World::body(BodyId id) const {
    const StoredBody* b = impl_->find(id);
    if (b == nullptr) return std::nullopt;
    return BodyView{b->owner, b->flags, b->type, b->group, b->chain, b->strikes, b->bounds};
}

std::optional<Vec3> World::previous_position(BodyId id, ShapeRef ref) const {
    const StoredBody* b = impl_->find(id);
    if (b == nullptr || ref.index >= b->shapes(ref.chain).size()) return std::nullopt;
    return b->previous(ref.chain)[ref.index];
}

}  // namespace levelsweep
