// The .lvl layout (docs/formats.md, "The level file"): offsets and sizes shared
// by the writer and the reader.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include <libdeflate.h>

#include "levelsweep/level_file.hpp"
#include "levelsweep/stored_hierarchy.hpp"

namespace levelsweep::detail {

// Header fields.
inline constexpr std::size_t header_size = 64;
inline constexpr std::size_t at_magic = 0;
inline constexpr std::size_t at_version = 8;
inline constexpr std::size_t at_header_size = 12;
inline constexpr std::size_t at_section_count = 16;
inline constexpr std::size_t at_table_offset = 20;
inline constexpr std::size_t at_file_size = 24;
inline constexpr std::size_t at_content_checksum = 32;
inline constexpr std::size_t at_table_crc = 40;
inline constexpr std::size_t at_reserved = 44;  // 16 zero bytes
inline constexpr std::size_t at_header_crc = 60;

// Whether `bytes` begin with the level file's magic (fewer than eight bytes: no).
inline bool has_level_magic(std::span<const std::byte> bytes) {
    if (bytes.size() < sizeof level_file_magic) return false;
    for (std::size_t i = 0; i < sizeof level_file_magic; ++i)
        if (bytes[at_magic + i] != static_cast<std::byte>(level_file_magic[i])) return false;
    return true;
}

// Section table entries: four sections in version 1, five in version 2 (the
// fifth the stored hierarchy).
inline constexpr std::size_t max_section_count = 5;
inline constexpr std::size_t entry_size = 32;
inline constexpr std::size_t entry_id = 0;
inline constexpr std::size_t entry_crc = 4;
inline constexpr std::size_t entry_offset = 8;
inline constexpr std::size_t entry_bytes = 16;
inline constexpr std::size_t entry_count = 24;
inline constexpr std::size_t section_alignment = 64;

enum Section : std::size_t { vert, tris, grid, cell, hier };
inline constexpr std::array<const char*, max_section_count> section_ids = {"VERT", "TRIS", "GRID", "CELL", "BVH8"};
// Bytes per counted element: a vertex (3 floats), a triangle (3 u32 + 2 u16),
// the grid record, a cell-list word, a hierarchy node.
inline constexpr std::array<std::uint64_t, max_section_count> element_bytes = {12, 16, 40, 4,
                                                                               4 * stored_hierarchy::node_words};

// A version's sections: 4 in version 1, 5 in version 2.
inline constexpr std::size_t sections_of(std::uint32_t version) { return version == 1 ? 4 : max_section_count; }

// The GRID record.
inline constexpr std::size_t grid_origin = 0;
inline constexpr std::size_t grid_cell_size = 12;
inline constexpr std::size_t grid_dims = 24;
inline constexpr std::size_t grid_reserved = 36;

// The CRC-32 of zlib and gzip, by libdeflate (several times zlib's speed: a
// level's validation runs at memory speed).
inline std::uint32_t crc32_of(std::span<const std::byte> bytes) {
    return static_cast<std::uint32_t>(::libdeflate_crc32(0, bytes.data(), bytes.size()));
}

}  // namespace levelsweep::detail
