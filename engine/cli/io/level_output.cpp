// A level file with its stored hierarchy (level_output.hpp).
#include "io/level_output.hpp"

#include <cstdint>
#include <vector>

#include "levelsweep/batch_level.hpp"
#include "levelsweep/level_file.hpp"

namespace levelsweep::cli {

void write_level_file(const Level& level, const std::filesystem::path& path, bool store_hierarchy) {
    if (!store_hierarchy)
        save_level(level, path, {});
    else if (!level.stored_hierarchy().empty())
        save_level(level, path);  // the one its file stored, checked at its load
    else
        save_level(level, path, BatchLevel(level).hierarchy_words());
}

}  // namespace levelsweep::cli
