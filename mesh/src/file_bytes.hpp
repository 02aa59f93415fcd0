// A whole file's bytes, read into memory: a level file into one block of the
// level store, anything else no further than a level file's header.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <vector>

namespace levelsweep::detail {

class FileBytes {
public:
    // Throws LevelFileError (offset 0, or where reading failed) when the file
    // cannot be opened or read, and MemoryLimitError when a level file's
    // bytes would pass the memory limit.
    explicit FileBytes(const std::filesystem::path& path);
    ~FileBytes();
    FileBytes(const FileBytes&) = delete;
    FileBytes& operator=(const FileBytes&) = delete;

    std::span<const std::byte> bytes() const { return bytes_; }

private:
    std::byte* block_ = nullptr;  // a regular file's bytes (allocate_store)
    std::size_t block_size_ = 0;
    std::vector<std::byte> read_;  // the header, and a stream's bytes
    std::span<const std::byte> bytes_;
};

}  // namespace levelsweep::detail
