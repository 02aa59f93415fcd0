// levelsweep (private): the query line's schema (docs/query.md, "Query
// lines"), once for both parsers that read it: nlohmann's (query_from_json,
// which gives every error message) and simdjson's (query_simdjson.hpp). Each
// gives an object of fields with
//   bits(key)            an unsigned 32-bit word, 0 when absent
//   number(key)          a float, required
//   number_or(key, f)    a float, f when absent
//   vec3(key)            [x, y, z] (or [x, y, z, w]), required
//   axes()               the box's three rows, identity when absent
//   collect(c)           "all" or "closest", c when absent
//   kind()               the query's kind, required
//   contains(key)
// each throwing when its value is missing or malformed. Arguments are read in
// the order the expressions below give them (which error comes first, when a
// line holds several, is the reference parser's).
#pragma once

#include <stdexcept>

#include "levelsweep/query.hpp"

namespace levelsweep::detail {

template <class Fields>
Query query_from_fields(const Fields& obj, Quirks quirks) {
    QuerySettings s;
    s.options = obj.bits("options");
    s.body_flags = obj.bits("body_flags");
    s.nz_min = obj.number_or("nz_min", s.nz_min);
    s.nz_max = obj.number_or("nz_max", s.nz_max);
    s.max_contacts = obj.contains("max_contacts") ? obj.bits("max_contacts") : s.max_contacts;
    s.collect = obj.collect(s.collect);
    s.quirks = quirks;
    const Vec3 zero{};
    switch (obj.kind()) {
        case QueryKind::sphere_sweep:
            return Query::sphere_sweep(obj.vec3("centre"), obj.number("radius"), obj.vec3("move"), s);
        case QueryKind::capsule_sweep: {
            Query q = Query::capsule_sweep(obj.vec3("base"), obj.vec3("move"), obj.number_or("radius", 0.4704f), s);
            q.sphere_height = obj.number_or("sphere_height", q.sphere_height);
            q.step_height = obj.number_or("step_height", q.step_height);
            return q;
        }
        case QueryKind::box_sweep: {
            Box b;
            const auto axes = obj.axes();
            const Vec3 half = obj.vec3("half");
            for (int k = 0; k < 3; ++k) b.axis[k] = axes[static_cast<std::size_t>(k)];
            b.half[0] = half.x;
            b.half[1] = half.y;
            b.half[2] = half.z;
            b.centre = obj.vec3("centre");
            return Query::box_sweep(b, obj.vec3("move"), s);
        }
        case QueryKind::sphere_overlap: return Query::sphere_overlap(obj.vec3("centre"), obj.number("radius"), s);
        case QueryKind::ray: return Query::ray(obj.vec3("start"), obj.contains("move") ? obj.vec3("move") : zero, s);
    }
    throw std::invalid_argument("input \"kind\": unknown");
}

}  // namespace levelsweep::detail
