#include "io/partial_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "io/errno_error.hpp"

namespace levelsweep::cli {

namespace {

std::runtime_error taken(const std::filesystem::path& partial) {
    return std::runtime_error(partial.string() +
                              ": another replay is writing it (it holds its lock); wait for that run to "
                              "end, or give this one another -o");
}

const char* kind_of(mode_t mode) {
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISDIR(mode)) return "a directory";
    return "a device or socket";
}

}  // namespace

PartialFile::PartialFile(const std::string& results) : name_(results), target_(results) {
    if (results == "-")
        throw std::runtime_error(
            "a result file cannot go to standard output: it is binary, and resumable; name a file");
    // RESULTS is put in place by a rename, which would replace a FIFO or a
    // device node (/dev/null) with the file and fails on a directory only after
    // the whole run: anything but a regular file is refused before the run.
    struct stat target {};
    if (::stat(results.c_str(), &target) == 0) {
        if (!S_ISREG(target.st_mode))
            throw std::runtime_error(
                results + ": is not a regular file (" + kind_of(target.st_mode) +
                "), and a result file is renamed into place from RESULTS.partial; name a regular file");
        target_ = std::filesystem::canonical(results);  // a link's target is replaced
    }
    partial_ = target_;
    partial_ += ".partial";
    // Looked at before it is opened: opening a FIFO waits for a writer. A
    // file that goes (another run put it in place) between the look and the
    // open is looked at again, once.
    for (int attempt = 0; fd_ < 0; ++attempt) {
        struct stat st {};
        existed_ = ::lstat(partial_.c_str(), &st) == 0;
        if (existed_ && !S_ISREG(st.st_mode))
            throw std::runtime_error(partial_.string() + ": is not a regular file (" + kind_of(st.st_mode) +
                                     "), so it holds no interrupted replay; remove it");
        fd_ = ::open(partial_.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (existed_ ? 0 : O_CREAT | O_EXCL),
                     0666);
        if (fd_ >= 0) break;
        if (errno == EEXIST) throw taken(partial_);  // another run made it a moment ago
        if (errno != ENOENT || attempt > 0) fail_with_errno("cannot open " + partial_.string());
    }
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const bool held = errno == EWOULDBLOCK;
        ::close(fd_);
        fd_ = -1;
        if (held) throw taken(partial_);
        fail_with_errno("cannot lock " + partial_.string());
    }
    // The lock is on the file this name still gives (another run may have
    // renamed it into place, or another file taken its name, meanwhile).
    struct stat held {
    }, named{};
    if (::fstat(fd_, &held) != 0 || ::lstat(partial_.c_str(), &named) != 0 || held.st_ino != named.st_ino ||
        held.st_dev != named.st_dev || !S_ISREG(held.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        throw taken(partial_);
    }
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
    fresh_ = !existed_;
}

PartialFile::~PartialFile() {
    if (fd_ < 0) return;
    if (fresh_ && !kept_ && !committed_) ::unlink(partial_.c_str());  // still under the lock: only this run's file
    ::close(fd_);
}

void PartialFile::commit() {
    if (::fsync(fd_) != 0) fail_with_errno("cannot write " + partial_.string() + " to disk");
    if (::rename(partial_.c_str(), target_.c_str()) != 0) fail_with_errno("cannot put " + name_ + " in place");
    committed_ = true;
    const std::filesystem::path dir = target_.has_parent_path() ? target_.parent_path() : std::filesystem::path(".");
    const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (d >= 0) {
        ::fsync(d);  // best effort: some file systems do not sync folders
        ::close(d);
    }
}

}  // namespace levelsweep::cli
