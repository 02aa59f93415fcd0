#include "queries/path_options.hpp"

namespace levelsweep::cli {

Path PathOptions::chosen_path() const { return *path_from_name(path); }

Isa PathOptions::chosen_isa() const { return chosen_path() == Path::batch ? choose_isa(isa) : Isa::scalar; }

void add_path_options(CLI::App& cmd, PathOptions& o) {
    cmd.add_option("--path", o.path, "batch (SIMD) or reference (scalar); both give the same answers")
        ->check(CLI::IsMember({"reference", "batch"}))
        ->capture_default_str();
    cmd.add_option("--isa", o.isa,
                   "The batch path's instruction set: auto (LEVELSWEEP_ISA if set, else the best this CPU has), "
                   "sse4, avx2, avx512, neon, or scalar (the reference path)")
        ->check(CLI::IsMember({"auto", "sse4", "avx2", "avx512", "neon", "scalar"}))
        ->capture_default_str();
}

SingleQueryRunner::SingleQueryRunner(const Level& level, const PathOptions& o)
    : level_(level), path_(o.chosen_path()), isa_(o.chosen_isa()), scratch_(level) {
    if (path_ == Path::batch && isa_ != Isa::scalar) {
        batch_.emplace(level);
        batch_scratch_.emplace(*batch_);
    }
}

QueryResult SingleQueryRunner::run(const Query& q, std::span<MeshContact> out) {
    if (batch_) return run_query_batch(*batch_, q, out, *batch_scratch_, isa_);
    return run_query(level_, q, out, scratch_);
}

}  // namespace levelsweep::cli
