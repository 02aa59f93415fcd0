// levelsweep CLI: a level file given on the command line, loaded with the
// checks every command wants: another of levelsweep's files in its place is
// named for what it is, and a level beyond the kernels' working range is
// warned about (its queries there get the status out_of_range).
#pragma once

#include <string>

#include "levelsweep/level.hpp"

namespace levelsweep::cli {

// Loads `path`; throws naming it when it is a directory, a query or result
// file, or not a valid level file.
Level open_level(const std::string& path);
// open_level, then a warning on standard error (from `command`) when the level
// lies beyond the working range.
Level open_level_for_queries(const std::string& path, const std::string& command);

}  // namespace levelsweep::cli
