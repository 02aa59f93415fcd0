// A binary query file by ranges (query_ranges.hpp): the header is read and
// checked by QueryFileReader, as `replay` reads it; the records of a range are
// read with pread at their offsets and decoded in parallel, as the reader
// decodes them, with the same message for a malformed record.
#include "levelsweep/query_ranges.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "levelsweep/file_kind.hpp"
#include "levelsweep/parallel_loop.hpp"

namespace levelsweep {

namespace {

// A descriptor closed with its owner.
class OpenFile {
public:
    explicit OpenFile(const std::string& name) : fd_(::open(name.c_str(), O_RDONLY | O_CLOEXEC)) {
        if (fd_ < 0) throw ReplayFileError(name, 0, std::string("cannot open: ") + std::strerror(errno));
    }
    ~OpenFile() { ::close(fd_); }
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;
    int fd() const { return fd_; }

private:
    int fd_;
};

class RangeSource final : public QuerySource {
public:
    RangeSource(const QueryFileRanges& file, std::uint64_t first, std::uint64_t end)
        : file_(file), in_(file.name()), at_(first), end_(end) {}

    const QueryFileHeader& header() const override { return file_.header(); }
    std::optional<ReplayFileError> truncation() const override { return std::nullopt; }
    const InputDigest& consumed() const override { return digest_; }

    std::size_t read(std::span<QueryRecord> out) override {
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), end_ - at_));
        if (n == 0) return 0;
        const std::uint64_t start = file_.head().bytes + at_ * query_record_bytes;
        bytes_.resize(n * query_record_bytes);
        read_at(start);
        parallel_loop(0, n, 256, [&](const auto& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                QueryRecord& r = out[i];
                r.text.clear();
                r.position = at_ + i;
                r.error = decode_query_record(std::span<const std::byte, query_record_bytes>(
                                                  bytes_.data() + i * query_record_bytes, query_record_bytes),
                                              r.query);
                r.malformed = !r.error.empty();
                if (r.malformed) r.error = "byte " + std::to_string(start + i * query_record_bytes) + ": " + r.error;
            }
        });
        digest_.add(bytes_);
        at_ += n;
        return n;
    }

private:
    void read_at(std::uint64_t offset) {
        std::size_t got = 0;
        while (got < bytes_.size()) {
            const ssize_t n =
                ::pread(in_.fd(), bytes_.data() + got, bytes_.size() - got, static_cast<off_t>(offset + got));
            if (n < 0 && errno == EINTR) continue;
            if (n < 0)
                throw ReplayFileError(file_.name(), offset + got, std::string("read error: ") + std::strerror(errno));
            if (n == 0)
                throw ReplayFileError(file_.name(), offset + got,
                                      "the file ends here: it was cut short while the job read it");
            got += static_cast<std::size_t>(n);
        }
    }

    const QueryFileRanges& file_;
    OpenFile in_;
    std::uint64_t at_, end_;
    std::vector<std::byte> bytes_;
    InputDigest digest_;
};

bool gzipped(int fd) {
    std::array<unsigned char, 2> head{};
    return ::pread(fd, head.data(), head.size(), 0) == 2 && head[0] == 0x1f && head[1] == 0x8b;
}

}  // namespace

QueryFileRanges::QueryFileRanges(const std::filesystem::path& path) : name_(path.string()) {
    struct stat st {};
    if (::stat(name_.c_str(), &st) != 0)
        throw ReplayFileError(name_, 0, std::string("cannot open: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw ReplayFileError(name_, 0, "is not a regular file: a job reads its queries by ranges, at their offsets");
    {
        const OpenFile in(name_);
        if (gzipped(in.fd()))
            throw ReplayFileError(name_, 0,
                                  "is gzipped, and a job reads its queries by ranges, at their offsets: gunzip it to "
                                  "a plain query file (the same queries)");
    }
    const FileKind kind = file_kind(name_);
    if (kind == FileKind::other)
        throw ReplayFileError(name_, 0,
                              "is not a binary query file (JSON Lines?), and a job reads fixed-size records by "
                              "ranges: convert it once (levelsweep convert QUERIES.jsonl QUERIES.lsq)");
    if (kind != FileKind::queries) throw ReplayFileError(name_, 0, "is " + file_kind_text(kind) + ", not a query file");
    const QueryFileReader reader(path);
    header_ = reader.header();
    head_ = reader.digest();  // the header and the metadata, nothing more
    bytes_ = static_cast<std::uint64_t>(st.st_size);
    const std::uint64_t records = bytes_ - head_.bytes;
    if (header_.count == unknown_query_count) {
        if (records % query_record_bytes != 0)
            throw ReplayFileError(name_, head_.bytes + records / query_record_bytes * query_record_bytes,
                                  "the file ends inside a record (its writer did not close): replay it with "
                                  "levelsweep replay, which reads every whole record");
        count_ = records / query_record_bytes;
    } else {
        count_ = header_.count;
        const std::uint64_t expected = head_.bytes + count_ * query_record_bytes;
        if (bytes_ != expected)
            throw ReplayFileError(name_, std::min(bytes_, expected),
                                  bytes_ < expected
                                      ? "the file ends here, before the " + std::to_string(count_) +
                                            " records its header counts: replay it with levelsweep replay, which "
                                            "reads up to the cut"
                                      : "data after the " + std::to_string(count_) +
                                            " records the header counts, which a replay does not read: cut it off");
    }
}

std::unique_ptr<QuerySource> QueryFileRanges::range(std::uint64_t first, std::uint64_t end) const {
    if (first > end || end > count_)
        throw std::out_of_range("QueryFileRanges::range: records " + std::to_string(first) + " to " +
                                std::to_string(end) + " of " + std::to_string(count_));
    return std::make_unique<RangeSource>(*this, first, end);
}

}  // namespace levelsweep
