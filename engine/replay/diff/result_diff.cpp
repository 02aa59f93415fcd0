// Comparing two stored results of one query (docs/diff.md): fractions within
// the tolerance, every other float by its bit pattern (so -0 and +0 differ, and
// a NaN equals the same NaN), integers exactly.
#include "levelsweep/result_diff.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>

namespace levelsweep {

namespace {

constexpr std::array<std::string_view, diff_aspect_count> aspect_names = {
    "index", "kind",      "status",   "count", "found",          "overflow", "fraction",    "depth", "normal",
    "point", "direction", "triangle", "flags", "triangle_flags", "material", "inside_mask", "stats",
};

constexpr std::uint32_t bit(DiffAspect a) { return 1u << static_cast<unsigned>(a); }

bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
bool same_bits(const Vec3& a, const Vec3& b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

bool same_fraction(float a, float b, double tolerance) {
    return same_bits(a, b) || std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= tolerance;
}

bool same_stats(const QueryStats& a, const QueryStats& b) {
    return a.cells == b.cells && a.entries == b.entries && a.extra_entries == b.extra_entries &&
           a.kernel_calls == b.kernel_calls &&
           std::equal(std::begin(a.hits_by_branch), std::end(a.hits_by_branch), std::begin(b.hits_by_branch));
}

std::uint32_t contact_aspects(const MeshContact& a, const MeshContact& b, double tolerance) {
    std::uint32_t d = 0;
    if (!same_fraction(a.fraction, b.fraction, tolerance)) d |= bit(DiffAspect::fraction);
    if (!same_bits(a.depth, b.depth)) d |= bit(DiffAspect::depth);
    if (!same_bits(a.normal, b.normal)) d |= bit(DiffAspect::normal);
    if (!same_bits(a.point, b.point)) d |= bit(DiffAspect::point);
    if (!same_bits(a.direction, b.direction)) d |= bit(DiffAspect::direction);
    if (a.triangle != b.triangle) d |= bit(DiffAspect::triangle);
    if (a.flags != b.flags) d |= bit(DiffAspect::flags);
    if (a.triangle_flags != b.triangle_flags) d |= bit(DiffAspect::triangle_flags);
    if (a.material != b.material) d |= bit(DiffAspect::material);
    if (a.inside_mask != b.inside_mask) d |= bit(DiffAspect::inside_mask);
    return d;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}
std::string number(const Vec3& v) {
    std::string s("(");
    s.append(number(v.x)).append(", ").append(number(v.y)).append(", ").append(number(v.z)).append(")");
    return s;
}

std::string status_text(const ResultRecord& r) {
    return r.malformed ? "malformed record" : std::string(query_status_name(r.result.status));
}

// "name A vs B", appended to `out` with a separator.
void add(std::string& out, std::string_view sep, std::string_view name, const std::string& a, const std::string& b) {
    if (!out.empty()) out.append(sep);
    out.append(name).append(" ").append(a).append(" vs ").append(b);
}

std::string describe_contact(const MeshContact& a, const MeshContact& b, std::uint32_t aspects) {
    auto has = [&](DiffAspect x) { return (aspects & bit(x)) != 0; };
    std::string s;
    if (has(DiffAspect::fraction)) add(s, ", ", "fraction", number(a.fraction), number(b.fraction));
    if (has(DiffAspect::depth)) add(s, ", ", "depth", number(a.depth), number(b.depth));
    if (has(DiffAspect::normal)) add(s, ", ", "normal", number(a.normal), number(b.normal));
    if (has(DiffAspect::point)) add(s, ", ", "point", number(a.point), number(b.point));
    if (has(DiffAspect::direction)) add(s, ", ", "direction", number(a.direction), number(b.direction));
    if (has(DiffAspect::triangle)) add(s, ", ", "triangle", std::to_string(a.triangle), std::to_string(b.triangle));
    if (has(DiffAspect::flags)) add(s, ", ", "flags", std::to_string(a.flags), std::to_string(b.flags));
    if (has(DiffAspect::triangle_flags))
        add(s, ", ", "triangle_flags", std::to_string(a.triangle_flags), std::to_string(b.triangle_flags));
    if (has(DiffAspect::material)) add(s, ", ", "material", std::to_string(a.material), std::to_string(b.material));
    if (has(DiffAspect::inside_mask))
        add(s, ", ", "inside_mask", std::to_string(a.inside_mask), std::to_string(b.inside_mask));
    return s;
}

}  // namespace

std::string_view diff_aspect_name(DiffAspect a) { return aspect_names[static_cast<std::size_t>(a)]; }

ResultDiff compare_results(const ResultRecord& a, const ResultRecord& b, const DiffOptions& options) {
    ResultDiff d;
    if (a.index != b.index) d.aspects |= bit(DiffAspect::index);
    if (a.kind != b.kind) d.aspects |= bit(DiffAspect::kind);
    if (a.malformed != b.malformed || a.result.status != b.result.status) d.aspects |= bit(DiffAspect::status);
    if (a.contacts.size() != b.contacts.size()) d.aspects |= bit(DiffAspect::count);
    if (a.result.found != b.result.found) d.aspects |= bit(DiffAspect::found);
    if (a.result.overflow != b.result.overflow) d.aspects |= bit(DiffAspect::overflow);
    const std::size_t common = std::min(a.contacts.size(), b.contacts.size());
    for (std::size_t i = 0; i < common; ++i) {
        const std::uint32_t c = contact_aspects(a.contacts[i], b.contacts[i], options.tolerance);
        if (c != 0 && d.first_contact == ResultDiff::no_contact) {
            d.first_contact = static_cast<std::uint32_t>(i);
            d.first_contact_aspects = c;
        }
        d.aspects |= c;
    }
    if (options.stats && !same_stats(a.result.stats, b.result.stats)) d.aspects |= bit(DiffAspect::stats);
    return d;
}

std::string describe_difference(const ResultRecord& a, const ResultRecord& b, const ResultDiff& d) {
    std::string s;
    if (d.has(DiffAspect::index)) add(s, "; ", "index", std::to_string(a.index), std::to_string(b.index));
    if (d.has(DiffAspect::kind))
        add(s, "; ", "kind", std::string(query_kind_name(a.kind)), std::string(query_kind_name(b.kind)));
    if (d.has(DiffAspect::status)) add(s, "; ", "status", status_text(a), status_text(b));
    if (d.has(DiffAspect::count))
        add(s, "; ", "count", std::to_string(a.contacts.size()), std::to_string(b.contacts.size()));
    if (d.has(DiffAspect::found)) add(s, "; ", "found", std::to_string(a.result.found), std::to_string(b.result.found));
    if (d.has(DiffAspect::overflow))
        add(s, "; ", "overflow", std::string(a.result.overflow ? "true" : "false"),
            std::string(b.result.overflow ? "true" : "false"));
    if (d.first_contact != ResultDiff::no_contact) {
        const std::size_t i = d.first_contact;
        if (!s.empty()) s += "; ";
        s += "contact " + std::to_string(i) + ": " +
             describe_contact(a.contacts[i], b.contacts[i], d.first_contact_aspects);
    }
    if (d.has(DiffAspect::stats)) {
        const QueryStats &x = a.result.stats, &y = b.result.stats;
        add(s, "; ", "stats (cells, entries, extra, kernel calls)",
            std::to_string(x.cells) + "/" + std::to_string(x.entries) + "/" + std::to_string(x.extra_entries) + "/" +
                std::to_string(x.kernel_calls),
            std::to_string(y.cells) + "/" + std::to_string(y.entries) + "/" + std::to_string(y.extra_entries) + "/" +
                std::to_string(y.kernel_calls));
    }
    return s;
}

}  // namespace levelsweep
