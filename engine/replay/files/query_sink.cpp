#include "levelsweep/query_sink.hpp"

#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "levelsweep/blocked_gzip.hpp"
#include "levelsweep/query_json.hpp"
#include "replay_io.hpp"

namespace levelsweep {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

class BinarySink final : public QuerySink {
public:
    BinarySink(const std::filesystem::path& path, const QueryFileHeader& header)
        : writer_(path, header.level_checksum, header.metadata) {}
    void write(const Query& q) override { writer_.write(q); }
    void close() override { writer_.close(); }

private:
    QueryFileWriter writer_;
};

// One query a line: plain through zlib ("wbT"), gzipped as blocked gzip
// (blocked_gzip.hpp), whose members are compressed in parallel and read back so.
class JsonLinesSink final : public QuerySink {
public:
    JsonLinesSink(const std::filesystem::path& path, const QueryFileHeader& header)
        : name_(path == "-" ? "standard output" : path.string()) {
        if (path != "-" && ends_with(name_, ".gz")) {
            blocked_file_ = std::make_unique<detail::OutStream>(path, std::size_t{1} << 20);
            blocked_ = std::make_unique<detail::blocked_gzip::Writer>(
                [out = blocked_file_.get()](std::span<const std::byte> bytes) { out->write(bytes); });
        } else {
            // Standard output through a duplicate: closing the stream leaves it open for main's checked close.
            file_ = path == "-" ? ::gzdopen(::dup(STDOUT_FILENO), "wbT") : ::gzopen(name_.c_str(), "wbT");
            if (!file_) throw ReplayFileError(name_, 0, std::string("cannot create: ") + std::strerror(errno));
        }
        put(query_header_line(header));
    }
    ~JsonLinesSink() override {
        if (file_) ::gzclose(file_);
    }
    JsonLinesSink(const JsonLinesSink&) = delete;
    JsonLinesSink& operator=(const JsonLinesSink&) = delete;

    void write(const Query& q) override { put(query_to_json(q).dump()); }
    void close() override {
        if (blocked_) {
            blocked_->finish();
            blocked_file_->close();
            return;
        }
        gzFile f = file_;
        file_ = nullptr;
        if (f && ::gzclose(f) != Z_OK)
            throw ReplayFileError(name_, offset_, std::string("write failed: ") + std::strerror(errno));
    }

private:
    void put(std::string line) {
        line += '\n';
        if (blocked_)
            blocked_->write(std::as_bytes(std::span(line.data(), line.size())));
        else if (::gzwrite(file_, line.data(), static_cast<unsigned>(line.size())) != static_cast<int>(line.size()))
            throw ReplayFileError(name_, offset_, std::string("write failed: ") + std::strerror(errno));
        offset_ += line.size();
    }

    std::string name_;
    gzFile file_ = nullptr;
    std::unique_ptr<detail::OutStream> blocked_file_;
    std::unique_ptr<detail::blocked_gzip::Writer> blocked_;
    std::uint64_t offset_ = 0;
};

}  // namespace

std::optional<QueryFormat> query_format_for(const std::filesystem::path& path) {
    const std::string name = path.string();
    if (name == "-" || ends_with(name, ".jsonl") || ends_with(name, ".jsonl.gz")) return QueryFormat::json_lines;
    if (ends_with(name, ".lsq")) return QueryFormat::binary;
    return std::nullopt;
}

std::string query_header_line(const QueryFileHeader& header) {
    char checksum[24];
    std::snprintf(checksum, sizeof checksum, "0x%016" PRIx64, header.level_checksum);
    std::string line = "{\"levelsweep_queries\":1,\"level_checksum\":\"" + std::string(checksum) + "\"";
    if (!header.metadata.empty()) {
        const json value = parse_json(header.metadata, "the metadata", false);
        const bool as_value = (value.is_object() || value.is_array()) && value.dump() == header.metadata;
        // Text that is not UTF-8 cannot be a JSON string: its bad bytes become U+FFFD.
        line +=
            ",\"metadata\":" +
            (as_value ? header.metadata : json(header.metadata).dump(-1, ' ', false, json::error_handler_t::replace));
    }
    return line + "}";
}

std::unique_ptr<QuerySink> open_query_sink(const std::filesystem::path& path, QueryFormat format,
                                           const QueryFileHeader& header) {
    if (format == QueryFormat::binary) {
        if (path == "-") throw ReplayFileError("-", 0, "a binary query file cannot go to standard output");
        return std::make_unique<BinarySink>(path, header);
    }
    return std::make_unique<JsonLinesSink>(path, header);
}

}  // namespace levelsweep
