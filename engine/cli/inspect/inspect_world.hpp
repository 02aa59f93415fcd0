// levelsweep inspect: a scene's bodies as the query stream's world queries
// saw them (docs/inspect.md, "World scenes").
#pragma once

#include <string>

#include "inspect/inspect_data.hpp"

namespace levelsweep::cli {

// Replays the scene lines of d.queries against the scene in `scene_file` (in
// side A's mode), as `levelsweep query --scene` does, and returns
// {"file", "snapshots": [{"bodies": [...]}], "queries": [{"position", "line",
// "snapshot", "answer"}], "edits", "left_out"}: each world query with the
// snapshot of every body (its chain and strike shapes, each strike's previous
// position) standing when it ran. At most max_world_queries are kept.
json scene_snapshots(const std::string& scene_file, const Level& level, const InspectData& d);

inline constexpr std::size_t max_world_queries = 20000;

}  // namespace levelsweep::cli
