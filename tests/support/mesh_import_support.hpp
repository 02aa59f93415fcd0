// Helpers for the importer suites: a scratch directory and mesh files written as text.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "levelsweep/level.hpp"

namespace levelsweep::test {

// A fresh directory under the system's temporary one, removed with its files.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& tag)
        : path_(std::filesystem::temp_directory_path() / ("levelsweep_" + tag + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() { std::filesystem::remove_all(path_); }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    std::filesystem::path file(const std::string& name, const std::string& content) const {
        const auto p = path_ / name;
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

// Whether the folder holds none of the tool's temporary files (".levelsweep-*",
// engine/cli/io/output_file.hpp), which no finished or interrupted run leaves.
inline bool no_temporaries(const ScratchDir& dir) {
    for (const auto& entry : std::filesystem::directory_iterator(dir / "."))
        if (entry.path().filename().string().rfind(".levelsweep-", 0) == 0) return false;
    return true;
}

// Whether one of those temporary files holds at least `bytes`: a run writing
// its output has got that far.
inline bool temporary_holds(const ScratchDir& dir, std::uintmax_t bytes) {
    for (const auto& entry : std::filesystem::directory_iterator(dir / "."))
        if (entry.path().filename().string().rfind(".levelsweep-", 0) == 0 && entry.file_size() >= bytes) return true;
    return false;
}

// A level as OBJ text: %.9g round-trips every float32.
inline std::string level_to_obj(const Level& level) {
    std::string out;
    char line[128];
    for (std::uint32_t v = 0; v < level.vertex_count(); ++v) {
        const Vec3 p = level.vertex(v);
        std::snprintf(line, sizeof line, "v %.9g %.9g %.9g\n", p.x, p.y, p.z);
        out += line;
    }
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t) {
        std::snprintf(line, sizeof line, "f %u %u %u\n", level.corner_index(t, 0) + 1, level.corner_index(t, 1) + 1,
                      level.corner_index(t, 2) + 1);
        out += line;
    }
    return out;
}

}  // namespace levelsweep::test
