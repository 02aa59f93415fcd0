// levelsweep: a file that cannot be read as what it claims to be. Every reader
// (level files, query files, result files) names the file, the byte offset and
// the reason: "FILE: byte N: REASON".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace levelsweep {

class FileError : public std::runtime_error {
public:
    FileError(std::string file, std::uint64_t offset, std::string reason);

    const std::string& file() const { return file_; }
    std::uint64_t offset() const { return offset_; }
    const std::string& reason() const { return reason_; }

private:
    std::string file_;
    std::uint64_t offset_;
    std::string reason_;
};

}  // namespace levelsweep
