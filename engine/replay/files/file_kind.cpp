#include "levelsweep/file_kind.hpp"

#include <sys/stat.h>

#include <cstring>
#include <stdexcept>

#include "decoded_input.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/replay_files.hpp"
#include "replay_io.hpp"

namespace levelsweep {

FileKind file_kind_of(std::span<const std::byte> head) {
    if (head.size() < 8) return FileKind::other;
    // The magic words the formats define (level_file.hpp, replay_files.hpp).
    if (std::memcmp(head.data(), level_file_magic, 8) == 0) return FileKind::level;
    if (std::memcmp(head.data(), query_file_magic, 8) == 0) return FileKind::queries;
    if (std::memcmp(head.data(), result_file_magic, 8) == 0) return FileKind::results;
    return FileKind::other;
}

// Only a regular file is looked at: a pipe's first bytes would be used up, and
// opening one waits for a writer.
FileKind file_kind(const std::string& path) {
    struct stat st {};
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return FileKind::other;
    try {
        detail::DecodedInput in(path);
        return file_kind_of(in.peek(8));
    } catch (const ReplayFileError&) {
        return FileKind::other;  // unreadable: the reader that opens it says why
    }
}

bool detail::starts_with(const std::filesystem::path& path, std::span<const std::byte> magic) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
    try {
        detail::DecodedInput in(path.string());
        const std::span<const std::byte> head = in.peek(magic.size());
        return head.size() == magic.size() && std::memcmp(head.data(), magic.data(), magic.size()) == 0;
    } catch (const ReplayFileError&) {
        return false;
    }
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
