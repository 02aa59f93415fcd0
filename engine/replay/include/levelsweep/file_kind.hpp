// levelsweep: which of levelsweep's files a path holds, by its first bytes
// (plain or gzipped), so that a file given in the wrong place is named for
// what it is ("a level file, not a query file") instead of being misread.
#pragma once

#include <string>

namespace levelsweep {

enum class FileKind { level, queries, results, other };

FileKind file_kind(const std::string& path);
// "a level file", "a query file", "a result file", "" for other.
std::string file_kind_text(FileKind kind);
// Throws std::runtime_error when `path` is a directory or one of levelsweep's
// files other than `expected`: "PATH is a level file, not WHAT".
void expect_file_kind(const std::string& path, FileKind expected, const std::string& what);

}  // namespace levelsweep
