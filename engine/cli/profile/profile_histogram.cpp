// levelsweep profile (CLI): candidates.svg, histograms of the candidate
// triangles per query: kernel calls (left) and list entries read (right), for
// all kinds together and then per kind, on shared bins per column.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "profile/profile_output.hpp"

namespace levelsweep::cli {

namespace {

using Counts = std::map<std::uint32_t, std::uint64_t>;  // value -> queries

constexpr double panel_width = 380.0, panel_height = 90.0, panel_gap_x = 60.0, row_height = 150.0;
constexpr double margin_left = 50.0, margin_top = 40.0;
constexpr std::uint32_t max_bins = 40;

// Bins [k * width, (k + 1) * width) from 0 covering every value up to `max`:
// one per value up to max_bins, else a width of 1, 2 or 5 times a power of ten.
struct Bins {
    std::uint64_t width = 1, count = 1;
};

// The smallest of 1, 2 and 5 times a power of ten that is at least `want`.
std::uint64_t nice_width(double want) {
    for (std::uint64_t p = 1;; p *= 10)
        for (std::uint64_t m : {1u, 2u, 5u})
            if (static_cast<double>(m * p) >= want) return m * p;
}

Bins bins_for(std::uint32_t max) {
    Bins b;
    if (max >= max_bins) b.width = nice_width(std::ceil((static_cast<double>(max) + 1.0) / max_bins));
    b.count = max / b.width + 1;
    return b;
}

struct Column {
    const char* id;     // the metric's name in data-panel
    const char* label;  // its axis label
    const Counts KindProfile::*counts;
};
constexpr std::array<Column, 2> columns{
    {{"kernel_calls", "kernel calls per query", &KindProfile::kernel_calls_per_query},
     {"entries", "list entries read per query", &KindProfile::entries_per_query}}};

struct Row {
    std::string name, colour;
    std::array<Counts, 2> counts;
};

std::vector<Row> rows_of(const QueryProfiler& p) {
    static constexpr const char* colours[query_kind_count] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"};
    std::vector<Row> rows{{"all kinds", "#555555", {}}};
    for (int k = 0; k < query_kind_count; ++k) {
        const KindProfile& kind = p.kind(static_cast<QueryKind>(k));
        if (kind.queries == 0) continue;
        Row row{std::string(query_kind_name(static_cast<QueryKind>(k))), colours[k], {}};
        for (std::size_t c = 0; c < columns.size(); ++c)
            for (const auto& [value, n] : kind.*columns[c].counts) {
                row.counts[c][value] += n;
                rows[0].counts[c][value] += n;
            }
        rows.push_back(std::move(row));
    }
    return rows;
}

// "N queries, mean M, p50 P, max X" of one panel's counts.
std::string panel_summary(const Counts& counts) {
    std::uint64_t n = 0;
    double sum = 0.0;
    for (const auto& [value, q] : counts) {
        n += q;
        sum += static_cast<double>(value) * static_cast<double>(q);
    }
    if (n == 0) return "no queries";
    std::uint64_t seen = 0;
    std::uint32_t p50 = 0;
    for (const auto& [value, q] : counts) {
        seen += q;
        if (2 * seen >= n) {
            p50 = value;
            break;
        }
    }
    return std::to_string(n) + " queries, mean " + compact(sum / static_cast<double>(n)) + ", p50 " +
           std::to_string(p50) + ", max " + std::to_string(counts.rbegin()->first);
}

std::string bin_name(const Bins& b, std::uint64_t k) {
    const std::uint64_t lo = k * b.width, hi = lo + b.width - 1;
    return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

std::string panel(const Row& row, std::size_t c, const Bins& bins, double x, double y) {
    const Counts& counts = row.counts[c];
    std::vector<std::uint64_t> per_bin(bins.count);
    for (const auto& [value, n] : counts) per_bin[value / bins.width] += n;
    const std::uint64_t most = std::max<std::uint64_t>(1, *std::max_element(per_bin.begin(), per_bin.end()));
    const std::string id = row.name == "all kinds" ? "all" : row.name;
    std::string out = "<text x=\"" + fixed(x, 1) + "\" y=\"" + fixed(y - 8, 1) + "\"><tspan font-weight=\"bold\">" +
                      xml_escape(row.name) + "</tspan>: " + panel_summary(counts) + "</text>\n";
    out += "<rect x=\"" + fixed(x, 1) + "\" y=\"" + fixed(y, 1) + "\" width=\"" + fixed(panel_width, 1) +
           "\" height=\"" + fixed(panel_height, 1) + "\" fill=\"#fafafa\" stroke=\"#bbb\"/>\n";
    const double bar = panel_width / static_cast<double>(bins.count);
    for (std::size_t k = 0; k < per_bin.size(); ++k) {
        if (per_bin[k] == 0) continue;
        const double h = panel_height * static_cast<double>(per_bin[k]) / static_cast<double>(most);
        out += "<rect class=\"bar\" data-panel=\"" + id + "/" + columns[c].id + "\" data-count=\"" +
               std::to_string(per_bin[k]) + "\" x=\"" + fixed(x + k * bar, 2) + "\" y=\"" +
               fixed(y + panel_height - h, 2) + "\" width=\"" + fixed(std::max(bar - 1.0, 0.5), 2) + "\" height=\"" +
               fixed(h, 2) + "\" fill=\"" + row.colour + "\"><title>" + bin_name(bins, k) + ": " +
               std::to_string(per_bin[k]) + " queries</title></rect>\n";
    }
    const double base = y + panel_height + 14;
    out += "<text x=\"" + fixed(x, 1) + "\" y=\"" + fixed(base, 1) + "\">0</text>";
    out += "<text x=\"" + fixed(x + panel_width, 1) + "\" y=\"" + fixed(base, 1) + "\" text-anchor=\"end\">" +
           std::to_string(bins.count * bins.width - 1) + "</text>";
    out += "<text x=\"" + fixed(x - 4, 1) + "\" y=\"" + fixed(y + 10, 1) + "\" text-anchor=\"end\">" +
           std::to_string(most) + "</text>\n";
    return out;
}

}  // namespace

std::string candidates_svg(const QueryProfiler& profiler) {
    const std::vector<Row> rows = rows_of(profiler);
    std::array<Bins, 2> bins;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const Counts& all = rows[0].counts[c];
        bins[c] = bins_for(all.empty() ? 0 : all.rbegin()->first);
    }
    const double width = margin_left + 2 * panel_width + panel_gap_x + 20.0;
    const double height = margin_top + 30.0 + static_cast<double>(rows.size()) * row_height;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fixed(width, 0) + "\" height=\"" +
                      fixed(height, 0) + "\" viewBox=\"0 0 " + fixed(width, 0) + " " + fixed(height, 0) +
                      "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out += "<text x=\"" + fixed(margin_left, 1) + "\" y=\"22\" font-size=\"15\">Candidate triangles per query</text>\n";
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const double x = margin_left + static_cast<double>(c) * (panel_width + panel_gap_x);
        out += "<text x=\"" + fixed(x, 1) + "\" y=\"" + fixed(margin_top + 8, 1) + "\" font-size=\"13\">" +
               columns[c].label +
               (bins[c].width > 1 ? " (bins of " + std::to_string(bins[c].width) + ")" : std::string()) + "</text>\n";
        for (std::size_t r = 0; r < rows.size(); ++r)
            out += panel(rows[r], c, bins[c], x, margin_top + 50.0 + static_cast<double>(r) * row_height);
    }
    out += "</svg>\n";
    return out;
}

}  // namespace levelsweep::cli
