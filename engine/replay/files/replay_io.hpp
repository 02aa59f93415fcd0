// levelsweep (private): byte streams for the replay files. Input goes through
// DecodedInput (decoded_input.hpp), which reads gzipped and plain files alike;
// output is plain.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "levelsweep/replay_files.hpp"

namespace levelsweep::detail {

// The CRC-32 of zlib and gzip (libdeflate's, which folds with carry-less
// multiplies where the CPU has them: the same values, about ten times faster
// on a record of a hundred bytes).
inline std::uint32_t crc32_of(std::span<const std::byte> bytes) {
    return ::libdeflate_crc32(0, bytes.data(), bytes.size());
}

class OutStream {
public:
    // buffer_bytes: stdio's buffer (0: its default of a few kilobytes, which
    // puts a recording on disk as it goes; a writer that flushes by itself,
    // as the result file's does after each chunk, writes in larger pieces).
    explicit OutStream(const std::filesystem::path& path, std::size_t buffer_bytes = 0) : name_(path.string()) {
        file_ = std::fopen(name_.c_str(), "wb");
        if (!file_) throw ReplayFileError(name_, 0, std::string("cannot create: ") + std::strerror(errno));
        set_buffer(buffer_bytes);
    }
    // An existing file, cut to its first `keep` bytes, written on from there.
    OutStream(const std::filesystem::path& path, std::uint64_t keep, std::size_t buffer_bytes)
        : name_(path.string()), offset_(keep) {
        file_ = std::fopen(name_.c_str(), "r+b");
        if (!file_) throw ReplayFileError(name_, 0, std::string("cannot open for writing: ") + std::strerror(errno));
        cut(keep, buffer_bytes);
    }
    // The same through a duplicate of an open descriptor (read and write).
    OutStream(int fd, std::string name, std::uint64_t keep, std::size_t buffer_bytes)
        : name_(std::move(name)), offset_(keep) {
        // Appending, a write lands at the end wherever it is aimed (pwrite
        // too, on Linux), and patch() could not rewrite the header.
        const int flags = ::fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_APPEND) != 0)
            throw ReplayFileError(name_, 0, "cannot write through a descriptor opened for appending (O_APPEND)");
        const int copy = ::dup(fd);
        if (copy >= 0) file_ = ::fdopen(copy, "r+b");
        if (!file_) {
            const int err = errno;
            if (copy >= 0) ::close(copy);
            throw ReplayFileError(name_, 0, std::string("cannot open for writing: ") + std::strerror(err));
        }
        cut(keep, buffer_bytes);
    }
    ~OutStream() {
        if (file_) std::fclose(file_);
    }
    OutStream(const OutStream&) = delete;
    OutStream& operator=(const OutStream&) = delete;

    void write(std::span<const std::byte> bytes) {
        if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) fail(offset_, "write failed");
        offset_ += bytes.size();
    }
    // The same for a large block: what stdio holds goes first, then the
    // block straight to the file, without a copy into stdio's buffer.
    void write_through(std::span<const std::byte> bytes) {
        flush();
        for (std::size_t done = 0; done < bytes.size();) {
            const ssize_t n = ::write(::fileno(file_), bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail(offset_ + done, "write failed");
            done += static_cast<std::size_t>(n);
        }
        offset_ += bytes.size();
    }
    // Bytes written over the file's at `at` (a header's count, a checkpoint),
    // the stream left at the end. With pwrite(2), not stdio's seeks: on a
    // stream open for reading too, fseek reads a buffer's worth back (a
    // megabyte) to land, and the result file patches after every chunk.
    void patch(std::uint64_t at, std::span<const std::byte> bytes) {
        flush();
        for (std::size_t done = 0; done < bytes.size();) {
            const ssize_t n =
                ::pwrite(::fileno(file_), bytes.data() + done, bytes.size() - done, static_cast<off_t>(at + done));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail(at + done, "write failed");
            done += static_cast<std::size_t>(n);
        }
    }
    void flush() {
        if (std::fflush(file_) != 0) fail(offset_, "flush failed");
    }
    void close() {
        std::FILE* f = file_;
        file_ = nullptr;
        if (f && std::fclose(f) != 0) fail(offset_, "close failed");
    }

private:
    [[noreturn]] void fail(std::uint64_t at, const char* what) const {
        throw ReplayFileError(name_, at, std::string(what) + ": " + std::strerror(errno));
    }

    void cut(std::uint64_t keep, std::size_t buffer_bytes) {
        if (::ftruncate(::fileno(file_), static_cast<off_t>(keep)) != 0 || std::fseek(file_, 0, SEEK_END) != 0) {
            const int err = errno;
            std::fclose(file_);
            file_ = nullptr;
            throw ReplayFileError(name_, keep, std::string("cannot cut the file here: ") + std::strerror(err));
        }
        set_buffer(buffer_bytes);
    }

    void set_buffer(std::size_t bytes) {
        if (bytes == 0) return;
        buffer_ = std::make_unique<char[]>(bytes);  // glibc takes a size only with a buffer of the caller's
        std::setvbuf(file_, buffer_.get(), _IOFBF, bytes);
    }

    std::unique_ptr<char[]> buffer_;
    std::string name_;
    std::FILE* file_ = nullptr;
    std::uint64_t offset_ = 0;
};

// True when `path` is a regular file whose first bytes (a gzip stream's
// decoded) are `magic`. Anything else (a pipe, whose bytes a look would use up)
// is not.
bool starts_with(const std::filesystem::path& path, std::span<const std::byte> magic);

}  // namespace levelsweep::detail
