// Helpers for the batch path suites: run a query on both paths and say where
// (if anywhere) the answers differ, field by field, bit for bit.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "levelsweep/batch_path.hpp"
#include "levelsweep/mesh_query.hpp"
#include "result_support.hpp"

namespace levelsweep::test {

// What a query gives: its result and its contacts.
struct Answer {
    QueryResult result;
    std::vector<MeshContact> contacts;
};

// Both paths on one level, with their scratch, reused between queries.
class PathPair {
public:
    explicit PathPair(const Level& level)
        : level_(level), batch_(level), reference_scratch_(level), batch_scratch_(batch_) {}

    Answer reference(const Query& q) {
        Answer a;
        a.contacts.resize(mesh_contact_capacity);
        a.result = run_query(level_, q, a.contacts, reference_scratch_);
        a.contacts.resize(a.result.count);
        return a;
    }
    Answer batch(const Query& q, Isa isa) {
        Answer a;
        a.contacts.resize(mesh_contact_capacity);
        a.result = run_query_batch(batch_, q, a.contacts, batch_scratch_, isa);
        a.contacts.resize(a.result.count);
        return a;
    }
    const BatchLevel& batch_level() const { return batch_; }

private:
    const Level& level_;
    BatchLevel batch_;
    QueryScratch reference_scratch_;
    BatchScratch batch_scratch_;
};

// The first difference between two answers ("" when they are equal): status,
// count, found, overflow, contacts by kernel branch, and every contact field
// bit for bit. The other work counters belong to the path and are not compared.
inline std::string answer_difference(const Answer& a, const Answer& b) {
    std::ostringstream why;
    if (a.result.status != b.result.status)
        why << "status " << int(a.result.status) << " vs " << int(b.result.status);
    else if (a.result.count != b.result.count)
        why << "count " << a.result.count << " vs " << b.result.count;
    else if (a.result.found != b.result.found)
        why << "found " << a.result.found << " vs " << b.result.found;
    else if (a.result.overflow != b.result.overflow)
        why << "overflow " << a.result.overflow << " vs " << b.result.overflow;
    if (!why.str().empty()) return why.str();
    for (int k = 0; k < hit_branch_count; ++k)
        if (a.result.stats.hits_by_branch[k] != b.result.stats.hits_by_branch[k])
            return "hits of branch " + std::string(hit_branch_name(static_cast<HitBranch>(k))) + " " +
                   std::to_string(a.result.stats.hits_by_branch[k]) + " vs " +
                   std::to_string(b.result.stats.hits_by_branch[k]);
    for (std::size_t i = 0; i < a.contacts.size(); ++i) {
        const MeshContact &x = a.contacts[i], &y = b.contacts[i];
        if (const std::string field = contact_mismatch(x, y); !field.empty()) {
            why << "contact " << i << ": " << field << " (triangle " << x.triangle << " fraction " << x.fraction
                << " vs triangle " << y.triangle << " fraction " << y.fraction << ")";
            return why.str();
        }
    }
    return {};
}

inline std::string describe(const Query& q) {
    std::ostringstream s;
    s.precision(9);
    s << query_kind_name(q.kind) << " start (" << q.start.x << ", " << q.start.y << ", " << q.start.z << ") move ("
      << q.move.x << ", " << q.move.y << ", " << q.move.z << ") radius " << q.radius << " options 0x" << std::hex
      << q.settings.options << " quirks 0x" << q.settings.quirks.bits();
    return s.str();
}

// The ISAs the batch path runs on here (every one but scalar, the reference).
inline std::vector<Isa> batch_isas() {
    std::vector<Isa> out;
    for (Isa isa : available_isas())
        if (isa != Isa::scalar) out.push_back(isa);
    return out;
}

}  // namespace levelsweep::test
