// Spec Unit 12: the two steps of the capsule-box sweep, a circle swept against
// a rectangle from a side region and from a corner region.
#include <cfloat>
#include <cmath>

#include "levelsweep/capsule_box_sweep.hpp"

namespace levelsweep {

namespace {

CapsuleBoxStep touching() { return {-1, 0.0f, std::nullopt}; }
CapsuleBoxStep hit(float fraction, float px, float py) { return {1, fraction, PlanePoint{px, py}}; }

// The EE's division (spec Unit 1, "Floating point on the EE"): a zero divisor
// gives FLT_MAX signed by the XOR of the operands' signs, where IEEE would give
// an infinity. Used where the spec makes the sign of that result decide a hit.
float ee_divide(float n, float d) {
    if (d == 0.0f) return std::signbit(n) != std::signbit(d) ? -FLT_MAX : FLT_MAX;
    return n / d;
}

// The smaller root of |q + t.m|^2 = r^2 as both steps compute it inline:
// C = |q|^2 - r^2, B = q.m, D = sqrt(|B^2 - A.C|), t = (C/D) / (1 - B/D), with
// no miss test (the callers screen misses first). Not Ray_CircleRoot's
// arithmetic, which multiplies by 1/D. D = 0 divides by zero; the spec lets us
// give the exact tangent root C / (D - B) there (as Ray_CircleRoot does).
float circle_root(float qx, float qy, float mx, float my, float A, float rr) {
    const float C = (qx * qx + qy * qy) - rr;
    const float B = qx * mx + qy * my;
    const float D = std::sqrt(std::fabs(B * B - A * C));
    if (D == 0.0f) return C / (D - B);
    return (C / D) / (1.0f - B / D);
}

// The same root with the corner step's explicit guard (0x0034a3f0): D exactly 0
// gives fraction 0.
float guarded_circle_root(float qx, float qy, float mx, float my, float A, float rr) {
    const float C = (qx * qx + qy * qy) - rr;
    const float B = qx * mx + qy * my;
    const float D = std::sqrt(std::fabs(B * B - A * C));
    if (D == 0.0f) return 0.0f;
    return (C / D) / (1.0f - B / D);
}

}  // namespace

int capsule_box_sweep_flag(const Body& capsule_body, const Body& box_body) {
    if (box_body.flags & Body::block_humans) return 0;
    if (capsule_body.owner_object_flags & Body::owner_airborne) return 1;
    return capsule_body.owner_landing ? 1 : 0;
}

// CapsuleBox_SweepSide, 0x0034a6d0 (called CapsuleBox_SweepCorner in the shared
// Ghidra project before 2026-10-12).
CapsuleBoxStep capsule_box_sweep_side(float x, float y, float r, float mx, float my, float hx, float hy, int flag) {
    const float g = x + hx;  // < 0
    const float s = g + r;   // r minus the gap to the face
    const float A = mx * mx + my * my;
    // Step 1: with flag 0, not moving towards the face.
    if (flag == 0 && mx <= 0.0f) return {};
    // Step 2: already within r of the face plane.
    if (s >= 0.0f) return touching();
    // Step 3: the end the move heads for. k / mx is how far past that end the
    // centre is as it crosses x = -hx; |k| / |m| the line's distance from the corner.
    const float rr = r * r;
    float end, k;
    bool end_corner;
    if (my >= 0.0f) {
        end = hy;
        k = mx * (y - hy) - my * g;
        if (k >= 0.0f && k * k > rr * A) return {};
        end_corner = k > r * my;
    } else {
        end = -hy;
        k = mx * (y + hy) - my * g;
        if (k <= 0.0f && k * k > rr * A) return {};
        end_corner = r * my > k;
    }
    if (!end_corner) {
        // Step 4: the face, not clamped to its length. A zero mx (a zero move
        // with flag 1) divides by a signed zero: the EE's signed FLT_MAX decides
        // the caller's hit (spec Unit 12, "Edge cases").
        const float f = ee_divide(-s, mx);
        return hit(f, -hx, y + f * my);
    }
    // Step 5: the end corner (-hx, end). With flag 1 and a receding path this is
    // the past entry, a negative fraction.
    return hit(circle_root(g, y - end, mx, my, A, rr), -hx, end);
}

// CapsuleBox_SweepCorner, 0x0034a318 (called CapsuleBox_SweepSide in the shared
// Ghidra project before 2026-10-12).
CapsuleBoxStep capsule_box_sweep_corner(float x, float y, float r, float mx, float my, float hx, float hy, int flag,
                                        Quirks quirks) {
    const float ex = x + hx, ey = y + hy;  // both < 0
    const float A = mx * mx + my * my;
    const float B = mx * ex + my * ey;
    const float rr = r * r;
    const float C = (ex * ex + ey * ey) - rr;
    const float k = mx * ey - my * ex;
    // With flag 0, not moving towards the corner point.
    if (flag == 0 && B >= 0.0f) return {};
    // Already within r of the corner.
    if (C <= 0.0f) return touching();
    // The corrected graze test: the line passes within r of the near corner.
    const bool find_grazes = !quirks.has(Quirk::capsule_box_missed_grazes);
    const bool near_line = k * k <= rr * A;
    if (k >= 0.0f) {
        // The path crosses the line y = -hy left of the corner, by k / my.
        if (k <= r * my) return hit(guarded_circle_root(ex, ey, mx, my, A, rr), -hx, -hy);
        if (mx <= 0.0f) {
            // The original gives up here, missing a path that still grazes the near corner.
            if (find_grazes && near_line) return hit(guarded_circle_root(ex, ey, mx, my, A, rr), -hx, -hy);
            return {};
        }
        const float k2 = mx * (y - hy) - my * ex;
        if (k2 >= 0.0f && k2 * k2 > rr * A) return {};
        if (k2 <= r * my) {
            const float f = -(ex + r) / mx;  // the face x = -hx
            return hit(f, -hx, y + f * my);
        }
        return hit(circle_root(ex, y - hy, mx, my, A, rr), -hx, hy);  // the far corner (-hx, +hy)
    }
    // The path crosses x = -hx below the corner, by -k / mx.
    if (-k <= r * mx) return hit(circle_root(ex, ey, mx, my, A, rr), -hx, -hy);  // no zero guard here
    if (my <= 0.0f) {
        if (find_grazes && near_line) return hit(circle_root(ex, ey, mx, my, A, rr), -hx, -hy);
        return {};
    }
    const float k2 = mx * ey - my * (x - hx);
    if (k2 <= 0.0f && k2 * k2 > rr * A) return {};
    if (-k2 <= r * mx) {
        const float f = -(ey + r) / my;  // the face y = -hy
        return hit(f, x + f * mx, -hy);
    }
    return hit(circle_root(x - hx, ey, mx, my, A, rr), hx, -hy);  // the far corner (+hx, -hy)
}

}  // namespace levelsweep
