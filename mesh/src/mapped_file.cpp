#include "mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "levelsweep/level_file.hpp"

namespace levelsweep::detail {

MappedFile::MappedFile(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw LevelFileError(path.string(), 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            map_ = p;
            map_size_ = static_cast<std::size_t>(st.st_size);
            bytes_ = {static_cast<const std::byte*>(p), map_size_};
            ::close(fd);
            return;
        }
    }
    // Not mappable (empty, a pipe, a system without mmap for it): read it all.
    std::byte buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            throw LevelFileError(path.string(), read_.size(), std::string("cannot read: ") + std::strerror(err));
        }
        read_.insert(read_.end(), buf, buf + n);
    }
    ::close(fd);
    bytes_ = read_;
}

MappedFile::~MappedFile() {
    if (map_) ::munmap(map_, map_size_);
}

}  // namespace levelsweep::detail
