// Explaining a difference between two runs of one query (docs/diff.md): the
// query is rerun on the reference path with A's quirk set, then with each
// switch toggled alone, then with B's whole set.
#include "levelsweep/result_diff.hpp"

namespace levelsweep {

ResultRecord rerun_query(const Level& level, Query q, Quirks quirks, std::uint64_t index, QueryScratch& scratch) {
    q.settings.quirks = quirks;
    ResultRecord r;
    r.index = index;
    r.kind = q.kind;
    r.contacts.resize(mesh_contact_capacity);
    r.result = run_query(level, q, r.contacts, scratch);
    r.contacts.resize(r.result.count);
    return r;
}

Explanation explain_difference(const Level& level, const Query& q, const ResultRecord& a, const ResultRecord& b,
                               Quirks a_quirks, Quirks b_quirks, QueryScratch& scratch, const DiffOptions& options) {
    auto gives = [&](Quirks quirks, const ResultRecord& expected) {
        return !compare_results(rerun_query(level, q, quirks, expected.index, scratch), expected, options).any();
    };
    Explanation e;
    e.reproduces_a = gives(a_quirks, a);
    if (!e.reproduces_a) return e;  // another level or query: toggling switches would explain nothing
    for (std::uint32_t k = 0; k < quirk_count; ++k)
        if (gives(a_quirks.toggled(static_cast<Quirk>(k)), b)) e.switches |= 1u << k;
    e.b_set_reproduces_b = gives(b_quirks, b);
    return e;
}

}  // namespace levelsweep
