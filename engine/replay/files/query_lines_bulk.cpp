// The bulk JSON Lines query reader: the data in large blocks (bulk_input.hpp:
// a blocked gzip file's members inflated in parallel), cut into lines where
// they lie, and each line parsed in parallel, by simdjson where it can
// (query_simdjson.hpp) and by nlohmann otherwise. It gives the records, the
// line numbers, the limits and the errors of the reference reader
// (query_source.cpp: LineReader and nlohmann), which it is checked against.
#include <sys/stat.h>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "levelsweep/bulk_input.hpp"
#include "json/query_simdjson.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/parallel_loop.hpp"
#include "levelsweep/query_source.hpp"
#include "query_lines.hpp"

namespace levelsweep::detail {

namespace {

// A read's worth of data: 4 MiB (many members, some 20,000 query lines), or a
// sixteenth of the memory limit when that is less.
std::size_t read_bytes() {
    return static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t{1} << 22, memory_limit() / 16));
}

// The lines of a BulkInput, cut in place in a buffer that keeps
// query_line_padding readable bytes after its data (simdjson reads a line
// where it lies). A line is held only up to a limit, as LineReader holds it:
// a longer one comes back as too long, read past without being kept.
class LineCutter {
public:
    explicit LineCutter(BulkInput& in) : in_(in) {}

    // The bytes of the lines handed out (their line breaks included), and their
    // digest, as LineReader counts them.
    const InputDigest& digest() const { return digest_; }

    struct Line {
        std::string_view text;     // empty when too long
        std::size_t readable = 0;  // bytes readable from text's first (simdjson's padding)
        std::uint64_t number = 0;
        bool too_long = false;
    };
    enum class Got { line, more, end };

    // The next line; with may_read false, `more` where the buffer holds no
    // whole line (reading on would move the lines handed out before).
    Got next(std::size_t max_length, Line& line, bool may_read) {
        for (;;) {
            const char* data = buffer_.data();
            if (const void* eol = std::memchr(data + scan_, '\n', end_ - scan_)) {
                const auto at = static_cast<std::size_t>(static_cast<const char*>(eol) - data);
                hand_out(line, at - begin_, max_length);
                consume(at + 1);
                return Got::line;
            }
            scan_ = end_;
            if (end_ - begin_ > max_length) {  // too long already: keep no more of it
                skipping_ = true;
                consume(end_);
                begin_ = scan_ = end_ = 0;
            }
            if (!may_read) return Got::more;
            if (!fill()) {
                if (begin_ == end_ && !skipping_) return Got::end;
                hand_out(line, end_ - begin_, max_length);  // the last line, without a line break
                consume(end_);
                return Got::line;
            }
        }
    }

private:
    void hand_out(Line& line, std::size_t length, std::size_t max_length) {
        line.too_long = skipping_ || length > max_length;
        line.text = line.too_long ? std::string_view() : std::string_view(buffer_.data() + begin_, length);
        line.readable = buffer_.size() - begin_;
        line.number = ++number_;
        skipping_ = false;
    }

    // The buffer's bytes up to `to` are read: counted, and the next line starts there.
    void consume(std::size_t to) {
        digest_.add(std::as_bytes(std::span(buffer_.data() + begin_, to - begin_)));
        begin_ = scan_ = to;
    }

    // More data after the line begun, moved to the front first.
    bool fill() {
        std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
        end_ -= begin_;
        scan_ -= begin_;
        begin_ = 0;
        if (buffer_.size() < end_ + read_bytes() + query_line_padding)
            buffer_.resize(end_ + read_bytes() + query_line_padding);
        const std::size_t n = in_.read_some(
            std::as_writable_bytes(std::span(buffer_.data() + end_, buffer_.size() - query_line_padding - end_)));
        end_ += n;
        return n > 0;
    }

    BulkInput& in_;
    std::vector<char> buffer_ = std::vector<char>(query_line_padding);
    std::size_t begin_ = 0, scan_ = 0,
                end_ = 0;  // the line begun, how far it is known to hold no line break, the data's end
    std::uint64_t number_ = 0;
    bool skipping_ = false;  // inside a line too long to keep
    InputDigest digest_;
};

