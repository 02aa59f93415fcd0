// The level mesh's part of a world query (mesh_part.hpp).
#include "mesh_part.hpp"

namespace levelsweep::world_detail {

std::optional<Query> mesh_sweep_query(const Shape& shape, const Vec3& move, const QuerySettings& s) {
    switch (shape.type) {
        case ShapeType::sphere: return Query::sphere_sweep(shape.sphere.centre, shape.sphere.radius, move, s);
        case ShapeType::capsule: return Query::capsule_sweep(shape.capsule.base, move, shape.capsule.radius, s);
        case ShapeType::box: return Query::box_sweep(shape.box, move, s);
        case ShapeType::segment: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Query> mesh_overlap_query(const Shape& shape, const QuerySettings& s) {
    if (shape.type != ShapeType::sphere) return std::nullopt;
    return Query::sphere_overlap(shape.sphere.centre, shape.sphere.radius, s);
}

Contact mesh_contact_record(const MeshContact& m, bool overlap, std::uint32_t own_owner, std::uint32_t own_shape) {
    Contact c;
    c.write(c.own.owner, own_owner);
    c.write(c.own.shape, own_shape);
    c.write(c.other.owner, 0u);
    c.write(c.other.shape, 0u);
    c.write_xyz(c.own.normal, m.direction);
    c.write_xyz(c.other.normal, m.normal);
    c.write(c.fraction, m.fraction);
    if (overlap) c.write(c.depth, m.depth);
    c.write_xyz(c.point, m.point);
    c.write(c.flags, m.flags);
    c.write(c.triangle, m.triangle);
    return c;
}

}  // namespace levelsweep::world_detail
