// The level mesh's part of a world query (option 0x1): the mesh query of the
// querying shape's kind, and its contacts as 0xc0 records.
#pragma once

#include <cstdint>
#include <optional>

#include "levelsweep/contact.hpp"
#include "levelsweep/query.hpp"
#include "levelsweep/shapes.hpp"

namespace levelsweep::world_detail {

// The mesh bits of an options word (query.hpp, option::), which the mesh part
// reads; the world's bits (0x1, 0x2, 0x10, 0x80, 0x100, 0x200, 0x400) are apart.
inline constexpr std::uint32_t mesh_option_bits =
    option::nz_min | option::nz_max | option::mark_faces | option::skip_special | option::one_per_plane;

// The mesh sweep of a shape: a sphere's PhysicsMesh_SweepSphere, a capsule's
// walking sweep (a sphere of its radius 0.52 m above its base, the 0.25 m step
// rule), a box's PhysicsMesh_SweepBox; a segment has none in the spec.
std::optional<Query> mesh_sweep_query(const Shape& shape, const Vec3& move, const QuerySettings& s);
// The mesh overlap of a shape (the shape type's +0xf4 entry): only the sphere
// has one that can hit (spec Unit 4, step 5).
std::optional<Query> mesh_overlap_query(const Shape& shape, const QuerySettings& s);

// A mesh contact as the 0xc0 record: +0x00/+0x04 the querying owner and shape,
// +0x40/+0x44 zero (the level), +0x10 the move's direction, +0x50 the normal,
// +0x80 the fraction, +0x88 the depth (overlaps only), +0x90 the point, +0xb0
// the marks, +0xb4 the triangle.
Contact mesh_contact_record(const MeshContact& m, bool overlap, std::uint32_t own_owner, std::uint32_t own_shape);

}  // namespace levelsweep::world_detail
