// Spec Unit 13: Sweep_IntervalOverlap and the two projections of the
// box-triangle sweep.
#include <cmath>

#include "levelsweep/box_sweep.hpp"

namespace levelsweep {

namespace {
// Raises t_first to t; true when that pushes it past t_max (separated for the
// whole move; t_first keeps the new value).
bool raise_first(float& t_first, float t_max, float t) {
    if (t_first < t) t_first = t;
    return t_max < t_first;
}
void lower_last(float& t_last, float t) {
    if (t < t_last) t_last = t;
}
}  // namespace

// Sweep_IntervalOverlap, 0x0034a8d0-0x0034aa58. Cases 1 and 2 multiply by k = 1/v,
// case 3 divides by v (a last-bit difference the original has too).
bool sweep_interval_overlap(float& t_first, float& t_last, float t_max, float v, float a_min, float a_max, float b_min,
                            float b_max, Quirks quirks) {
    if (b_max < a_min) {  // 1: B below A
        if (v <= 0.0f) return true;
        const float k = 1.0f / v;
        if (raise_first(t_first, t_max, (a_min - b_max) * k)) return true;
        lower_last(t_last, (a_max - b_min) * k);
    } else if (a_max < b_min) {  // 2: B above A
        if (v >= 0.0f) return true;
        const float k = 1.0f / v;
        if (raise_first(t_first, t_max, (a_max - b_min) * k)) return true;
        lower_last(t_last, (a_min - b_max) * k);
    } else if (v > 0.0f) {  // 3: overlapping now (touching counts)
        lower_last(t_last, (a_max - b_min) / v);
    } else if (v < 0.0f) {
        lower_last(t_last, (a_min - b_max) / v);
    } else if (quirks.has(Quirk::interval_zero_speed_reset)) {
        // 4: overlapping with speed exactly 0 (0x0034aa1c-0x0034aa50): the window
        // the earlier axes built is thrown away. Corrected: left alone.
        t_first = 0.0f;
        t_last = 1.0f;
        return false;
    }
    return t_last < t_first;  // the end test, strict
}

// BoxTri_ProjectBox, 0x0034aa60.
AxisInterval box_tri_project_box(const Box& box, const Vec3& L) {
    const float r = (box.half[0] * std::fabs(dot(L, box.axis[0])) + box.half[1] * std::fabs(dot(L, box.axis[1]))) +
                    box.half[2] * std::fabs(dot(L, box.axis[2]));
    const float c = dot(L, box.centre);
    return {c - r, c + r};
}

// BoxTri_ProjectTriangle, 0x0034ab28: a corner below the running min becomes it;
// otherwise one above the running max becomes that.
AxisInterval box_tri_project_triangle(const Vec3& v0, const Vec3& v1, const Vec3& v2, const Vec3& L) {
    const float p0 = dot(L, v0);
    AxisInterval out{p0, p0};
    for (const Vec3* v : {&v1, &v2}) {
        const float p = dot(L, *v);
        if (p < out.min)
            out.min = p;
        else if (p > out.max)
            out.max = p;
    }
    return out;
}

}  // namespace levelsweep
