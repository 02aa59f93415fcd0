#include "io/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "io/errno_error.hpp"
#include "io/interrupt.hpp"

namespace levelsweep::cli {

namespace {

// A name no other output of this process or another one uses: hidden, beside
// the target, and ending in the target's own name, so that writers that go by
// the name's ending (.gz) write what the target asks for.
std::filesystem::path temporary_beside(const std::filesystem::path& target) {
    static std::atomic<unsigned> counter{0};
    const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
    std::string name = ".levelsweep-";
    name.append(std::to_string(::getpid())).append("-").append(std::to_string(counter++));
    name.append(".").append(target.filename().string());
    return dir / name;
}

// fsync a file by name (the writers have closed theirs).
void sync_path(const std::filesystem::path& path, bool directory) {
    const int fd = ::open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0) {
        if (directory) return;  // best effort: some file systems do not open folders
        fail_with_errno("cannot sync " + path.string());
    }
    const bool ok = ::fsync(fd) == 0 || directory;  // a folder's fsync is best effort too
    const int err = errno;
    ::close(fd);
    errno = err;
    if (!ok) fail_with_errno("cannot write " + path.string() + " to disk");
}

}  // namespace

OutputFile::OutputFile(std::string path, OutputContent content, const std::string& what)
    : name_(std::move(path)), target_(name_) {
    if (name_ == "-") {
        if (content == OutputContent::binary)
            throw std::runtime_error("-: " + what +
                                     " is binary and does not go to standard output; name a file (./- for "
                                     "one called -)");
        standard_output_ = direct_ = true;
        writing_ = name_;
        return;
    }
    struct stat st {};
    const bool exists = ::stat(name_.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) throw std::runtime_error(name_ + ": is a directory; name a file to write");
    if (exists && !S_ISREG(st.st_mode)) {  // a device, a pipe: cannot be replaced, only written
        direct_ = true;
        writing_ = name_;
        return;
    }
    if (exists) target_ = std::filesystem::canonical(name_);  // a link's target is replaced, not the link
    writing_ = temporary_beside(target_);
    writing_text_ = writing_.string();
    slot_ = register_temporary(writing_text_.c_str());  // before the file exists: a signal never misses it
    const int fd = ::open(writing_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        const int err = errno;
        unregister_temporary(slot_);
        errno = err;
        fail_with_errno("cannot create a temporary file beside " + name_ + " (" + writing_.string() + ")");
    }
    if (exists) ::fchmod(fd, st.st_mode & 07777);  // the replacement keeps the old file's permissions
    ::close(fd);
}

OutputFile::~OutputFile() {
    if (direct_ || committed_) return;
    ::unlink(writing_.c_str());
    unregister_temporary(slot_);
}

void OutputFile::commit() {
    if (direct_ || committed_) return;
    sync_path(writing_, false);
    if (::rename(writing_.c_str(), target_.c_str()) != 0) fail_with_errno("cannot put " + name_ + " in place");
    committed_ = true;
    unregister_temporary(slot_);
    sync_path(target_.has_parent_path() ? target_.parent_path() : std::filesystem::path("."), true);
}

}  // namespace levelsweep::cli
