// levelsweep: the scene lines of a replay (`levelsweep replay --scene`).
// Mesh queries do not depend on the bodies, so the replay runs them as it
// always does; the scene lines of each chunk run here, in order: the world
// queries between two edits as one WorldRunner (in parallel over queries), each
// edit in its place. Their answers can be written as JSON Lines, one a line, in
// the input's order, as `levelsweep query --scene` prints them.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <span>
#include <vector>

#include "levelsweep/replay_files.hpp"
#include "levelsweep/scene_json.hpp"
#include "levelsweep/world_runner.hpp"

namespace levelsweep {

class SceneReplay {
public:
    // results: where the answers go (nullptr for nowhere); flushed after each
    // run(), which throws when the stream has failed.
    SceneReplay(Scene& scene, Quirks quirks, unsigned threads, std::ostream* results);

    // Runs the scene lines among `records` (mesh queries that did not parse,
    // with their text) and sets taken[i] for each; taken is resized to match.
    void run(std::span<const QueryRecord> records, std::vector<char>& taken);

    // Scene lines by kind and status, their contacts and their wall time.
    void print(std::ostream& out) const;

private:
    struct Pending {
        std::size_t record;  // where its answer goes
        WorldQuery query;
    };
    void flush(std::vector<json>& answers);

    Scene& scene_;
    Quirks quirks_;
    WorldRunner batch_;
    std::ostream* results_;
    std::vector<Pending> pending_;
    std::vector<WorldQuery> queries_;
    std::array<std::array<std::uint64_t, world_status_count>, 7> by_kind_status_{};  // 6 query kinds, then edits
    std::uint64_t contacts_ = 0, malformed_ = 0;
    double seconds_ = 0.0;
};

}  // namespace levelsweep
