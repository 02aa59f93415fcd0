// levelsweep: writing queries as a binary query file or as JSON Lines
// (docs/formats.md), the counterpart of query_source.hpp.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "levelsweep/replay_files.hpp"

namespace levelsweep {

enum class QueryFormat { binary, json_lines };

// The format a file's name asks for: .lsq binary; .jsonl, .jsonl.gz or "-"
// (standard output) JSON Lines; nothing for any other name.
std::optional<QueryFormat> query_format_for(const std::filesystem::path& path);

class QuerySink {
public:
    virtual ~QuerySink() = default;
    virtual void write(const Query& q) = 0;
    // Finishes the file (the binary file's count); throws ReplayFileError when
    // it cannot be written. Without it the binary file keeps the count of a
    // writer that did not close, which readers accept.
    virtual void close() = 0;
};

// The JSON Lines header line for a header:
// {"levelsweep_queries":1,"level_checksum":"0x...","metadata":...}. Metadata
// that is a JSON object or array written the way nlohmann::json writes it
// goes in as that value, any other as a string, so that reading the line gives
// back the same metadata text.
std::string query_header_line(const QueryFileHeader& header);

// Opens `path` for writing in `format` (JSON Lines gzipped when the name ends
// in .gz; "-" is standard output, JSON Lines only). Throws ReplayFileError.
std::unique_ptr<QuerySink> open_query_sink(const std::filesystem::path& path, QueryFormat format,
                                           const QueryFileHeader& header);

}  // namespace levelsweep
