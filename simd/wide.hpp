// levelsweep (batch path, private): the lane types the wide kernels compute in.
//
// A wide kernel evaluates one scalar kernel of the reference path on several
// triangles at once, one triangle per lane, and must give each lane exactly the
// scalar kernel's float bits (docs/design.md, "The batch path"). So everything here
// is the plain IEEE operation the scalar code performs, in the same order:
// dot products summed (ax*bx + ay*by) + az*bz as levelsweep/vec.hpp does, no
// fused multiply-add (the build passes -ffp-contract=off and never asks xsimd
// for fma), no reciprocal or reciprocal square root estimates, and no min/max
// instructions whose NaN rules differ from the scalar code's comparisons:
// branches become selects on the very comparisons the scalar code makes.
//
// Everything is templated on xsimd's architecture tag, and each instruction
// set's translation unit (simd/batch_<isa>.cpp) instantiates it with its own
// compiler flags, so no code compiled for one ISA is shared with another.
#pragma once

#include <xsimd/xsimd.hpp>

#include <cstdint>
#include <type_traits>

#include "levelsweep/vec.hpp"

namespace levelsweep::simd {

template <class A>
struct Lanes {
    using F = xsimd::batch<float, A>;
    using B = xsimd::batch_bool<float, A>;
    using I = xsimd::batch<std::int32_t, A>;
    using U = xsimd::batch<std::uint32_t, A>;
    static constexpr std::size_t width = F::size;
};

// A 3-vector per lane.
template <class A>
struct WVec3 {
    using F = typename Lanes<A>::F;
    F x, y, z;

