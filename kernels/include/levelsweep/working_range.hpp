// levelsweep: the working range of the float32 kernels (docs/decisions.md,
// "Working range").
//
// Every vertex coordinate and every point a query's swept shape reaches lie
// within +-working_range metres of the origin, and no triangle has an edge
// longer than max_triangle_edge. Within these the sphere sweep's contacts stay
// within a few millimetres of the exact ones (measured near the edges of
// triangles of every size up to the limit, anywhere in the range), every
// product the kernels form stays finite, and the query radii (a human's 0.47 m)
// stay far above the rounding. Beyond them the answers degrade until they mean
// nothing: the edge tests cancel products of edge and offset lengths, so near a
// 4 km triangle a sweep misses contacts or invents them metres away, and near
// 1e10 m the normals overflow and most triangles turn degenerate. So queries
// reaching beyond the range get QueryStatus::out_of_range, and `levelsweep
// import` and `generate` refuse levels beyond it.
#pragma once

#include "levelsweep/vec.hpp"

namespace levelsweep {

// Metres from the origin: float32 values there are at most 2^-10 m (about 1 mm) apart.
inline constexpr float working_range = 16384.0f;
// Metres: the longest triangle edge for which the sweeps stay within millimetres.
inline constexpr float max_triangle_edge = 1024.0f;

inline bool within_working_range(float v) { return v >= -working_range && v <= working_range; }
inline bool within_working_range(const Vec3& v) {
    return within_working_range(v.x) && within_working_range(v.y) && within_working_range(v.z);
}

}  // namespace levelsweep
