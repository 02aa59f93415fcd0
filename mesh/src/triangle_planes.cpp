// Four triangles in the lanes of one register (GCC's and clang's vector
// extension: SSE on x86, NEON on ARM), each lane making CollTri_ComputeNormal's
// float32 operations in the scalar routine's order (kernels/unit01/coll_tri.cpp;
// the project builds with -ffp-contract=off): the IEEE operations are the same
// lane by lane, so are their bits (tests/mesh/mesh_level_test.cpp compares
// every triangle with prepare_triangle). One triangle at a time, the routine's
// square root and division left the loop waiting on their latency.
#include "triangle_planes.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#endif

namespace levelsweep::detail {

namespace {

using Float4 = float __attribute__((vector_size(16)));
using Int4 = std::int32_t __attribute__((vector_size(16)));
constexpr std::size_t lanes = 4;

// The correctly rounded square root of each lane (as std::sqrt's).
inline Float4 sqrt4(Float4 v) {
#if defined(__SSE2__)
    return reinterpret_cast<Float4>(_mm_sqrt_ps(reinterpret_cast<__m128>(v)));
#elif defined(__ARM_NEON) && defined(__aarch64__)
    return reinterpret_cast<Float4>(vsqrtq_f32(reinterpret_cast<float32x4_t>(v)));
#else
    for (std::size_t j = 0; j < lanes; ++j) v[j] = std::sqrt(v[j]);
    return v;
#endif
}

// One coordinate (`axis`) of one corner of four triangles, whose vertex
// indices for that corner are `corner`.
inline Float4 gather(const AlignedVector<float>& axis, const std::uint32_t* corner) {
    return Float4{axis[corner[0]], axis[corner[1]], axis[corner[2]], axis[corner[3]]};
}

}  // namespace

void append_triangle_planes(const LevelArrays& a, AlignedVector<float>& nx, AlignedVector<float>& ny,
                            AlignedVector<float>& nz, AlignedVector<float>& d) {
    const std::size_t count = a.i0.size();
    for (std::size_t t = 0; t < count; t += lanes) {
        // The last block's lanes past the end repeat the last triangle (their results are dropped).
        std::uint32_t c[3][lanes];
        for (std::size_t j = 0; j < lanes; ++j) {
            const std::size_t tri = std::min(t + j, count - 1);
            c[0][j] = a.i0[tri];
            c[1][j] = a.i1[tri];
            c[2][j] = a.i2[tri];
        }
        const Float4 v0x = gather(a.x, c[0]), v0y = gather(a.y, c[0]), v0z = gather(a.z, c[0]);
        // CollTri_ComputeNormal: c = (v1 - v0) x (v2 - v0), each lane one product minus another.
        const Float4 e1x = gather(a.x, c[1]) - v0x, e1y = gather(a.y, c[1]) - v0y, e1z = gather(a.z, c[1]) - v0z;
        const Float4 e2x = gather(a.x, c[2]) - v0x, e2y = gather(a.y, c[2]) - v0y, e2z = gather(a.z, c[2]) - v0z;
        const Float4 cx = e1y * e2z - e1z * e2y, cy = e1z * e2x - e1x * e2z, cz = e1x * e2y - e1y * e2x;
        // n = c * (1 / sqrt(c.c)), summed (x + y) + z; a zero c gives the zero
        // normal (the EE's rsqrt(0) scaled by zero), where IEEE would give NaN.
        const Float4 length_sq = (cx * cx + cy * cy) + cz * cz;
        const Float4 inv = 1.0f / sqrt4(length_sq);
        const Int4 keep = ~(length_sq == 0.0f);
        const Float4 ux = reinterpret_cast<Float4>(reinterpret_cast<Int4>(inv * cx) & keep);
        const Float4 uy = reinterpret_cast<Float4>(reinterpret_cast<Int4>(inv * cy) & keep);
        const Float4 uz = reinterpret_cast<Float4>(reinterpret_cast<Int4>(inv * cz) & keep);
        // The plane constant d = v0.n, summed (x + y) + z (0x00348e24).
        const Float4 plane = (v0x * ux + v0y * uy) + v0z * uz;
        for (std::size_t j = 0; j < std::min(lanes, count - t); ++j) {
            nx.push_back(ux[j]);
            ny.push_back(uy[j]);
            nz.push_back(uz[j]);
            d.push_back(plane[j]);
        }
    }
}

}  // namespace levelsweep::detail
