#include "levelsweep/line_reader.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "levelsweep/replay_files.hpp"

namespace levelsweep {

LineReader::LineReader(const std::string& path) : name_(path) {
    struct stat st {};
    if (path != "-" && ::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw ReplayFileError(path, 0, "is a directory, not a file");
        // A device never ends (/dev/zero would be read for ever, a line too long to keep).
        if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) throw ReplayFileError(path, 0, "is a device, not a file");
    }
    if (path == "-") return;  // read as it comes: see fill()
    file_.reset(::gzopen(path.c_str(), "rb"));
    if (!file_) throw ReplayFileError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    ::gzbuffer(file_.get(), 1 << 16);
}

// More bytes into the buffer; false at the end of the data (damage_ then says
// whether it ended early).
bool LineReader::fill() {
    if (!file_) {
        // Standard input with read(2), which returns what has arrived: zlib would
        // wait for a whole buffer, holding up a pipe's first lines. (So standard
        // input is plain text.)
        const ssize_t got = ::read(STDIN_FILENO, buffer_.data(), buffer_.size());
        if (got > 0) {
            at_ = 0;
            end_ = static_cast<std::size_t>(got);
            return true;
        }
        if (got < 0 && !damage_) damage_ = std::string("standard input: ") + std::strerror(errno);
        return false;
    }
    const int n = ::gzread(file_.get(), buffer_.data(), static_cast<unsigned>(buffer_.size()));
    if (n > 0) {
        at_ = 0;
        end_ = static_cast<std::size_t>(n);
        return true;
    }
    int err = Z_OK;
    const char* msg = ::gzerror(file_.get(), &err);
    if (err != Z_OK && !damage_)
        damage_ = std::string("the data ends early: ") + (err == Z_ERRNO ? std::strerror(errno) : msg ? msg : "?");
    return false;
}

bool LineReader::next(std::string& line, bool& too_long, std::size_t max_length) {
    line.clear();
    too_long = false;
    bool any = false;
    while (at_ < end_ || fill()) {
        any = true;
        const char* start = buffer_.data() + at_;
        const auto* eol = static_cast<const char*>(std::memchr(start, '\n', end_ - at_));
        const std::size_t take = eol ? static_cast<std::size_t>(eol - start) : end_ - at_;
        if (!too_long && line.size() + take > max_length) {
            too_long = true;
            std::string().swap(line);  // let the memory go
        }
        if (!too_long) line.append(start, take);
        const std::size_t used = take + (eol ? 1 : 0);
        at_ += used;
        bytes_ += used;
        if (eol) break;
    }
    if (any) ++line_number_;
    return any;
}

}  // namespace levelsweep
