// levelsweep: running queries on the batch path, one at a time.
//
// run_query_batch answers exactly what run_query (the reference path) answers
// for the same query: status, found, overflow and every contact, bit for bit,
// in both modes and with any quirk set (docs/design.md, "The batch path"). It gets
// there other ways. A short query (and the box and walking-capsule sweeps with
// the cell counter bug, Quirk::mesh_cell_counter, whatever their length) walks
// the original's cells with the reference's own visits, but only the
// triangles that can touch the swept shape reach a visit. A long one searches
// a bounding-volume hierarchy for them, runs the filters and kernels in SIMD
// lanes (SSE4.2, AVX2, AVX-512 or NEON, chosen at run time), and recomputes
// each contact's place in the original's discovery order.
//
// Only the work counters differ (QueryStats, docs/query.md): the cell walk
// counts the entries of the cells it read and the kernel calls it made; the
// hierarchy's search counts its nodes visited as `cells`, the triangles in the
// leaves reached as `entries` and the triangles past the filters as
// `kernel_calls`.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "levelsweep/batch_level.hpp"
#include "levelsweep/isa.hpp"
#include "levelsweep/mesh_query.hpp"

namespace levelsweep {

// Which path answers a query.
enum class Path { reference, batch };
std::string_view path_name(Path path);
std::optional<Path> path_from_name(std::string_view name);

// Per-thread scratch for the batch path on one BatchLevel: every buffer a
// query needs, sized once, so that a query allocates nothing.
class BatchScratch {
public:
    explicit BatchScratch(const BatchLevel& level);
    ~BatchScratch();
    BatchScratch(const BatchScratch&) = delete;
    BatchScratch& operator=(const BatchScratch&) = delete;

    struct Impl;
    Impl& impl() { return *impl_; }

private:
    std::unique_ptr<Impl> impl_;
};

// Runs one query on the batch path with instruction set `isa`, which must be
// one of available_isas() (std::invalid_argument otherwise). Isa::scalar runs
// the reference path (run_query) instead.
QueryResult run_query_batch(const BatchLevel& level, const Query& q, std::span<MeshContact> out, BatchScratch& scratch,
                            Isa isa = best_isa());

}  // namespace levelsweep
