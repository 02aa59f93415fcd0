// What the decoder every replay reader uses (LineReader's) and the bulk reader
// (levelsweep/bulk_input.hpp) deliver from a file, and how each ended: for the
// blocked gzip tests and the fuzz target fuzz_bulk_input (which includes it
// by its path). No doctest here.
#pragma once

#include <cstddef>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "levelsweep/bulk_input.hpp"
#include "levelsweep/line_reader.hpp"

namespace levelsweep::test {

struct GzipRead {
    std::vector<std::byte> data;
    std::string damage;        // why the data ended early ("" when it did not)
    bool offset_right = true;  // the bulk reader's offset() is the bytes it delivered
    bool operator==(const GzipRead&) const = default;
};

// The decoder's bytes, through LineReader: its lines and their line breaks
// (the last line has one when the bytes read say so).
inline GzipRead reference_read(const std::filesystem::path& path) {
    GzipRead r;
    LineReader lines(path.string());
    std::string line;
    bool too_long = false;
    while (lines.next(line, too_long, std::numeric_limits<std::size_t>::max())) {
        for (const char c : line) r.data.push_back(static_cast<std::byte>(c));
        if (r.data.size() < lines.bytes()) r.data.push_back(std::byte{'\n'});
    }
    if (lines.damage()) r.damage = *lines.damage();
    return r;
}

// The bulk reader, in reads of `piece` bytes (read_some when `some`).
inline GzipRead bulk_read(const std::filesystem::path& path, std::size_t piece, bool some) {
    GzipRead r;
    detail::BulkInput in(path);
    std::vector<std::byte> buffer(piece);
    for (;;) {
        const std::size_t n = some ? in.read_some(buffer) : in.read(buffer);
        r.data.insert(r.data.end(), buffer.begin(), buffer.begin() + static_cast<long>(n));
        if (n == 0 || (!some && n < piece)) break;
    }
    r.offset_right = in.offset() == r.data.size();
    if (in.damage()) r.damage = in.damage()->reason();
    return r;
}

}  // namespace levelsweep::test
