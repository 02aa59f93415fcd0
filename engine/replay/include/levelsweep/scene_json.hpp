// levelsweep: the scene file and scene lines (docs/formats.md, "The scene
// file"): bodies and owners beside a level as JSON, the world queries and the
// edits that `levelsweep query` and `replay --scene` read among mesh queries.
#pragma once

#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <variant>

#include "levelsweep/input_digest.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/world.hpp"

namespace levelsweep {

// An owner as a scene file gives it: its answers, fixed until a set_owner line.
using SceneOwner = FixedOwner;

// A world with the scene's names for its bodies.
class Scene {
public:
    explicit Scene(const Level* level) : world_(level) {}
    World& world() { return world_; }

    // The handle of a scene id (a handle to no body when the id names none,
    // which World answers with unknown_body).
    BodyId handle(std::uint32_t id) const;
    // The scene id of a handle (gathers report bodies by it).
    std::uint32_t id_of(BodyId handle) const;

    // Edits, each throwing std::invalid_argument for JSON it cannot read; a
    // World refusal comes back as its status.
    WorldStatus add_body(const json& body);
    WorldStatus remove_body(std::uint32_t id);
    void set_owner(const json& owner);

private:
    World world_;
    std::map<std::uint32_t, BodyId> bodies_;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> ids_;  // (slot, generation) to id
    std::deque<SceneOwner> owner_store_;                                    // stable addresses for World::set_owner
    std::map<std::uint32_t, SceneOwner*> owners_;
};

// Reads a scene file: {"levelsweep_scene": 1, "owners": [...], "bodies": [...]},
// plain or gzipped, one owner and one body at a time (scene_file.cpp), and
// when asked gives the digest of its bytes (what a replay's result file
// records of it). Throws std::runtime_error naming the file and what is wrong
// (a body a World refuses included, with its status), MemoryLimitError when
// the text, a body's JSON or the bodies would take more than the memory limit.
std::unique_ptr<Scene> load_scene(const std::filesystem::path& path, const Level* level, InputDigest* digest = nullptr);
// The same from the file's text (`name` for the messages).
std::unique_ptr<Scene> scene_from_text(std::string_view text, const std::string& name, const Level* level);

// True when a line's "kind" is one of the scene kinds (a world query or an edit).
bool is_scene_line(const json& line);
// A world query line, its bodies resolved against the scene as it stands.
// Throws std::invalid_argument for a key that is missing or malformed.
WorldQuery world_query_from_json(const json& line, const Scene& scene, Quirks quirks);
// Whether a line is an edit (add_body, remove_body, pose_shape, move_body,
// enable_shape, set_body, set_previous, set_owner) rather than a query.
bool is_scene_edit(const json& line);
// Applies an edit line; its status (World's answer).
WorldStatus apply_scene_edit(const json& line, Scene& scene);

// A world query's answer as one JSON object: kind, status, count, found,
// overflow, stats, and for a gather "bodies" (scene ids), else "status_bits" and
// "contacts" (each with the words it holds, by name).
json world_answer_to_json(const WorldQuery& q, const WorldResult& r, std::span<const Contact> contacts,
                          std::span<const BodyId> bodies, const Scene& scene);
// The name of a world query's kind as scene lines spell it.
std::string_view world_query_kind(const WorldQuery& q);

}  // namespace levelsweep
