// levelsweep: the lines of a text file, plain or gzipped (zlib reads
// both), or of standard input (plain), each held only up to a length limit: a longer
// line is reported as too long and skipped without being kept, so that one
// huge line (or a file with no line breaks) costs no memory.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace levelsweep {

class LineReader {
public:
    // "-" reads standard input. Throws ReplayFileError naming the file when
    // it cannot be opened, or is a directory or a device.
    explicit LineReader(const std::string& path);

    // The next line without its line break into `line`, or false at the end of
    // the data. A line longer than `max_length` bytes comes back empty with
    // `too_long` set.
    bool next(std::string& line, bool& too_long, std::size_t max_length);
    // The number of the line last returned, from 1.
    std::size_t line_number() const { return line_number_; }
    // Once next() returned false: why the data ended early (a gzip stream cut
    // short or damaged, a read error), with the bytes delivered before it.
    const std::optional<std::string>& damage() const { return damage_; }
    std::uint64_t bytes() const { return bytes_; }

private:
    bool fill();

    struct GzClose {
        void operator()(gzFile f) const { ::gzclose(f); }
    };
    std::string name_;
    std::unique_ptr<gzFile_s, GzClose> file_;
    std::vector<char> buffer_ = std::vector<char>(1 << 16);
    std::size_t at_ = 0, end_ = 0;  // the unread part of buffer_
    std::size_t line_number_ = 0;
    std::uint64_t bytes_ = 0;
    std::optional<std::string> damage_;
};

}  // namespace levelsweep
