#include "query_source.hpp"

#include <zlib.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "query_json.hpp"

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
            file_ = ::gzopen(name_.c_str(), "rb");
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
    ~JsonLinesSource() override {
        if (file_) ::gzclose(file_);
    }

    const QueryFileHeader& header() const override { return header_; }
    std::optional<ReplayFileError> truncation() const override { return std::nullopt; }

    std::size_t read(std::span<QueryRecord> out) override {
        std::size_t n = 0;
        while (n < out.size() && (pending_ || next_line())) {
            pending_ = false;
            if (line_.find_first_not_of(" \t\r") == std::string::npos) continue;
            QueryRecord& r = out[n++];
            r = QueryRecord{};
            try {
                r.query = query_from_json(json::parse(line_), Quirks::faithful());
            } catch (const std::exception& e) {
                r.malformed = true;
                r.error = "line " + std::to_string(line_no_) + ": " + e.what();
            }
        }
        return n;
    }

private:
    void read_header(const json& h) {
        if (h.contains("level_checksum")) {
            const json& c = h.at("level_checksum");
            header_.level_checksum = c.is_string() ? std::stoull(c.get<std::string>(), nullptr, 0) : c.get<std::uint64_t>();
        }
        if (h.contains("metadata")) header_.metadata = h.at("metadata").is_string() ? h.at("metadata").get<std::string>() : h.at("metadata").dump();
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
        while (::gzgets(file_, buf, sizeof buf)) {
            any = true;
            line_ += buf;
            if (!line_.empty() && line_.back() == '\n') {
                line_.pop_back();
                break;
            }
        }
        if (any) ++line_no_;
        return any;
    }

    std::string name_;
    gzFile file_ = nullptr;
    std::string line_;
    std::size_t line_no_ = 0;
    bool pending_ = false;
    QueryFileHeader header_;
};

}  // namespace

std::unique_ptr<QuerySource> open_queries(const std::filesystem::path& path) {
    if (path != "-" && QueryFileReader::looks_like(path)) return std::make_unique<BinarySource>(path);
    return std::make_unique<JsonLinesSource>(path);
}

}  // namespace levelsweep::cli
