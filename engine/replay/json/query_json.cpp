#include "levelsweep/query_json.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

#include "query_fields.hpp"

namespace levelsweep {

std::uint32_t read_bits(const json& obj, const char* key) {
    if (!obj.contains(key)) return 0;
    const json& v = obj.at(key);
    if (v.is_number_unsigned()) {
        // Checked, not wrapped: 4294967297 is not 1.
        if (v.get<std::uint64_t>() > 0xffffffffu)
            throw std::invalid_argument(std::string("input \"") + key + "\": " + v.dump() +
                                        " is out of range (0 to 4294967295)");
        return static_cast<std::uint32_t>(v.get<std::uint64_t>());
    }
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        try {
            std::size_t used = 0;
            const unsigned long bits = std::stoul(s, &used, 0);
            if (used == s.size() && bits <= 0xffffffffu) return static_cast<std::uint32_t>(bits);
        } catch (const std::exception&) {
        }
    }
    throw std::invalid_argument(std::string("input \"") + key + "\": expected an unsigned integer or \"0x...\"");
}

namespace {

std::array<Vec3, 3> read_axes(const json& obj) {
    std::array<Vec3, 3> axes{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};
    if (!obj.contains("axes")) return axes;
    const json& a = obj.at("axes");
    if (!a.is_array() || a.size() != 3) throw std::invalid_argument("input \"axes\": expected three [x, y, z] rows");
    for (std::size_t k = 0; k < 3; ++k) axes[k] = read_vec3(json{{"axes", a[k]}}, "axes");
    return axes;
}

json vec_json(const Vec3& v) { return json::array({float_json(v.x), float_json(v.y), float_json(v.z)}); }

QueryKind read_kind(const json& obj) {
    if (!obj.contains("kind") || !obj.at("kind").is_string())
        throw std::invalid_argument(
            "input \"kind\": missing (sphere_sweep, capsule_sweep, box_sweep, sphere_overlap or ray)");
    const std::string kind = obj.at("kind");
    for (int k = 0; k < query_kind_count; ++k)
        if (query_kind_name(static_cast<QueryKind>(k)) == kind) return static_cast<QueryKind>(k);
    throw std::invalid_argument("input \"kind\": unknown kind \"" + kind + "\"");
}

// The schema's fields (query_fields.hpp) as nlohmann's values, each error
// message the one a user reads.
struct JsonFields {
    const json& obj;
    std::uint32_t bits(const char* key) const { return read_bits(obj, key); }
    float number(const char* key) const { return read_float(obj, key); }
    float number_or(const char* key, float fallback) const { return read_float_or(obj, key, fallback); }
    Vec3 vec3(const char* key) const { return read_vec3(obj, key); }
    std::array<Vec3, 3> axes() const { return read_axes(obj); }
    Collect collect(Collect fallback) const {
        if (!obj.contains("collect")) return fallback;
        const json& c = obj.at("collect");
        if (c == "closest") return Collect::closest;
        if (c != "all") throw std::invalid_argument("input \"collect\": \"all\" or \"closest\"");
        return fallback;
    }
    QueryKind kind() const { return read_kind(obj); }
    bool contains(const char* key) const { return obj.contains(key); }
};

}  // namespace

Query query_from_json(const json& obj, Quirks quirks) {
    if (!obj.is_object()) throw std::invalid_argument("a query must be a JSON object");
    return detail::query_from_fields(JsonFields{obj}, quirks);
}

json float_json(float f) {
    if (std::isnan(f)) return std::signbit(f) ? "-nan" : "nan";
    if (std::isinf(f)) return f > 0.0f ? "inf" : "-inf";
    // nlohmann::json holds a double and prints the shortest text that reads
    // back as that double. Hold the double of f's shortest float text when it
    // rounds back to f (checked, not assumed), else f's own double (exact).
    char text[32];
    const auto printed = std::to_chars(text, text + sizeof text, f);
    double shortest = 0.0;
    const auto parsed = std::from_chars(text, printed.ptr, shortest);
    if (printed.ec == std::errc() && parsed.ec == std::errc() &&
        std::bit_cast<std::uint32_t>(static_cast<float>(shortest)) == std::bit_cast<std::uint32_t>(f))
        return shortest;
    return static_cast<double>(f);
}

json query_to_json(const Query& q) {
    json out{{"kind", query_kind_name(q.kind)}};
    switch (q.kind) {
        case QueryKind::sphere_sweep:
            out["centre"] = vec_json(q.start);
            out["radius"] = float_json(q.radius);
            out["move"] = vec_json(q.move);
            break;
        case QueryKind::capsule_sweep:
            out["base"] = vec_json(q.start);
            out["radius"] = float_json(q.radius);
            out["sphere_height"] = float_json(q.sphere_height);
            out["step_height"] = float_json(q.step_height);
            out["move"] = vec_json(q.move);
            break;
        case QueryKind::box_sweep:
            out["centre"] = vec_json(q.start);
            out["axes"] = json::array({vec_json(q.axes[0]), vec_json(q.axes[1]), vec_json(q.axes[2])});
            out["half"] = json::array({float_json(q.half[0]), float_json(q.half[1]), float_json(q.half[2])});
            out["move"] = vec_json(q.move);
            break;
        case QueryKind::sphere_overlap:
            out["centre"] = vec_json(q.start);
            out["radius"] = float_json(q.radius);
            break;
        case QueryKind::ray:
            out["start"] = vec_json(q.start);
            out["move"] = vec_json(q.move);
            break;
    }
    const QuerySettings& s = q.settings;
    out["options"] = s.options;
    out["body_flags"] = s.body_flags;
    out["nz_min"] = float_json(s.nz_min);
    out["nz_max"] = float_json(s.nz_max);
    out["max_contacts"] = s.max_contacts;
    if (s.collect != Collect::all) out["collect"] = collect_name(s.collect);
    return out;
}

json contact_to_json(const MeshContact& c) {
    return {{"fraction", c.fraction},
            {"depth", c.depth},
            {"normal", to_json(c.normal)},
            {"point", to_json(c.point)},
            {"direction", to_json(c.direction)},
            {"triangle", c.triangle},
            {"flags", c.flags},
            {"triangle_flags", c.triangle_flags},
            {"material", c.material},
            {"inside_mask", c.inside_mask < 0 ? json() : json(c.inside_mask)}};
}

json result_to_json(const QueryResult& r, std::span<const MeshContact> contacts) {
    json list = json::array();
    for (const MeshContact& c : contacts) list.push_back(contact_to_json(c));
    json hits = json::object();
    for (int b = 0; b < hit_branch_count; ++b)
        if (r.stats.hits_by_branch[b])
            hits[std::string(hit_branch_name(static_cast<HitBranch>(b)))] = r.stats.hits_by_branch[b];
    return {{"status", query_status_name(r.status)},
            {"found", r.found},
            {"overflow", r.overflow},
            {"contacts", list},
            {"stats",
             {{"cells", r.stats.cells},
              {"entries", r.stats.entries},
              {"extra_entries", r.stats.extra_entries},
              {"kernel_calls", r.stats.kernel_calls},
              {"hits", hits}}}};
}

}  // namespace levelsweep
