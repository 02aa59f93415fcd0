// The batch path's cell walk (batch_run.hpp): the reference walk itself
// (mesh_walk.hpp: the cells of the query's box in the original's order, the
// counter bug's reads past a list, the visited bits) with the reference visits
// (mesh_visits.hpp), but a list entry reaches the visit only when its triangle
// can touch the swept shape. The short queries a game frame makes take it
// (docs/performance.md, "The port's workload").
//
// Why the answers are the reference's (docs/design.md, "The batch path"): an
// entry is passed over when its triangle is below a walking capsule's step (the
// visit would drop it before the kernel) or when its box, grown by the shape
// and a proven margin, misses the query's reach (batch_plan.cpp: the kernel
// would find no contact, and a sphere kernel that finds none leaves the cell
// counter alone only on a fraction above 1, which needs a contact within the
// move). Such an entry gives no contact and advances the counter at every read
// of it, visited or not; so the entries that reach a visit are the only ones
// whose visited bits decide anything, and they are walked exactly as the
// reference walks them. A walking capsule also passes over a whole cell whose
// highest enabled triangle is below its step. The work counters are the walk's
// own: a kernel call passed over is not counted.
#include "batch_run.hpp"
#include "levelsweep/triangle_filters.hpp"
#include "mesh_visits.hpp"

namespace levelsweep::detail {

namespace {

// Whether the entry naming `tri` can reach the kernel: on or above the step
// (capsule) and its grown box within the query's reach. A word naming no
// triangle reads the one-past record, which nothing reaches.
struct EntryReach {
    const simd::TriangleReach* boxes;
    std::uint32_t triangles;
    Bounds reach;
    bool step = false;
    float step_top = 0.0f;

    bool operator()(std::uint32_t tri) const {
        const simd::TriangleReach& b = boxes[tri < triangles ? tri : triangles];
        if (step && below_step(b.top, step_top)) return false;
        return b.lo[0] <= reach.max.x && b.hi[0] >= reach.min.x && b.lo[1] <= reach.max.y &&
               b.hi[1] >= reach.min.y && b.lo[2] <= reach.max.z && b.hi[2] >= reach.min.z;
    }
};

// The reference visit behind the reach test.
template <class Visit>
struct ReachingVisit {
    const EntryReach& reach;
    const Visit& visit;
    Counter operator()(std::uint32_t tri) const { return reach(tri) ? visit(tri) : Counter::advanced; }
};

// walk_grid (mesh_walk.hpp) with a capsule's whole-cell pass: a cell whose
// highest enabled triangle is below the step holds no entry that reaches the
// kernel, so its list reads as it stands (no entry leaves the counter behind).
template <class Visit>
void walk_cells(const CellGrid& grid, const simd::WalkWords& walk, const CellRange& range, bool counter_bug,
                const EntryReach& reach, QueryStats& stats, const Visit& visit) {
    const ReachingVisit<Visit> reaching{reach, visit};
    auto none = [](auto&&...) {};
    grid.for_each_cell(range, [&](std::size_t cell) {
        const simd::WalkWords::Cell& c = walk.cells[cell];
        if (c.count == 0 || (reach.step && c.top < reach.step_top)) {
            ++stats.cells;
            stats.entries += c.count;
            return;
        }
        walk_cell(grid, cell, counter_bug, stats, reaching, none, none);
    });
}

}  // namespace

std::span<MeshContact> BatchRun::cell_walk(bool& overflow) {
    const QuerySettings& s = q_.settings;
    QueryScratch& scratch = s_.reference;
    Gather gather(scratch.gathered);
    scratch.visited.reset();
    QueryStats& stats = result_.stats;
    const VisitContext context{level_, scratch.visited, gather, stats, nullptr, s};
    const CellGrid& grid = level_.grid();
    const simd::WalkWords& walk = data_.walk;
    const Bounds box = query_bounds(q_);
    const CellRange range = grid.cell_range(box.min, box.max);
    EntryReach reach{walk.reach.data(), walk.triangles, cell_walk_reach(data_, q_)};
    switch (q_.kind) {
        case QueryKind::sphere_sweep:
            walk_cells(grid, walk, range, false, reach, stats,
                       SphereVisit{context, q_.start, q_.move, direction_, q_.radius, false});
            break;
        case QueryKind::ray: {
            const SphereVisit ray{context, q_.start, q_.move, direction_, 0.0f, false};
            walk_segment(grid, range, q_.start, q_.move, stats, ReachingVisit<SphereVisit>{reach, ray},
                         [](std::size_t) {}, [](std::size_t, std::uint32_t) {});
            break;
        }
        case QueryKind::capsule_sweep:
            reach.step = true;
            reach.step_top = q_.start.z + q_.step_height;
            walk_cells(grid, walk, range, s.quirks.has(Quirk::mesh_cell_counter), reach, stats,
                       SphereVisit{context, capsule_sphere_centre(q_), q_.move, direction_, q_.radius, true,
                                   reach.step_top});
            break;
        case QueryKind::sphere_overlap:
            walk_cells(grid, walk, range, false, reach, stats, OverlapVisit{context, q_.start, q_.radius});
            break;
        case QueryKind::box_sweep:
            break;  // the box sweep never takes the cell walk (batch_plan.hpp)
    }
    scratch.visited.reset();
    overflow = gather.overflow();
    return gather.contacts();
}

}  // namespace levelsweep::detail
