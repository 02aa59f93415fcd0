#include "replays/job_plan.hpp"

#include <filesystem>
#include <stdexcept>

#include "io/level_input.hpp"
#include "io/same_file.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/query_ranges.hpp"
#include "levelsweep/replay_run.hpp"

namespace levelsweep::cli {

namespace {

// An output already in place, whole, that this replay would write: a resumed
// job leaves it (its shards were removed when it was put in place).
bool already_complete(const JobReplay& r, const ShardKey& key, const QueryFileRanges& queries) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(r.output, error)) return false;
    try {
        const ResultFileReader reader(r.output);
        const ResultFileHeader& h = reader.header();
        if (h.level_checksum != key.level_checksum || h.quirks != key.quirks || h.path != key.path ||
            h.expected_count != queries.header().count || h.metadata != replay_metadata(r.level, r.queries, r.mode))
            return false;
    } catch (const ReplayFileError&) {
        return false;
    }
    const auto records = ResultFileReader::trailer_count(r.output);
    return records && *records == queries.count();
}

// A merged file the merge left unfinished (it holds records).
bool interrupted_merge(const std::string& output) {
    const std::string partial = output + ".partial";
    std::error_code error;
    return std::filesystem::is_regular_file(partial, error) && !ResultFileReader::holds_no_record(partial);
}

PlannedReplay plan_replay(const JobReplay& r, std::size_t index, bool resume, std::uint64_t range_queries) {
    refuse_overwriting_inputs({r.level, r.queries}, {r.output, r.output + ".partial"});
    const Level level = open_level_for_queries(r.level, "levelsweep replay-job");
    const QueryFileRanges queries(r.queries);
    require_recorded_level(queries.header(), r.queries, level, r.level, r.force);
    const Path path = *path_from_name(r.path);
    PlannedReplay p;
    p.isa = std::string(isa_name(path == Path::batch ? choose_isa(r.isa) : Isa::scalar));
    p.count = queries.count();
    p.key = {r.output, r.queries, level.checksum(), r.quirks().bits(), r.path, queries.bytes(), queries.head()};
    p.scan = scan_shards(index, p.key, p.count);
    const bool merge_left = interrupted_merge(r.output);
    if (!resume && (p.scan.any() || merge_left))
        throw std::runtime_error((p.scan.any() ? shard_folder(r.output).string() + " holds the shards"
                                               : r.output + ".partial holds the merge") +
                                 " of an interrupted job: finish it with --resume (the same job), or remove " +
                                 (p.scan.any() ? "them" : "it") + " to start again");
    p.complete = resume && !p.scan.any() && !merge_left && already_complete(r, p.key, queries);
    if (p.complete) return p;
    for (const QueryRange& gap : p.scan.missing)
        for (const QueryRange& range : cut_ranges(index, gap.first, gap.end, range_queries)) p.todo.push_back(range);
    return p;
}

}  // namespace

std::string counted(std::uint64_t n, const std::string& noun, const std::string& plural) {
    return std::to_string(n) + " " + (n == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

std::uint64_t JobPlan::queries() const {
    std::uint64_t n = 0;
    for (const QueryRange& r : todo) n += r.size();
    return n;
}

JobPlan plan_job(const ReplayJob& job, bool resume, std::uint64_t range_queries) {
    JobPlan plan;
    std::vector<std::string> inputs, outputs;
    for (const JobReplay& r : job.replays) {
        inputs.insert(inputs.end(), {r.level, r.queries});
        outputs.insert(outputs.end(), {r.output, r.output + ".partial"});
    }
    refuse_overwriting_inputs(inputs, outputs);  // across replays too: one's output is never another's input
    for (std::size_t i = 0; i < job.replays.size(); ++i) {
        try {
            plan.replays.push_back(plan_replay(job.replays[i], i, resume, range_queries));
        } catch (const std::exception& e) {
            throw std::runtime_error("replay " + std::to_string(i + 1) + " (" + job.replays[i].output +
                                     "): " + error_text(e));
        }
        const auto& todo = plan.replays.back().todo;
        plan.todo.insert(plan.todo.end(), todo.begin(), todo.end());
    }
    return plan;
}

void remove_partial_shards(const JobPlan& plan) {
    for (const PlannedReplay& p : plan.replays)
        for (const auto& file : p.scan.partial) std::filesystem::remove(file);
}

void print_plan(std::ostream& out, const ReplayJob& job, const JobPlan& plan, bool every_range) {
    for (std::size_t i = 0; i < plan.replays.size(); ++i) {
        const PlannedReplay& p = plan.replays[i];
        out << "  " << job.replays[i].output << ": ";
        if (p.complete) {
            out << "complete (" << p.count << " queries)\n";
            continue;
        }
        std::uint64_t missing = 0;
        for (const QueryRange& r : p.scan.missing) missing += r.size();
        out << p.count - missing << " of " << p.count << " queries in " << counted(p.scan.done.size(), "whole shard");
        if (!p.scan.partial.empty()) out << ", " << counted(p.scan.partial.size(), "incomplete or foreign shard file");
        if (missing == 0) {
            out << "; every range is done: left to merge\n";
            continue;
        }
        out << "; missing:";
        const std::size_t shown = every_range ? p.scan.missing.size() : std::min<std::size_t>(p.scan.missing.size(), 8);
        for (std::size_t k = 0; k < shown; ++k) out << (k ? ", " : " ") << range_text(p.scan.missing[k]);
        if (shown < p.scan.missing.size()) out << " and " << p.scan.missing.size() - shown << " more";
        out << "\n";
    }
}

}  // namespace levelsweep::cli
