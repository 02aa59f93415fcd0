// levelsweep (private): byte streams for the replay files. Input goes through
// zlib's gzread, which reads gzipped and plain files alike; output is plain.
#pragma once

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

// Why a path cannot be read as a file, or nothing: it is a directory (which
// opens, and then fails every read with a message about something else).
inline std::optional<std::string> not_a_file(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return "is a directory, not a file";
    return std::nullopt;
}

// A gzread stream that counts the bytes it delivered.
class InStream {
public:
    explicit InStream(const std::filesystem::path& path) : name_(path.string()) {
        if (const auto why = not_a_file(path)) throw ReplayFileError(name_, 0, *why);
        file_ = ::gzopen(name_.c_str(), "rb");
        if (!file_) throw ReplayFileError(name_, 0, std::string("cannot open: ") + std::strerror(errno));
        ::gzbuffer(file_, 1 << 16);
    }
    ~InStream() {
        if (file_) ::gzclose(file_);
    }
    InStream(const InStream&) = delete;
    InStream& operator=(const InStream&) = delete;

    // Reads up to out.size() bytes; fewer only at the end of the data. A
    // damaged stream throws ReplayFileError.
    std::size_t read(std::span<std::byte> out) {
        std::optional<ReplayFileError> damage;
        const std::size_t got = read(out, damage);
        if (damage) throw *damage;
        return got;
    }
    // The same, but a damaged stream is told in `damage`, with the bytes
    // delivered before it returned.
    std::size_t read(std::span<std::byte> out, std::optional<ReplayFileError>& damage) {
        std::size_t got = 0;
        while (got < out.size()) {
            const auto want = static_cast<unsigned>(std::min<std::size_t>(out.size() - got, 1u << 30));
            const int n = ::gzread(file_, out.data() + got, want);
            if (n < 0) {
                int err = 0;
                const char* msg = ::gzerror(file_, &err);
                damage = ReplayFileError(name_, offset_ + got, std::string("read error: ") + (msg ? msg : "?"));
                break;
            }
            if (n == 0) break;
            got += static_cast<std::size_t>(n);
        }
        offset_ += got;
        return got;
    }
    std::uint64_t offset() const { return offset_; }
    const std::string& name() const { return name_; }
    // After a short read: true when a gzip stream was cut short (zlib reports
    // Z_BUF_ERROR there), false at a clean end of the data.
    bool cut_short() const {
        int err = Z_OK;
        ::gzerror(file_, &err);
        return err == Z_BUF_ERROR;
    }

private:
    std::string name_;
    gzFile file_ = nullptr;
    std::uint64_t offset_ = 0;
};

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
    OutStream(const std::filesystem::path& path, std::uint64_t keep, std::size_t buffer_bytes) : name_(path.string()), offset_(keep) {
        file_ = std::fopen(name_.c_str(), "r+b");
        if (!file_) throw ReplayFileError(name_, 0, std::string("cannot open for writing: ") + std::strerror(errno));
        if (::ftruncate(::fileno(file_), static_cast<off_t>(keep)) != 0 || std::fseek(file_, 0, SEEK_END) != 0) {
            const int err = errno;
            std::fclose(file_);
            file_ = nullptr;
            throw ReplayFileError(name_, keep, std::string("cannot cut the file here: ") + std::strerror(err));
        }
        set_buffer(buffer_bytes);
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
    void patch(std::uint64_t at, std::span<const std::byte> bytes) {
        if (std::fseek(file_, static_cast<long>(at), SEEK_SET) != 0 ||
            std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() ||
            std::fseek(file_, 0, SEEK_END) != 0)
            fail(at, "write failed");
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

// The first bytes of a file (through gzread), for format detection.
inline bool starts_with(const std::filesystem::path& path, std::span<const std::byte> magic) {
    gzFile f = ::gzopen(path.string().c_str(), "rb");
    if (!f) return false;
    std::byte head[16]{};
    const int n = ::gzread(f, head, static_cast<unsigned>(magic.size()));
    ::gzclose(f);
    return n == static_cast<int>(magic.size()) && std::equal(magic.begin(), magic.end(), head);
}

}  // namespace levelsweep::detail
