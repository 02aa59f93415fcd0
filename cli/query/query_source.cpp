#include "query/query_source.hpp"

#include <zlib.h>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "json/query_json.hpp"

namespace levelsweep::cli {

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
// header. Blank lines are skipped; a line that does not parse is a malformed
// record.
class JsonLinesSource final : public QuerySource {
public:
    explicit JsonLinesSource(const std::filesystem::path& path) : name_(path.string()) {
        if (name_ != "-") {
            file_.reset(::gzopen(name_.c_str(), "rb"));
            if (!file_) throw ReplayFileError(name_, 0, "cannot open");
        }
        if (next_line()) {
            const json first = json::parse(line_, nullptr, false);
            if (first.is_object() && first.contains("levelsweep_queries")) {
                read_header(first);
                pending_ = false;
            } else {
                pending_ = true;
            }
        }
    }
    const QueryFileHeader& header() const override { return header_; }
    std::optional<ReplayFileError> truncation() const override { return truncation_; }

    std::size_t read(std::span<QueryRecord> out) override {
        std::size_t n = 0;
        while (n < out.size() && (pending_ || next_line())) {
            pending_ = false;
            if (line_.find_first_not_of(" \t\r") == std::string::npos) continue;
            QueryRecord& r = out[n++];
            r = QueryRecord{};
            r.position = line_no_;
            try {
                r.query = query_from_json(json::parse(line_), Quirks::faithful());
            } catch (const std::exception& e) {
                r.malformed = true;
                r.error = "line " + std::to_string(line_no_) + ": " + e.what();
                r.text = line_;
            }
        }
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

    bool next_line() {
        line_.clear();
        if (!file_) {
            if (!std::getline(std::cin, line_)) return false;
            ++line_no_;
            return true;
        }
        char buf[4096];
        bool any = false;
        while (::gzgets(file_.get(), buf, sizeof buf)) {
            any = true;
            const std::size_t before = line_.size();
            line_ += buf;
            bytes_ += line_.size() - before;
            if (!line_.empty() && line_.back() == '\n') {
                line_.pop_back();
                break;
            }
        }
        if (any) ++line_no_;
        else note_damage();
        return any;
    }

    // At the end of the text: a gzip stream that was cut short or is damaged
    // ends the input early; every line before it was read.
    void note_damage() {
        int err = Z_OK;
        const char* msg = ::gzerror(file_.get(), &err);
        if (err != Z_OK && !truncation_)
            truncation_ = ReplayFileError(name_, bytes_, std::string("the gzip stream ends early or is damaged (") + (msg ? msg : "?") + ")");
    }

    std::string name_;
    struct GzClose {
        void operator()(gzFile f) const { ::gzclose(f); }
    };
    std::unique_ptr<gzFile_s, GzClose> file_;  // closed also when the header line throws
    std::string line_;
    std::size_t line_no_ = 0;
    std::uint64_t bytes_ = 0;  // text delivered so far
    std::optional<ReplayFileError> truncation_;
    bool pending_ = false;
    QueryFileHeader header_;
};

}  // namespace

std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path) {
    if (path != "-" && QueryFileReader::looks_like(path)) return std::make_unique<BinarySource>(path);
    return std::make_unique<JsonLinesSource>(path);
}

}  // namespace levelsweep::cli
