// levelsweep: queries and their results as JSON, one object a line. The one
// schema that `levelsweep query`, `replay`'s text form and `convert` share
// (docs/query.md).
#pragma once

#include <span>

#include "levelsweep/json_io.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep {

// An unsigned 32-bit word under `key`: a number or a string "0x..." (0 when
// the key is absent).
std::uint32_t read_bits(const json& obj, const char* key);

// Parses one query object. Throws std::invalid_argument naming the key that is
// missing or malformed; unknown keys are ignored. `quirks` is the mode the
// query runs in (the files carry no mode; the command line chooses).
Query query_from_json(const json& obj, Quirks quirks);
// The same query as an object query_from_json reads back to the same floats.
json query_to_json(const Query& q);

// A float32 as JSON that reads back to the same bits: the shortest decimal
// that does (0.4704, not 0.47040000557899475), or "nan", "-nan", "inf",
// "-inf" (which the readers of json_io.hpp take back; a NaN keeps its sign but
// not its payload: the two quiet NaNs 0x7fc00000 and 0xffc00000 come back whole).
json float_json(float f);

json contact_to_json(const MeshContact& c);
// {"status", "found", "overflow", "contacts": [...], "stats": {...}}.
json result_to_json(const QueryResult& r, std::span<const MeshContact> contacts);

}  // namespace levelsweep
