// The recorder's view of a level: floors and walls by area, and two probes.
#include "record_surfaces.hpp"

#include <algorithm>
#include <cmath>

namespace levelsweep::detail {

namespace {

// A floor a human stands on: steeper than about 45 degrees is not one.
constexpr float walkable_nz = 0.7f;
// A wall, or the face of a ledge, post or crate: within about 17 degrees of vertical.
constexpr float steep_nz = 0.3f;

bool enabled(const Level& level, std::uint32_t tri) { return (level.flags(tri) & tri_flags::enabled) != 0; }

float area(const Level& level, std::uint32_t tri) {
    const Vec3 c = cross(level.edge(tri, 0), level.edge(tri, 1));
    return 0.5f * std::sqrt(dot(c, c));
}

// Sign of the turn from a to b seen from above, at (x, y).
float turn_xy(const Vec3& a, const Vec3& b, float x, float y) {
    return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
}

}  // namespace

LevelSurfaces::LevelSurfaces(const Level& level) : level_(level) {
    double walkable_sum = 0.0, steep_sum = 0.0;
    for (std::uint32_t tri = 0; tri < level.triangle_count(); ++tri) {
        const float a = area(level, tri);
        if (!enabled(level, tri) || !(a > 0.0f)) continue;  // a degenerate triangle has no normal
        const float nz = level.normal(tri).z;
        if (nz >= walkable_nz) {
            walkable_sum += a;
            walkable_.triangle.push_back(tri);
            walkable_.cumulative.push_back(walkable_sum);
        } else if (std::fabs(nz) <= steep_nz) {
            steep_sum += a;
            steep_.triangle.push_back(tri);
            steep_.cumulative.push_back(steep_sum);
        }
    }
}

SurfacePoint LevelSurfaces::sample(const AreaTable& table, PortableRandom& rng) const {
    const double at = rng.unit_double() * table.cumulative.back();
    const auto it = std::upper_bound(table.cumulative.begin(), table.cumulative.end(), at);
    const auto i =
        std::min<std::size_t>(static_cast<std::size_t>(it - table.cumulative.begin()), table.triangle.size() - 1);
    const std::uint32_t tri = table.triangle[i];
    // A uniform point of the triangle: (u, v) in the unit square, folded into its lower half.
    float u = rng.unit(), v = rng.unit();
    if (u + v > 1.0f) {
        u = 1.0f - u;
        v = 1.0f - v;
    }
    const Vec3 a = level_.corner(tri, 0);
    return {a + u * (level_.corner(tri, 1) - a) + v * (level_.corner(tri, 2) - a), level_.normal(tri)};
}

SurfacePoint LevelSurfaces::ground(PortableRandom& rng) const {
    if (!walkable_.triangle.empty()) return sample(walkable_, rng);
    const Vec3 lo = level_.bounds_min(), hi = level_.bounds_max();
    const float x = rng.uniform(lo.x, hi.x);
    return {{x, rng.uniform(lo.y, hi.y), lo.z}, {0.0f, 0.0f, 1.0f}};
}

SurfacePoint LevelSurfaces::wall(PortableRandom& rng) const {
    if (!steep_.triangle.empty()) return sample(steep_, rng);
    const Vec3 feet = ground(rng).point;
    return {feet + Vec3{0.0f, 0.0f, 1.0f}, rng.direction_xy()};
}

bool LevelSurfaces::inside_xy(std::uint32_t tri, float x, float y) const {
    const Vec3 a = level_.corner(tri, 0), b = level_.corner(tri, 1), c = level_.corner(tri, 2);
    const float s0 = turn_xy(a, b, x, y), s1 = turn_xy(b, c, x, y), s2 = turn_xy(c, a, x, y);
    return (s0 >= 0.0f && s1 >= 0.0f && s2 >= 0.0f) || (s0 <= 0.0f && s1 <= 0.0f && s2 <= 0.0f);
}

std::optional<float> LevelSurfaces::ground_below(float x, float y, float z_top, float z_bottom) const {
    const CellGrid& grid = level_.grid();
    const CellRange r = grid.cell_range({x, y, z_bottom}, {x, y, z_top});
    std::optional<float> best;
    grid.for_each_cell(r, [&](std::size_t cell) {
        for (const std::uint32_t tri : grid.list(cell)) {
            const Vec3 n = level_.normal(tri);
            if (!enabled(level_, tri) || !(n.z >= walkable_nz) || !inside_xy(tri, x, y)) continue;
            // The plane n.p = d solved for z at (x, y).
            const float z = ((level_.plane(tri) - n.x * x) - n.y * y) / n.z;
            if (z <= z_top && z >= z_bottom && (!best || z > *best)) best = z;
        }
    });
    return best;
}

// Where along from + t d (0 <= t <= 1) the segment crosses triangle `tri`, if it does.
std::optional<float> LevelSurfaces::crossing(std::uint32_t tri, const Vec3& from, const Vec3& d) const {
    const Vec3 n = level_.normal(tri);
    const float towards = dot(n, d);
    const bool two_sided = (level_.flags(tri) & tri_flags::two_sided) != 0;
    if (towards == 0.0f || (towards > 0.0f && !two_sided)) return std::nullopt;  // parallel, or from behind
    const float t = (level_.plane(tri) - dot(n, from)) / towards;
    if (!(t >= 0.0f && t <= 1.0f)) return std::nullopt;
    const Vec3 q = from + t * d;
    float side[3];
    for (int k = 0; k < 3; ++k) side[k] = dot(cross(level_.edge(tri, k), q - level_.corner(tri, k)), n);
    const bool inside = (side[0] >= 0.0f && side[1] >= 0.0f && side[2] >= 0.0f) ||
                        (side[0] <= 0.0f && side[1] <= 0.0f && side[2] <= 0.0f);
    return inside ? std::optional<float>(t) : std::nullopt;
}

std::optional<SurfacePoint> LevelSurfaces::obstacle(const Vec3& from, const Vec3& to) const {
    const CellGrid& grid = level_.grid();
    const Vec3 lo{std::min(from.x, to.x), std::min(from.y, to.y), std::min(from.z, to.z)};
    const Vec3 hi{std::max(from.x, to.x), std::max(from.y, to.y), std::max(from.z, to.z)};
    const CellRange r = grid.cell_range(lo, hi);
    const Vec3 d = to - from;
    std::optional<SurfacePoint> best;
    float best_t = 2.0f;
    grid.for_each_cell(r, [&](std::size_t cell) {
        for (const std::uint32_t tri : grid.list(cell)) {
            const Vec3 n = level_.normal(tri);
            if (!enabled(level_, tri) || n.z >= walkable_nz || dot(n, n) == 0.0f) continue;
            const std::optional<float> t = crossing(tri, from, d);
            if (t && *t < best_t) {
                best_t = *t;
                best = SurfacePoint{from + *t * d, n};
            }
        }
    });
    return best;
}

}  // namespace levelsweep::detail
