// What zlib's gzread and the bulk reader (levelsweep/bulk_input.hpp) deliver
// from a file, and whether the two agree: for the blocked gzip tests and the
// fuzz target fuzz_bulk_input (which includes it by its path). No doctest here.
#pragma once

#include <zlib.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "levelsweep/bulk_input.hpp"

namespace levelsweep::test {

struct GzipRead {
    std::vector<std::byte> data;
    int code = Z_OK;  // how it ended: zlib's code and message
    std::string message;
    bool offset_right = true;  // the bulk reader's offset() is the bytes it delivered
    bool operator==(const GzipRead&) const = default;
};

// zlib's gzread, in calls of 64 KiB.
inline GzipRead zlib_read(const std::filesystem::path& path) {
    GzipRead r;
    gzFile f = ::gzopen(path.c_str(), "rb");
    if (!f) throw std::runtime_error("gzopen failed: " + path.string());
    std::vector<std::byte> buffer(1 << 16);
    for (int n; (n = ::gzread(f, buffer.data(), static_cast<unsigned>(buffer.size()))) > 0;)
        r.data.insert(r.data.end(), buffer.begin(), buffer.begin() + n);
    const char* message = ::gzerror(f, &r.code);
    if (r.code != Z_OK) r.message = message;
    ::gzclose(f);
    return r;
}

// The bulk reader, in reads of `piece` bytes (read_some when `some`).
inline GzipRead bulk_read(const std::filesystem::path& path, std::size_t piece, bool some) {
    GzipRead r;
    detail::BulkInput in(path);
    std::vector<std::byte> buffer(piece);
    for (;;) {
        std::optional<ReplayFileError> damage;
        const std::size_t n = some ? in.read_some(buffer) : in.read(std::span(buffer), damage);
        r.data.insert(r.data.end(), buffer.begin(), buffer.begin() + static_cast<long>(n));
        if (n == 0 || (!some && n < piece)) break;
    }
    r.offset_right = in.offset() == r.data.size();
    if (in.damage()) {
        r.code = in.damage()->code;
        r.message = in.damage()->message;
    }
    return r;
}

// The bulk reader's reading agrees with zlib's: the same end, and the same
// bytes where the stream ends cleanly or is cut short (zlib then loses
// nothing). Where it is damaged, gzread drops what its last call had gathered
// and the bulk reader keeps every blocked member that checks, so there the two
// agree as far as both go.
inline bool reads_agree(const GzipRead& bulk, const GzipRead& z) {
    if (!bulk.offset_right || bulk.code != z.code || bulk.message != z.message) return false;
    if (z.code == Z_OK || z.code == Z_BUF_ERROR) return bulk.data == z.data;
    const std::size_t common = std::min(bulk.data.size(), z.data.size());
    return std::equal(bulk.data.begin(), bulk.data.begin() + static_cast<long>(common), z.data.begin());
}

}  // namespace levelsweep::test
