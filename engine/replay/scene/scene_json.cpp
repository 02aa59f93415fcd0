// The scene file and scene lines (scene_json.hpp, docs/formats.md "The scene file").
#include "levelsweep/scene_json.hpp"

#include <array>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "levelsweep/query_json.hpp"
#include "levelsweep/shape_json.hpp"

namespace levelsweep {

namespace {

constexpr BodyId no_body{std::numeric_limits<std::uint32_t>::max(), std::numeric_limits<std::uint32_t>::max()};

[[noreturn]] void bad(const std::string& key, const char* what) { bad_input(key, what); }

std::uint32_t read_id(const json& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    return read_bits(obj, key);
}

const json& read_list(const json& obj, const char* key) {
    static const json empty = json::array();
    if (!obj.contains(key)) return empty;
    if (!obj.at(key).is_array()) bad(key, "expected a list");
    return obj.at(key);
}

bool read_bool_or(const json& obj, const char* key, bool fallback) {
    if (!obj.contains(key)) return fallback;
    if (!obj.at(key).is_boolean()) bad(key, "expected true or false");
    return obj.at(key).get<bool>();
}

// One shape record: {"id", "flags" (default 0x1), "shape", "previous" (optional)}.
BodyShape read_body_shape(const json& s) {
    if (!s.is_object()) bad("chain", "expected shape records");
    return BodyShape{read_bits(s, "id"), read_shape(s, "shape"),
                     s.contains("flags") ? read_bits(s, "flags") : shape_flag::enabled};
}

ShapeRef read_ref(const json& line) {
    ShapeRef ref;
    if (line.contains("chain")) {
        const json& c = line.at("chain");
        if (c == "collision")
            ref.chain = Chain::collision;
        else if (c == "strikes")
            ref.chain = Chain::strikes;
        else
            bad("chain", "expected \"collision\" or \"strikes\"");
    }
    ref.index = read_bits(line, "index");
    return ref;
}

ShapeBounds read_bounds(const json& obj, const char* key) {
    if (!obj.contains(key) || !obj.at(key).is_object()) bad(key, "expected {\"min\": [x, y, z], \"max\": [x, y, z]}");
    return {read_vec3(obj.at(key), "min"), read_vec3(obj.at(key), "max")};
}

int read_max(const json& line) { return read_int_or(line, "max", static_cast<int>(body_contact_slots)); }

std::string kind_of(const json& line) {
    if (!line.is_object() || !line.contains("kind") || !line.at("kind").is_string()) return {};
    return line.at("kind").get<std::string>();
}

constexpr std::array<std::string_view, 6> query_kinds = {"gather",      "overlap_shape", "sweep_shape",
                                                         "sweep_human", "sweep_object",  "strikes"};
constexpr std::array<std::string_view, 8> edit_kinds = {"add_body",     "remove_body", "pose_shape",   "move_body",
                                                        "enable_shape", "set_body",    "set_previous", "set_owner"};

template <std::size_t N>
bool among(const std::array<std::string_view, N>& names, const std::string& kind) {
    for (std::string_view n : names)
        if (n == kind) return true;
    return false;
}

}  // namespace

BodyId Scene::handle(std::uint32_t id) const {
    const auto it = bodies_.find(id);
    return it != bodies_.end() ? it->second : no_body;
}

std::uint32_t Scene::id_of(BodyId handle) const {
    const auto it = ids_.find({handle.slot, handle.generation});
    return it != ids_.end() ? it->second : std::numeric_limits<std::uint32_t>::max();
}

WorldStatus Scene::add_body(const json& b) {
    if (!b.is_object()) bad("body", "expected a body object");
    const std::uint32_t id = read_id(b, "id");
    if (bodies_.count(id)) bad("id", "a body of this id is already in the scene");
    BodyDesc d;
    d.owner = read_bits(b, "owner");
    d.flags = read_bits(b, "flags");
    d.type = read_bits(b, "type");
    d.group = read_bits(b, "group");
    std::vector<std::pair<ShapeRef, Vec3>> previous;
    for (const auto& [key, chain] : {std::pair{"chain", Chain::collision}, std::pair{"strikes", Chain::strikes}}) {
        std::vector<BodyShape>& shapes = chain == Chain::collision ? d.chain : d.strikes;
        for (const json& s : read_list(b, key)) {
            shapes.push_back(read_body_shape(s));
            if (s.contains("previous"))
                previous.push_back(
                    {ShapeRef{chain, static_cast<std::uint32_t>(shapes.size() - 1)}, read_vec3(s, "previous")});
        }
    }
    const World::Added a = world_.add_body(d);
    if (a.status != WorldStatus::ok) return a.status;
    for (const auto& [ref, p] : previous)
        if (const WorldStatus st = world_.set_previous_position(a.id, ref, p); st != WorldStatus::ok) {
            world_.remove_body(a.id);
            return st;
        }
    bodies_[id] = a.id;
    ids_[{a.id.slot, a.id.generation}] = id;
    return WorldStatus::ok;
}

WorldStatus Scene::remove_body(std::uint32_t id) {
    const BodyId h = handle(id);
    const WorldStatus st = world_.remove_body(h);
    if (st == WorldStatus::ok) {
        bodies_.erase(id);
        ids_.erase({h.slot, h.generation});
    }
    return st;
}

void Scene::set_owner(const json& o) {
    if (!o.is_object()) bad("owner", "expected an owner object");
    const std::uint32_t id = read_id(o, "id");
    SceneOwner fresh;
    fresh.flags = read_bits(o, "object_flags") | (read_bool_or(o, "airborne", false) ? Body::owner_airborne : 0u);
    fresh.is_landing = read_bool_or(o, "landing", false);
    fresh.is_holding = read_bool_or(o, "holding", false);
    fresh.targets = read_bits(o, "sweep_targets");
    for (const json& r : read_list(o, "refuses_overlap"))
        fresh.refused_overlap.insert(read_bits(json{{"id", r}}, "id"));
    for (const json& r : read_list(o, "refuses_strike")) fresh.refused_strike.insert(read_bits(json{{"id", r}}, "id"));
    SceneOwner*& slot = owners_[id];
    if (slot == nullptr) slot = &owner_store_.emplace_back();
    *slot = fresh;
    world_.set_owner(id, slot);
}

bool is_scene_line(const json& line) {
    const std::string kind = kind_of(line);
    return among(query_kinds, kind) || among(edit_kinds, kind);
}

bool is_scene_edit(const json& line) { return among(edit_kinds, kind_of(line)); }

WorldQuery world_query_from_json(const json& line, const Scene& scene, Quirks quirks) {
    const std::string kind = kind_of(line);
    const auto body = [&](bool required) -> std::optional<BodyId> {
        if (!line.contains("body")) {
            if (required) bad("body", "missing");
            return std::nullopt;
        }
        return scene.handle(read_bits(line, "body"));
    };
    const std::uint32_t any = ~0u;
    if (kind == "gather") {
        GatherQuery q;
        q.box = read_bounds(line, "box");
        q.body = body(false);
        q.type_mask = line.contains("type_mask") ? read_bits(line, "type_mask") : any;
        return q;
    }
    if (kind == "overlap_shape") {
        ShapeOverlapQuery q;
        q.body = body(false);
        q.shape_id = read_bits(line, "shape_id");
        q.shape = read_shape(line, "shape");
        if (line.contains("box")) q.box = read_bounds(line, "box");
        q.options = line.contains("options") ? read_bits(line, "options") : world_option::bodies;
        q.type_mask = line.contains("type_mask") ? read_bits(line, "type_mask") : any;
        q.max = read_max(line);
        q.nz_min = read_float_or(line, "nz_min", q.nz_min);
        q.nz_max = read_float_or(line, "nz_max", q.nz_max);
        q.quirks = quirks;
        return q;
    }
    if (kind == "sweep_shape") {
        ShapeSweepQuery q;
        q.body = body(false);
        q.shape_id = read_bits(line, "shape_id");
        q.shape = read_shape(line, "shape");
        q.move = read_move(line, "move");
        q.options = line.contains("options") ? read_bits(line, "options") : world_option::bodies;
        q.type_mask = line.contains("type_mask") ? read_bits(line, "type_mask") : any;
        q.flags_mask = line.contains("flags_mask") ? read_bits(line, "flags_mask") : any;
        q.max = read_max(line);
        q.nz_min = read_float_or(line, "nz_min", q.nz_min);
        q.nz_max = read_float_or(line, "nz_max", q.nz_max);
        q.quirks = quirks;
        return q;
    }
    if (kind == "sweep_human" || kind == "sweep_object") {
        const BodyId id = *body(true);
        const Vec3 move = read_vec3(line, "move");
        const std::uint32_t options = read_bits(line, "options");
        if (kind == "sweep_human") return HumanSweepQuery{id, move, read_max(line), options, quirks};
        return ObjectSweepQuery{id, move, read_max(line), options, quirks};
    }
    if (kind == "strikes") return StrikeQuery{*body(true), quirks};
    bad("kind", "not a world query");
}

WorldStatus apply_scene_edit(const json& line, Scene& scene) {
    const std::string kind = kind_of(line);
    World& w = scene.world();
    if (kind == "add_body") {
        if (!line.contains("body")) bad("body", "missing");
        return scene.add_body(line.at("body"));
    }
    if (kind == "set_owner") {
        if (!line.contains("owner")) bad("owner", "missing");
        scene.set_owner(line.at("owner"));
        return WorldStatus::ok;
    }
    const std::uint32_t id = read_id(line, "body");
    const BodyId h = scene.handle(id);
    if (kind == "remove_body") return scene.remove_body(id);
    if (kind == "pose_shape") return w.pose_shape(h, read_ref(line), read_shape(line, "shape"));
    if (kind == "move_body") return w.move_body(h, read_vec3(line, "move"));
    if (kind == "enable_shape") {
        if (!line.contains("on") || !line.at("on").is_boolean()) bad("on", "expected true or false");
        return w.enable_shape(h, read_ref(line), line.at("on").get<bool>());
    }
    if (kind == "set_previous") return w.set_previous_position(h, read_ref(line), read_vec3(line, "previous"));
    if (kind == "set_body") {
        const auto v = w.body(h);
        if (!v) return WorldStatus::unknown_body;
        return w.set_body_words(h, line.contains("flags") ? read_bits(line, "flags") : v->flags,
                                line.contains("type") ? read_bits(line, "type") : v->type,
                                line.contains("group") ? read_bits(line, "group") : v->group);
    }
    bad("kind", "not a scene edit");
}

std::string_view world_query_kind(const WorldQuery& q) { return query_kinds[q.index()]; }

json world_answer_to_json(const WorldQuery& q, const WorldResult& r, std::span<const Contact> contacts,
                          std::span<const BodyId> bodies, const Scene& scene) {
    json out{
        {"kind", world_query_kind(q)},
        {"status", world_status_name(r.status)},
        {"count", r.count},
        {"found", r.found},
        {"overflow", r.overflow},
        {"stats",
         {{"candidates", r.stats.candidates}, {"pairs", r.stats.pairs}, {"mesh_contacts", r.stats.mesh_contacts}}}};
    if (std::holds_alternative<GatherQuery>(q)) {
        json ids = json::array();
        for (const BodyId& b : bodies) ids.push_back(scene.id_of(b));
        out["bodies"] = ids;
        return out;
    }
    out["status_bits"] = r.status_bits;
    json list = json::array();
    for (const Contact& c : contacts) list.push_back(contact_to_json(c));
    out["contacts"] = list;
    return out;
}

}  // namespace levelsweep
