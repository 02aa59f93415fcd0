#include "levelsweep/quirks.hpp"

#include <array>

namespace levelsweep {

namespace {
constexpr std::array<std::string_view, quirk_count> names = {
    "sphere_edge_root_order",
    "segment_degenerate_second",
    "box_box_centre_matrix",
    "capsule_box_opposite_corner",
    "capsule_box_corner_axes01",
    "capsule_box_overlap_face_choice",
    "capsule_box_overlap_squared_depth",
    "capsule_box_start_centre_normal",
    "capsule_box_missed_grazes",
    "capsule_box_negative_fraction",
    "sphere_box_normal_tables",
    "sphere_box_start_touching",
    "sphere_box_corner_point_centre",
    "sphere_box_inside_world_z",
    "sphere_box_edge_graze",
    "interval_zero_speed_reset",
    "mesh_cell_counter",
    "box_box_sweep_point",
    "sphere_box_edge_region_graze",
    "sphere_box_edge_end_corner",
    "sphere_box_corner_region_graze",
    "strike_contact_leftovers",
    "empty_round_sweeps",
};
}  // namespace

std::string_view quirk_name(Quirk q) { return names[static_cast<std::uint32_t>(q)]; }

std::optional<Quirk> quirk_from_name(std::string_view name) {
    for (std::uint32_t i = 0; i < quirk_count; ++i)
        if (names[i] == name) return static_cast<Quirk>(i);
    return std::nullopt;
}

}  // namespace levelsweep
