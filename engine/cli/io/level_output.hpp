// levelsweep CLI: a level written as import and generate write it: with the
// batch path's hierarchy stored beside it (a version 2 file, docs/formats.md,
// "The stored hierarchy"), unless asked for none (version 1).
#pragma once

#include <filesystem>

#include "levelsweep/level.hpp"

namespace levelsweep::cli {

void write_level_file(const Level& level, const std::filesystem::path& path, bool store_hierarchy);

// What --no-hierarchy says in every command that writes a level.
inline constexpr const char* no_hierarchy_help =
    "Store no hierarchy: a version 1 file, smaller, whose batch path builds its hierarchy when a query first needs it";

}  // namespace levelsweep::cli
