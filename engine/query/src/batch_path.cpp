// The batch path (levelsweep/batch_path.hpp): its per-thread scratch, the names
// of the paths, and run_query_batch, which runs one query (batch_run.hpp) on
// an ISA's lanes and finishes it as the reference path does (collector.hpp).
#include "levelsweep/batch_path.hpp"

#include <stdexcept>
#include <string>

#include "batch_isa.hpp"
#include "batch_run.hpp"

namespace levelsweep {

BatchScratch::BatchScratch(const BatchLevel& level) : impl_(std::make_unique<Impl>(level)) {}
BatchScratch::~BatchScratch() = default;

std::string_view path_name(Path path) { return path == Path::batch ? "batch" : "reference"; }

std::optional<Path> path_from_name(std::string_view name) {
    if (name == "reference") return Path::reference;
    if (name == "batch") return Path::batch;
    return std::nullopt;
}

QueryResult run_query_batch(const BatchLevel& level, const Query& q, std::span<MeshContact> out, BatchScratch& scratch,
                            Isa isa) {
    const simd::LaneTable* table = detail::lane_table_for(isa);
    if (table == nullptr && isa != Isa::scalar)
        throw std::invalid_argument("ISA " + std::string(isa_name(isa)) + " is not available on this machine");
    // The scalar ISA: the reference path's query itself.
    if (isa == Isa::scalar) return run_query(level.level(), q, out, scratch.impl().reference);
    QueryResult result;
    Bounds bounds;
    result.status = validate_query(q, bounds);
    if (result.status != QueryStatus::ok) return result;
    bool overflow = false;
    std::span<MeshContact> found = detail::BatchRun(level, q, bounds, scratch.impl(), *table, result).run(overflow);
    detail::finish_query(level.level(), q, found, overflow, out, result);
    return result;
}

}  // namespace levelsweep
