// levelsweep CLI: queries and their results as JSON, one object a line. The one
// schema that `levelsweep query`, `replay`'s text form and `convert` share
// (docs/query.md).
#pragma once

#include <span>

#include "json_io.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::cli {

// Parses one query object. Throws std::invalid_argument naming the key that is
// missing or malformed; unknown keys are ignored. `quirks` is the mode the
// query runs in (the files carry no mode; the command line chooses).
Query query_from_json(const json& obj, Quirks quirks);
// The same query as an object query_from_json reads back to the same floats.
json query_to_json(const Query& q);

json contact_to_json(const MeshContact& c);
// {"status", "found", "overflow", "contacts": [...], "stats": {...}}.
json result_to_json(const QueryResult& r, std::span<const MeshContact> contacts);

}  // namespace levelsweep::cli