    WVec3() : x(0.0f), y(0.0f), z(0.0f) {}
    WVec3(F x_, F y_, F z_) : x(x_), y(y_), z(z_) {}
    // The same vector in every lane.
    explicit WVec3(const Vec3& v) : x(v.x), y(v.y), z(v.z) {}
};

template <class A>
WVec3<A> operator+(const WVec3<A>& a, const WVec3<A>& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class A>
WVec3<A> operator-(const WVec3<A>& a, const WVec3<A>& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
// -x as the scalar code's unary minus: the sign bit flipped, so -(+0) is -0.
// (xsimd 8.1's AVX-512 negation is 0 - x, which gives +0: never used here.)
template <class A>
xsimd::batch<float, A> negate(const xsimd::batch<float, A>& x) {
    return x ^ xsimd::batch<float, A>(-0.0f);
}
template <class A>
WVec3<A> operator-(const WVec3<A>& a) {
    return {negate(a.x), negate(a.y), negate(a.z)};
}
// Scalar (per lane) times vector, as levelsweep::operator*(float, Vec3).
template <class A>
WVec3<A> operator*(const typename Lanes<A>::F& s, const WVec3<A>& v) {
    return {s * v.x, s * v.y, s * v.z};
}
template <class A>
typename Lanes<A>::F dot(const WVec3<A>& a, const WVec3<A>& b) {
    return (a.x * b.x + a.y * b.y) + a.z * b.z;
}
template <class A>
WVec3<A> cross(const WVec3<A>& a, const WVec3<A>& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class A>
WVec3<A> select(const typename Lanes<A>::B& c, const WVec3<A>& a, const WVec3<A>& b) {
    return {xsimd::select(c, a.x, b.x), xsimd::select(c, a.y, b.y), xsimd::select(c, a.z, b.z)};
}

// a / b and sqrt(x), correctly rounded as IEEE requires (and the scalar code
// gets): xsimd 8.1's float division and square root on AArch64 fall back to its
// ARMv7 code, a reciprocal estimate refined by Newton steps, which is off in the
// last bits; there the instructions are asked for directly.
template <class A>
xsimd::batch<float, A> quotient(const xsimd::batch<float, A>& a, const xsimd::batch<float, A>& b) {
#if XSIMD_WITH_NEON64
    if constexpr (std::is_base_of_v<xsimd::neon64, A>) return vdivq_f32(a, b);
#endif
    return a / b;
}
template <class A>
xsimd::batch<float, A> square_root(const xsimd::batch<float, A>& x) {
#if XSIMD_WITH_NEON64
    if constexpr (std::is_base_of_v<xsimd::neon64, A>) return vsqrtq_f32(x);
#endif
    return xsimd::sqrt(x);
}

// a != b as C++ (and so the scalar kernels) has it: true when either is NaN.
// xsimd 8.1's operator!= on floats is not that on every ISA: SSE2's cmpneq and
// NEON's negated equality are unordered (true for NaN), but AVX's and
// AVX-512's compare with _CMP_NEQ_OQ, ordered (false for NaN). So the lanes
// never use it on floats; equality is ordered everywhere, and its negation is
// C++'s !=.
template <class A>
xsimd::batch_bool<float, A> not_equal(const xsimd::batch<float, A>& a, const xsimd::batch<float, A>& b) {
    return ~(a == b);
}

// levelsweep::normalize_rsqrt: v / sqrt(v.v), the zero vector for a zero input.
template <class A>
WVec3<A> normalize_rsqrt(const WVec3<A>& v) {
    using F = typename Lanes<A>::F;
    const F len_sq = dot(v, v);
    const F inv = quotient(F(1.0f), square_root(len_sq));
    const auto zero = len_sq == F(0.0f);
    return {xsimd::select(zero, F(0.0f), inv * v.x), xsimd::select(zero, F(0.0f), inv * v.y),
            xsimd::select(zero, F(0.0f), inv * v.z)};
}

// c ? a : b per lane, for lane masks.
template <class T, class A>
xsimd::batch_bool<T, A> choose(const xsimd::batch_bool<T, A>& c, const xsimd::batch_bool<T, A>& a,
                               const xsimd::batch_bool<T, A>& b) {
    return (c & a) | (~c & b);
}

// base[index[k]] in lane k. xsimd 8.1's batch::gather never reaches its own
// AVX2 and AVX-512 gathers (its kernel::gather<A, T> call does not match their
// signatures), so those two are asked for here; other ISAs load lane by lane.
template <class A>
xsimd::batch<float, A> gather(const float* base, const xsimd::batch<std::int32_t, A>& index) {
#if XSIMD_WITH_AVX512F
    if constexpr (std::is_base_of_v<xsimd::avx512f, A>) return _mm512_i32gather_ps(index, base, 4);
#endif
#if XSIMD_WITH_AVX2
    if constexpr (std::is_base_of_v<xsimd::avx2, A>) return _mm256_i32gather_ps(base, index, 4);
#endif
    constexpr std::size_t n = xsimd::batch<float, A>::size;
    alignas(64) std::int32_t at[n];
    alignas(64) float lanes[n];
    index.store_aligned(at);
    for (std::size_t k = 0; k < n; ++k) lanes[k] = base[at[k]];
    return xsimd::batch<float, A>::load_aligned(lanes);
}

// Bit k set when lane k of `m` is true (a movemask where the ISA has one).
template <class A>
std::uint32_t lane_bits(const xsimd::batch_bool<float, A>& m) {
#if XSIMD_WITH_AVX512F
    if constexpr (std::is_base_of_v<xsimd::avx512f, A>) return static_cast<std::uint32_t>(static_cast<__mmask16>(m));
#endif
#if XSIMD_WITH_AVX
    if constexpr (std::is_base_of_v<xsimd::avx, A>) return static_cast<std::uint32_t>(_mm256_movemask_ps(m));
#endif
#if XSIMD_WITH_SSE2
    if constexpr (std::is_base_of_v<xsimd::sse2, A>) return static_cast<std::uint32_t>(_mm_movemask_ps(m));
#endif
    constexpr std::size_t n = xsimd::batch<float, A>::size;
    alignas(64) bool lanes[n];
    m.store_aligned(lanes);
    std::uint32_t bits = 0;
    for (std::size_t k = 0; k < n; ++k) bits |= lanes[k] ? 1u << k : 0u;
    return bits;
}

// The float lane mask of an integer condition and back (same lane width).
template <class A>
typename Lanes<A>::B as_float_mask(const xsimd::batch_bool<std::int32_t, A>& m) {
    return xsimd::bool_cast(m);
}
template <class A>
xsimd::batch_bool<std::int32_t, A> as_int_mask(const typename Lanes<A>::B& m) {
    return xsimd::bool_cast(m);
}

}  // namespace levelsweep::simd
