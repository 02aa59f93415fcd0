// levelsweep: scene lines run one at a time (`levelsweep query --scene`):
// each world query answered against the scene as it stands, each edit applied
// in its place among the queries.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "levelsweep/scene_json.hpp"

namespace levelsweep {

class SceneLines {
public:
    SceneLines(Scene& scene, Quirks quirks);
    // The answer to a line of text when it is a scene line: a world query's
    // (world_answer_to_json) or an edit's {"kind", "status"}; {"error"} for one
    // whose keys are missing or malformed. Nothing when it is not a scene line.
    std::optional<json> answer(const std::string& text);

private:
    Scene& scene_;
    Quirks quirks_;
    WorldScratch scratch_;
    std::vector<Contact> contacts_;
    std::vector<BodyId> bodies_;
};

}  // namespace levelsweep
