// levelsweep (private): byte streams for the replay files. Input goes through
// zlib's gzread, which reads gzipped and plain files alike; output is plain.
#pragma once

#include <zlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string>

#include "levelsweep/replay_files.hpp"

namespace levelsweep::detail {

inline std::uint32_t crc32_of(std::span<const std::byte> bytes) {
    return static_cast<std::uint32_t>(
        ::crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// A gzread stream that counts the bytes it delivered.
class InStream {
public:
    explicit InStream(const std::filesystem::path& path) : name_(path.string()) {
        file_ = ::gzopen(name_.c_str(), "rb");
        if (!file_) throw ReplayFileError(name_, 0, "cannot open");
        ::gzbuffer(file_, 1 << 16);
    }
    ~InStream() {
        if (file_) ::gzclose(file_);
    }
    InStream(const InStream&) = delete;
    InStream& operator=(const InStream&) = delete;

    // Reads up to out.size() bytes; fewer only at the end of the data.
    std::size_t read(std::span<std::byte> out) {
        std::size_t got = 0;
        while (got < out.size()) {
            const auto want = static_cast<unsigned>(std::min<std::size_t>(out.size() - got, 1u << 30));
            const int n = ::gzread(file_, out.data() + got, want);
            if (n < 0) {
                int err = 0;
                const char* msg = ::gzerror(file_, &err);
                throw ReplayFileError(name_, offset_ + got, std::string("read error: ") + (msg ? msg : "?"));
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
    explicit OutStream(const std::filesystem::path& path) : name_(path.string()) {
        file_ = std::fopen(name_.c_str(), "wb");
        if (!file_) throw ReplayFileError(name_, 0, "cannot create");
    }
    ~OutStream() {
        if (file_) std::fclose(file_);
    }
    OutStream(const OutStream&) = delete;
    OutStream& operator=(const OutStream&) = delete;

    void write(std::span<const std::byte> bytes) {
        if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size())
            throw ReplayFileError(name_, offset_, "write failed");
        offset_ += bytes.size();
    }
    void patch(std::uint64_t at, std::span<const std::byte> bytes) {
        if (std::fseek(file_, static_cast<long>(at), SEEK_SET) != 0 ||
            std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() ||
            std::fseek(file_, 0, SEEK_END) != 0)
            throw ReplayFileError(name_, at, "write failed");
    }
    void flush() {
        if (std::fflush(file_) != 0) throw ReplayFileError(name_, offset_, "flush failed");
    }
    void close() {
        if (file_ && std::fclose(file_) != 0) {
            file_ = nullptr;
            throw ReplayFileError(name_, offset_, "close failed");
        }
        file_ = nullptr;
    }

private:
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
