// Spec Unit 4, "The kernels": the three segment routines.
#include "levelsweep/segment_kernels.hpp"

#include <cmath>

namespace levelsweep {

// Segment_ClosestParam, 0x0034ac08. k exactly equal to d.d takes the division
// and gives 1; k <= 0 (a zero d included) gives 0 with no division.
float segment_closest_param(const Vec3& p0, const Vec3& d, const Vec3& q) {
    const float k = dot(q - p0, d);
    float t = 0.0f;
    if (k > 0.0f) {
        const float dd = dot(d, d);
        t = dd < k ? 1.0f : k / dd;
    }
    return t;
}

// Segment_ClosestPoint, 0x0034acc8: out = p0 + t.d, out.w = 1.
Vec4 segment_closest_point(const Vec3& p0, const Vec3& d, const Vec3& q) {
    const float t = segment_closest_param(p0, d, q);
    return with_w(p0 + t * d, 1.0f);
}

namespace {

// The numerators and denominators of s and t as the original keeps them.
struct Fractions {
    float sN, sD, tN, tD;
};

// The tN < 0 and tN > tD clamps: t is pinned to an end and s recomputed for
// that end against the first segment. Returns whether a clamp ran.
bool clamp_t(Fractions& f, float a, float b, float d) {
    if (f.tN < 0.0f) {
        f.tN = 0.0f;
        if (-d < 0.0f) {
            f.sN = 0.0f;
        } else if (-d > a) {
            f.sN = f.sD;
        } else {
            f.sN = -d;
            f.sD = a;
        }
        return true;
    }
    if (f.tN > f.tD) {
        f.tN = f.tD;
        if (b - d < 0.0f) {
            f.sN = 0.0f;
        } else if (b - d > a) {
            f.sN = f.sD;
        } else {
            f.sN = b - d;
            f.sD = a;
        }
        return true;
    }
    return false;
}

// The final division, with the original's round-to-zero below 1e-6.
float ratio(float n, float den) { return std::fabs(n) < segment_epsilon ? 0.0f : n / den; }

}  // namespace

// Segment_ClosestPoints, 0x0034ad50 (Dan Sunday's form). The parallel test is
// absolute: D < 1e-6 whatever the segments' lengths.
SegmentParams segment_closest_points(const Vec3& d1, const Vec3& d2, const Vec3& w, Quirks quirks) {
    const float a = dot(d1, d1);
    const float b = dot(d1, d2);
    const float c = dot(d2, d2);
    const float d = dot(d1, w);
    const float e = dot(d2, w);
    const float D = a * c - b * b;
    Fractions f{};
    const bool parallel = D < segment_epsilon;
    if (parallel) {
        f = {0.0f, 1.0f, e, c};
    } else {
        f = {b * e - c * d, D, a * e - b * d, D};
        if (f.sN < 0.0f) {
            f.sN = 0.0f;
            f.tN = e;
            f.tD = c;
        } else if (f.sN > f.sD) {
            f.sN = f.sD;
            f.tN = e + b;
            f.tD = c;
        }
    }
    const bool clamped = clamp_t(f, a, b, d);
    SegmentParams out{ratio(f.sN, f.sD), ratio(f.tN, f.tD)};
    // The parallel branch's s = 0 survives when no t clamp recomputes it. For a
    // zero-length second segment (b = c = e = 0) that measures the first segment
    // from its start only (spec, "A degenerate second segment"): the quirk.
    // Corrected: project the second segment's point p2 + t.d2 back onto the first
    // (relative to p1 it is t.d2 - w).
    if (parallel && !clamped && !quirks.has(Quirk::segment_degenerate_second))
        out.s = segment_closest_param(Vec3{}, d1, out.t * d2 - w);
    return out;
}

}  // namespace levelsweep
