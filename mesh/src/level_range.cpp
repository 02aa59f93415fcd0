#include "levelsweep/level_range.hpp"

#include <cmath>
#include <cstdio>

namespace levelsweep {

namespace {

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

}  // namespace

std::optional<std::string> beyond_working_range(const LevelArrays& a) {
    for (std::size_t v = 0; v < a.x.size(); ++v) {
        const Vec3 p{a.x[v], a.y[v], a.z[v]};
        if (!within_working_range(p))
            return "vertex " + std::to_string(v) + " is at (" + number(p.x) + ", " + number(p.y) + ", " + number(p.z) +
                   "), beyond the working range of +-" + number(working_range) + " m";
    }
    // An edge's squared length, in double, against the limit's square, which
    // is exact (a float's square fits a double's mantissa): at or below it the
    // length (a correctly rounded square root, monotone) is at most the limit,
    // so only an edge past it pays for the root.
    const double limit_sq = static_cast<double>(max_triangle_edge) * max_triangle_edge;
    for (std::size_t t = 0; t < a.i0.size(); ++t) {
        const std::uint32_t c[3] = {a.i0[t], a.i1[t], a.i2[t]};
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t p = c[k], q = c[(k + 1) % 3];
            const double dx = static_cast<double>(a.x[q]) - a.x[p], dy = static_cast<double>(a.y[q]) - a.y[p],
                         dz = static_cast<double>(a.z[q]) - a.z[p];
            const double length_sq = dx * dx + dy * dy + dz * dz;
            if (length_sq <= limit_sq) continue;
            const double length = std::sqrt(length_sq);
            if (length > max_triangle_edge)
                return "triangle " + std::to_string(t) + " has an edge of " + number(length) +
                       " m, longer than the working range's " + number(max_triangle_edge) + " m";
        }
    }
    return std::nullopt;
}

}  // namespace levelsweep
