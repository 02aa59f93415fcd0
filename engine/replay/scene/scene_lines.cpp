#include "levelsweep/scene_lines.hpp"

#include <stdexcept>

#include "levelsweep/memory_limit.hpp"

#include "levelsweep/world_runner.hpp"

namespace levelsweep {

SceneLines::SceneLines(Scene& scene, Quirks quirks)
    : scene_(scene), quirks_(quirks), scratch_(scene.world()), contacts_(WorldRunner::contact_room) {}

std::optional<json> SceneLines::answer(const std::string& text) {
    json line;
    try {
        line = parse_json(text, "the line", false);
    } catch (const MemoryLimitError& e) {
        return json{{"error", e.what()}};  // a line no tree of which fits: not one to run
    }
    if (line.is_discarded() || !is_scene_line(line)) return std::nullopt;
    try {
        if (is_scene_edit(line))
            return json{{"kind", line.at("kind")}, {"status", world_status_name(apply_scene_edit(line, scene_))}};
        const WorldQuery q = world_query_from_json(line, scene_, quirks_);
        bodies_.resize(scene_.world().body_count());
        const WorldResult r = scene_.world().run(q, contacts_, bodies_, scratch_);
        const bool gather = std::holds_alternative<GatherQuery>(q);
        return world_answer_to_json(q, r, std::span(contacts_).first(gather ? 0 : r.count),
                                    std::span(bodies_).first(gather ? r.count : 0), scene_);
    } catch (const std::invalid_argument& e) {
        return json{{"error", e.what()}};
    }
}

}  // namespace levelsweep
