#include "levelsweep/file_kind.hpp"

#include <sys/stat.h>
#include <zlib.h>

#include <cstring>
#include <stdexcept>

#include "levelsweep/level_file.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep {

FileKind file_kind(const std::string& path) {
    gzFile f = path == "-" ? nullptr : ::gzopen(path.c_str(), "rb");
    if (!f) return FileKind::other;
    char head[8] = {};
    const int n = ::gzread(f, head, sizeof head);
    ::gzclose(f);
    if (n != static_cast<int>(sizeof head)) return FileKind::other;
    // The magic words the formats define (level_file.hpp, replay_files.hpp).
    if (std::memcmp(head, level_file_magic, 8) == 0) return FileKind::level;
    if (std::memcmp(head, query_file_magic, 8) == 0) return FileKind::queries;
    if (std::memcmp(head, result_file_magic, 8) == 0) return FileKind::results;
    return FileKind::other;
}

std::string file_kind_text(FileKind kind) {
    switch (kind) {
        case FileKind::level: return "a level file";
        case FileKind::queries: return "a query file";
        case FileKind::results: return "a result file";
        case FileKind::other: break;
    }
    return "";
}

void expect_file_kind(const std::string& path, FileKind expected, const std::string& what) {
    struct stat st {};
    if (path != "-" && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        throw std::runtime_error(path + ": is a directory, not " + what);
    const FileKind kind = file_kind(path);
    if (kind != FileKind::other && kind != expected)
        throw std::runtime_error(path + " is " + file_kind_text(kind) + ", not " + what);
}

}  // namespace levelsweep
