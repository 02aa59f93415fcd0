#include "levelsweep/file_error.hpp"

namespace levelsweep {

FileError::FileError(std::string file, std::uint64_t offset, std::string reason)
    : std::runtime_error(file + ": byte " + std::to_string(offset) + ": " + reason),
      file_(std::move(file)),
      offset_(offset),
      reason_(std::move(reason)) {}

}  // namespace levelsweep
