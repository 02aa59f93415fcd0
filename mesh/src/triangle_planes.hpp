// Each triangle's normal and plane constant, four triangles at a time, for the
// level store (level.cpp): the working triangle's own (CollTri_ComputeNormal,
// 0x00343c30, then d = v0.n as at 0x00348e24), bit for bit.
#pragma once

#include "levelsweep/aligned.hpp"
#include "levelsweep/level.hpp"

namespace levelsweep::detail {

// Appends triangle t's normal to nx, ny, nz and its plane constant to d, for
// every t of `a` in order (the caller reserves: each page is touched once).
void append_triangle_planes(const LevelArrays& a, AlignedVector<float>& nx, AlignedVector<float>& ny,
                            AlignedVector<float>& nz, AlignedVector<float>& d);

}  // namespace levelsweep::detail
