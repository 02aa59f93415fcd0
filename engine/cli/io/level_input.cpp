#include "io/level_input.hpp"

#include <iostream>

#include "levelsweep/file_kind.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/level_range.hpp"

namespace levelsweep::cli {

Level open_level(const std::string& path) {
    expect_file_kind(path, FileKind::level, "a level file (.lvl)");
    return load_level(path);
}

Level open_level_for_queries(const std::string& path, const std::string& command) {
    Level level = open_level(path);
    if (const auto why = beyond_working_range(level.arrays()))
        std::cerr << command << ": warning: " << path << ": " << *why
                  << "; queries reaching beyond the range get the status out_of_range\n";
    return level;
}

}  // namespace levelsweep::cli
