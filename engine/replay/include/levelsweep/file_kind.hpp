// levelsweep: which of levelsweep's files a path holds, by its first bytes
// (plain or gzipped), so that a file given in the wrong place is named for
// what it is ("a level file, not a query file") instead of being misread.
#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace levelsweep {

enum class FileKind { level, queries, results, other };

// By a regular file's first bytes; anything else (a pipe, a device, "-") is other.
FileKind file_kind(const std::string& path);
// By a file's first eight bytes (as decoded).
FileKind file_kind_of(std::span<const std::byte> head);
// "a level file", "a query file", "a result file", "" for other.
std::string file_kind_text(FileKind kind);
// Throws std::runtime_error when `path` is a directory or one of levelsweep's
// files other than `expected`: "PATH is a level file, not WHAT".
void expect_file_kind(const std::string& path, FileKind expected, const std::string& what);

}  // namespace levelsweep
