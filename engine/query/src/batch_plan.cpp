// The batch path's plan of a query (batch_plan.hpp): what the per-ISA code
// needs of it as plain data (simd's lane ABI).
#include "batch_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mesh_visits.hpp"

namespace levelsweep::detail {

namespace {

// How far past a triangle's box the batch path still looks. The reference
// kernels decide a graze by differences of squares (the capsule's wall
// discriminant a1^2 - a2.a0, the end spheres', the segment's at the start,
// Eberly's q), whose rounding moves the graze by about sqrt(eps) times the
// distances involved: a ray 4 m from an edge's start is found to touch the
// edge when it passes 1.7 mm from it. Those distances are at most the move, the
// radius and the triangle's own extent (from the point of the graze to the
// edge's start), so a triangle is looked at when its box, grown by the shape,
// by 4e-3 (about 10 sqrt(eps)) of those lengths and by an absolute term for the
// rounding of the coordinates themselves, meets the swept segment: no triangle
// left out can graze the shape in the reference kernels either.
constexpr float rel_margin = 4e-3f;

float abs_margin(float extent, const Query& q) {
    // The largest of these magnitudes, in any order (a query that comes here is finite).
    const Vec3 end = q.start + q.move;
    const float ends = std::max(std::max(std::max(std::fabs(q.start.x), std::fabs(q.start.y)), std::fabs(q.start.z)),
                                std::max(std::max(std::fabs(end.x), std::fabs(end.y)), std::fabs(end.z)));
    return 1e-4f + 2e-5f * std::max(extent, ends);
}

float length_of(const Vec3& v) { return std::sqrt(dot(v, v)); }

// Orthonormal to within 1e-3: a box whose world bounds are what its axes and
// half extents say.
bool orthonormal(const Box& b) {
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (std::fabs(dot(b.axis[i], b.axis[j]) - (i == j ? 1.0f : 0.0f)) > 1e-3f) return false;
    return true;
}

// A sweep's reach: the segment from c along M, every triangle box grown by
// `grow` and the relative margin.
void set_segment_reach(simd::LanePlan& p, const Vec3& grow, float size) {
    p.grow = grow;
    p.rel_margin = rel_margin;
    p.size = size;
    const Vec3 end = p.c + p.M;
    p.reach_lo = min3(p.c, end);
    p.reach_hi = max3(p.c, end);
    // The slab test prunes what the segment's bounds alone let through only
    // where the move is long beside the shape; for a short move it is work for
    // nothing.
    p.slab = length_of(p.M) > 2.0f * std::max({grow.x, grow.y, grow.z});
    for (int a = 0; a < 3; ++a) {
        const float m = component(p.M, a);
        p.slab_axis[a] = std::fabs(m) > 1e-30f;
        (a == 0 ? p.inv_move.x : a == 1 ? p.inv_move.y : p.inv_move.z) = p.slab_axis[a] ? 1.0f / m : 0.0f;
    }
}

// The reach's growth for a query of `size`: `grow` and the margin's share,
// raised by a hundredth so that the sums' rounding never makes the cell walk's
// test stricter than the hierarchy's (traversal_wide.hpp, box_reaches).
float reach_growth(float grow, float size) { return 1.01f * (grow + rel_margin * size); }

// The most cells a query's walk may cover and still take the cell walk: past
// it, the hierarchy finds the few triangles the shape can touch faster than
// the walk reads every list of its box. Measured (docs/performance.md, "The
// route"): bench_scenarios' long sets ran 3-4x faster with these than with
// 512 and 96, and the gameplay traces' sweeps (jumps, strikes, walks of at
// most 16 cells) the same.
constexpr float cell_walk_max_cells = 16.0f;
constexpr float cell_walk_max_ray_cells = 8.0f;

// The cells a query's walk covers: its box's, or about those a ray's segment
// crosses (one per slab it enters on each axis).
float walked_cells(const GridGeometry& g, const Query& q, const CellRange& r) {
    if (q.kind == QueryKind::ray) {
        float n = 1.0f;
        for (int a = 0; a < 3; ++a) n += std::fabs(component(q.move, a)) / component(g.cell_size, a);
        return n;
    }
    if (r.empty()) return 0.0f;
    float n = 1.0f;
    for (std::size_t a = 0; a < 3; ++a) n *= static_cast<float>(r.hi[a] - r.lo[a] + 1);
    return n;
}

// The world extent of a box sweep's box on each axis.
Vec3 box_extent(const Query& q) {
    Vec3 extent;
    for (int k = 0; k < 3; ++k) {
        const Vec3 a = q.axes[k];
        extent = extent + Vec3{std::fabs(a.x) * q.half[k], std::fabs(a.y) * q.half[k], std::fabs(a.z) * q.half[k]};
    }
    return extent;
}

// Whether a box sweep's contacts are true touches of the swept box, and so
// lie within its bounds: not with the zero-speed reset (which can give a
// contact with any triangle the walk tests, Unit 13 test 4), nor for a skewed
// box, whose world bounds its extents do not give.
bool box_contacts_within_bounds(const Query& q) {
    return !q.settings.quirks.has(Quirk::interval_zero_speed_reset) && orthonormal(q.box());
}

}  // namespace

bool reaches_every_entry(const Query& q) {
    // With the counter bug every miss counts, however far; without bounds on
    // the contacts any triangle may give one.
    return q.kind == QueryKind::box_sweep &&
           (q.settings.quirks.has(Quirk::mesh_cell_counter) || !box_contacts_within_bounds(q));
}

BatchRoute batch_route(const BatchLevel& level, const Query& q, const CellRange& walked) {
    // With the counter bug the walk is the answer's: its reads past a list.
    // (A box sweep with it never comes here: reaches_every_entry, the box walk.)
    if (q.settings.quirks.has(Quirk::mesh_cell_counter) && q.kind == QueryKind::capsule_sweep)
        return BatchRoute::cell_walk;
    const GridGeometry& g = level.level().grid().geometry();
    const float most = q.kind == QueryKind::ray ? cell_walk_max_ray_cells : cell_walk_max_cells;
    return walked_cells(g, q, walked) <= most ? BatchRoute::cell_walk : BatchRoute::pruned;
}

namespace {

// The slabs' axes and reciprocals, which only a reach with `slab` reads.
void set_slabs(CellWalkReach& r, const Vec3& move) {
    for (int a = 0; a < 3; ++a) {
        const float v = component(move, a);
        r.slab_axis[a] = std::fabs(v) > 1e-30f;
        (a == 0 ? r.inv_move.x : a == 1 ? r.inv_move.y : r.inv_move.z) = r.slab_axis[a] ? 1.0f / v : 0.0f;
    }
}

}  // namespace

CellWalkReach cell_walk_reach(float extent, const Query& q) {
    const float m = abs_margin(extent, q), length = length_of(q.move);
    CellWalkReach r;
    float widest = 0.0f;  // the largest of the shape's growths on the three axes
    switch (q.kind) {
        case QueryKind::sphere_sweep:
        case QueryKind::ray:
        case QueryKind::capsule_sweep: {
            r.c = q.kind == QueryKind::capsule_sweep ? capsule_sphere_centre(q) : q.start;
            r.M = q.move;
            const float radius = q.kind == QueryKind::ray ? 0.0f : q.radius;
            widest = radius + m;  // the same on every axis: one growth for the three
            const float g = reach_growth(widest, length + radius);
            r.growth = {g, g, g};
            break;
        }
        case QueryKind::sphere_overlap: {
            r.c = q.start;
            widest = q.radius + m;
            const float g = reach_growth(widest, q.radius);
            r.growth = {g, g, g};
            break;
        }
        case QueryKind::box_sweep: {
            r.c = q.start;
            r.M = q.move;
            const Vec3 extent3 = box_extent(q);
            const Vec3 grow = 1.01f * extent3 + Vec3{m, m, m};
            const float size = length + std::max({extent3.x, extent3.y, extent3.z});
            r.growth = {reach_growth(grow.x, size), reach_growth(grow.y, size), reach_growth(grow.z, size)};
            widest = std::max({grow.x, grow.y, grow.z});
            break;
        }
    }
    const Vec3 end = r.c + r.M;
    r.box = {min3(r.c, end) - r.growth, max3(r.c, end) + r.growth};
    // Along a move long beside the shape, the segment's own slabs prune what
    // its box lets through (as the hierarchy's traversal does).
    r.slab = length > 2.0f * widest;
    if (r.slab) set_slabs(r, q.move);  // the reciprocals only where the slab test reads them
    return r;
}

float triangle_reach_margin(float extent_sum) { return 1.01f * (rel_margin * extent_sum); }

simd::LanePlan make_lane_plan(const BatchLevel& level, const Query& q) {
    const QuerySettings& s = q.settings;
    simd::LanePlan p;
    p.quirks = s.quirks;
    p.M = q.move;
    // The filters of the query's visit (mesh_visits.hpp), as plain data.
    simd::LaneFilters& f = p.filters;
    f.skip_special = skips_special(s, q.kind != QueryKind::box_sweep);  // the box has no option 0x8000
    if (q.kind != QueryKind::box_sweep) {                               // nor an n.z range
        f.nz_options = s.options & (option::nz_min | option::nz_max);
        f.nz_min = s.nz_min;
        f.nz_max = s.nz_max;
    }
    f.face_test = q.kind != QueryKind::sphere_overlap;
    f.marking = q.kind != QueryKind::box_sweep && (s.options & option::mark_faces) != 0;
    const float m = abs_margin(level.extent(), q);
    switch (q.kind) {
        case QueryKind::sphere_sweep:
        case QueryKind::ray: {
            p.c = q.start;
            p.r = q.kind == QueryKind::ray ? 0.0f : q.radius;
            set_segment_reach(p, (p.r + m) * Vec3{1, 1, 1}, length_of(p.M) + p.r);
            break;
        }
        case QueryKind::capsule_sweep: {
            p.c = capsule_sphere_centre(q);
            p.r = q.radius;
            f.step = true;
            f.step_top = q.start.z + q.step_height;
            set_segment_reach(p, (p.r + m) * Vec3{1, 1, 1}, length_of(p.M) + p.r);
            break;
        }
        case QueryKind::sphere_overlap: {
            p.kernel = simd::LaneKernel::sphere_penetration;
            p.c = q.start;
            p.r = q.radius;
            p.grow = (p.r + m) * Vec3{1, 1, 1};
            p.rel_margin = rel_margin;
            p.size = p.r;
            p.reach_lo = p.reach_hi = p.c;
            break;
        }
        case QueryKind::box_sweep: {
            p.kernel = simd::LaneKernel::box_sweep;
            p.box = q.box();
            p.c = p.box.centre;
            // A contact is a true touch of the swept box, within its bounds
            // (the others take the box walk, which reads no reach: reaches_every_entry).
            const Vec3 extent = box_extent(q);
            set_segment_reach(p, 1.01f * extent + Vec3{m, m, m},
                              length_of(p.M) + std::max({extent.x, extent.y, extent.z}));
            break;
        }
    }
    f.side_at = p.c;  // the sphere's centre, or the box's (0x003487b8)
    return p;
}

}  // namespace levelsweep::detail
