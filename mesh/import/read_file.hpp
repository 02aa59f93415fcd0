// A whole input file as text, for the OBJ and PLY readers.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "levelsweep/import.hpp"

namespace levelsweep::detail {

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ImportError(path.string() + ": cannot open");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw ImportError(path.string() + ": cannot read");
    return text;
}

}  // namespace levelsweep::detail
