// A rank's message to rank 0 (job_report.hpp), as JSON: the ranks may run
// on machines of any kind, and the message is a few hundred bytes once.
#include "levelsweep/job_report.hpp"

#include <stdexcept>

#include "levelsweep/json_io.hpp"

namespace levelsweep {

namespace {

json summary_json(const ReplaySummary& s) {
    return {{"by_kind_status", s.by_kind_status},
            {"queries", s.queries},
            {"contacts", s.contacts},
            {"with_contacts", s.with_contacts},
            {"overflowed", s.overflowed},
            {"hits", s.hits},
            {"cells", s.cells},
            {"entries", s.entries},
            {"extra_entries", s.extra_entries},
            {"kernel_calls", s.kernel_calls},
            {"kept", s.kept}};
}

ReplaySummary summary_from(const json& j) {
    ReplaySummary s;
    j.at("by_kind_status").get_to(s.by_kind_status);
    j.at("queries").get_to(s.queries);
    j.at("contacts").get_to(s.contacts);
    j.at("with_contacts").get_to(s.with_contacts);
    j.at("overflowed").get_to(s.overflowed);
    j.at("hits").get_to(s.hits);
    j.at("cells").get_to(s.cells);
    j.at("entries").get_to(s.entries);
    j.at("extra_entries").get_to(s.extra_entries);
    j.at("kernel_calls").get_to(s.kernel_calls);
    j.at("kept").get_to(s.kept);
    return s;
}

json ranges_json(const std::vector<QueryRange>& ranges) {
    json out = json::array();
    for (const QueryRange& r : ranges) out.push_back({r.replay, r.first, r.end});
    return out;
}

std::vector<QueryRange> ranges_from(const json& j) {
    std::vector<QueryRange> out;
    for (const json& r : j)
        out.push_back({r.at(0).get<std::size_t>(), r.at(1).get<std::uint64_t>(), r.at(2).get<std::uint64_t>()});
    return out;
}

}  // namespace

std::string encode_rank_message(const RankMessage& m) {
    json merges = json::array();
    for (const OutputMerge& o : m.merges)
        merges.push_back({{"replay", o.replay},
                          {"records", o.result.records},
                          {"missing", ranges_json(o.result.missing)},
                          {"set_aside", o.result.set_aside},
                          {"summary", summary_json(o.result.summary)},
                          {"error", o.error}});
    const RankReport& w = m.work;
    return json{{"rank", m.rank},
                {"host", printable_utf8(m.host)},
                {"queries", w.queries},
                {"ranges", w.ranges},
                {"seconds", w.seconds},
                {"threads", w.threads},
                {"summary", summary_json(w.summary)},
                {"merge_seconds", m.merge_seconds},
                {"merges", merges}}
        .dump();
}

RankMessage decode_rank_message(const std::string& text) {
    try {
        const json j = json::parse(text);
        RankMessage m;
        j.at("rank").get_to(m.rank);
        j.at("host").get_to(m.host);
        j.at("queries").get_to(m.work.queries);
        j.at("ranges").get_to(m.work.ranges);
        j.at("seconds").get_to(m.work.seconds);
        j.at("threads").get_to(m.work.threads);
        m.work.summary = summary_from(j.at("summary"));
        j.at("merge_seconds").get_to(m.merge_seconds);
        for (const json& o : j.at("merges")) {
            OutputMerge merge;
            o.at("replay").get_to(merge.replay);
            o.at("records").get_to(merge.result.records);
            merge.result.missing = ranges_from(o.at("missing"));
            o.at("set_aside").get_to(merge.result.set_aside);
            merge.result.summary = summary_from(o.at("summary"));
            o.at("error").get_to(merge.error);
            m.merges.push_back(std::move(merge));
        }
        return m;
    } catch (const json::exception& e) {
        throw std::runtime_error("a rank's report does not read: " + error_text(e));
    }
}

}  // namespace levelsweep
