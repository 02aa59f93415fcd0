// levelsweep benchmarks: what a query benchmark reports of its batch's answers.
#pragma once

#include <benchmark/benchmark.h>

#include <span>

#include "query_paths.hpp"

namespace levelsweep::bench {

// The work per query and the hash of a batch's answers, which stops the
// benchmark with an error when it differs from the serial reference run's.
inline void report_batch(benchmark::State& state, const BatchSummary& reference, std::span<const QuerySlot> slots) {
    const BatchSummary s = summarise(slots);
    const double n = static_cast<double>(slots.size());
    state.counters["kernels/q"] = static_cast<double>(s.kernel_calls) / n;
    state.counters["contacts/q"] = static_cast<double>(s.contacts) / n;
    state.counters["hit%"] = 100.0 * static_cast<double>(s.hits) / n;
    state.SetLabel(hash_label(s.hash));
    if (s.hash != reference.hash) state.SkipWithError("result hash differs from the serial reference run");
}

}  // namespace levelsweep::bench
