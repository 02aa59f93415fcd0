#include "levelsweep/resume.hpp"

#include <deque>
#include <stdexcept>
#include <vector>

#include "levelsweep/result_diff.hpp"
#include "levelsweep/result_text.hpp"

namespace levelsweep {

namespace {

// Enough reruns to tell another level, mode or query file apart; few enough
// to cost nothing beside the run itself.
constexpr std::size_t reruns = 64;

[[noreturn]] void refuse(const std::string& partial, const std::string& why) {
    throw std::runtime_error("cannot resume " + partial + ": " + why +
                             "; it was written by another run (remove it to start again, or resume with that run's "
                             "level, queries and options)");
}

void check_header(const std::string& partial, const ResultFileHeader& file, const ResultFileHeader& run) {
    if (file.version != result_file_version)
        refuse(partial, "it is a version " + std::to_string(file.version) + " file, which records no completeness");
    if (file.level_checksum != run.level_checksum)
        refuse(partial, "its level is " + checksum_text(file.level_checksum) + ", this run's " + checksum_text(run.level_checksum));
    if (file.quirks != run.quirks)
        refuse(partial, "its mode is " + quirk_set_name(file.quirks) + ", this run's " + quirk_set_name(run.quirks));
    if (file.path != run.path || file.isa != run.isa)
        refuse(partial, "it ran on path " + file.path + ", isa " + file.isa + "; this run on " + run.path + ", " + run.isa);
    if (file.expected_count != run.expected_count)
        refuse(partial, "it expected another number of queries than this query file holds");
}

}  // namespace

Resumed resume_from(const std::string& partial, const ResultFileHeader& header, QuerySource& source, const Level& level,
                    Quirks quirks, ReplaySummary& summary) {
    ResultFileReader reader(partial);
    check_header(partial, reader.header(), header);
    Resumed r;
    std::vector<QueryRecord> query(1);
    std::deque<std::pair<Query, ResultRecord>> last;  // the last records kept, for the reruns
    for (ResultRecord record; reader.next(record);) {
        const std::uint64_t i = r.at.records;
        if (record.index != i) refuse(partial, "its record " + std::to_string(i) + " is query " + std::to_string(record.index));
        if (source.read(query) == 0)
            refuse(partial, "it holds more records than the query file holds queries (" + std::to_string(i) + ")");
        const QueryRecord& q = query[0];
        if (record.malformed != q.malformed || record.kind != q.query.kind)
            refuse(partial, "its record " + std::to_string(i) + " is not the result of query " + std::to_string(i) + " (" +
                                (q.malformed ? "a malformed record" : std::string(query_kind_name(q.query.kind))) + ")");
        summary.add(record.kind, record.result);
        r.malformed += record.malformed;
        if (!q.malformed) {
            last.emplace_back(q.query, record);
            if (last.size() > reruns) last.pop_front();
        }
        ++r.at.records;
    }
    if (reader.end() == ResultsEnd::damaged) refuse(partial, reader.end_text());
    // Rerun on the reference path: the answer is the same on every path, the
    // work counters are each path's own, so they are left out.
    QueryScratch scratch(level);
    for (const auto& [q, stored] : last) {
        const ResultRecord again = rerun_query(level, q, quirks, stored.index, scratch);
        if (compare_results(stored, again, DiffOptions{0.0, false}).any())
            refuse(partial, "query " + std::to_string(stored.index) + " gives another result on this level in this mode");
    }
    r.at.records_end = reader.records_end();
    r.complete = reader.end() == ResultsEnd::complete;
    return r;
}

}  // namespace levelsweep
