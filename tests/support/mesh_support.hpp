// Helpers shared by the mesh suites: random levels and an exact overlap test.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "levelsweep/level.hpp"
#include "support.hpp"

namespace levelsweep::test {

// A random soup: `triangles` triangles with corners among `vertices` random
// vertices in [lo, hi]^3, some small, some degenerate (repeated or collinear
// corners) and some duplicated, with random flags and materials.
inline LevelArrays random_level_arrays(std::mt19937& rng, std::uint32_t vertices, std::uint32_t triangles,
                                       float lo = -20.0f, float hi = 20.0f) {
    std::vector<Vec3> v;
    for (std::uint32_t i = 0; i < vertices; ++i) v.push_back(uniform_vec(rng, lo, hi));
    std::vector<TriangleRecord> t;
    const auto pick = [&] { return static_cast<std::uint32_t>(rng() % vertices); };
    for (std::uint32_t i = 0; i < triangles; ++i) {
        TriangleRecord r;
        r.flags = static_cast<std::uint16_t>(rng());
        r.material = static_cast<std::uint16_t>(rng());
        switch (rng() % 8) {
            case 0:  // a repeated corner
                r.v = {pick(), 0, 0};
                r.v[1] = r.v[0];
                r.v[2] = pick();
                break;
            case 1:  // a small triangle: three new vertices near one point
            case 2: {
                const Vec3 c = uniform_vec(rng, lo, hi);
                for (auto& k : r.v) {
                    k = static_cast<std::uint32_t>(v.size());
                    v.push_back(c + uniform_vec(rng, -0.5f, 0.5f));
                }
                break;
            }
            case 3:  // collinear corners
            {
                const Vec3 a = uniform_vec(rng, lo, hi), d = uniform_vec(rng, -1.0f, 1.0f);
                for (int k = 0; k < 3; ++k) {
                    r.v[static_cast<std::size_t>(k)] = static_cast<std::uint32_t>(v.size());
                    v.push_back(a + static_cast<float>(k) * d);
                }
                break;
            }
            case 4:  // a duplicate of an earlier triangle
                if (!t.empty()) {
                    r = t[rng() % t.size()];
                    break;
                }
                [[fallthrough]];
            default: r.v = {pick(), pick(), pick()};
        }
        t.push_back(r);
    }
    return LevelArrays::from(v, t);
}

// Exact (double) separating-axis test of a triangle against a closed box.
inline bool triangle_overlaps_box(const std::array<Vec3, 3>& tri, const std::array<double, 3>& lo,
                                  const std::array<double, 3>& hi) {
    using D3 = std::array<double, 3>;
    const D3 c{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
    const D3 h{(hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2};
    std::array<D3, 3> v;
    for (int k = 0; k < 3; ++k)
        v[static_cast<std::size_t>(k)] = {tri[static_cast<std::size_t>(k)].x - c[0],
                                          tri[static_cast<std::size_t>(k)].y - c[1],
                                          tri[static_cast<std::size_t>(k)].z - c[2]};
    const auto sub = [](const D3& a, const D3& b) { return D3{a[0] - b[0], a[1] - b[1], a[2] - b[2]}; };
    const auto cross3 = [](const D3& a, const D3& b) {
        return D3{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    };
    const auto dot3 = [](const D3& a, const D3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
    const auto separated = [&](const D3& axis) {
        const double p0 = dot3(v[0], axis), p1 = dot3(v[1], axis), p2 = dot3(v[2], axis);
        const double r = h[0] * std::fabs(axis[0]) + h[1] * std::fabs(axis[1]) + h[2] * std::fabs(axis[2]);
        return std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r;
    };
    const std::array<D3, 3> e{sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
    const std::array<D3, 3> box_axes{D3{1, 0, 0}, D3{0, 1, 0}, D3{0, 0, 1}};
    for (const D3& a : box_axes)
        if (separated(a)) return false;
    if (separated(cross3(e[0], e[1]))) return false;
    for (const D3& ei : e)
        for (const D3& a : box_axes)
            if (separated(cross3(ei, a))) return false;
    return true;
}

inline std::array<Vec3, 3> corners(const Level& level, std::uint32_t t) {
    return {level.corner(t, 0), level.corner(t, 1), level.corner(t, 2)};
}

}  // namespace levelsweep::test
