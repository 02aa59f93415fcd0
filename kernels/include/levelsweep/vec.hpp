// levelsweep: float32 vector helpers in the original's summation order.
//
// The spec (geometry-kernels.txt, Unit 1 "Conventions") fixes how a dot product
// is summed on the PS2's VU0: (ax*bx + ay*by) + az*bz. Every helper here keeps
// that order, and the whole project builds with -ffp-contract=off (an interface
// option of every target, so it reaches the code that embeds levelsweep too)
// so that no multiply-add is fused behind our back.
#pragma once

#include <cmath>

// The inline math below must not be contracted into multiply-adds in the code
// that includes it either: -ffp-contract=off travels with the CMake targets,
// and clang (which contracts by default) is told here, for these lines only.
#if defined(__clang__)
#pragma float_control(push)
#pragma clang fp contract(off)
#endif

namespace levelsweep {

// A 3-vector for arithmetic. Records that carry a w lane use Vec4.
struct Vec3 {
    float x = 0.0f, y = 0.0f, z = 0.0f;
};

// A 16-byte vector as the original stores it (w noted only where code sets it).
struct alignas(16) Vec4 {
    float x = 0.0f, y = 0.0f, z = 0.0f, w = 0.0f;
};

inline Vec3 xyz(const Vec4& v) { return {v.x, v.y, v.z}; }
inline Vec4 with_w(const Vec3& v, float w) { return {v.x, v.y, v.z, w}; }

inline Vec3 operator+(const Vec3& a, const Vec3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator-(const Vec3& a) { return {-a.x, -a.y, -a.z}; }
// Scalar times vector, lane by lane (VU0 vmulx and friends).
inline Vec3 operator*(float s, const Vec3& v) { return {s * v.x, s * v.y, s * v.z}; }
inline bool operator==(const Vec3& a, const Vec3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// (ax*bx + ay*by) + az*bz: the VU0 vmul + vaddy + vaddz order.
inline float dot(const Vec3& a, const Vec3& b) { return (a.x * b.x + a.y * b.y) + a.z * b.z; }

// a x b, each lane one product minus another (VU0 vopmula then vopmsub).
inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

inline float length_sq(const Vec3& v) { return dot(v, v); }

// v / sqrt(v.v), as a reciprocal square root and a scale (VU0 vrsqrt then vmul).
// Returns the zero vector for a zero input: the EE's rsqrt(0) is FLT_MAX and the
// scale of a zero vector by it is zero (spec Unit 1, CollTri_ComputeNormal), where
// IEEE arithmetic would give NaN.
inline Vec3 normalize_rsqrt(const Vec3& v) {
    const float len_sq = dot(v, v);
    if (len_sq == 0.0f) return {};
    const float inv = 1.0f / std::sqrt(len_sq);
    return inv * v;
}

}  // namespace levelsweep

#if defined(__clang__)
#pragma float_control(pop)
#endif
