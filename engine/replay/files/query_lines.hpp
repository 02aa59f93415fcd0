// levelsweep (private): what the two JSON Lines query readers share
// (docs/formats.md, "Queries as JSON Lines"): the reference reader, line by
// line through LineReader and nlohmann (query_source.cpp), and the bulk
// reader, in large blocks through simdjson (query_lines_bulk.cpp), which reads
// the same records and reports the same errors.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::detail {

// Whether `line` (line `line_number`, the first that is not blank) is the
// header {"levelsweep_queries": 1, ...}, told without building its tree; when
// it is, `header` gets its checksum and metadata. Throws ReplayFileError for a
// header this build cannot read (another version, a bad checksum), and
// MemoryLimitError for one whose tree would not fit.
bool read_query_header(const std::string& name, const std::string& line, std::size_t line_number,
                       QueryFileHeader& header);

// A line without anything but spaces, tabs and carriage returns: skipped.
inline bool blank_line(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

// The record of a line longer than the limit (read past, not held).
void too_long_record(QueryRecord& r);

// A line into a record's own buffer, which it keeps from read to read; but
// not the room a long line once took, so that the records of a source hold no
// more than the lines they hold now.
void keep_text(std::string& text, std::string_view line);

// The record of r.text, parsed by nlohmann (the reference parser): the query,
// with the text cleared, or malformed with the error ("line N: ...") and the
// text kept (a scene line, for `query` and `replay --scene`).
void parse_query_line(QueryRecord& r);

// Whether the bulk reader reads `path`: a regular file (standard input and
// pipes are read once, by the reference reader, from the stream already open).
bool bulk_readable(const std::filesystem::path& path);
// The bulk reader of a JSON Lines file.
std::unique_ptr<QuerySource> open_bulk_json_lines(const std::filesystem::path& path);

// Whether the environment asks for the two readers to be checked against each
// other (LEVELSWEEP_CHECK_READERS, which the tests set).
bool reader_check_wanted();
// The bulk reader, checked record by record against the reference reader
// `open_reference` opens: any difference throws std::logic_error naming both.
std::unique_ptr<QuerySource> open_checked_json_lines(
    const std::filesystem::path& path, const std::function<std::unique_ptr<QuerySource>()>& open_reference);

}  // namespace levelsweep::detail
