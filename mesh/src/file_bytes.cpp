#include "file_bytes.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "level_file_format.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/little_endian.hpp"

namespace levelsweep::detail {

namespace {

// Appends up to `n` bytes read from fd; false at the end of the data.
bool read_more(int fd, std::vector<std::byte>& out, std::size_t n, const std::filesystem::path& path) {
    std::byte buf[1 << 16];
    while (n > 0) {
        const ssize_t got = ::read(fd, buf, std::min(n, sizeof buf));
        if (got == 0) return false;
        if (got < 0) {
            if (errno == EINTR) continue;
            throw LevelFileError(path.string(), out.size(), std::string("cannot read: ") + std::strerror(errno));
        }
        out.insert(out.end(), buf, buf + got);
        n -= static_cast<std::size_t>(got);
    }
    return true;
}

}  // namespace

FileBytes::FileBytes(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw LevelFileError(path.string(), 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    const bool stat_ok = ::fstat(fd, &st) == 0;
    if (stat_ok && S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw LevelFileError(path.string(), 0, "is a directory, not a file");
    }
    if (stat_ok && S_ISREG(st.st_mode) && st.st_size > 0) {
        // MAP_POPULATE: the loader reads every byte, and mapping them in one call
        // costs a fraction of a page fault for each (docs/performance.md, "Start-up").
        void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (p != MAP_FAILED) {
            map_ = p;
            map_size_ = static_cast<std::size_t>(st.st_size);
            bytes_ = {static_cast<const std::byte*>(p), map_size_};
            ::close(fd);
            return;
        }
    }
    // Not mappable (empty, a pipe, a device): read the header, and the rest only
    // when it is a level file's, as far as its header's file size and a byte
    // more (so that a longer stream is still refused). Endless or foreign
    // input (/dev/zero) is refused at its first bytes, not read into memory.
    try {
        if (read_more(fd, read_, header_size, path) &&
            std::equal(level_file_magic, level_file_magic + sizeof level_file_magic, read_.begin(),
                       [](char c, std::byte b) { return static_cast<std::byte>(c) == b; })) {
            const std::uint64_t size = load_u64(read_.data() + at_file_size);
            check_memory(size, path.string() + ": reading the level file", "use a machine with more memory");
            if (size >= header_size) read_more(fd, read_, static_cast<std::size_t>(size - header_size + 1), path);
        }
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    bytes_ = read_;
}

FileBytes::~FileBytes() {
    if (map_) ::munmap(map_, map_size_);
}

}  // namespace levelsweep::detail
