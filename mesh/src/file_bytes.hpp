// A whole file's bytes, memory-mapped where the system allows and read otherwise.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <vector>

namespace levelsweep::detail {

class FileBytes {
public:
    // Throws LevelFileError (offset 0) when the file cannot be opened or read.
    explicit FileBytes(const std::filesystem::path& path);
    ~FileBytes();
    FileBytes(const FileBytes&) = delete;
    FileBytes& operator=(const FileBytes&) = delete;

    std::span<const std::byte> bytes() const { return bytes_; }

private:
    void* map_ = nullptr;
    std::size_t map_size_ = 0;
    std::vector<std::byte> read_;  // when mapping was not possible
    std::span<const std::byte> bytes_;
};

}  // namespace levelsweep::detail
