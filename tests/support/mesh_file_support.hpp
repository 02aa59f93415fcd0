// Helpers for the .lvl suites: patching a file's bytes as docs/formats.md lays them out.
#pragma once

#include <zlib.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "levelsweep/level_file.hpp"

namespace levelsweep::test {

using Bytes = std::vector<std::byte>;

inline std::uint64_t get_le(const Bytes& b, std::size_t at, int n) {
    std::uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | std::to_integer<std::uint64_t>(b[at + static_cast<std::size_t>(i)]);
    return v;
}
inline void set_le(Bytes& b, std::size_t at, std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<std::byte>((v >> (8 * i)) & 0xff);
}
inline void set_f32(Bytes& b, std::size_t at, float f) { set_le(b, at, std::bit_cast<std::uint32_t>(f), 4); }

// The section table (docs/formats.md): entry s at 64 + 32 s.
inline std::size_t entry_at(int s) { return 64 + 32 * static_cast<std::size_t>(s); }
inline std::size_t section_offset(const Bytes& b, int s) { return get_le(b, entry_at(s) + 8, 8); }
inline std::size_t section_bytes(const Bytes& b, int s) { return get_le(b, entry_at(s) + 16, 8); }
inline std::uint64_t section_count(const Bytes& b, int s) { return get_le(b, entry_at(s) + 24, 8); }
enum SectionIndex { VERT = 0, TRIS = 1, GRID = 2, CELL = 3, BVH8 = 4 };
// The sections the header says the file has: 4 (version 1) or 5 (version 2).
inline int sections_in(const Bytes& b) { return get_le(b, 16, 4) == 5 ? 5 : 4; }

inline std::uint32_t crc(const Bytes& b, std::size_t at, std::size_t n) {
    return static_cast<std::uint32_t>(::crc32_z(0, reinterpret_cast<const Bytef*>(b.data() + at), n));
}

// Recomputes every CRC after a patch (section payloads, table, header), so the
// file reaches the checks behind them. The content checksum is left as it is.
inline void refresh_crcs(Bytes& b) {
    const int sections = sections_in(b);
    for (int s = 0; s < sections; ++s) {
        const std::uint64_t at = section_offset(b, s), n = section_bytes(b, s);
        if (at <= b.size() && n <= b.size() - at) set_le(b, entry_at(s) + 4, crc(b, at, n), 4);
    }
    set_le(b, 40, crc(b, 64, 32 * static_cast<std::size_t>(sections)), 4);
    set_le(b, 60, crc(b, 0, 60), 4);
}

struct LoadFailure {
    std::uint64_t offset = 0;
    std::string reason;
    std::string what;
};

// The error a load of `b` gives, or nothing when it loads.
inline std::optional<LoadFailure> load_failure(const Bytes& b, const LoadOptions& options = {}) {
    try {
        (void)load_level_from_memory(b, "test.lvl", options);
    } catch (const LevelFileError& e) {
        return LoadFailure{e.offset(), e.reason(), e.what()};
    }
    return std::nullopt;
}

}  // namespace levelsweep::test
