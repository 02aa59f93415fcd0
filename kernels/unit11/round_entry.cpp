// Unit 11 (not in the spec): when a point moving along a line first lies within
// a ball, a finite cylinder or a sphere-swept segment. Every step is our
// definition (docs/decisions.md, "The round-shape sweeps"), not a transcription;
// the one routine of the original it uses is Sweep_IntervalOverlap (Unit 13),
// which the spec says PhysicsSweep_CapsuleCapsule (0x00343cd8) calls.
#include <cmath>
#include <limits>

#include "levelsweep/round_sweep.hpp"

namespace levelsweep {

namespace {

// Ours: a window's entry within the move: its first time, or the start when it
// opened before; none when it closes before the start or opens after the end.
// (Written so that a NaN fails.)
std::optional<float> entry_of(const TimeWindow& w) {
    const float t = w.first > 0.0f ? w.first : 0.0f;
    if (t <= w.last && t <= 1.0f) return t;
    return std::nullopt;
}

// Ours: keeps the earlier of two entries (the first found on a tie).
void keep_earlier(std::optional<float>& best, std::optional<float> t) {
    if (t && (!best || *t < *best)) best = t;
}

}  // namespace

// Ours: the roots of |p + t.d|^2 = rr, with C, B and A summed as Ray_SphereRoot
// (Unit 5, 0x0034af50) sums them, each root in the form that does not cancel:
// the one on -B's side is (-B -+ s) / A, the other C divided by that numerator.
// The smaller is Ray_SphereRoot's C / (D - B) as one division (Unit 5 allows it).
std::optional<TimeWindow> ball_window(const Vec3& p, const Vec3& d, float rr) {
    const float c = dot(p, p) - rr;
    const float b = dot(p, d);
    const float a = dot(d, d);
    // Ours: no move: within (touching counts) for the whole move, or never.
    if (a == 0.0f) {
        constexpr float always = std::numeric_limits<float>::infinity();
        if (c <= 0.0f) return TimeWindow{-always, always};
        return std::nullopt;
    }
    // Ours: the line passes farther than sqrt(rr); a zero discriminant (a graze) touches.
    const float disc = b * b - a * c;
    if (disc < 0.0f) return std::nullopt;
    const float s = std::sqrt(disc);
    if (b < 0.0f) return TimeWindow{c / (s - b), (s - b) / a};
    if (b + s == 0.0f) return TimeWindow{0.0f, 0.0f};  // on the sphere at t = 0, moving along it
    return TimeWindow{-(b + s) / a, -c / (b + s)};
}

// Ours: the interval's window comes first, from Sweep_IntervalOverlap with
// Sweep_BoxTriangle's opening window [0, 1e24] and tMax 1.0 (Unit 13); being
// first, its zero-speed reset (interval_zero_speed_reset) has no earlier window
// to throw away, so both modes agree. Then the disc's window; both hold from
// the later of the two entries.
std::optional<RoundEntry> interval_disc_entry(const AxisInterval& standing, const AxisInterval& moving, float speed,
                                              const Vec3& p, const Vec3& d, float rr, Quirks quirks) {
    float first = 0.0f, last = box_triangle_open_window;
    if (sweep_interval_overlap(first, last, 1.0f, speed, standing.min, standing.max, moving.min, moving.max, quirks))
        return std::nullopt;
    const std::optional<TimeWindow> disc = ball_window(p, d, rr);
    if (!disc) return std::nullopt;
    // Ours: the flat end is met when the interval opens after the start and after the disc.
    const bool on_end = first > 0.0f && first > disc->first;
    const std::optional<float> t = entry_of({on_end ? first : disc->first, disc->last});
    if (!t || !(*t <= last)) return std::nullopt;
    return RoundEntry{*t, on_end};
}

// Ours: the grown segment is the union of two balls (its ends) and a finite
// cylinder (its wall), each convex, so the point first lies within it at the
// earliest of the three entries. The wall is the axial coordinate's interval
// [0, |d|] (the point's coordinate a zero-length interval moving at m.u) and the
// disc of the point's offset from the axis, u = d / |d|.
std::optional<float> round_segment_entry(const Vec3& q, const Vec3& m, const Vec3& d, float R, Quirks quirks) {
    const float rr = R * R;
    std::optional<float> best;
    if (const std::optional<TimeWindow> w = ball_window(q, m, rr)) keep_earlier(best, entry_of(*w));
    const float dd = dot(d, d);
    if (!(dd > 0.0f)) return best;  // Ours: a zero-length segment is its ball
    if (const std::optional<TimeWindow> w = ball_window(q - d, m, rr)) keep_earlier(best, entry_of(*w));
    const float len = std::sqrt(dd);
    const Vec3 u{d.x / len, d.y / len, d.z / len};
    const float a0 = dot(q, u), va = dot(m, u);
    if (const std::optional<RoundEntry> e =
            interval_disc_entry({0.0f, len}, {a0, a0}, va, q - a0 * u, m - va * u, rr, quirks))
        keep_earlier(best, e->fraction);
    return best;
}

}  // namespace levelsweep
