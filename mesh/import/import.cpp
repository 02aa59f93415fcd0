// import_level: a reader by format, then the up axis, the scale, the flag rules
// and the material ids, then the level build.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <unordered_map>

#include "levelsweep/level_range.hpp"
#include "levelsweep/level_stats.hpp"
#include "levelsweep/raw_mesh.hpp"

namespace levelsweep {

namespace {

detail::RawMesh read(const std::filesystem::path& path, ImportReader reader, std::string& name) {
    if (reader == ImportReader::automatic) {
        std::string ext = path.extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        reader = ext == ".obj" ? ImportReader::obj : ext == ".ply" ? ImportReader::ply : ImportReader::assimp;
    }
    switch (reader) {
        case ImportReader::obj: name = "obj"; return detail::read_obj(path);
        case ImportReader::ply: name = "ply"; return detail::read_ply(path);
        default: name = "assimp"; return detail::read_assimp(path);
    }
}

Vec3 to_z_up(const Vec3& p, UpAxis up) {
    switch (up) {
        case UpAxis::y: return {p.x, -p.z, p.y};
        case UpAxis::x: return {p.y, p.z, p.x};
        case UpAxis::z: break;
    }
    return p;
}

bool rule_matches(const FlagRule& rule, const std::string& material, const std::string& group) {
    if (glob_match(rule.pattern, material) || glob_match(rule.pattern, group)) return true;
    // A group line may name several groups ("g wall fence"): any one of them.
    std::size_t i = 0;
    while (i < group.size()) {
        const std::size_t end = std::min(group.find(' ', i), group.size());
        if (end > i && glob_match(rule.pattern, std::string_view(group).substr(i, end - i))) return true;
        i = end + 1;
    }
    return false;
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view name) {
    // Iterative matching with one backtrack point for the last '*'.
    std::size_t p = 0, n = 0, star = std::string_view::npos, resume = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++p;
            ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

ImportResult import_level(const std::filesystem::path& path, const ImportOptions& options) {
    if (!(options.scale > 0.0f) || !std::isfinite(options.scale))
        throw ImportError(
            "the scale must be a positive finite number (a negative one would turn the faces inside out)");
    ImportReport report;
    detail::RawMesh raw = read(path, options.reader, report.reader);
    report.faces = raw.faces;
    report.polygons_split = raw.polygons_split;
    report.skipped_elements = raw.skipped_elements;

    for (Vec3& p : raw.vertices) {
        p = to_z_up(p, options.up);
        if (options.scale != 1.0f) p = options.scale * p;
    }

    // Material ids: the given ones by name, the others by first use.
    std::unordered_map<std::string, std::uint16_t> given(options.material_ids.begin(), options.material_ids.end());
    std::vector<int> id_of(raw.materials.size(), -1);
    std::vector<TriangleRecord> triangles;
    triangles.reserve(raw.triangles.size());
    report.rule_matches.assign(options.rules.size(), 0);
    for (const detail::RawTriangle& t : raw.triangles) {
        const std::string& material = raw.materials[t.material];
        int& id = id_of[t.material];
        if (id < 0) {
            if (const auto it = given.find(material); it != given.end()) {
                id = it->second;
            } else {
                if (report.materials.size() > 0xffff) throw ImportError(path.string() + ": more than 65536 materials");
                id = static_cast<int>(report.materials.size());
                report.materials.push_back(material);
            }
        }
        TriangleRecord r{t.v, options.default_flags, static_cast<std::uint16_t>(id)};
        for (std::size_t i = 0; i < options.rules.size(); ++i) {
            const FlagRule& rule = options.rules[i];
            if (!rule_matches(rule, material, raw.groups[t.group])) continue;
            r.flags = static_cast<std::uint16_t>((r.flags | rule.set) & ~rule.clear);
            ++report.rule_matches[i];
        }
        triangles.push_back(r);
    }

    if (triangles.empty())
        throw ImportError(path.string() + ": no triangles (faces read: " + std::to_string(raw.faces) +
                          "; points, lines and faces of fewer than three corners: " +
                          std::to_string(raw.skipped_elements) + "): not a mesh a level can be made of");
    LevelArrays arrays = LevelArrays::from(raw.vertices, triangles);
    report.beyond_working_range = beyond_working_range(arrays);
    if (report.beyond_working_range && !options.allow_beyond_working_range)
        throw ImportError(
            path.string() + ": " + *report.beyond_working_range +
            ": the float32 kernels' answers there are not reliable (docs/decisions.md, \"Working range\"); "
            "check --scale and --up, or import it anyway with --allow-beyond-working-range");
    Level level = build_level(std::move(arrays), options.cell_size);
    const LevelStats stats = level_stats(level);
    report.degenerate = stats.degenerate;
    report.duplicate = stats.duplicate;
    return {std::move(level), std::move(report)};
}

}  // namespace levelsweep
