#include "levelsweep/query_source.hpp"

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "decoded_input.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/line_reader.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/parallel_loop.hpp"
#include "levelsweep/query_json.hpp"
#include "query_lines.hpp"

namespace levelsweep {

namespace {

class BinarySource final : public QuerySource {
public:
    explicit BinarySource(std::unique_ptr<detail::DecodedInput> input) : reader_(std::move(input)) {}
    const QueryFileHeader& header() const override { return reader_.header(); }
    std::size_t read(std::span<QueryRecord> out) override { return reader_.read(out); }
    std::optional<ReplayFileError> truncation() const override { return reader_.truncation(); }
    const InputDigest& consumed() const override { return reader_.digest(); }

private:
    QueryFileReader reader_;
};

// JSON Lines, one query a line (docs/query.md). An optional first line
// {"levelsweep_queries": 1, "level_checksum": "0x...", "metadata": ...} is the
// header (blank lines before it are skipped, as everywhere: they do not
// demote it to a query). Blank lines are skipped; a line that does not parse,
// or is longer than the limit, is a malformed record and reading goes on.
class JsonLinesSource final : public QuerySource {
public:
    explicit JsonLinesSource(LineReader lines, std::string name) : name_(std::move(name)), lines_(std::move(lines)) {
        header_.count = unknown_query_count;  // known only at the end
        while (next_line(max_first_line_bytes)) {
            if (!too_long_ && detail::blank_line(line_)) continue;
            pending_ = too_long_ ||
                       !detail::read_query_header(name_, line_, lines_.line_number(), header_);  // or the first query
            break;
        }
    }
    const QueryFileHeader& header() const override { return header_; }
    std::optional<ReplayFileError> truncation() const override {
        if (!lines_.damage()) return std::nullopt;
        return ReplayFileError(name_, lines_.bytes(), *lines_.damage());
    }
    const InputDigest& consumed() const override { return lines_.digest(); }

    // The lines are read in order, at most max_read_text_bytes() of them in
    // all; their JSON, most of a line's cost, is then parsed in parallel,
    // each line into its own record.
    std::size_t read(std::span<QueryRecord> out) override {
        std::size_t n = 0, text = 0;
        const std::size_t budget = max_read_text_bytes();
        while (n < out.size() && text < budget && (pending_ || next_line(max_query_line_bytes))) {
            pending_ = false;
            if (!too_long_ && detail::blank_line(line_)) continue;
            QueryRecord& r = out[n++];
            r.query = Query{};
            r.malformed = false;
            r.error.clear();
            r.position = lines_.line_number();
            if (too_long_) {
                detail::too_long_record(r);
            } else {
                detail::keep_text(r.text, line_);
                text += line_.size();
            }
        }
        parallel_loop(0, n, 64, [&](const auto& range) {
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
    throw std::runtime_error(queries + " was recorded against another level (checksum " + hex(header.level_checksum) +
                             "; " + level_path + " has " + hex(level.checksum()) + "); use --force to run it anyway");
}

std::size_t max_read_text_bytes() {
    return static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t{16} << 20, memory_limit() / 16));
}

// The file is opened once and its first bytes looked at in the stream itself,
// so that a pipe (whose bytes a second open would not see again) reads too.
std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path, QueryReader reader) {
    const std::string name = path.string();
    if (name == "-") return std::make_unique<JsonLinesSource>(LineReader("-"), name);
    auto input = std::make_unique<detail::DecodedInput>(name);
    switch (file_kind_of(input->peek(8))) {
        case FileKind::queries: return std::make_unique<BinarySource>(std::move(input));
        case FileKind::level:
            throw ReplayFileError(name, 0,
                                  "is a level file, not a query file (the level comes first, then the queries)");
        case FileKind::results:
            throw ReplayFileError(name, 0,
                                  "is a result file, not a query file (levelsweep export shows what it holds)");
        case FileKind::other: break;
    }
    if (reader == QueryReader::bulk && detail::bulk_readable(path)) {
        input.reset();  // a regular file: the bulk reader opens it again
        const auto reference = [&]() -> std::unique_ptr<QuerySource> {
            return std::make_unique<JsonLinesSource>(LineReader(name), name);
        };
        if (detail::reader_check_wanted()) return detail::open_checked_json_lines(path, reference);
        return detail::open_bulk_json_lines(path);
    }
    return std::make_unique<JsonLinesSource>(LineReader(std::move(input)), name);
}

}  // namespace levelsweep
