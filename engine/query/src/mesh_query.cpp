// The mesh queries of the reference path: the per-triangle filters and kernels
// of the original's mesh functions, on the shared cell walk (mesh_walk.hpp).
// Spec: Unit 1 "Issue #150" (the sphere sweep's filters), Unit 13
// "PhysicsMesh_SweepBox", docs/design.md items 4-8; docs/query.md and
// docs/decisions.md give the rest.
#include "levelsweep/mesh_query.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

#include "levelsweep/working_range.hpp"
#include "mesh_visits.hpp"

namespace levelsweep {

namespace {

using detail::BoxVisit;
using detail::capsule_sphere_centre;
using detail::finite;
using detail::Gather;
using detail::max3;
using detail::min3;
using detail::OverlapVisit;
using detail::SphereVisit;
using detail::VisitContext;

template <class Visit>
void walk(const Level& level, const Query& q, Walk how, bool counter_bug, QueryStats& stats, QueryObserver* observer,
          Visit&& visit) {
    if (how == Walk::brute_force) {
        detail::walk_all(level.triangle_count(), stats, visit);
        return;
    }
    const Bounds b = query_bounds(q);
    const CellRange range = level.grid().cell_range(b.min, b.max);
    auto on_cell = [observer](std::size_t cell) {
        if (observer) observer->on_cell(cell);
    };
    auto on_cell_done = [observer](std::size_t cell, std::uint32_t entries) {
        if (observer) observer->on_cell_done(cell, entries);
    };
    // A ray walks only the cells its segment crosses; the shape queries walk
    // their whole box, as the original does.
    if (q.kind == QueryKind::ray)
        detail::walk_segment(level.grid(), range, q.start, q.move, stats, visit, on_cell, on_cell_done);
    else
        detail::walk_grid(level.grid(), range, counter_bug, stats, visit, on_cell, on_cell_done);
}

}  // namespace

WorkingTriangle level_triangle(const Level& level, std::uint32_t tri, bool flipped) {
    WorkingTriangle t;
    const Vec3 n = level.normal(tri);
    const float d = level.plane(tri);
    if (!flipped) {
        for (int k = 0; k < 3; ++k) {
            t.v[k] = with_w(level.corner(tri, k), 1.0f);
            t.e[k] = with_w(level.edge(tri, k), 1.0f);
        }
        t.n = with_w(n, 1.0f);
        t.d = d;
        return t;
    }
    // CollTri_Flip swaps v1 and v2 and negates n; the edges of the flipped
    // corners are the old ones negated and reordered, and v0.(-n) = -(v0.n),
    // all exactly in IEEE arithmetic.
    t.v[0] = with_w(level.corner(tri, 0), 1.0f);
    t.v[1] = with_w(level.corner(tri, 2), 1.0f);
    t.v[2] = with_w(level.corner(tri, 1), 1.0f);
    t.e[0] = with_w(-level.edge(tri, 2), 1.0f);
    t.e[1] = with_w(-level.edge(tri, 1), 1.0f);
    t.e[2] = with_w(-level.edge(tri, 0), 1.0f);
    t.n = with_w(-1.0f * n, 1.0f);
    t.d = -d;
    return t;
}

Bounds query_bounds(const Query& q) {
    switch (q.kind) {
        case QueryKind::box_sweep: {
            Vec3 extent;
            for (int k = 0; k < 3; ++k) {
                const Vec3 a = q.axes[k];
                extent =
                    extent + Vec3{std::fabs(a.x) * q.half[k], std::fabs(a.y) * q.half[k], std::fabs(a.z) * q.half[k]};
            }
            return {min3(q.start, q.start + q.move) - extent, max3(q.start, q.start + q.move) + extent};
        }
        case QueryKind::capsule_sweep: {
            const Vec3 c = capsule_sphere_centre(q), r{q.radius, q.radius, q.radius};
            return {min3(c, c + q.move) - r, max3(c, c + q.move) + r};
        }
        case QueryKind::sphere_overlap: {
            const Vec3 r{q.radius, q.radius, q.radius};
            return {q.start - r, q.start + r};
        }
        case QueryKind::ray:
        case QueryKind::sphere_sweep: break;
    }
    const float radius = q.kind == QueryKind::ray ? 0.0f : q.radius;
    const Vec3 r{radius, radius, radius};
    return {min3(q.start, q.start + q.move) - r, max3(q.start, q.start + q.move) + r};
}

QueryStatus validate_query(const Query& q) {
    Bounds bounds;
    return validate_query(q, bounds);
}

QueryStatus validate_query(const Query& q, Bounds& bounds) {
    const QuerySettings& s = q.settings;
    bool ok = finite(q.start) && finite(q.move) && std::isfinite(s.nz_min) && std::isfinite(s.nz_max);
    switch (q.kind) {
        case QueryKind::capsule_sweep:
            ok = ok && std::isfinite(q.sphere_height) && std::isfinite(q.step_height);
            [[fallthrough]];
        case QueryKind::sphere_sweep:
        case QueryKind::sphere_overlap:
            if (!ok || !std::isfinite(q.radius)) return QueryStatus::non_finite;
            if (q.radius < 0.0f) return QueryStatus::negative_radius;
            break;
        case QueryKind::box_sweep:
            for (int k = 0; k < 3; ++k) ok = ok && finite(q.axes[k]) && std::isfinite(q.half[k]);
            if (!ok) return QueryStatus::non_finite;
            for (float h : q.half)
                if (h <= 0.0f) return QueryStatus::bad_extent;
            break;
        case QueryKind::ray:
            if (!ok) return QueryStatus::non_finite;
            break;
    }
    if (s.max_contacts == 0) return QueryStatus::zero_max_contacts;
    // Last, so that every input refused before the working range existed keeps its status.
    bounds = query_bounds(q);
    if (!within_working_range(bounds.min) || !within_working_range(bounds.max)) return QueryStatus::out_of_range;
    return QueryStatus::ok;
}

QueryResult run_query(const Level& level, const Query& q, std::span<MeshContact> out, QueryScratch& scratch, Walk how,
                      QueryObserver* observer) {
    QueryResult result;
    result.status = validate_query(q);
    if (result.status != QueryStatus::ok) return result;

    const QuerySettings& s = q.settings;
    const bool counter_bug = s.quirks.has(Quirk::mesh_cell_counter);
    Gather gather(scratch.gathered);
    VisitedBits& visited = scratch.visited;
    visited.reset();
    const Vec3 direction = normalize_rsqrt(q.move);
    QueryStats& stats = result.stats;
    const VisitContext context{level, visited, gather, stats, observer, s};

    switch (q.kind) {
        case QueryKind::sphere_sweep:
        case QueryKind::ray: {
            const float r = q.kind == QueryKind::ray ? 0.0f : q.radius;
            walk(level, q, how, false, stats, observer, SphereVisit{context, q.start, q.move, direction, r, false});
            break;
        }
        case QueryKind::capsule_sweep: {
            const SphereVisit visit{context, capsule_sphere_centre(q), q.move, direction, q.radius,
                                    true,    q.start.z + q.step_height};
            walk(level, q, how, counter_bug, stats, observer, visit);
            break;
        }
        case QueryKind::box_sweep:
            walk(level, q, how, counter_bug, stats, observer, BoxVisit{context, q.box(), q.move, direction});
            break;
        case QueryKind::sphere_overlap:
            walk(level, q, how, false, stats, observer, OverlapVisit{context, q.start, q.radius});
            break;
    }
    visited.reset();

    detail::finish_query(level, q, gather.contacts(), gather.overflow(), out, result);
    return result;
}

}  // namespace levelsweep
