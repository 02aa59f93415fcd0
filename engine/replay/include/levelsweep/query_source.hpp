// levelsweep: reading queries from a binary query file or from JSON Lines,
// either one plain or gzipped, through one interface (docs/formats.md).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <span>

#include "levelsweep/level.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep {

// The longest JSON Lines query line read (a query takes a few hundred bytes);
// a longer one is a malformed record, read past without being held. The first
// line may be the header, whose metadata may take 1 MiB escaped.
inline constexpr std::size_t max_query_line_bytes = std::size_t{1} << 20;
inline constexpr std::size_t max_first_line_bytes = std::size_t{8} << 20;
// The text one read() of JSON Lines holds at most: it stops taking lines once
// they hold this much (and always takes one): 16 MiB, or a sixteenth of the
// memory limit when that is less, so that the chunks a replay keeps in
// flight hold a bounded part of it whatever the lines' lengths.
std::size_t max_read_text_bytes();

class QuerySource {
public:
    virtual ~QuerySource() = default;
    // The header: the binary file's, or the JSON Lines header line's (or empty).
    // The count is unknown_query_count where the file does not say (JSON Lines,
    // a binary file whose writer did not close).
    virtual const QueryFileHeader& header() const = 0;
    // Fills up to out.size() records; 0 at the end. A record that cannot be read
    // comes back malformed (with its error) and reading goes on.
    virtual std::size_t read(std::span<QueryRecord> out) = 0;
    // Where the input was cut short, if it was.
    virtual std::optional<ReplayFileError> truncation() const = 0;
    // The input's bytes up to the end of the last record returned (a binary
    // file's header and metadata, a JSON Lines file's header line and blank
    // lines included; uncompressed), and their digest: what the records read
    // so far depend on.
    virtual const InputDigest& consumed() const = 0;
};

// Throws std::runtime_error unless the queries were recorded against `level`
// (their header's checksum is 0 or the level's) or `force` is set.
void require_recorded_level(const QueryFileHeader& header, const std::string& queries, const Level& level,
                            const std::string& level_path, bool force);

// How JSON Lines are read. bulk: in large blocks (a blocked gzip file's
// members inflated in parallel), each line parsed by simdjson where it can;
// reference: line by line (LineReader) and nlohmann::json, the reader the bulk
// one is checked against (the same records, line numbers, errors and end).
// Standard input, a pipe and a binary query file have one reader each.
enum class QueryReader { bulk, reference };

// Opens `path` ("-" for standard input, JSON Lines only): a binary query file
// when it starts with the query file's magic, JSON Lines otherwise; a level or
// result file, or a directory, is refused with ReplayFileError. A JSON tree
// beyond the memory limit (the header line's, a query line's) is refused
// before it is built (MemoryLimitError for the header, a malformed record for
// a line). Queries read
// from JSON Lines run in `quirks`' mode like every other (the files carry none).
std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path, QueryReader reader = QueryReader::bulk);

}  // namespace levelsweep
