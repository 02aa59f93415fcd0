// Query records: factories and names.
#include "levelsweep/query.hpp"

namespace levelsweep {

Query Query::sphere_sweep(const Vec3& centre, float radius, const Vec3& move, const QuerySettings& s) {
    Query q;
    q.kind = QueryKind::sphere_sweep;
    q.start = centre;
    q.radius = radius;
    q.move = move;
    q.settings = s;
    return q;
}

Query Query::capsule_sweep(const Vec3& feet, const Vec3& move, float radius, const QuerySettings& s) {
    Query q;
    q.kind = QueryKind::capsule_sweep;
    q.start = feet;
    q.radius = radius;
    q.move = move;
    q.settings = s;
    return q;
}

Query Query::box_sweep(const Box& box, const Vec3& move, const QuerySettings& s) {
    Query q;
    q.kind = QueryKind::box_sweep;
    q.start = box.centre;
    for (int k = 0; k < 3; ++k) {
        q.axes[k] = box.axis[k];
        q.half[k] = box.half[k];
    }
    q.move = move;
    q.settings = s;
    return q;
}

Query Query::sphere_overlap(const Vec3& centre, float radius, const QuerySettings& s) {
    Query q;
    q.kind = QueryKind::sphere_overlap;
    q.start = centre;
    q.radius = radius;
    q.settings = s;
    return q;
}

Query Query::ray(const Vec3& start, const Vec3& move, const QuerySettings& s) {
    Query q;
    q.kind = QueryKind::ray;
    q.start = start;
    q.move = move;
    q.settings = s;
    return q;
}

Box Query::box() const {
    Box b;
    for (int k = 0; k < 3; ++k) {
        b.axis[k] = axes[k];
        b.half[k] = half[k];
    }
    b.centre = start;
    return b;
}

std::string_view collect_name(Collect c) { return c == Collect::closest ? "closest" : "all"; }

std::string_view query_kind_name(QueryKind kind) {
    switch (kind) {
        case QueryKind::sphere_sweep: return "sphere_sweep";
        case QueryKind::capsule_sweep: return "capsule_sweep";
        case QueryKind::box_sweep: return "box_sweep";
        case QueryKind::sphere_overlap: return "sphere_overlap";
        case QueryKind::ray: return "ray";
    }
    return "?";
}

std::string_view query_status_name(QueryStatus s) {
    switch (s) {
        case QueryStatus::ok: return "ok";
        case QueryStatus::non_finite: return "non_finite";
        case QueryStatus::negative_radius: return "negative_radius";
        case QueryStatus::bad_extent: return "bad_extent";
        case QueryStatus::zero_max_contacts: return "zero_max_contacts";
        case QueryStatus::malformed: return "malformed";
        case QueryStatus::out_of_range: return "out_of_range";
    }
    return "?";
}

std::string_view hit_branch_name(HitBranch b) {
    switch (b) {
        case HitBranch::face: return "face";
        case HitBranch::edge: return "edge";
        case HitBranch::corner: return "corner";
        case HitBranch::box_triangle: return "box_triangle";
        case HitBranch::penetration: return "penetration";
    }
    return "?";
}

std::string_view kernel_branch_name(KernelBranch b) {
    switch (b) {
        case KernelBranch::rejected: return "rejected";
        case KernelBranch::face: return "face";
        case KernelBranch::edge: return "edge";
        case KernelBranch::corner: return "corner";
        case KernelBranch::box_triangle: return "box_triangle";
        case KernelBranch::penetration: return "penetration";
    }
    return "?";
}

}  // namespace levelsweep
