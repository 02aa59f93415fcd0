#include "file_bytes.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "level_file_format.hpp"
#include "levelsweep/aligned.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/little_endian.hpp"

namespace levelsweep::detail {

namespace {

// Reads up to `n` bytes into `out`, the file's bytes from `offset` on; how
// many it got (fewer at the end of the data).
std::size_t read_into(int fd, std::byte* out, std::size_t n, std::uint64_t offset, const std::filesystem::path& path) {
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::read(fd, out + got, n - got);
        if (r == 0) break;
        if (r < 0) {
            if (errno == EINTR) continue;
            throw LevelFileError(path.string(), offset + got, std::string("cannot read: ") + std::strerror(errno));
        }
        got += static_cast<std::size_t>(r);
    }
    return got;
}

// Appends up to `n` bytes read from fd, a block at a time (a stream may say
// more than it holds); false at the end of the data.
bool read_more(int fd, std::vector<std::byte>& out, std::size_t n, const std::filesystem::path& path) {
    std::byte buf[1 << 16];
    while (n > 0) {
        const std::size_t got = read_into(fd, buf, std::min(n, sizeof buf), out.size(), path);
        out.insert(out.end(), buf, buf + got);
        if (got == 0) return false;
        n -= got;
    }
    return true;
}

}  // namespace

// The header first: input that is not a level file (/dev/zero, a foreign
// file) is refused at its first bytes, not read into memory. A regular
// file's bytes are then read into one block of the level store, not mapped:
// on the VMs measured, a mapped page's first read cost about 2 µs even with
// MAP_POPULATE (czest2ctf's 5.8 MB: mapped 0.3-0.4 ms, then its CRC-32s
// 2.7-3.0 ms), while the copy into a block of huge pages and the CRC-32s
// after took 1.5-1.7 ms (docs/performance.md, "Start-up"). A stream (a pipe,
// a device) is read as far as its header's file size and a byte more, so
// that a longer stream is still refused.
FileBytes::FileBytes(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw LevelFileError(path.string(), 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    const bool stat_ok = ::fstat(fd, &st) == 0;
    if (stat_ok && S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw LevelFileError(path.string(), 0, "is a directory, not a file");
    }
    try {
        if (read_more(fd, read_, header_size, path) && has_level_magic(read_)) {
            const bool regular = stat_ok && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > header_size;
            const std::uint64_t size = regular ? static_cast<std::uint64_t>(st.st_size) : load_u64(read_.data() + at_file_size);
            check_memory(size, path.string() + ": reading the level file", "use a machine with more memory");
            if (regular) {
                const auto n = static_cast<std::size_t>(size);
                block_ = {static_cast<std::byte*>(allocate_store(n)), FreeStore{n}};
                std::memcpy(block_.get(), read_.data(), header_size);
                // Fewer bytes when the file shrank meanwhile: the reader says how many it has.
                const std::size_t got = read_into(fd, block_.get() + header_size, n - header_size, header_size, path);
                bytes_ = {block_.get(), header_size + got};
                read_ = {};
            } else if (size >= header_size) {
                read_more(fd, read_, static_cast<std::size_t>(size - header_size + 1), path);
            }
        }
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    if (!block_) bytes_ = read_;
}

void FileBytes::FreeStore::operator()(std::byte* p) const noexcept { free_store(p, bytes); }

}  // namespace levelsweep::detail
