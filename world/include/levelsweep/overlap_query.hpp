// levelsweep: a minimal IPhysics_OverlapShape (spec Unit 4, "How
// IPhysics_OverlapShape fills a contact", 0x0033ebb8) over a caller-given list of
// candidate bodies: the gather box, the overlap table, the contact words the
// query itself writes, discovery order and the caps.
//
// Not modelled: the level mesh (option 0x1), the type mask (0x10), the group
// (0x80) and owner (0x100) filters, enabled-only shapes (0x200) and the explicit
// gather box (0x400). Candidates are the bodies the caller would have in the
// world's x-sorted list, in that order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "levelsweep/contact.hpp"
#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"

namespace levelsweep {

// An axis-aligned world box; min <= max on every axis for a well-formed shape.
struct ShapeBounds {
    Vec3 min;
    Vec3 max;
};

// The world bounds of one shape (PhysicsBody_ComputeBounds stands in; the spec
// does not give it, docs/decisions.md): a box's centre +- sum_k h_k |A_k|; a
// sphere's C +- r; an upright capsule's B +- r in x and y, [B.z - r, B.z + h + r]
// in z (rounded ends); a segment's S and E grown by r.
ShapeBounds world_bounds(const Shape& shape);
// The smallest box holding both.
ShapeBounds bounds_union(const ShapeBounds& a, const ShapeBounds& b);
// Overlap in x, y and z, touching included (IPhysics_QueryBox's test).
bool bounds_overlap(const ShapeBounds& a, const ShapeBounds& b);

// One shape of a candidate body's shape chain (body vtable +0x2c), with the id
// that goes into a contact's +0x44.
struct ChainShape {
    std::uint32_t id = 0;
    Shape shape;
};

// A candidate body: its owner (body +0x34, written to +0x40) and its shape
// chain. Its world box is the union of its shapes' bounds.
struct OverlapBody {
    std::uint32_t owner = 0;
    std::vector<ChainShape> chain;
};

// The query record's fields this query reads.
struct OverlapQuery {
    std::uint32_t owner = 0;     // the querying body's owner (body +0x34): +0x00
    std::uint32_t shape_id = 0;  // the querying shape (query +0x04): +0x04
    Shape shape;                 // own: the row of the overlap table
    int max = 0;                 // query +0x18: the most contacts returned (0: none tested)
};

// The original's stack buffer holds 50 slots (and no check that hits fit it).
inline constexpr std::size_t overlap_query_slots = 50;

// IPhysics_OverlapShape (0x0033ebb8), bodies only. Gathers the candidates whose
// world box overlaps the querying shape's (the querying owner's own bodies are
// excluded), tests every shape of each chain with overlap_entry(own, other)
// (empty entries skipped) and returns how many contacts it wrote to `out`, in
// discovery order, at most min(max, 50, out.size()). Each contact holds what the
// pair function wrote plus +0xb4 = 0 and the owner and shape words +0x00, +0x04,
// +0x40, +0x44 (Contact_InsertSorted, 0x0033d718). Every other word keeps
// whatever the caller's slot held, and the slot's written marks are cleared
// first, so a contact's marks show exactly what the query wrote.
std::size_t iphysics_overlap_shape(std::span<Contact> out, const OverlapQuery& query,
                                   std::span<const OverlapBody> candidates, Quirks quirks = Quirks::faithful());

}  // namespace levelsweep
