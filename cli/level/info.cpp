// levelsweep info: counts, bounds, grid, triangles per cell, memory and flags of a level file.
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/level_stats.hpp"

namespace levelsweep::cli {

namespace {

std::string bucket_label(std::size_t b) {
    if (b == 0) return "0";
    const std::size_t lo = std::size_t{1} << (b - 1), hi = (std::size_t{1} << b) - 1;
    return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

nlohmann::json vec_json(const Vec3& v) { return {v.x, v.y, v.z}; }

nlohmann::json info_json(const std::string& path, const Level& level, const LevelStats& s) {
    const CellGrid& g = level.grid();
    nlohmann::json histogram = nlohmann::json::array();
    for (std::size_t b = 0; b < s.cells_by_length.size(); ++b)
        histogram.push_back({{"triangles", bucket_label(b)}, {"cells", s.cells_by_length[b]}});
    char checksum[24];
    std::snprintf(checksum, sizeof checksum, "0x%016" PRIx64, level.checksum());
    return {{"file", path},
            {"checksum", checksum},
            {"vertices", level.vertex_count()},
            {"triangles", level.triangle_count()},
            {"bounds", {{"min", vec_json(level.bounds_min())}, {"max", vec_json(level.bounds_max())}}},
            {"grid",
             {{"origin", vec_json(g.origin())},
              {"cell_size", vec_json(g.cell_size())},
              {"dims", {g.nx(), g.ny(), g.nz()}},
              {"cells", g.cell_count()},
              {"occupied_cells", s.occupied_cells},
              {"words", g.words().size()},
              {"mean_per_occupied_cell", s.mean_per_occupied},
              {"max_per_cell", s.max_list}}},
            {"triangles_per_cell", histogram},
            {"memory_bytes", level.memory_bytes()},
            {"flags",
             {{"enabled", s.enabled},
              {"disabled", s.disabled},
              {"two_sided", s.two_sided},
              {"special", s.special},
              {"above_0xfff", s.high_bits}}},
            {"degenerate", s.degenerate},
            {"duplicate", s.duplicate},
            {"materials", s.materials}};
}

// The shortest text that reads back as the same float32.
std::string float_text(const nlohmann::json& v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v.get<float>());
    return std::string(buf, r.ptr);
}

std::string fixed2(const nlohmann::json& v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v.get<double>());
    return buf;
}

void print_text(const nlohmann::json& j) {
    const auto v3 = [](const nlohmann::json& v) {
        return "(" + float_text(v[0]) + ", " + float_text(v[1]) + ", " + float_text(v[2]) + ")";
    };
    const auto& g = j["grid"];
    std::cout << "level       " << j["file"].get<std::string>() << "\n"
              << "checksum    " << j["checksum"].get<std::string>() << "\n"
              << "vertices    " << j["vertices"] << "\n"
              << "triangles   " << j["triangles"] << "\n"
              << "bounds      " << v3(j["bounds"]["min"]) << " to " << v3(j["bounds"]["max"]) << "\n"
              << "grid        " << g["dims"][0] << " x " << g["dims"][1] << " x " << g["dims"][2] << " = " << g["cells"]
              << " cells of " << v3(g["cell_size"]) << " m from " << v3(g["origin"]) << "\n"
              << "lists       " << g["words"] << " words; " << g["occupied_cells"] << " cells occupied, "
              << fixed2(g["mean_per_occupied_cell"]) << " triangles per occupied cell, at most " << g["max_per_cell"] << "\n"
              << "triangles per cell (cells):\n";
    for (const auto& row : j["triangles_per_cell"]) {
        char line[64];
        std::snprintf(line, sizeof line, "  %9s  %zu\n", row["triangles"].get<std::string>().c_str(),
                      row["cells"].get<std::size_t>());
        std::cout << line;
    }
    const auto& f = j["flags"];
    std::cout << "memory      " << j["memory_bytes"] << " bytes\n"
              << "flags       enabled " << f["enabled"] << ", disabled " << f["disabled"] << ", two-sided "
              << f["two_sided"] << ", special (0x8) " << f["special"] << ", bits above 0xfff " << f["above_0xfff"] << "\n"
              << "degenerate  " << j["degenerate"] << " (zero normal)\n"
              << "duplicate   " << j["duplicate"] << " (same corners as an earlier triangle)\n"
              << "materials   " << j["materials"] << " distinct\n";
}

}  // namespace

void add_info_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("info", "Describe a level file: counts, bounds, grid, triangles per cell, memory, flags");
    auto path = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    cmd->add_option("level", *path, "The .lvl file")->required();
    cmd->add_flag("--json", *as_json, "Print one JSON object instead of text");
    cmd->callback([path, as_json] {
        const Level level = load_level(*path);
        const nlohmann::json j = info_json(*path, level, level_stats(level));
        if (*as_json) std::cout << j.dump() << '\n';
        else print_text(j);
    });
}

}  // namespace levelsweep::cli
