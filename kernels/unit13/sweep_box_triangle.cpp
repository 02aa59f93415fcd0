// Spec Unit 13, Sweep_BoxTriangle: a separating-axis sweep of a moving box
// against a standing triangle over 13 axes, with no epsilon anywhere.
#include "levelsweep/box_sweep.hpp"

namespace levelsweep {

namespace {

// The running window and the optional per-axis record.
struct Window {
    float first = 0.0f;
    float last = box_triangle_open_window;
    BoxTriangleTrace* trace = nullptr;

    // One axis: the triangle (A) stands still, the box (B) moves at `speed`;
    // tMax is 1.0 for every axis. True when the axis separates.
    bool separates(const AxisInterval& tri, const AxisInterval& box, float speed, Quirks quirks) {
        const bool apart = sweep_interval_overlap(first, last, 1.0f, speed, tri.min, tri.max, box.min, box.max, quirks);
        if (trace != nullptr) {
            trace->first[static_cast<std::size_t>(trace->axes)] = first;
            trace->last[static_cast<std::size_t>(trace->axes)] = last;
            ++trace->axes;
        }
        return apart;
    }
};

// Sweep_BoxTriangle, 0x0034d5d0. A zero cross axis (an edge parallel to a box
// axis) is not skipped: both intervals are [0, 0] at speed 0, which is the
// interval test's zero-speed case, so with the quirk it resets the window.
float sweep(const Box& box, const WorkingTriangle& t, const Vec3& move, Quirks quirks, Window& w) {
    const Vec3 v0 = xyz(t.v[0]), v1 = xyz(t.v[1]), v2 = xyz(t.v[2]);

    // Axis 1, the face: N = e0 x e1, not normalised; the triangle is one value.
    const Vec3 N = cross(xyz(t.e[0]), xyz(t.e[1]));
    const float plane = dot(N, v0);
    if (w.separates({plane, plane}, box_tri_project_box(box, N), dot(N, move), quirks)) return box_triangle_no_contact;

    // Axes 2-4, the box's axes: its interval is A_i.P -+ h_i.
    for (int i = 0; i < 3; ++i) {
        const Vec3& A = box.axis[i];
        const float c = dot(A, box.centre);
        const AxisInterval box_range{c - box.half[i], c + box.half[i]};
        if (w.separates(box_tri_project_triangle(v0, v1, v2, A), box_range, dot(A, move), quirks))
            return box_triangle_no_contact;
    }

    // Axes 5-13, e_i x A_j, i outer, j inner.
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            const Vec3 L = cross(xyz(t.e[i]), box.axis[j]);
            if (w.separates(box_tri_project_triangle(v0, v1, v2, L), box_tri_project_box(box, L), dot(L, move), quirks))
                return box_triangle_no_contact;
        }
    }

    // t = 1 exactly is a contact.
    const float fraction = w.first;
    if (fraction < 0.0f || fraction > 1.0f) return box_triangle_no_contact;
    return fraction;
}

}  // namespace

float sweep_box_triangle(const Box& box, const WorkingTriangle& t, const Vec3& move, Quirks quirks) {
    Window w;
    return sweep(box, t, move, quirks, w);
}

float sweep_box_triangle(const Box& box, const WorkingTriangle& t, const Vec3& move, Quirks quirks,
                         BoxTriangleTrace& trace) {
    trace = BoxTriangleTrace{};
    Window w;
    w.trace = &trace;
    return sweep(box, t, move, quirks, w);
}

}  // namespace levelsweep
