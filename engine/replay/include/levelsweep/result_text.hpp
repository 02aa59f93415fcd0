// levelsweep: the text form of a result file: JSON Lines, a header line,
// then one line per query in file order (docs/formats.md, "The result file's
// text export"). `levelsweep export` writes it; `diff --json` reuses the header.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include "levelsweep/json_io.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep {

// "0x" and 16 hex digits.
std::string checksum_text(std::uint64_t checksum);

// "faithful" (every quirk on), "corrected" (none) or "custom", then
// "+empty_round_sweeps" for each definition switch on (docs/quirks.md).
std::string quirk_set_name(std::uint32_t bits);

// {"level_checksum": "0x...", "quirks": "0x...", "mode", "path", "isa", "metadata",
// "expected_count" (null when the run did not know it)}.
json result_header_to_json(const ResultFileHeader& h);

// {"index", "kind", "status", "found", "overflow", "contacts": [...], "stats"}
// (result_to_json's keys with the index and kind).
json result_record_to_json(const ResultRecord& r);

// How reading a result file to its end went: how its records ended, and the
// reader's words for it ("incomplete: 4096 of 21000 queries").
struct ResultsRead {
    ResultsEnd end = ResultsEnd::complete;
    std::string text;
};

// Writes the file at `in` (plain or gzipped) to `out`: the header line (the
// header's keys and "levelsweep_results": 1), then one line per record, up to
// the last whole record whatever follows it.
ResultsRead export_results_jsonl(const std::filesystem::path& in, std::ostream& out);

}  // namespace levelsweep
