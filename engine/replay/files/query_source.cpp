#include "levelsweep/query_source.hpp"

#include <charconv>
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

// Whether a line is a JSON object with the key "levelsweep_queries" at its
// top: the header line, told without building the line's tree (a first line
// that is a query is parsed, and its tree checked, as any other).
class HeaderKey {
public:
    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(json::number_integer_t) { return true; }
    bool number_unsigned(json::number_unsigned_t) { return true; }
    bool number_float(json::number_float_t, const std::string&) { return true; }
    bool string(std::string&) { return true; }
    bool binary(json::binary_t&) { return true; }
    bool start_object(std::size_t) {
        if (depth_++ == 0) object_ = true;
        return true;
    }
    bool end_object() {
        --depth_;
        return true;
    }
    bool start_array(std::size_t) {
        ++depth_;
        return true;
    }
    bool end_array() {
        --depth_;
        return true;
    }
    bool key(std::string& k) {
        found_ |= depth_ == 1 && k == "levelsweep_queries";
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const json::exception&) { return false; }
    bool found() const { return object_ && found_; }

private:
    std::size_t depth_ = 0;
    bool object_ = false, found_ = false;
};

bool is_header(const std::string& line) {
    HeaderKey h;
    return json::sax_parse(line.begin(), line.end(), &h) && h.found();
}

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
            if (!too_long_ && blank(line_)) continue;
            if (!too_long_ && is_header(line_)) read_header(parse_json(line_, name_ + ": " + header_line()));
            else pending_ = true;  // the first query
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
            if (!too_long_ && blank(line_)) continue;
            QueryRecord& r = out[n++];
            r.query = Query{};
            r.malformed = too_long_;
            r.error.clear();
            r.position = lines_.line_number();
            if (too_long_) {
                r.text.clear();
                r.error = "line " + std::to_string(r.position) + ": longer than " + std::to_string(max_query_line_bytes) +
                          " bytes, the longest query line read (docs/formats.md)";
            } else {
                keep_text(r.text, line_);
                text += line_.size();
            }
        }
        parallel_loop(0, n, 64, [&](const auto& range) {
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
            throw ReplayFileError(name_, 0, header_line() + ": unsupported \"levelsweep_queries\" version " + version.dump() + " (this build reads 1)");
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
            throw ReplayFileError(name_, 0, header_line() + ": \"level_checksum\" must be \"0x\" and up to 16 hex digits, or a whole number");
        return value;
    }

    bool next_line(std::size_t max_length) { return lines_.next(line_, too_long_, max_length); }
    std::string header_line() const { return "line " + std::to_string(lines_.line_number()); }
    static bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

    // A line into a record's own buffer, which it keeps from read to read;
    // but not the room a long line once took, so that the records of a
    // source hold no more than the lines they hold now.
    static void keep_text(std::string& text, const std::string& line) {
        constexpr std::size_t kept_room = std::size_t{64} << 10;
        if (text.capacity() > kept_room && text.capacity() > 2 * line.size()) std::string(line).swap(text);
        else text.assign(line);
    }

    // A line's query; a line that is not one keeps its text (a scene line, for
    // `query` and `replay --scene`). Running out of memory is not a property
    // of the line, so it ends the read rather than make the line malformed.
    static void parse(QueryRecord& r) {
        if (r.malformed) return;
        try {
            r.query = query_from_json(parse_json(r.text, "the line"), Quirks::faithful());
            r.text.clear();
        } catch (const std::bad_alloc&) {
            throw;
        } catch (const MemoryLimitError& e) {
            r.malformed = true;
            r.error = "line " + std::to_string(r.position) + ": " + error_text(e);
            r.text.clear();  // a tree too large to build is no scene line either
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

std::size_t max_read_text_bytes() {
    return static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t{16} << 20, memory_limit() / 16));
}

// The file is opened once and its first bytes looked at in the stream itself,
// so that a pipe (whose bytes a second open would not see again) reads too.
std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path) {
    const std::string name = path.string();
    if (name == "-") return std::make_unique<JsonLinesSource>(LineReader("-"), name);
    auto input = std::make_unique<detail::DecodedInput>(name);
    switch (file_kind_of(input->peek(8))) {
        case FileKind::queries: return std::make_unique<BinarySource>(std::move(input));
        case FileKind::level:
            throw ReplayFileError(name, 0, "is a level file, not a query file (the level comes first, then the queries)");
        case FileKind::results:
            throw ReplayFileError(name, 0, "is a result file, not a query file (levelsweep export shows what it holds)");
        case FileKind::other: break;
    }
    return std::make_unique<JsonLinesSource>(LineReader(std::move(input)), name);
}

}  // namespace levelsweep
