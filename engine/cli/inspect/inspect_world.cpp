// levelsweep inspect: the scene's snapshots (inspect_world.hpp).
#include "inspect/inspect_world.hpp"

#include <fstream>
#include <set>

#include "levelsweep/query_json.hpp"
#include "levelsweep/scene_json.hpp"
#include "levelsweep/scene_lines.hpp"

namespace levelsweep::cli {

namespace {

json vec_json(const Vec3& v) { return json::array({v.x, v.y, v.z}); }

json shape_json(const Shape& s) {
    switch (s.type) {
        case ShapeType::box:
            return {{"type", "box"},
                    {"A0", vec_json(s.box.axis[0])},
                    {"A1", vec_json(s.box.axis[1])},
                    {"A2", vec_json(s.box.axis[2])},
                    {"P", vec_json(s.box.centre)},
                    {"half", {s.box.half[0], s.box.half[1], s.box.half[2]}}};
        case ShapeType::sphere: return {{"type", "sphere"}, {"r", s.sphere.radius}, {"C", vec_json(s.sphere.centre)}};
        case ShapeType::capsule:
            return {
                {"type", "capsule"}, {"r", s.capsule.radius}, {"h", s.capsule.height}, {"B", vec_json(s.capsule.base)}};
        case ShapeType::segment:
            return {{"type", "segment"},
                    {"S", vec_json(s.segment.start)},
                    {"E", vec_json(s.segment.end)},
                    {"r", s.segment.radius}};
    }
    return nullptr;
}

json chain_json(const World& world, BodyId handle, std::span<const BodyShape> chain, Chain which) {
    json out = json::array();
    for (std::size_t k = 0; k < chain.size(); ++k) {
        json s{{"id", chain[k].id}, {"flags", chain[k].flags}, {"shape", shape_json(chain[k].shape)}};
        if (which == Chain::strikes)
            if (const auto prev = world.previous_position(handle, {which, static_cast<std::uint32_t>(k)}))
                s["previous"] = vec_json(*prev);
        out.push_back(std::move(s));
    }
    return out;
}

json bodies_json(Scene& scene, const std::set<std::uint32_t>& ids) {
    json out = json::array();
    for (std::uint32_t id : ids) {
        const BodyId h = scene.handle(id);
        const World& world = scene.world();
        const auto view = world.body(h);
        if (!view) continue;
        out.push_back({{"id", id},
                       {"owner", view->owner},
                       {"flags", view->flags},
                       {"type", view->type},
                       {"chain", chain_json(world, h, view->chain, Chain::collision)},
                       {"strikes", chain_json(world, h, view->strikes, Chain::strikes)}});
    }
    return out;
}

// The body ids an edit line adds or removes, read as the scene's own reader
// reads them (a number or "0x..."); a line the scene refused changes nothing.
void note_ids(const json& line, std::set<std::uint32_t>& ids) {
    const std::string kind = line.value("kind", "");
    try {
        if (kind == "add_body" && line.contains("body") && line["body"].is_object())
            ids.insert(read_bits(line["body"], "id"));
        if (kind == "remove_body") ids.erase(read_bits(line, "body"));
    } catch (const std::invalid_argument&) {
    }
}

}  // namespace

json scene_snapshots(const std::string& scene_file, const Level& level, const InspectData& d) {
    const std::unique_ptr<Scene> scene = load_scene(scene_file, &level);
    std::set<std::uint32_t> ids;
    {
        std::ifstream in(scene_file);
        const json file = json::parse(in);  // load_scene has read it already: it parses
        for (const json& b : file.value("bodies", json::array())) ids.insert(read_bits(b, "id"));
    }
    SceneLines lines(*scene, d.sides[0].quirks);
    json snapshots = json::array(), queries = json::array();
    bool changed = true;
    std::uint64_t edits = 0, left_out = 0;
    for (std::size_t i = 0; i < d.queries.size(); ++i) {
        const QueryRecord& r = d.queries[i];
        if (!r.malformed || r.text.empty()) continue;
        const json line = json::parse(r.text, nullptr, false);
        if (line.is_discarded() || !line.is_object() || !is_scene_line(line)) continue;
        if (is_scene_edit(line)) {
            lines.answer(r.text);
            note_ids(line, ids);
            changed = true;
            ++edits;
            continue;
        }
        if (queries.size() == max_world_queries) {
            ++left_out;
            continue;
        }
        if (changed) snapshots.push_back({{"bodies", bodies_json(*scene, ids)}});
        changed = false;
        queries.push_back({{"position", i},
                           {"line", line},
                           {"snapshot", snapshots.size() - 1},
                           {"answer", lines.answer(r.text).value_or(json(nullptr))}});
    }
    return {
        {"file", scene_file}, {"snapshots", snapshots}, {"queries", queries}, {"edits", edits}, {"left_out", left_out}};
}

}  // namespace levelsweep::cli
