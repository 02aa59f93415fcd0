#include "replays/job_summary.hpp"

#include "replays/job_plan.hpp"

#include <cstdio>
#include <string>

namespace levelsweep::cli {

namespace {

std::string missing_text(const std::vector<QueryRange>& missing) {
    std::uint64_t queries = 0;
    std::string list;
    for (std::size_t k = 0; k < missing.size(); ++k) {
        queries += missing[k].size();
        if (k < 8) list += (k ? ", " : "") + range_text(missing[k]);
    }
    if (missing.size() > 8) list += " and " + std::to_string(missing.size() - 8) + " more ranges";
    return std::to_string(queries) + " queries missing (" + list + ")";
}

void print_rank_table(std::ostream& out, const std::vector<RankMessage>& ranks, double seconds) {
    char line[256];
    std::snprintf(line, sizeof line, "%6s  %-20s %7s %7s %12s %9s %12s\n", "rank", "host", "threads", "ranges",
                  "queries", "seconds", "queries/s");
    out << "throughput\n" << line;
    std::uint64_t queries = 0, ranges = 0;
    unsigned threads = 0;
    for (const RankMessage& r : ranks) {
        const RankReport& w = r.work;
        queries += w.queries;
        ranges += w.ranges;
        threads += w.threads;
        std::snprintf(line, sizeof line, "%6d  %-20s %7u %7llu %12llu %9.3f %12.0f\n", r.rank,
                      r.host.substr(0, 20).c_str(), w.threads, static_cast<unsigned long long>(w.ranges),
                      static_cast<unsigned long long>(w.queries), w.seconds,
                      w.seconds > 0 ? static_cast<double>(w.queries) / w.seconds : 0.0);
        out << line;
    }
    // The job's rate is over its wall time, which includes waiting for the slowest rank.
    std::snprintf(line, sizeof line, "%6s  %-20s %7u %7llu %12llu %9.3f %12.0f\n", "all", "", threads,
                  static_cast<unsigned long long>(ranges), static_cast<unsigned long long>(queries), seconds,
                  seconds > 0 ? static_cast<double>(queries) / seconds : 0.0);
    out << line;
}

}  // namespace

int print_job_summary(std::ostream& out, const ReplayJob& job, const std::vector<RankMessage>& ranks,
                      const JobTimes& times, bool merged, const std::vector<bool>& complete_before) {
    int status = 0;
    ReplaySummary summary, ran;
    unsigned threads = 0;
    // Each output's merge, by its place in the job, and the rank that made it.
    std::vector<const OutputMerge*> merges(job.replays.size(), nullptr);
    std::vector<int> merged_on(job.replays.size(), -1);
    for (const RankMessage& r : ranks) {
        ran += r.work.summary;
        threads += r.work.threads;
        for (const OutputMerge& m : r.merges) {
            merges.at(m.replay) = &m;
            merged_on.at(m.replay) = r.rank;
        }
    }
    out << "levelsweep replay-job: " << counted(job.replays.size(), "replay") << " on " << counted(ranks.size(), "rank")
        << "\n";
    if (merged) {
        for (std::size_t i = 0; i < job.replays.size(); ++i) {
            const JobReplay& replay = job.replays[i];
            out << "  " << replay.output << ": ";
            const OutputMerge* m = merges[i];
            if (!m) {
                out << (complete_before.at(i) ? "complete already (left as it was)\n" : "not merged\n");
                if (!complete_before[i]) status = 1;
                continue;
            }
            if (!m->error.empty()) {
                out << "not merged: " << m->error << "\n";
                status = 1;
                continue;
            }
            summary += m->result.summary;
            if (m->result.complete()) {
                out << "complete, " << m->result.records << " queries (merged on rank " << merged_on[i] << ")\n";
                continue;
            }
            out << "incomplete: " << m->result.records << " queries in " << replay.output << ".partial, "
                << missing_text(m->result.missing);
            for (const std::string& aside : m->result.set_aside)
                out << "; " << aside << " did not read whole and was set aside";
            out << "\n";
            if (status == 0) status = 3;
        }
        if (status == 3) out << "  rerun the job with --resume: it replays only the missing ranges, then merges\n";
        // The merged outputs' queries: those this job ran, and those kept from an interrupted one.
        summary.kept = summary.queries > ran.queries ? summary.queries - ran.queries : 0;
    } else {
        summary = ran;
        out << "  every range is in its shard (--no-merge): rerun with --resume to merge\n";
    }
    summary.print(out, times.replay_seconds, threads);
    if (merged) {
        char line[128];
        std::snprintf(line, sizeof line, "merge              %.3f s\n", times.merge_seconds);
        out << line;
    }
    print_rank_table(out, ranks, times.replay_seconds);
    return status;
}

}  // namespace levelsweep::cli
