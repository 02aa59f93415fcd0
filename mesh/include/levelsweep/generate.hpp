// levelsweep: deterministic synthetic street levels (`levelsweep generate`).
//
// A street level is a row-by-row grid of identical street blocks, each 40 m
// (x) by 21 m (y), with the features the spec's runtime sections describe
// (geometry-kernels.txt, Unit 1, "Seen at runtime"): a 0.37 m square post
// (material 16), a planter 1.3 m square, a 0.15 m kerb between the road and the
// sidewalk, a ledge 0.6 m high and 2.62 x 0.61 m against the wall behind the
// sidewalk (material 41), a slope, stairs, a two-sided fence, a disabled panel,
// a box of flag-0x8 (special) triangles and a few seeded crates. Metres, z up;
// normals point into the playable space (counter-clockwise front faces seen
// from outside). The seed moves the features along x (in 1/16 m steps, at most
// 0.5 m) and places the crates; the size sets the block count and the ground's
// tessellation. The same seed and size give the same level on every platform.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "levelsweep/level.hpp"

namespace levelsweep {

enum class FeatureKind : std::uint8_t {
    road,      // z = 0, normals +z
    kerb,      // the road-side face of the sidewalk: 0.15 m high, facing -y
    sidewalk,  // z = 0.15, normals +z
    wall,      // behind the sidewalk: front face -y from the sidewalk to 4 m, top, back face +y
    ledge,     // 2.62 x 0.61 m, top 0.6 m above the sidewalk, against the wall (top, front, ends)
    post,      // 0.37 m square, 3 m tall, on the sidewalk (four sides and a top)
    planter,   // 1.3 m square, 1.2 m tall, on the sidewalk
    special,   // a 1 m box on the sidewalk whose triangles carry flag 0x8 (and 0x1)
    slope,     // a wedge on the road rising along +x: 1.5 m over 3 m (top, two sides, back)
    stairs,    // on the road, rising along +x: `steps` steps of `step_rise` by `step_run`, 2 m wide
    fence,     // a two-sided (flags 0x3) panel on the road along x, 6 m long, 1.2 m high, facing -y
    disabled,  // a 2 x 2 m panel on the road facing -y with flags 0 (not enabled)
    crate,     // seeded boxes 0.5 to 1.2 m on the road (x 30 to 39 of the block)
};

std::string_view feature_name(FeatureKind kind);

// One feature of one block: its triangles are [first_triangle, first_triangle
// + triangle_count) of the level, and min/max bound their corners.
struct LevelFeature {
    FeatureKind kind = FeatureKind::road;
    std::uint32_t block = 0;
    Vec3 min, max;
    std::uint32_t first_triangle = 0;
    std::uint32_t triangle_count = 0;
    std::uint16_t flags = 0;     // the flags word of all its triangles
    std::uint16_t material = 0;  // the material of all its triangles
    // Stairs only.
    std::uint32_t steps = 0;
    float step_rise = 0.0f;
    float step_run = 0.0f;
};

struct GenerateOptions {
    std::uint32_t seed = 1;
    std::uint32_t triangles = 1000;  // the approximate size, 1,000 to 1,000,000 (and beyond)
    std::optional<Vec3> cell_size;   // the heuristic's when absent
};

struct StreetLevel {
    Level level;
    std::vector<LevelFeature> features;  // block by block, in triangle order

    // The features of one kind, in block order.
    std::vector<LevelFeature> of(FeatureKind kind) const;
};

StreetLevel generate_street_level(const GenerateOptions& options);

}  // namespace levelsweep
