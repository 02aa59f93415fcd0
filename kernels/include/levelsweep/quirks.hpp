// levelsweep: the original's quirks, each behind its own switch.
//
// Mode::faithful (the default) reproduces every quirk the spec names;
// Mode::corrected turns all of them off. Both leave the definition switches
// (switches on what we define where the spec is silent, not on the original's
// quirks) off. A Quirks set can also hold any mix, so a
// replay can tell how many queries each quirk changes. docs/quirks.md lists every
// switch with its spec address, its test and its corrected behaviour.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace levelsweep {

enum class Quirk : std::uint32_t {
    // Unit 1, SphereSweep_Edge 0x0034e3b8: reports roots[0] of the capsule list
    // (wall, then A cap, then B cap), not the earliest root in [0, 1].
    sphere_edge_root_order,
    // Unit 4, Segment_ClosestPoints 0x0034ad50: a zero-length second segment
    // leaves s = 0, so the first segment is measured from its start only.
    segment_degenerate_second,
    // Unit 4, PhysicsOverlap_BoxBox 0x00345dd8: R[k][m] sums over all four rows,
    // the centres included.
    box_box_centre_matrix,
    // Unit 4 PhysicsOverlap_CapsuleBox 0x00346808 and Unit 12 PhysicsSweep_CapsuleBox
    // 0x00344f38: the (-,-) corner's normal is built from the opposite corner.
    capsule_box_opposite_corner,
    // Unit 4 0x00346808 and Unit 12 0x00344f38: corner normals use A0 and A1
    // whatever the in-plane axes are.
    capsule_box_corner_axes01,
    // Unit 4 0x00346808: over the box the face is chosen by the signed x < y,
    // not by the nearest face.
    capsule_box_overlap_face_choice,
    // Unit 4 0x00346808: a corner's depth is squared (m^2), a face's in metres.
    capsule_box_overlap_squared_depth,
    // Unit 12 0x00344f38: a corner normal points from the touch point to the
    // capsule's start, not to its centre at contact.
    capsule_box_start_centre_normal,
    // Unit 12 CapsuleBox_SweepCorner 0x0034a318: grazes of the near corner
    // that do not move towards that side are missed.
    capsule_box_missed_grazes,
    // Unit 12 CapsuleBox_SweepSide 0x0034a6d0 (flag 1): a receding path gets the
    // end corner's past root, a negative fraction.
    capsule_box_negative_fraction,
    // Unit 5 SphereBox_ToBoxSpace 0x0034baf0: the edges along y and corners
    // 1, 3, 5, 7 of the normal tables are not the outward normals.
    sphere_box_normal_tables,
    // Unit 5 Sweep_SphereOrientedBox 0x0034bbe8: a sphere that touches the box at
    // the start with its centre outside never hits (steps return -1).
    sphere_box_start_touching,
    // Unit 5 SphereBox_SweepFaceEdges 0x0034b984: the corner region's contact
    // point is the sphere's centre, not the corner.
    sphere_box_corner_point_centre,
    // Unit 5 0x0034beb0: the inside case's local point carries the world z.
    sphere_box_inside_world_z,
    // Unit 5 SphereBox_SweepCorner 0x0034b040: an edge is swept as an infinite
    // line, so a graze near a corner is reported on the edge past the face's end
    // (early, or although the sphere misses the corner). docs/decisions.md.
    sphere_box_edge_graze,
    // Unit 13 Sweep_IntervalOverlap 0x0034aa1c: an overlapping axis of zero
    // speed resets the window to [0, 1].
    interval_zero_speed_reset,
    // docs/design.md item 4, Unit 13 0x0034888c: a kernel miss skips the cell
    // counter's increment, so the walk reads past the cell's list.
    mesh_cell_counter,
    // Unit 13 PhysicsSweep_BoxBox 0x003451e8: the contact point adds the other
    // box's frame offsets to the own centre's world x and y.
    box_box_sweep_point,
    // Unit 5 SphereBox_SweepEdges 0x0034b600: a path that grazes the edge while
    // moving away from the face it passes over is sent to that face's step,
    // which rejects it.
    sphere_box_edge_region_graze,
    // Unit 5 SphereBox_SweepEdge 0x0034b3b8: past the edge's end only the end
    // corner's sphere is tried, not the two other edges through that corner.
    sphere_box_edge_end_corner,
    // Unit 5 SphereBox_SweepFaceEdges 0x0034b7b0: the corner sphere is tried only
    // when the centre is within r of the corner as it first crosses a face plane.
    sphere_box_corner_region_graze,
    // Unit 5 Human_TestStrikes 0x0033f110: one contact record is reused for every
    // try and never cleared, so a hit keeps what earlier tries wrote wherever its
    // own sweep writes nothing.
    strike_contact_leftovers,
    // Not a quirk of the original but a switch on our definitions: on, the sweep
    // table's entries that lie outside the spec's units (Unit 11's round-shape
    // sweeps: (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), and the segment thunk
    // (4, 2)) are empty, as the spec's units alone give (docs/decisions.md, "The
    // round-shape sweeps"). Off in both modes.
    empty_round_sweeps,
    count_
};

inline constexpr std::uint32_t quirk_count = static_cast<std::uint32_t>(Quirk::count_);

// The switches that are not quirks of the original, so neither mode turns them on.
inline constexpr std::uint32_t definition_switches = 1u << static_cast<std::uint32_t>(Quirk::empty_round_sweeps);

// The spec's name of each switch, as used on the command line and in reports.
std::string_view quirk_name(Quirk q);
std::optional<Quirk> quirk_from_name(std::string_view name);

// A set of switched-on quirks (and definition switches).
class Quirks {
public:
    constexpr Quirks() = default;
    // Every quirk of the original on; the definition switches off.
    static constexpr Quirks faithful() { return Quirks(((1u << quirk_count) - 1u) & ~definition_switches); }
    static constexpr Quirks corrected() { return Quirks(0u); }

    constexpr bool has(Quirk q) const { return (bits_ >> static_cast<std::uint32_t>(q)) & 1u; }
    constexpr Quirks with(Quirk q) const { return Quirks(bits_ | bit(q)); }
    constexpr Quirks without(Quirk q) const { return Quirks(bits_ & ~bit(q)); }
    constexpr Quirks toggled(Quirk q) const { return Quirks(bits_ ^ bit(q)); }
    constexpr std::uint32_t bits() const { return bits_; }
    static constexpr Quirks from_bits(std::uint32_t b) { return Quirks(b & ((1u << quirk_count) - 1u)); }
    constexpr bool operator==(const Quirks&) const = default;

private:
    constexpr explicit Quirks(std::uint32_t b) : bits_(b) {}
    static constexpr std::uint32_t bit(Quirk q) { return 1u << static_cast<std::uint32_t>(q); }
    std::uint32_t bits_ = 0;
};

enum class Mode { faithful, corrected };

constexpr Quirks quirks_for(Mode m) { return m == Mode::faithful ? Quirks::faithful() : Quirks::corrected(); }

}  // namespace levelsweep
