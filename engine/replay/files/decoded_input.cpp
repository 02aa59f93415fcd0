#include "decoded_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "levelsweep/read_stop.hpp"

namespace levelsweep::detail {

namespace {

constexpr std::size_t buffer_bytes = std::size_t{1} << 16;
constexpr unsigned char gzip_magic[2] = {0x1f, 0x8b};

bool starts_gzip(const std::byte* p) {
    return std::to_integer<unsigned char>(p[0]) == gzip_magic[0] &&
           std::to_integer<unsigned char>(p[1]) == gzip_magic[1];
}

}  // namespace

DecodedInput::DecodedInput(const std::string& path) : name_(path), raw_(buffer_bytes) {
    if (path == "-") {
        fd_ = STDIN_FILENO;
        standard_input_ = true;
        return;  // plain, read as it arrives: a sniff could wait for bytes a pipe has not sent yet
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        throw ReplayFileError(path, 0, "is a directory, not a file");
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw ReplayFileError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    if (::fstat(fd_, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        ::close(fd_);
        fd_ = -1;
        throw ReplayFileError(path, 0, "is a device, not a file");  // /dev/zero would be read for ever
    }
    // Gzip or not, by the stream's first two bytes.
    while (raw_end_ < 2 && read_raw()) {
    }
    if (raw_end_ >= 2 && starts_gzip(raw_.data())) {
        gzip_ = true;
        decoded_.resize(buffer_bytes);
        if (::inflateInit2(&z_, 16 + MAX_WBITS) != Z_OK)
            throw ReplayFileError(path, 0, "cannot start decoding the gzip stream");
    } else {
        end_ = raw_end_;  // the sniffed bytes are the data's first
    }
}

DecodedInput::~DecodedInput() {
    if (gzip_) ::inflateEnd(&z_);
    if (fd_ >= 0 && !standard_input_) ::close(fd_);
}

// More bytes from the file after raw_end_; false at its end or on an error
// (which ends the data). A read that a signal or a stop cuts short
// (read_stop.hpp) ends it too, so that a replay stopping cleanly is not held
// up by a pipe that sends nothing.
bool DecodedInput::read_raw() {
    if (raw_ended_) return false;
    if (raw_end_ == raw_.size()) {
        raw_end_ -= raw_at_;
        std::memmove(raw_.data(), raw_.data() + raw_at_, raw_end_);
        raw_at_ = 0;
    }
    const ssize_t got = read_unless_stopped(fd_, raw_.data() + raw_end_, raw_.size() - raw_end_);
    if (got > 0) {
        raw_end_ += static_cast<std::size_t>(got);
        raw_read_ += static_cast<std::uint64_t>(got);
        return true;
    }
    raw_ended_ = true;
    if (got < 0) end_early(InputDamage::damaged, std::string("read error: ") + std::strerror(errno));
    return false;
}

void DecodedInput::end_early(InputDamage kind, const std::string& why) {
    ended_ = true;
    if (damage_) return;
    const std::uint64_t at = digest_.bytes + (end_ - at_);  // the data ends after what is buffered
    damage_ = ReplayFileError(standard_input_ ? "standard input" : name_, at, why);
    kind_ = kind;
}

// Appends decoded bytes after end_; false at the end of the data.
bool DecodedInput::decode_more() {
    if (ended_) return false;
    if (!gzip_) {
        // Plain data is the raw buffer itself.
        if (raw_at_ == raw_end_) raw_at_ = raw_end_ = 0;
        const bool more = read_raw();
        at_ = raw_at_;
        end_ = raw_end_;
        ended_ = !more;
        return more;
    }
    if (at_ == end_) at_ = end_ = 0;
    if (end_ == decoded_.size()) {
        end_ -= at_;
        std::memmove(decoded_.data(), decoded_.data() + at_, end_);
        at_ = 0;
    }
    for (;;) {
        if (raw_at_ == raw_end_ && !read_raw()) {
            if (damage_) return false;  // a read error
            if (!between_members_) end_early(InputDamage::cut_short, "the gzip stream ends here, cut short");
            ended_ = true;
            return false;
        }
        if (between_members_) {
            // Another member may follow (a concatenation is one gzip stream);
            // anything else is data no gzip writer leaves.
            while (raw_end_ - raw_at_ < 2 && read_raw()) {
            }
            if (raw_end_ - raw_at_ < 2 || !starts_gzip(raw_.data() + raw_at_)) {
                const std::uint64_t compressed_at = raw_read_ - (raw_end_ - raw_at_);
                end_early(InputDamage::damaged, "data after the end of the gzip stream (at byte " +
                                                    std::to_string(compressed_at) + " of the compressed file)");
                return false;
            }
            ::inflateReset(&z_);
            between_members_ = false;
        }
        z_.next_in = reinterpret_cast<Bytef*>(raw_.data() + raw_at_);
        z_.avail_in = static_cast<uInt>(raw_end_ - raw_at_);
        z_.next_out = reinterpret_cast<Bytef*>(decoded_.data() + end_);
        z_.avail_out = static_cast<uInt>(decoded_.size() - end_);
        const int ret = ::inflate(&z_, Z_NO_FLUSH);
        const std::size_t produced = decoded_.size() - end_ - z_.avail_out;
        raw_at_ = raw_end_ - z_.avail_in;
        end_ += produced;
        if (ret == Z_STREAM_END)
            between_members_ = true;
        else if (ret != Z_OK && ret != Z_BUF_ERROR) {
            end_early(InputDamage::damaged,
                      std::string("the gzip stream is damaged: ") + (z_.msg ? z_.msg : "inflate failed"));
            return produced > 0;
        }
        if (produced > 0) return true;
    }
}

std::span<const std::byte> DecodedInput::available() {
    if (at_ == end_) decode_more();
    const std::vector<std::byte>& data = gzip_ ? decoded_ : raw_;
    return std::span<const std::byte>(data.data() + at_, end_ - at_);
}

void DecodedInput::take(std::size_t n) {
    const std::vector<std::byte>& data = gzip_ ? decoded_ : raw_;
    digest_.add(std::span<const std::byte>(data.data() + at_, n));
    at_ += n;
    if (!gzip_) raw_at_ = at_;
}

std::size_t DecodedInput::read(std::span<std::byte> out) {
    std::size_t got = 0;
    while (got < out.size()) {
        const std::span<const std::byte> a = available();
        if (a.empty()) break;
        const std::size_t n = std::min(a.size(), out.size() - got);
        std::memcpy(out.data() + got, a.data(), n);
        take(n);
        got += n;
    }
    return got;
}

std::span<const std::byte> DecodedInput::peek(std::size_t n) {
    n = std::min(n, buffer_bytes);
    while (end_ - at_ < n) {
        // Keep what is buffered at the front, so that n bytes fit after it.
        std::vector<std::byte>& data = gzip_ ? decoded_ : raw_;
        if (data.size() - at_ < n) {
            std::memmove(data.data(), data.data() + at_, end_ - at_);
            end_ -= at_;
            at_ = 0;
            if (!gzip_) {
                raw_at_ = 0;
                raw_end_ = end_;
            }
        }
        if (!decode_more()) break;
    }
    const std::vector<std::byte>& data = gzip_ ? decoded_ : raw_;
    return std::span<const std::byte>(data.data() + at_, std::min(n, end_ - at_));
}

}  // namespace levelsweep::detail
