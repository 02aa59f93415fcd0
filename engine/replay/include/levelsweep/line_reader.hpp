// levelsweep: the lines of a text file, plain or gzipped, or of standard input
// (plain), each held only up to a length limit: a longer line is reported as
// too long and skipped without being kept, so that one huge line (or a file
// with no line breaks) costs no memory.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "levelsweep/input_digest.hpp"

namespace levelsweep {

namespace detail {
class DecodedInput;
}

class LineReader {
public:
    // "-" reads standard input. Throws ReplayFileError naming the file when
    // it cannot be opened, or is a directory or a device.
    explicit LineReader(const std::string& path);
    // Lines of an input already opened (whose first bytes may have been peeked at).
    explicit LineReader(std::unique_ptr<detail::DecodedInput> input);
    ~LineReader();
    LineReader(LineReader&&) noexcept;
    LineReader& operator=(LineReader&&) noexcept;

    // The next line without its line break into `line`, or false at the end of
    // the data. A line longer than `max_length` bytes comes back empty with
    // `too_long` set.
    bool next(std::string& line, bool& too_long, std::size_t max_length);
    // The number of the line last returned, from 1.
    std::size_t line_number() const { return line_number_; }
    // Once next() returned false: why the data ended early (a gzip stream cut
    // short or damaged, data after it, a read error), with the bytes delivered
    // before it.
    std::optional<std::string> damage() const;
    // The bytes of the lines returned so far (their line breaks included), and their digest.
    std::uint64_t bytes() const;
    const InputDigest& digest() const;

private:
    std::unique_ptr<detail::DecodedInput> in_;
    std::size_t line_number_ = 0;
};

}  // namespace levelsweep
