// libFuzzer targets: what the file readers' targets share. The readers take a
// path, so each input is written to a file of the fuzzing process's own.
#pragma once

#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "fuzz_check.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::fuzz {

// The input's file, `fuzz_<name>_<pid><extension>` in the temp folder,
// removed when the process exits.
class InputFile {
public:
    InputFile(const std::string& name, const std::string& extension)
        : path_(std::filesystem::temp_directory_path() /
                ("fuzz_" + name + "_" + std::to_string(::getpid()) + extension)) {}
    ~InputFile() {
        std::error_code ec;
        std::filesystem::remove(path_, ec);
    }
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    const std::filesystem::path& path() const { return path_; }
    void write(const std::uint8_t* data, std::size_t size) const {
        std::FILE* f = std::fopen(path_.c_str(), "wb");
        check(f != nullptr);
        check(std::fwrite(data, 1, size, f) == size);
        check(std::fclose(f) == 0);
    }

private:
    std::filesystem::path path_;
};

inline std::array<std::byte, query_record_bytes> encoded(const Query& q) {
    std::array<std::byte, query_record_bytes> b;
    encode_query_record(q, b);
    return b;
}

}  // namespace levelsweep::fuzz
