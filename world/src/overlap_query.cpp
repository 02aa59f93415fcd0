// Spec Unit 4, "How IPhysics_OverlapShape fills a contact" (0x0033ebb8), over a
// caller-given candidate list.
#include "levelsweep/overlap_query.hpp"

#include <algorithm>
#include <cmath>

#include "levelsweep/pair_tables.hpp"

namespace levelsweep {

namespace {
Vec3 lane_min(const Vec3& a, const Vec3& b) { return {std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z)}; }
Vec3 lane_max(const Vec3& a, const Vec3& b) { return {std::fmax(a.x, b.x), std::fmax(a.y, b.y), std::fmax(a.z, b.z)}; }
Vec3 lane_abs(const Vec3& v) { return {std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}; }
ShapeBounds around(const Vec3& centre, const Vec3& reach) { return {centre - reach, centre + reach}; }
}  // namespace

ShapeBounds world_bounds(const Shape& shape) {
    switch (shape.type) {
        case ShapeType::box: {
            const Box& b = shape.box;
            const Vec3 reach = (b.half[0] * lane_abs(b.axis[0]) + b.half[1] * lane_abs(b.axis[1])) +
                               b.half[2] * lane_abs(b.axis[2]);
            return around(b.centre, reach);
        }
        case ShapeType::sphere: {
            const float r = shape.sphere.radius;
            return around(shape.sphere.centre, {r, r, r});
        }
        case ShapeType::capsule: {
            const Capsule& c = shape.capsule;
            const Vec3 top = c.base + Vec3{0.0f, 0.0f, c.height};
            const Vec3 reach{c.radius, c.radius, c.radius};
            return bounds_union(around(c.base, reach), around(top, reach));
        }
        case ShapeType::segment: {
            const Segment& s = shape.segment;
            const Vec3 reach{s.radius, s.radius, s.radius};
            return bounds_union(around(s.start, reach), around(s.end, reach));
        }
    }
    // A type value outside 1..4: an empty box that overlaps nothing.
    return {{1.0f, 1.0f, 1.0f}, {0.0f, 0.0f, 0.0f}};
}

ShapeBounds bounds_union(const ShapeBounds& a, const ShapeBounds& b) { return {lane_min(a.min, b.min), lane_max(a.max, b.max)}; }

bool bounds_overlap(const ShapeBounds& a, const ShapeBounds& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
           a.min.z <= b.max.z && b.min.z <= a.max.z;
}

namespace {
// IPhysics_QueryBox's test for one body: its world box against the gather box.
bool gathered(const OverlapBody& body, const ShapeBounds& gather) {
    if (body.chain.empty()) return false;
    ShapeBounds box = world_bounds(body.chain.front().shape);
    for (const ChainShape& s : body.chain) box = bounds_union(box, world_bounds(s.shape));
    return bounds_overlap(box, gather);
}
}  // namespace

// IPhysics_OverlapShape, 0x0033ebb8. The original inserts each hit before the
// first contact whose +0x80 is strictly greater; no overlap test writes +0x80, so
// its order is that of stack leftovers. We keep discovery order (the candidates'
// order, then each chain's), as the spec asks, and so stop at the cap: the
// first min(max, 50) hits found are the ones copied out.
std::size_t iphysics_overlap_shape(std::span<Contact> out, const OverlapQuery& query,
                                   std::span<const OverlapBody> candidates, Quirks quirks) {
    const std::size_t max = query.max > 0 ? static_cast<std::size_t>(query.max) : 0;
    const std::size_t cap = std::min({max, overlap_query_slots, out.size()});
    const ShapeBounds gather = world_bounds(query.shape);
    std::size_t count = 0;
    for (const OverlapBody& body : candidates) {
        if (count == cap) break;
        if (body.owner == query.owner || !gathered(body, gather)) continue;
        for (const ChainShape& other : body.chain) {
            if (count == cap) break;
            const OverlapFn test = overlap_entry(query.shape.type, other.shape.type);
            if (test == nullptr) continue;
            Contact& slot = out[count];
            slot.written = 0;  // the slot's bytes stay as they were; only the marks restart
            if (!test(slot, query.shape, other.shape, quirks)) continue;
            slot.write(slot.triangle, 0u);
            slot.write(slot.own.owner, query.owner);
            slot.write(slot.own.shape, query.shape_id);
            slot.write(slot.other.owner, body.owner);
            slot.write(slot.other.shape, other.id);
            ++count;
        }
    }
    return count;
}

}  // namespace levelsweep
