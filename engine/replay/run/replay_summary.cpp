#include "levelsweep/replay_summary.hpp"

#include <cstdio>
#include <string>

namespace levelsweep {

void ReplaySummary::add(QueryKind kind, const QueryResult& r) {
    ++queries;
    ++by_kind_status[static_cast<std::size_t>(kind)][static_cast<std::size_t>(r.status)];
    contacts += r.count;
    with_contacts += r.count > 0;
    overflowed += r.overflow;
    for (int b = 0; b < hit_branch_count; ++b) hits[static_cast<std::size_t>(b)] += r.stats.hits_by_branch[b];
    cells += r.stats.cells;
    entries += r.stats.entries;
    extra_entries += r.stats.extra_entries;
    kernel_calls += r.stats.kernel_calls;
}

ReplaySummary& ReplaySummary::operator+=(const ReplaySummary& o) {
    for (std::size_t k = 0; k < by_kind_status.size(); ++k)
        for (std::size_t st = 0; st < by_kind_status[k].size(); ++st) by_kind_status[k][st] += o.by_kind_status[k][st];
    queries += o.queries;
    contacts += o.contacts;
    with_contacts += o.with_contacts;
    overflowed += o.overflowed;
    for (std::size_t b = 0; b < hits.size(); ++b) hits[b] += o.hits[b];
    cells += o.cells;
    entries += o.entries;
    extra_entries += o.extra_entries;
    kernel_calls += o.kernel_calls;
    return *this;
}

void ReplaySummary::print(std::ostream& out, double seconds, unsigned threads) const {
    out << "queries by kind and status\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-16s %10s", "kind", "total");
    out << line;
    for (int s = 0; s < query_status_count; ++s) {
        std::snprintf(line, sizeof line, " %12s", std::string(query_status_name(static_cast<QueryStatus>(s))).c_str());
        out << line;
    }
    out << '\n';
    for (int k = 0; k < query_kind_count; ++k) {
        const auto& row = by_kind_status[static_cast<std::size_t>(k)];
        std::uint64_t total = 0;
        for (auto n : row) total += n;
        if (total == 0) continue;
        std::snprintf(line, sizeof line, "  %-16s %10llu",
                      std::string(query_kind_name(static_cast<QueryKind>(k))).c_str(),
                      static_cast<unsigned long long>(total));
        out << line;
        for (auto n : row) {
            std::snprintf(line, sizeof line, " %12llu", static_cast<unsigned long long>(n));
            out << line;
        }
        out << '\n';
    }
    std::snprintf(line, sizeof line,
                  "contacts           %llu (%llu queries with contacts, %llu overflowed the 100-contact buffer)\n",
                  static_cast<unsigned long long>(contacts), static_cast<unsigned long long>(with_contacts),
                  static_cast<unsigned long long>(overflowed));
    out << line << "hits by kernel branch\n";
    for (int b = 0; b < hit_branch_count; ++b) {
        std::snprintf(line, sizeof line, "  %-16s %10llu\n",
                      std::string(hit_branch_name(static_cast<HitBranch>(b))).c_str(),
                      static_cast<unsigned long long>(hits[static_cast<std::size_t>(b)]));
        out << line;
    }
    std::snprintf(line, sizeof line,
                  "walk               %llu cells, %llu list entries (%llu past a list's end: the counter bug), %llu "
                  "kernel calls\n",
                  static_cast<unsigned long long>(cells), static_cast<unsigned long long>(entries),
                  static_cast<unsigned long long>(extra_entries), static_cast<unsigned long long>(kernel_calls));
    out << line;
    std::snprintf(line, sizeof line, "wall time          %.3f s on %u thread%s\n", seconds, threads,
                  threads == 1 ? "" : "s");
    out << line;
    // A resumed run's rate is of the queries it ran, not of those it found done.
    const std::uint64_t ran = queries - kept;
    if (ran == 0 && kept > 0)
        std::snprintf(line, sizeof line,
                      "rate               none: this run ran no query (the %llu were in the partial file)\n",
                      static_cast<unsigned long long>(kept));
    else
        std::snprintf(line, sizeof line, "rate               %.0f queries/s%s\n",
                      seconds > 0 ? static_cast<double>(ran) / seconds : 0.0,
                      kept > 0 ? (" (of the " + std::to_string(ran) + " this run ran; " + std::to_string(kept) +
                                  " were in the partial file)")
                                     .c_str()
                               : "");
    out << line;
}

}  // namespace levelsweep
