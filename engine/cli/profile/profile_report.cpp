// levelsweep profile (CLI): timing.json (time per query kind and per kernel
// branch, the work counts) and index.html, which shows it with the two SVGs.
#include <cinttypes>
#include <cstdio>
#include <vector>

#include "profile/profile_output.hpp"

namespace levelsweep::cli {

namespace {

json time_json(const TimeSummary& t) {
    return {{"count", t.count},        {"total_s", t.total},
            {"mean_us", t.mean * 1e6}, {"p50_us", t.p50 * 1e6},
            {"p99_us", t.p99 * 1e6},   {"queries_per_s", t.total > 0.0 ? static_cast<double>(t.count) / t.total : 0.0}};
}

json work_json(json j, const KindProfile& k) {
    j["cells"] = k.cells;
    j["entries"] = k.entries;
    j["kernel_calls"] = k.kernel_calls;
    j["contacts"] = k.contacts;
    return j;
}

json kinds_json(const QueryProfiler& p) {
    json kinds = json::object();
    KindProfile all;
    for (int i = 0; i < query_kind_count; ++i) {
        const KindProfile& k = p.kind(static_cast<QueryKind>(i));
        if (k.queries == 0) continue;
        kinds[std::string(query_kind_name(static_cast<QueryKind>(i)))] =
            work_json(time_json(summarize_times(k.seconds)), k);
        all.cells += k.cells;
        all.entries += k.entries;
        all.kernel_calls += k.kernel_calls;
        all.contacts += k.contacts;
        all.seconds.insert(all.seconds.end(), k.seconds.begin(), k.seconds.end());
    }
    return {{"kinds", kinds}, {"all", work_json(time_json(summarize_times(all.seconds)), all)}};
}

json branches_json(const QueryProfiler& p) {
    json branches = json::object();
    for (int i = 0; i < kernel_branch_count; ++i) {
        const BranchProfile& b = p.branch(static_cast<KernelBranch>(i));
        branches[std::string(kernel_branch_name(static_cast<KernelBranch>(i)))] = {
            {"calls", b.calls},
            {"contacts", b.contacts},
            {"total_s", b.seconds},
            {"mean_ns", b.calls ? b.seconds * 1e9 / static_cast<double>(b.calls) : 0.0}};
    }
    return branches;
}

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
    return buf;
}

std::string cell(const json& v, int decimals) {
    return "<td>" + (v.is_number_float() ? fixed(v.get<double>(), decimals) : v.dump()) + "</td>";
}

std::string kind_rows(const json& timing) {
    std::string out;
    const auto row = [&](const std::string& name, const json& k) {
        out += "<tr><td>" + xml_escape(name) + "</td>" + cell(k["count"], 0) + cell(k["total_s"], 4) +
               cell(k["mean_us"], 2) + cell(k["p50_us"], 2) + cell(k["p99_us"], 2) + cell(k["queries_per_s"], 0) +
               cell(k["cells"], 0) + cell(k["entries"], 0) + cell(k["kernel_calls"], 0) + cell(k["contacts"], 0) +
               "</tr>\n";
    };
    for (const auto& [name, k] : timing["kinds"].items()) row(name, k);
    row("all", timing["all"]);
    return out;
}

std::string branch_rows(const json& timing) {
    std::string out;
    for (const auto& [name, b] : timing["branches"].items())
        if (b["calls"].get<std::uint64_t>() > 0)
            out += "<tr><td>" + name + "</td>" + cell(b["calls"], 0) + cell(b["contacts"], 0) + "<td>" +
                   fixed(b["total_s"].get<double>() * 1e3, 3) + "</td>" + cell(b["mean_ns"], 1) + "</tr>\n";
    return out;
}

std::string status_list(const json& timing) {
    std::string out;
    for (const auto& [name, n] : timing["queries"]["statuses"].items()) out += " " + name + " " + n.dump() + ";";
    return out;
}

constexpr const char* style =
    "body{font-family:sans-serif;max-width:1150px;margin:2em auto;color:#222;line-height:1.4}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.25em .7em;border-bottom:1px solid #ddd;"
    "text-align:right}th:first-child,td:first-child{text-align:left}.note{color:#555}img{max-width:100%}";

}  // namespace

