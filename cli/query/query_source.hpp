// levelsweep CLI: reading queries from a binary query file or from JSON Lines,
// either one plain or gzipped, through one interface (docs/formats.md).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <span>

#include "levelsweep/replay_files.hpp"

namespace levelsweep::cli {

class QuerySource {
public:
    virtual ~QuerySource() = default;
    // The header: the binary file's, or the JSON Lines header line's (or empty).
    virtual const QueryFileHeader& header() const = 0;
    // Fills up to out.size() records; 0 at the end. A record that cannot be read
    // comes back malformed (with its error) and reading goes on.
    virtual std::size_t read(std::span<QueryRecord> out) = 0;
    // Where the input was cut short, if it was.
    virtual std::optional<ReplayFileError> truncation() const = 0;
};

// Opens `path` ("-" for standard input, JSON Lines only): a binary query file
// when it starts with the query file's magic, JSON Lines otherwise. Queries read
// from JSON Lines run in `quirks`' mode like every other (the files carry none).
std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path);

}  // namespace levelsweep::cli
