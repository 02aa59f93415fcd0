// The bulk JSON Lines query reader: the data in large blocks (bulk_input.hpp:
// a blocked gzip file's members inflated in parallel), cut into lines where
// they lie, and each line parsed in parallel, by simdjson where it can
// (query_simdjson.hpp) and by nlohmann otherwise. It gives the records, the
// line numbers, the limits and the errors of the reference reader
// (query_source.cpp: LineReader and nlohmann), which it is checked against.
#include <sys/stat.h>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "levelsweep/bulk_input.hpp"
#include "json/query_simdjson.hpp"
#include "levelsweep/query_source.hpp"
#include "query_lines.hpp"

namespace levelsweep::detail {

namespace {

constexpr std::size_t read_bytes = 1 << 22;  // a read's worth of data: many members, some 20,000 query lines

// The lines of a BulkInput, cut in place in a buffer that keeps
// query_line_padding readable bytes after its data (simdjson reads a line
// where it lies). A line is held only up to a limit, as LineReader holds it:
// a longer one comes back as too long, read past without being kept.
class LineCutter {
public:
    explicit LineCutter(BulkInput& in) : in_(in) {}

    struct Line {
        std::string_view text;  // empty when too long
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
                begin_ = scan_ = at + 1;
                return Got::line;
            }
            scan_ = end_;
            if (end_ - begin_ > max_length) {  // too long already: keep no more of it
                skipping_ = true;
                begin_ = scan_ = end_ = 0;
            }
            if (!may_read) return Got::more;
            if (!fill()) {
                if (begin_ == end_ && !skipping_) return Got::end;
                hand_out(line, end_ - begin_, max_length);  // the last line, without a line break
                begin_ = scan_ = end_;
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

    // More data after the line begun, moved to the front first.
    bool fill() {
        std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
        end_ -= begin_;
        scan_ -= begin_;
        begin_ = 0;
        if (buffer_.size() < end_ + read_bytes + query_line_padding) buffer_.resize(end_ + read_bytes + query_line_padding);
        const std::size_t n = in_.read_some(std::as_writable_bytes(std::span(buffer_.data() + end_, buffer_.size() - query_line_padding - end_)));
        end_ += n;
        return n > 0;
    }

    BulkInput& in_;
    std::vector<char> buffer_ = std::vector<char>(query_line_padding);
    std::size_t begin_ = 0, scan_ = 0, end_ = 0;  // the line begun, how far it is known to hold no line break, the data's end
    std::uint64_t number_ = 0;
    bool skipping_ = false;  // inside a line too long to keep
};

BulkInput open_input(const std::filesystem::path& path) {
    if (path == "-") return BulkInput(BulkInput::StandardInput{});
    struct stat st {};
    // A device never ends (/dev/zero would be read for ever, a line too long to keep).
    if (::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
        throw ReplayFileError(path.string(), 0, "is a device, not a file");
    return BulkInput(path);
}

class BulkJsonLinesSource final : public QuerySource {
public:
    explicit BulkJsonLinesSource(const std::filesystem::path& path) : name_(path.string()), in_(open_input(path)), lines_(in_) {
        header_.count = unknown_query_count;  // known only at the end
        LineCutter::Line first;
        if (lines_.next(max_first_line_bytes, first, true) != LineCutter::Got::line) return;
        first_.assign(first.text);
        if (detail::read_query_header(name_, first_, first.too_long, header_)) return;
        // Not the header: the first query, kept with room for simdjson's padding.
        pending_ = first;
        first_.reserve(first_.size() + query_line_padding);
        pending_->text = first_;
        pending_->readable = first_.capacity();
    }
    const QueryFileHeader& header() const override { return header_; }
    std::optional<ReplayFileError> truncation() const override {
        const auto& damage = in_.damage();
        if (!damage) return std::nullopt;
        const std::string why = name_ == "-" ? "standard input: " + std::string(std::strerror(damage->error_number))
                                             : "the data ends early: " +
                                                       (damage->code == Z_ERRNO ? std::string(std::strerror(damage->error_number)) : damage->message);
        return ReplayFileError(name_, in_.offset(), why);
    }

    // The lines are cut in order, in place; then each is parsed into its own
    // record, in parallel. Where the buffer's lines end before the chunk is
    // full, those taken so far are copied into their records first (reading
    // on moves the buffer's data).
    std::size_t read(std::span<QueryRecord> out) override {
        std::size_t n = 0, held = 0;  // records, and those whose lines are in their own text
        lines_of_.resize(std::max(lines_of_.size(), out.size()));
        while (n < out.size()) {
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
            r.text.clear();
            r.position = line.number;
            if (line.too_long) detail::too_long_record(r);
        }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 64), [&](const tbb::blocked_range<std::size_t>& range) {
            FastQueryParser& parser = parsers_.local();
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                QueryRecord& r = out[i];
                const LineCutter::Line& line = lines_of_[i];
                if (r.malformed) continue;
                if (parser.parse(line.text, line.readable, Quirks::faithful(), r.query)) {
                    r.text.clear();
                    continue;
                }
                if (line.text.data() != r.text.data()) r.text.assign(line.text);
                detail::parse_query_line(r);
            }
        });
        return n;
    }

private:
    // A record's line, copied into its own text (with simdjson's padding).
    static void hold(QueryRecord& r, LineCutter::Line& line) {
        r.text.reserve(line.text.size() + query_line_padding);
        r.text.assign(line.text);
        line.text = r.text;
        line.readable = r.text.capacity();
    }

    std::string name_;
    BulkInput in_;
    LineCutter lines_;
    std::string first_;                          // the first line, when it is a query
    std::optional<LineCutter::Line> pending_;    // the first line, not yet returned
    std::vector<LineCutter::Line> lines_of_;     // the lines of the records being read
    tbb::enumerable_thread_specific<FastQueryParser> parsers_;
    QueryFileHeader header_;
};

}  // namespace

std::unique_ptr<QuerySource> open_bulk_json_lines(const std::filesystem::path& path) {
    return std::make_unique<BulkJsonLinesSource>(path);
}

}  // namespace levelsweep::detail
