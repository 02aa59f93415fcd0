// A world query's whole answer (result, contacts, bodies) and its comparison
// bit for bit: for the suites that check that two ways of asking the world
// (one at a time, the runner, the batch path's mesh part, the Engine) agree.
#pragma once

#include <cstring>
#include <span>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "levelsweep/world_runner.hpp"

namespace levelsweep::test::world {

struct WorldAnswer {
    WorldResult result;
    std::vector<Contact> contacts;
    std::vector<BodyId> bodies;
};

// Asks `q` through `ask(q, contacts, bodies)` with room for every contact a
// query can keep and every body of a world of `body_count`.
template <class Ask>
WorldAnswer answer_of(const WorldQuery& q, std::size_t body_count, Ask&& ask) {
    std::vector<Contact> contacts(WorldRunner::contact_room);
    std::vector<BodyId> bodies(body_count);
    WorldAnswer a;
    a.result = ask(q, std::span<Contact>(contacts), std::span<BodyId>(bodies));
    const bool gather = std::holds_alternative<GatherQuery>(q);
    a.contacts.assign(contacts.begin(), contacts.begin() + (gather ? 0 : a.result.count));
    a.bodies.assign(bodies.begin(), bodies.begin() + (gather ? a.result.count : 0));
    return a;
}

inline bool same_result(const WorldResult& a, const WorldResult& b) {
    return a.status == b.status && a.count == b.count && a.found == b.found && a.overflow == b.overflow &&
           a.status_bits == b.status_bits && a.stats.candidates == b.stats.candidates &&
           a.stats.pairs == b.stats.pairs && a.stats.mesh_contacts == b.stats.mesh_contacts;
}

// Every byte of the 0xc0 record and the written marks.
inline bool same_contact(const Contact& a, const Contact& b) {
    return std::memcmp(&a, &b, Contact::record_bytes) == 0 && a.written == b.written;
}

// The first difference between two answers, "" when there is none.
inline std::string world_answer_difference(const WorldAnswer& a, const WorldAnswer& b) {
    std::ostringstream why;
    if (!same_result(a.result, b.result))
        why << "result: status " << int(a.result.status) << " vs " << int(b.result.status) << ", count "
            << a.result.count << " vs " << b.result.count << ", found " << a.result.found << " vs " << b.result.found;
    else if (a.contacts.size() != b.contacts.size())
        why << "contacts " << a.contacts.size() << " vs " << b.contacts.size();
    else if (a.bodies != b.bodies)
        why << "bodies differ";
    else
        for (std::size_t k = 0; k < a.contacts.size(); ++k)
            if (!same_contact(a.contacts[k], b.contacts[k])) {
                why << "contact " << k << " (fraction " << a.contacts[k].fraction << " vs " << b.contacts[k].fraction
                    << ")";
                break;
            }
    return why.str();
}

}  // namespace levelsweep::test::world
