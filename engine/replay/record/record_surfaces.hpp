// levelsweep (private): where the recorder puts people and boxes on a level.
//
// Walkable triangles (enabled, n.z >= 0.7) and steep ones (enabled, |n.z| <=
// 0.3, walls and the faces of ledges and posts) are listed with their areas at
// construction; points are drawn by area. Two probes follow the level through
// its own cell grid: the ground under a point, and the first obstacle a short
// segment crosses. They are plain float geometry of our own, not the spec's
// kernels, so that a change to a kernel never changes what gets recorded.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "levelsweep/level.hpp"
#include "levelsweep/portable_random.hpp"

namespace levelsweep::detail {

// A point on a triangle and the triangle's unit normal.
struct SurfacePoint {
    Vec3 point;
    Vec3 normal;
};

class LevelSurfaces {
public:
    explicit LevelSurfaces(const Level& level);

    // A standing point on a walkable triangle, by area. On a level with none,
    // a point of the bottom face of the level's bounds, normal +z.
    SurfacePoint ground(PortableRandom& rng) const;
    // A point on a steep triangle, by area, with its normal. On a level with
    // none, a point 1 m above a standing point, facing a random horizontal way.
    SurfacePoint wall(PortableRandom& rng) const;

    // The highest walkable surface at (x, y) with z_bottom <= z <= z_top.
    std::optional<float> ground_below(float x, float y, float z_top, float z_bottom) const;
    // The first enabled triangle that is not walkable which the segment from
    // `from` to `to` crosses against its normal (or either way when
    // two-sided), with its normal.
    std::optional<SurfacePoint> obstacle(const Vec3& from, const Vec3& to) const;

private:
    // Triangles and the running sum of their areas (double: a long sum).
    struct AreaTable {
        std::vector<std::uint32_t> triangle;
        std::vector<double> cumulative;
    };

    SurfacePoint sample(const AreaTable& table, PortableRandom& rng) const;
    bool inside_xy(std::uint32_t tri, float x, float y) const;
    std::optional<float> crossing(std::uint32_t tri, const Vec3& from, const Vec3& d) const;

    const Level& level_;
    AreaTable walkable_;
    AreaTable steep_;
};

}  // namespace levelsweep::detail
