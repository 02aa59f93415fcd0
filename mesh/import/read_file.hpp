// A whole input file as text, for the OBJ and PLY readers.
#pragma once

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "levelsweep/import.hpp"
#include "levelsweep/memory_limit.hpp"

namespace levelsweep::detail {

// Refuses what cannot be imported before reading it: a missing file, a
// directory, and anything but a regular file (a device such as /dev/zero
// never ends; the importers need a file's size and, for Assimp, to seek).
inline void check_importable(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw ImportError(path.string() + ": cannot open: " + std::strerror(errno));
    if (S_ISDIR(st.st_mode)) throw ImportError(path.string() + ": is a directory, not a mesh file");
    if (!S_ISREG(st.st_mode))
        throw ImportError(path.string() + ": not a regular file (a device or a pipe); import reads mesh files");
}

inline std::string read_file(const std::filesystem::path& path) {
    check_importable(path);
    check_memory(std::filesystem::file_size(path), path.string() + ": reading the mesh file", "import a smaller mesh");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ImportError(path.string() + ": cannot open: " + std::strerror(errno));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw ImportError(path.string() + ": cannot read");
    return text;
}

}  // namespace levelsweep::detail
