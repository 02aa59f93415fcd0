// levelsweep: the summary a replay prints at the end: queries by kind and
// status, contacts, hits by kernel branch, the walk's work, wall time and rate.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>

#include "levelsweep/query.hpp"

namespace levelsweep {

struct ReplaySummary {
    std::array<std::array<std::uint64_t, query_status_count>, query_kind_count> by_kind_status{};
    std::uint64_t queries = 0, contacts = 0, with_contacts = 0, overflowed = 0;
    std::array<std::uint64_t, hit_branch_count> hits{};
    std::uint64_t cells = 0, entries = 0, extra_entries = 0, kernel_calls = 0;
    std::uint64_t kept = 0;  // of `queries`, those a resumed file held: the rate leaves them out

    void add(QueryKind kind, const QueryResult& r);
    // Adds another summary's counts (the summary of other queries).
    ReplaySummary& operator+=(const ReplaySummary& other);
    void print(std::ostream& out, double seconds, unsigned threads) const;
};

}  // namespace levelsweep
