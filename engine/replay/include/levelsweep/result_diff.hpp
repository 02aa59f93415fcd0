// levelsweep: comparing two results of one query, as `levelsweep diff` does,
// and explaining a difference by rerunning the query with quirk switches
// toggled (docs/diff.md).
//
// Two results are equal when their index, kind, status, contact count, found
// count, overflow and every contact field agree: fractions within a tolerance,
// every other float bit for bit, integers exactly. The work counters (cells,
// list entries, kernel calls, hits by branch) describe how the answer was
// found, not the answer, and are compared only on request.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "levelsweep/mesh_query.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep {

// The ways two results can differ; a difference is a set of them.
enum class DiffAspect : std::uint8_t {
    index,  // the query's position in its query file
    kind,
    status,  // the status, or one record malformed and the other not
    count,   // contacts returned
    found,   // contacts gathered before the cap to max_contacts
    overflow,
    fraction,  // beyond the tolerance
    depth,
    normal,
    point,
    direction,
    triangle,
    flags,
    triangle_flags,
    material,
    inside_mask,
    stats,  // the work counters (only with DiffOptions::stats)
};
inline constexpr int diff_aspect_count = 17;
std::string_view diff_aspect_name(DiffAspect a);

struct DiffOptions {
    double tolerance = 1e-6;  // |fraction A - fraction B| allowed
    bool stats = false;       // also compare the work counters
};

struct ResultDiff {
    static constexpr std::uint32_t no_contact = ~std::uint32_t{0};

    std::uint32_t aspects = 0;                 // bit DiffAspect
    std::uint32_t first_contact = no_contact;  // the first contact (of the common ones) whose fields differ
    std::uint32_t first_contact_aspects = 0;   // how that contact differs

    bool any() const { return aspects != 0; }
    bool has(DiffAspect a) const { return (aspects >> static_cast<unsigned>(a)) & 1u; }
};

// Contacts are compared pairwise up to the shorter list; a longer list is a
// `count` difference.
ResultDiff compare_results(const ResultRecord& a, const ResultRecord& b, const DiffOptions& options = {});

// A one-line account of `d`, e.g. "count 2 vs 1; contact 0: fraction 0.25 vs
// 0.5, point (1, 2, 3) vs (1, 2, 2.5)". Floats print with 9 significant digits
// (each float's exact value reads back).
std::string describe_difference(const ResultRecord& a, const ResultRecord& b, const ResultDiff& d);

// The record a replay writes for `q` run on `level` with `quirks`.
ResultRecord rerun_query(const Level& level, Query q, Quirks quirks, std::uint64_t index, QueryScratch& scratch);

// Why A's result of a query differs from B's, from reruns of the query.
struct Explanation {
    bool reproduces_a = false;        // A's quirk set gives A's record again
    std::uint32_t switches = 0;       // bit Quirk: toggling that switch alone in A's set gives B's record
    bool b_set_reproduces_b = false;  // B's whole quirk set gives B's record
};

// Reruns `q` with A's set (when that does not give A's record, nothing more
// is tried: the level or the query is not the one A ran), then with A's set
// and one switch toggled, for each of the quirk_count switches, then with B's
// set; "gives" means compare_results finds no difference.
Explanation explain_difference(const Level& level, const Query& q, const ResultRecord& a, const ResultRecord& b,
                               Quirks a_quirks, Quirks b_quirks, QueryScratch& scratch,
                               const DiffOptions& options = {});

}  // namespace levelsweep
