// A level file with its stored hierarchy (level_output.hpp).
#include "io/level_output.hpp"

#include <cstdint>
#include <vector>

#include "levelsweep/batch_level.hpp"
#include "levelsweep/level_file.hpp"

namespace levelsweep::cli {

void write_level_file(const Level& level, const std::filesystem::path& path, bool store_hierarchy) {
    const std::vector<std::uint32_t> hierarchy =
        store_hierarchy ? BatchLevel(level).hierarchy_words() : std::vector<std::uint32_t>{};
    save_level(level, path, hierarchy);
}

}  // namespace levelsweep::cli
