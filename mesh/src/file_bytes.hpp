// A whole file's bytes, read into memory: a level file into one block of the
// level store, anything else no further than a level file's header.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

namespace levelsweep::detail {

class FileBytes {
public:
    // Throws LevelFileError (offset 0, or where reading failed) when the file
    // cannot be opened or read, and MemoryLimitError when a level file's
    // bytes would pass the memory limit.
    explicit FileBytes(const std::filesystem::path& path);

    std::span<const std::byte> bytes() const { return bytes_; }

private:
    // A block of the level store given back as it was taken (free_store).
    struct FreeStore {
        std::size_t bytes;  // the block's size, set where it is taken
        void operator()(std::byte* p) const noexcept;
    };
    std::unique_ptr<std::byte[], FreeStore> block_;  // a regular file's bytes
    std::vector<std::byte> read_;                    // the header, and a stream's bytes
    std::span<const std::byte> bytes_;
};

}  // namespace levelsweep::detail
