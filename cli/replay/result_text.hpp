// levelsweep CLI: the text form of a result file: JSON Lines, a header line,
// then one line per query in file order (docs/formats.md, "The result file's
// text export"). `levelsweep export` writes it; `diff --json` reuses the header.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include "json/json_io.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::cli {

// "0x" and 16 hex digits.
std::string checksum_text(std::uint64_t checksum);

// "faithful" (every switch on), "corrected" (none) or "custom".
std::string quirk_set_name(std::uint32_t bits);

// {"level_checksum": "0x...", "quirks": "0x...", "mode", "path", "isa", "metadata"}.
json result_header_to_json(const ResultFileHeader& h);

// {"index", "kind", "status", "found", "overflow", "contacts": [...], "stats"}
// (result_to_json's keys with the index and kind).
json result_record_to_json(const ResultRecord& r);

// Writes the file at `in` (plain or gzipped) to `out`: the header line (the
// header's keys and "levelsweep_results": 1), then one line per record. A file
// cut short or corrupt is exported up to its last whole record; the return
// value then says where and why the read stopped.
std::optional<ReplayFileError> export_results_jsonl(const std::filesystem::path& in, std::ostream& out);
// The same into the file `out` ("-": standard output); throws when it cannot be written.
std::optional<ReplayFileError> export_results_jsonl(const std::filesystem::path& in, const std::string& out);

}  // namespace levelsweep::cli
