// levelsweep: the level file (.lvl), written and read (docs/formats.md, "The level file").
//
// Little-endian, versioned: a 64-byte header, a table of four sections (VERT,
// TRIS, GRID, CELL), a CRC-32 per section and a content checksum; version 2
// adds a fifth, BVH8, the batch path's hierarchy stored beside the level
// (stored_hierarchy.hpp), which loading checks against the triangles. Loading
// validates everything (magic, version, section bounds, sizes that fit the
// file, every checksum, every index in range, every float finite, the cell
// lists equal to the lists of the triangles) and never reads past the buffer.
// Any failure throws LevelFileError naming the file, the byte offset and the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "levelsweep/file_error.hpp"
#include "levelsweep/level.hpp"

namespace levelsweep {

// The newest version (written when a hierarchy is stored; version 1 otherwise).
inline constexpr std::uint32_t level_file_version = 2;
// The file's first eight bytes.
inline constexpr char level_file_magic[8] = {'L', 'V', 'L', 'S', 'W', 'E', 'E', 'P'};

class LevelFileError : public FileError {
public:
    using FileError::FileError;
};

struct LoadOptions {
    // Off only in the fuzz target, so that mutated files reach the checks that
    // stand behind the CRCs and the content checksum.
    bool verify_checksums = true;
};

// The file's bytes for a level, with the hierarchy it holds (the one its file
// stored: a level loaded and saved keeps it), or none.
std::vector<std::byte> serialize_level(const Level& level);
// The same with `hierarchy` stored beside the level instead (stored_hierarchy.hpp:
// engine/query's BatchLevel::hierarchy_words), or none when it is empty; a
// hierarchy that is not the level's throws LevelBuildError.
std::vector<std::byte> serialize_level(const Level& level, std::span<const std::uint32_t> hierarchy);
// Writes the file (the level's own hierarchy, or `hierarchy`, as above);
// throws LevelFileError when the file cannot be written.
void save_level(const Level& level, const std::filesystem::path& path);
void save_level(const Level& level, const std::filesystem::path& path, std::span<const std::uint32_t> hierarchy);

// Reads a file: its header, then, when it is a level file's, all its bytes
// into memory (checked against the memory limit first: MemoryLimitError).
Level load_level(const std::filesystem::path& path, const LoadOptions& options = {});
// Reads a file's bytes from memory; `name` is the file named in errors.
Level load_level_from_memory(std::span<const std::byte> bytes, const std::string& name,
                             const LoadOptions& options = {});

}  // namespace levelsweep
