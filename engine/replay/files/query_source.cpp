#include "levelsweep/query_source.hpp"

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
#include "query_lines.hpp"

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

// JSON Lines, one query a line (docs/query.md), read by the reference reader
// (QueryReader::reference: LineReader and nlohmann). An optional first line
// {"levelsweep_queries": 1, "level_checksum": "0x...", "metadata": ...} is the
// header. Blank lines are skipped; a line that does not parse, or is longer
// than the limit, is a malformed record and reading goes on.
class JsonLinesSource final : public QuerySource {
public:
    explicit JsonLinesSource(const std::filesystem::path& path) : name_(path.string()), lines_(name_) {
        header_.count = unknown_query_count;  // known only at the end
        if (next_line(max_first_line_bytes)) pending_ = !detail::read_query_header(name_, line_, too_long_, header_);
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
            if (!too_long_ && detail::blank_line(line_)) continue;
            QueryRecord& r = out[n++];
            r.query = Query{};
            r.malformed = false;
            r.error.clear();
            r.text.clear();
            r.position = lines_.line_number();
            if (too_long_) detail::too_long_record(r);
            else r.text.assign(line_);  // into the record's own buffer, which it keeps from chunk to chunk
        }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 64), [&](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i)
                if (!out[i].malformed) detail::parse_query_line(out[i]);
        });
        return n;
    }

private:
    bool next_line(std::size_t max_length) { return lines_.next(line_, too_long_, max_length); }

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

std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path, QueryReader reader) {
    const std::string name = path.string();
    switch (name == "-" ? FileKind::other : file_kind(name)) {
        case FileKind::queries: return std::make_unique<BinarySource>(path);
        case FileKind::level:
            throw ReplayFileError(name, 0, "is a level file, not a query file (the level comes first, then the queries)");
        case FileKind::results:
            throw ReplayFileError(name, 0, "is a result file, not a query file (levelsweep export shows what it holds)");
        case FileKind::other: break;
    }
    const auto reference = [&]() -> std::unique_ptr<QuerySource> { return std::make_unique<JsonLinesSource>(path); };
    if (reader == QueryReader::reference) return reference();
    if (detail::reader_check_wanted(path)) return detail::open_checked_json_lines(path, reference);
    return detail::open_bulk_json_lines(path);
}

}  // namespace levelsweep