class BulkJsonLinesSource final : public QuerySource {
public:
    explicit BulkJsonLinesSource(const std::filesystem::path& path) : name_(path.string()), in_(path), lines_(in_) {
        header_.count = unknown_query_count;  // known only at the end
        // Blank lines before the header are skipped (they do not demote it to a query).
        LineCutter::Line first;
        while (lines_.next(max_first_line_bytes, first, true) == LineCutter::Got::line) {
            if (!first.too_long && detail::blank_line(first.text)) continue;
            padded_copy(first_, first.text);  // with room for simdjson's padding, if it is the first query
            if (!first.too_long && detail::read_query_header(name_, first_, first.number, header_)) return;
            pending_ = first;
            pending_->text = first_;
            pending_->readable = first_.capacity();
            return;
        }
    }
    const QueryFileHeader& header() const override { return header_; }
    // As the reference reader says it: the reason, at the end of the lines read.
    std::optional<ReplayFileError> truncation() const override {
        if (!in_.damage()) return std::nullopt;
        return ReplayFileError(name_, lines_.digest().bytes, in_.damage()->reason());
    }
    const InputDigest& consumed() const override { return lines_.digest(); }

    // The lines are cut in order, in place; then each is parsed into its own
    // record, in parallel. Where the buffer's lines end before the chunk is
    // full, those taken so far are copied into their records first (reading
    // on moves the buffer's data).
    std::size_t read(std::span<QueryRecord> out) override {
        std::size_t n = 0, held = 0, text = 0;  // records, those whose lines are in their own text, their bytes
        const std::size_t budget = max_read_text_bytes();
        lines_of_.resize(std::max(lines_of_.size(), out.size()));
        while (n < out.size() && text < budget) {
            LineCutter::Line& line = lines_of_[n];
            if (pending_) {
                line = *pending_;
                pending_.reset();
            } else {
                LineCutter::Got got = lines_.next(max_query_line_bytes, line, n == held);
                if (got == LineCutter::Got::more) {
                    for (; held < n; ++held) hold(out[held], lines_of_[held]);
                    got = lines_.next(max_query_line_bytes, line, true);
                }
                if (got != LineCutter::Got::line) break;
            }
            if (!line.too_long && detail::blank_line(line.text)) continue;
            QueryRecord& r = out[n++];
            r.query = Query{};
            r.malformed = false;
            r.error.clear();
            detail::keep_text(r.text, {});  // empty, and without the room a long line once took
            r.position = line.number;
            if (line.too_long)
                detail::too_long_record(r);
            else
                text += line.text.size();
        }
        // A line whose tree the reference parser would measure against the
        // memory limit is the reference parser's (json_io.hpp, parse_json).
        const std::size_t fast_bytes =
            static_cast<std::size_t>(std::min<std::uint64_t>(memory_limit() / JsonTreeSize::most_per_byte, SIZE_MAX));
        parallel_loop(0, n, 64, [&](const auto& range) {
            FastQueryParser& parser = parsers_.local();
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                QueryRecord& r = out[i];
                const LineCutter::Line& line = lines_of_[i];
                if (r.malformed) continue;
                if (line.text.size() <= fast_bytes &&
                    parser.parse(line.text, line.readable, Quirks::faithful(), r.query)) {
                    r.text.clear();
                    continue;
                }
                if (line.text.data() != r.text.data()) detail::keep_text(r.text, line.text);
                detail::parse_query_line(r);
            }
        });
        return n;
    }

private:
    // A record's line, copied into its own text (with simdjson's padding).
    static void hold(QueryRecord& r, LineCutter::Line& line) {
        padded_copy(r.text, line.text);
        line.text = r.text;
        line.readable = r.text.capacity();
    }

    // `text` into `to`, with simdjson's padding after it: in the room `to`
    // has when that is enough and no more than keep_text keeps, else in room
    // of exactly that size (reserve() on a string in use may double it).
    static void padded_copy(std::string& to, std::string_view text) {
        const std::size_t room = text.size() + query_line_padding;
        if (to.capacity() < room || to.capacity() > std::max<std::size_t>(std::size_t{64} << 10, 2 * room)) {
            std::string fresh;
            fresh.reserve(room);
            to.swap(fresh);
        }
        to.assign(text);
    }

    std::string name_;
    BulkInput in_;
    LineCutter lines_;
    std::string first_;                        // the first line, when it is a query
    std::optional<LineCutter::Line> pending_;  // the first line, not yet returned
    std::vector<LineCutter::Line> lines_of_;   // the lines of the records being read
    tbb::enumerable_thread_specific<FastQueryParser> parsers_;
    QueryFileHeader header_;
};

}  // namespace

bool bulk_readable(const std::filesystem::path& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::unique_ptr<QuerySource> open_bulk_json_lines(const std::filesystem::path& path) {
    return std::make_unique<BulkJsonLinesSource>(path);
}

}  // namespace levelsweep::detail