json timing_json(const ProfileRun& run) {
    const Level& level = *run.level;
    const QueryProfiler& p = *run.profiler;
    const CellGrid& g = level.grid();
    json statuses = json::object();
    for (int s = 0; s < query_status_count; ++s) {
        const std::uint64_t n = p.statuses()[static_cast<std::size_t>(s)];
        if (n > 0) statuses[std::string(query_status_name(static_cast<QueryStatus>(s)))] = n;
    }
    const json kinds = kinds_json(p);
    const json& all = kinds["all"];
    return {{"levelsweep_profile", 1},
            {"mode", run.mode},
            {"timed_path", run.path},
            {"timed_isa", run.isa},
            {"level",
             {{"path", run.level_path},
              {"triangles", level.triangle_count()},
              {"checksum", hex64(level.checksum())},
              {"grid", {g.nx(), g.ny(), g.nz()}},
              {"cell_size", {g.cell_size().x, g.cell_size().y, g.cell_size().z}}}},
            {"queries",
             {{"path", run.queries_path},
              {"records", run.records},
              {"run", all["count"]},
              {"malformed", run.malformed},
              {"truncated", run.truncation ? json(*run.truncation) : json(nullptr)},
              {"statuses", statuses}}},
            {"kinds", kinds["kinds"]},
            {"all", all},
            {"branches", branches_json(p)},
            {"cost",
             {{"entries", all["entries"]},
              {"kernel_calls", all["kernel_calls"]},
              {"total", all["entries"].get<std::uint64_t>() + all["kernel_calls"].get<std::uint64_t>()}}},
            {"passes",
             {{"unprobed_s", run.unprobed_seconds},
              {"probed_s", run.probed_seconds},
              {"clock_pair_ns", run.clock_pair_seconds * 1e9}}}};
}

std::string index_html(const ProfileRun& run, const json& timing, bool linked) {
    const json& level = timing["level"];
    const json& queries = timing["queries"];
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>levelsweep profile: " +
                      xml_escape(run.level_path) + "</title><style>" + style + "</style></head><body>\n";
    out += "<h1>levelsweep profile</h1>\n<p>Level <code>" + xml_escape(run.level_path) +
           "</code>: " + level["triangles"].dump() + " triangles, grid " + level["grid"][0].dump() + " &times; " +
           level["grid"][1].dump() + " &times; " + level["grid"][2].dump() + ", checksum " +
           level["checksum"].get<std::string>() + ".<br>Queries <code>" + xml_escape(run.queries_path) +
           "</code>: " + queries["records"].dump() + " records, " + queries["run"].dump() + " run, " +
           queries["malformed"].dump() + " malformed" +
           (run.truncation ? "; truncated: " + xml_escape(*run.truncation) : std::string()) +
           ". Statuses:" + status_list(timing) + " mode " + xml_escape(run.mode) + "; query times on the " +
           xml_escape(run.path) + " path (" + xml_escape(run.isa) + "), work counts on the reference path.</p>\n";
    out +=
        "<h2>Where the work goes</h2>\n<p class=\"note\">Each (x, y) column of the level's grid, seen from above, "
        "coloured by the work the queries did in its cells summed over z: list entries read (counter-bug reads "
        "past a list's end included) plus kernel calls, " +
        timing["cost"]["total"].dump() + " in all. Hover a column for its cost and its measured kernel time" +
        (linked ? std::string("; click it to open its cells and its queries in the inspector (inspect/).</p>\n"
                              "<object data=\"heatmap.svg\" type=\"image/svg+xml\">heat map of the work per grid "
                              "column</object>\n")
                : std::string(".</p>\n<img src=\"heatmap.svg\" alt=\"heat map of the work per grid column\">\n"));
    out +=
        "<h2>Candidate triangles per query</h2>\n<p class=\"note\">How many triangles reached the kernel (kernel "
        "calls) and how many list entries the walk read, per query: all kinds together, then each kind.</p>\n"
        "<img src=\"candidates.svg\" alt=\"histograms of kernel calls and entries read per query\">\n";
    out +=
        "<h2>Time per query kind</h2>\n<p class=\"note\">Wall time of each whole query (run_query), measured on a "
        "pass without the profiling observer: these are the trustworthy figures (each includes one pair of clock "
        "reads, " +
        fixed(run.clock_pair_seconds * 1e9, 0) +
        " ns here). Percentiles are nearest-rank.</p>\n"
        "<table><tr><th>kind</th><th>queries</th><th>total s</th><th>mean &micro;s</th><th>p50 &micro;s</th>"
        "<th>p99 &micro;s</th><th>queries/s</th><th>cells</th><th>entries</th><th>kernel calls</th>"
        "<th>contacts</th></tr>\n" +
        kind_rows(timing) + "</table>\n";
    out +=
        "<h2>Time per kernel branch</h2>\n<p class=\"note\">Kernel calls by the branch they took, contact or "
        "not (<i>rejected</i>: the sphere kernel returned before any step ran). Each call is timed by two "
        "steady_clock reads around it on a second, probed pass, so these times include the probe's own overhead: "
        "compare branches with each other, not with the query times above (a pair of clock reads alone takes " +
        fixed(run.clock_pair_seconds * 1e9, 0) + " ns here). The probed pass took " + fixed(run.probed_seconds, 4) +
        " s, the unprobed one " + fixed(run.unprobed_seconds, 4) +
        " s.</p>\n<table><tr><th>branch</th><th>calls</th><th>contacts</th><th>total ms</th><th>mean ns</th>"
        "</tr>\n" +
        branch_rows(timing) + "</table>\n";
    out += "<p class=\"note\">The numbers are in <a href=\"timing.json\">timing.json</a>.</p>\n</body></html>\n";
    return out;
}

}  // namespace levelsweep::cli
