#include "replays/diff_report.hpp"

#include <cstdio>

#include "levelsweep/result_text.hpp"

namespace levelsweep::cli {

namespace {

std::vector<std::string> switch_names(std::uint32_t switches) {
    std::vector<std::string> names;
    for (std::uint32_t k = 0; k < quirk_count; ++k)
        if ((switches >> k) & 1u) names.emplace_back(quirk_name(static_cast<Quirk>(k)));
    return names;
}

std::vector<std::string> aspect_names(std::uint32_t aspects) {
    std::vector<std::string> names;
    for (int k = 0; k < diff_aspect_count; ++k)
        if ((aspects >> k) & 1u) names.emplace_back(diff_aspect_name(static_cast<DiffAspect>(k)));
    return names;
}

std::string joined(const std::vector<std::string>& parts) {
    std::string s;
    for (const std::string& p : parts) s += (s.empty() ? "" : ", ") + p;
    return s;
}

std::string row(const std::string& name, std::uint64_t n) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-40s %llu\n", name.c_str(), static_cast<unsigned long long>(n));
    return line;
}

std::string file_line(const char* which, const std::string& name, const ResultFileHeader& h) {
    const json j = result_header_to_json(h);
    return std::string(which) + ": " + name + " (quirks " + j["quirks"].get<std::string>() + " " +
           j["mode"].get<std::string>() + ", level " + j["level_checksum"].get<std::string>() + ", path " + h.path +
           ", isa " + h.isa + ")\n";
}

}  // namespace

void ExplainTally::add(const Explanation& e) {
    if (!e.reproduces_a) {
        ++not_reproduced;
        return;
    }
    for (std::uint32_t k = 0; k < quirk_count; ++k) by_switch[k] += (e.switches >> k) & 1u;
    ++(e.switches ? explained : unexplained);
    b_set += e.b_set_reproduces_b;
}

std::string explain_text(const Explanation& e) {
    if (!e.reproduces_a) return "not reproduced: A's own quirk set gives another result";
    if (e.switches) return "toggling " + joined(switch_names(e.switches));
    return std::string("no single switch; B's whole set ") +
           (e.b_set_reproduces_b ? "gives B" : "does not give B either");
}

void DiffReport::print(std::ostream& out) const {
    out << "levelsweep diff\n" << file_line("A", a_name, a) << file_line("B", b_name, b);
    out << row("queries compared", compared) << row("queries differing", differing) << row("only in A", only_a)
        << row("only in B", only_b);
    if (not_compared) out << row("not compared (past an incomplete file's end)", not_compared);
    if (stats_only)
        out << row("only work counters", stats_only)
            << "  (not compared without --stats: cells, list entries and kernel calls\n"
               "  count each path's own work, docs/query.md)\n";
    if (differing) {
        out << "differences by aspect (a query counts once for each)\n";
        for (int k = 0; k < diff_aspect_count; ++k)
            if (by_aspect[static_cast<std::size_t>(k)])
                out << row(std::string(diff_aspect_name(static_cast<DiffAspect>(k))),
                           by_aspect[static_cast<std::size_t>(k)]);
        if (!examples.empty()) out << "first differing queries\n";
        for (const DiffExample& e : examples) {
            out << "  query " << e.index << " (" << query_kind_name(e.kind) << "): " << e.description << '\n';
            if (!e.explain.empty()) out << "    explained: " << e.explain << '\n';
        }
    }
    if (explain) {
        const ExplainTally& t = *explain;
        out << "explain: the differing queries of " << t.queries << " rerun on " << t.level
            << " with A's quirk set, each switch toggled alone, and B's set\n";
        for (std::uint32_t k = 0; k < quirk_count; ++k)
            if (t.by_switch[k]) out << row(std::string(quirk_name(static_cast<Quirk>(k))), t.by_switch[k]);
        out << row("explained by one switch", t.explained) << row("explained by no single switch", t.unexplained)
            << row("B's whole set gives B", t.b_set) << row("not rerun (query malformed or missing)", t.not_rerun)
            << row("not reproduced with A's set", t.not_reproduced);
    }
    for (const std::string& w : warnings) out << "warning: " << w << '\n';
    for (const std::string& e : errors) out << "error: " << e << '\n';
    out << (identical() && errors.empty() ? "identical\n" : "different\n");
}

json DiffReport::to_json() const {
    json aspects = json::object();
    for (int k = 0; k < diff_aspect_count; ++k)
        aspects[std::string(diff_aspect_name(static_cast<DiffAspect>(k)))] = by_aspect[static_cast<std::size_t>(k)];
    json list = json::array();
    for (const DiffExample& e : examples) {
        json x{{"position", e.position},
               {"index", e.index},
               {"kind", query_kind_name(e.kind)},
               {"aspects", aspect_names(e.aspects)},
               {"description", e.description}};
        if (!e.explain.empty()) {
            x["explain"] = e.explain;
            x["switches"] = switch_names(e.switches);
        }
        list.push_back(x);
    }
    json ja = result_header_to_json(a), jb = result_header_to_json(b);
    ja["file"] = a_name;
    jb["file"] = b_name;
    json j{{"a", ja},
           {"b", jb},
           {"tolerance", options.tolerance},
           {"stats", options.stats},
           {"compared", compared},
           {"differing", differing},
           {"only_a", only_a},
           {"only_b", only_b},
           {"not_compared", not_compared},
           {"stats_only", stats_only},
           {"identical", identical() && errors.empty()},
           {"by_aspect", aspects},
           {"examples", list},
           {"warnings", warnings},
           {"errors", errors}};
    if (explain) {
        const ExplainTally& t = *explain;
        json by_switch = json::object();
        for (std::uint32_t k = 0; k < quirk_count; ++k)
            by_switch[std::string(quirk_name(static_cast<Quirk>(k)))] = t.by_switch[k];
        j["explain"] = {{"level", t.level},
                        {"queries", t.queries},
                        {"switches", by_switch},
                        {"explained", t.explained},
                        {"unexplained", t.unexplained},
                        {"b_set_gives_b", t.b_set},
                        {"not_rerun", t.not_rerun},
                        {"not_reproduced", t.not_reproduced}};
    }
    return j;
}

}  // namespace levelsweep::cli
