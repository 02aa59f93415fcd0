#include "levelsweep/query_source.hpp"

#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include "levelsweep/file_kind.hpp"
#include "levelsweep/line_reader.hpp"
#include "levelsweep/query_json.hpp"

namespace levelsweep {

namespace {

class BinarySource final : public QuerySource {
public:
    explicit BinarySource(const std::filesystem::path& path) : reader_(path) {}
    const QueryFileHeader& header() const override { return reader_.header(); }
    std::size_t read(std::span<QueryRecord> out) override { return reader_.read(out); }
    std::optional<ReplayFileError> truncation() const override { return reader_.truncation(); }

private:
    QueryFileReader reader_;
};

// JSON Lines, one query a line (docs/query.md). An optional first line
// {"levelsweep_queries": 1, "level_checksum": "0x...", "metadata": ...} is the
// header. Blank lines are skipped; a line that does not parse, or is longer
// than the limit, is a malformed record and reading goes on.
class JsonLinesSource final : public QuerySource {
public:
    explicit JsonLinesSource(const std::filesystem::path& path) : name_(path.string()), lines_(name_) {
        header_.count = unknown_query_count;  // known only at the end
        if (next_line(max_first_line_bytes)) {
            const json first = too_long_ ? json() : json::parse(line_, nullptr, false);
            if (first.is_object() && first.contains("levelsweep_queries")) {
                read_header(first);
                pending_ = false;
            } else {
                pending_ = true;
            }
        }
    }
    const QueryFileHeader& header() const override { return header_; }
    std::optional<ReplayFileError> truncation() const override {
        if (!lines_.damage()) return std::nullopt;
        return ReplayFileError(name_, lines_.bytes(), *lines_.damage());
    }

    // The lines are read in order; their JSON, most of a line's cost, is then
    // parsed in parallel, each line into its own record.
    std::size_t read(std::span<QueryRecord> out) override {
        std::size_t n = 0;
        while (n < out.size() && (pending_ || next_line(max_query_line_bytes))) {
            pending_ = false;
            if (!too_long_ && line_.find_first_not_of(" \t\r") == std::string::npos) continue;
            QueryRecord& r = out[n++];
            r.query = Query{};
            r.malformed = too_long_;
            r.error.clear();
            r.text.clear();
            r.position = lines_.line_number();
            if (too_long_)
                r.error = "line " + std::to_string(r.position) + ": longer than " + std::to_string(max_query_line_bytes) +
                          " bytes, the longest query line read (docs/formats.md)";
            else
                r.text.assign(line_);  // into the record's own buffer, which it keeps from chunk to chunk
        }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 64), [&](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i) parse(out[i]);
        });
        return n;
    }

private:
    // The header line: a version this build reads, a checksum as "0x..." (or
    // a whole number) and metadata as a string or any JSON value (kept as its text).
    void read_header(const json& h) {
        const json& version = h.at("levelsweep_queries");
        if (!version.is_number_unsigned() || version.get<std::uint64_t>() != 1)
            throw ReplayFileError(name_, 0, "line 1: unsupported \"levelsweep_queries\" version " + version.dump() + " (this build reads 1)");
        if (h.contains("level_checksum")) header_.level_checksum = checksum_of(h.at("level_checksum"));
        if (h.contains("metadata")) header_.metadata = h.at("metadata").is_string() ? h.at("metadata").get<std::string>() : h.at("metadata").dump();
    }

    std::uint64_t checksum_of(const json& c) const {
        if (c.is_number_unsigned()) return c.get<std::uint64_t>();
        const std::string text = c.is_string() ? c.get<std::string>() : "";
        std::uint64_t value = 0;
        const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
        const char* first = text.data() + (hex ? 2 : 0);
        const auto [end, ec] = std::from_chars(first, text.data() + text.size(), value, hex ? 16 : 10);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size())
            throw ReplayFileError(name_, 0, "line 1: \"level_checksum\" must be \"0x\" and up to 16 hex digits, or a whole number");
        return value;
    }

    bool next_line(std::size_t max_length) { return lines_.next(line_, too_long_, max_length); }

    // A line's query; a line that is not one keeps its text (a scene line, for
    // `query` and `replay --scene`).
    static void parse(QueryRecord& r) {
        if (r.malformed) return;
        try {
            r.query = query_from_json(json::parse(r.text), Quirks::faithful());
            r.text.clear();
        } catch (const std::exception& e) {
            r.malformed = true;
            r.error = "line " + std::to_string(r.position) + ": " + error_text(e);
        }
    }

    std::string name_;
    LineReader lines_;
    std::string line_;
    bool too_long_ = false;
    bool pending_ = false;
    QueryFileHeader header_;
};

}  // namespace

void require_recorded_level(const QueryFileHeader& header, const std::string& queries, const Level& level,
                            const std::string& level_path, bool force) {
    if (header.level_checksum == 0 || header.level_checksum == level.checksum() || force) return;
    const auto hex = [](std::uint64_t v) {
        char text[24];
        std::snprintf(text, sizeof text, "0x%016" PRIx64, v);
        return std::string(text);
    };
    throw std::runtime_error(queries + " was recorded against another level (checksum " + hex(header.level_checksum) + "; " +
                             level_path + " has " + hex(level.checksum()) + "); use --force to run it anyway");
}

std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path) {
    const std::string name = path.string();
    switch (name == "-" ? FileKind::other : file_kind(name)) {
        case FileKind::queries: return std::make_unique<BinarySource>(path);
        case FileKind::level:
            throw ReplayFileError(name, 0, "is a level file, not a query file (the level comes first, then the queries)");
        case FileKind::results:
            throw ReplayFileError(name, 0, "is a result file, not a query file (levelsweep export shows what it holds)");
        case FileKind::other: break;
    }
    return std::make_unique<JsonLinesSource>(path);
}

}  // namespace levelsweep
