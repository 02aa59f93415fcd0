// levelsweep: running queries against a level, one at a time (the reference path).
//
// run_query walks the cells of the query's box (x outer, y, z inner), tests each
// listed triangle once (visited bits), applies the original's per-triangle
// filters in its order, calls the spec's kernel, and gathers the contacts (at
// most 100, as the original's stack array; more sets `overflow`), then sorts them
// by fraction (stable: discovery order on ties) and copies at most
// max_contacts into the caller's buffer. docs/query.md gives each kind's filters
// and contact fields; docs/decisions.md what the spec left open.
#pragma once

#include <array>
#include <span>

#include "levelsweep/level.hpp"
#include "levelsweep/query.hpp"
#include "levelsweep/triangle.hpp"
#include "levelsweep/visited.hpp"

namespace levelsweep {

// The original's contact buffer: 100 mesh contacts (docs/design.md item 7).
inline constexpr std::uint32_t mesh_contact_capacity = 100;

// Per-thread scratch for queries on one level: the visited bits and the gather
// array. Reusing it makes a query allocation-free.
class QueryScratch {
public:
    explicit QueryScratch(const Level& level) : visited(level.triangle_count()) {}

    VisitedBits visited;
    std::array<MeshContact, mesh_contact_capacity> gathered;
};

// How the triangles are found: the cell walk, or every triangle in index order
// (for checking the walk; no cell lists, so no counter bug).
enum class Walk { grid, brute_force };

// Optional instrumentation of a walk (profiles, tests): told of every cell the
// walk visits and every triangle that reaches the kernel. Without an observer a
// query pays one null test per cell and per kernel call.
class QueryObserver {
public:
    virtual ~QueryObserver() = default;
    virtual void on_cell(std::size_t cell) = 0;
    // Right before the kernel runs on `triangle`.
    virtual void on_kernel(std::uint32_t triangle) = 0;
    // Right after it returns: the branch it took, whether the call gave a
    // contact (one counted in QueryStats::hits_by_branch), and what it
    // computed: a sweep's fraction of the move (outside [0, 1] when the
    // contact falls outside the move; the box kernel's 1e28 when it finds
    // none), an overlap's depth; NaN when the kernel gives no number (a sphere
    // sweep that meets nothing, an overlap that does not touch).
    virtual void on_kernel_done(std::uint32_t /*triangle*/, KernelBranch /*branch*/, bool /*contact*/,
                                float /*value*/) {}
    // When the walk leaves a cell: the list entries it read there (counter-bug
    // reads past the list's end included). The grid walk only.
    virtual void on_cell_done(std::size_t /*cell*/, std::uint32_t /*entries*/) {}
};

// Validates the query (a status other than ok means nothing was walked).
QueryStatus validate_query(const Query& q);
// The same, and when it is ok, the query's box (query_bounds), which the
// check of the working range computes: a path that walks it need not again.
QueryStatus validate_query(const Query& q, Bounds& bounds);

// Runs one query. Contacts go to `out` (at most min(out.size(), max_contacts)).
QueryResult run_query(const Level& level, const Query& q, std::span<MeshContact> out, QueryScratch& scratch,
                      Walk walk = Walk::grid, QueryObserver* observer = nullptr);

// Triangle `tri` as the original's mesh sweeps fill the working triangle: the
// corners, the unit normal, optionally CollTri_Flip (0x00343c90), then the
// unnormalised edges and d = v0.n, all from the level's precomputed arrays
// (bit for bit what recomputing them would give).
WorkingTriangle level_triangle(const Level& level, std::uint32_t tri, bool flipped);

// The box a query walks: the swept shape's bounds, start and end, grown by its
// radius or extent (docs/design.md item 2).
Bounds query_bounds(const Query& q);

}  // namespace levelsweep
