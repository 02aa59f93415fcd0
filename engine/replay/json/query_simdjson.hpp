// levelsweep (private): a query line read by simdjson's On-Demand parser, the
// JSON Lines reader's fast path. It reads only the lines it can read exactly
// as query_from_json(nlohmann::json::parse(line)) does, through the same
// schema (query_fields.hpp): an object whose every key is a key of the schema,
// each given once, with the values nlohmann reads the same way (numbers,
// the four names of the non-finite floats, the kind's and collect's words,
// arrays of them), and nothing after the object. Any other line (every line
// that is not a query, an unknown key, a key given twice, a word given as a
// "0x..." string, "-0" where nlohmann reads the integer 0) it leaves to the
// reference parser, which also gives every error message: so both give the
// same records (tests/replay/query_lines_differential.cpp and the fuzz
// target fuzz_query_jsonl check it).
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "levelsweep/query.hpp"

namespace levelsweep::detail {

// The bytes a line's buffer must hold readable after it for the parser to
// read it in place (simdjson's SIMDJSON_PADDING); a line without them is
// copied first.
inline constexpr std::size_t query_line_padding = 64;

// One parser per thread: it keeps its buffers from line to line.
class FastQueryParser {
public:
    FastQueryParser();
    ~FastQueryParser();
    FastQueryParser(FastQueryParser&&) noexcept;
    FastQueryParser& operator=(FastQueryParser&&) noexcept;

    // The query of `line`, whose buffer holds `readable` bytes from its first
    // (its own and those after it); false when the reference parser must read
    // the line (`out` is then unspecified).
    bool parse(std::string_view line, std::size_t readable, Quirks quirks, Query& out);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep::detail
