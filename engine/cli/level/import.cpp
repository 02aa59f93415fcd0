// levelsweep import: a mesh file (OBJ, PLY, glTF, anything Assimp reads) to a
// .lvl; or a level file to a level file, its hierarchy stored (or dropped).
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/level_input.hpp"
#include "io/level_output.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "options.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/import.hpp"

namespace levelsweep::cli {

namespace {

struct ImportArgs {
    std::string in, out;
    std::string reader = "auto";
    std::string up = "z";
    float scale = 1.0f;
    float cell_size = 0.0f;
    std::vector<std::string> two_sided, one_sided, disabled, enabled, special;
    std::vector<std::string> materials;  // NAME=ID
    bool allow_beyond_working_range = false;
    bool no_hierarchy = false;
};

ImportOptions options_of(const ImportArgs& a) {
    ImportOptions o;
    o.reader = a.reader == "obj"      ? ImportReader::obj
               : a.reader == "ply"    ? ImportReader::ply
               : a.reader == "assimp" ? ImportReader::assimp
                                      : ImportReader::automatic;
    o.up = a.up == "y" ? UpAxis::y : a.up == "x" ? UpAxis::x : UpAxis::z;
    o.scale = a.scale;
    o.allow_beyond_working_range = a.allow_beyond_working_range;
    if (a.cell_size > 0.0f) o.cell_size = Vec3{a.cell_size, a.cell_size, a.cell_size};
    for (const auto& p : a.two_sided) o.rules.push_back({p, tri_flags::two_sided, 0});
    for (const auto& p : a.one_sided) o.rules.push_back({p, 0, tri_flags::two_sided});
    for (const auto& p : a.special) o.rules.push_back({p, tri_flags::special, 0});
    for (const auto& p : a.enabled) o.rules.push_back({p, tri_flags::enabled, 0});
    for (const auto& p : a.disabled) o.rules.push_back({p, 0, tri_flags::enabled});
    for (const std::string& m : a.materials) {
        const std::size_t eq = m.rfind('=');
        unsigned long id = 0;
        try {
            if (eq == std::string::npos) throw std::invalid_argument(m);
            id = std::stoul(m.substr(eq + 1));
        } catch (const std::exception&) {
            throw std::runtime_error("--material takes NAME=ID, not '" + m + "'");
        }
        if (id > 0xffff) throw std::runtime_error("--material " + m + ": the id must be below 65536");
        o.material_ids.emplace_back(m.substr(0, eq), static_cast<std::uint16_t>(id));
    }
    return o;
}

// A level file given as the input: the same level written again, with its
// hierarchy stored or without it (the mesh's options have nothing to act on).
void import_level_file(const ImportArgs& a) {
    const ImportArgs mesh_defaults;
    if (a.reader != mesh_defaults.reader || a.up != mesh_defaults.up || a.scale != mesh_defaults.scale ||
        a.cell_size != mesh_defaults.cell_size || !a.two_sided.empty() || !a.one_sided.empty() || !a.disabled.empty() ||
        !a.enabled.empty() || !a.special.empty() || !a.materials.empty())
        throw std::runtime_error(a.in +
                                 " is a level file: --reader, --up, --scale, --cell-size, the flag rules and "
                                 "--material apply to a mesh, not to a level");
    OutputFile out(a.out, OutputContent::binary, "a level file");
    const Level level = open_level(a.in);
    out.write([&](const std::filesystem::path& path) { write_level_file(level, path, !a.no_hierarchy); });
    out.commit();
    std::cout << a.out << ": " << level.triangle_count() << " triangles, " << level.vertex_count()
              << " vertices from the level file " << a.in << ", "
              << (a.no_hierarchy ? "no hierarchy stored" : "its hierarchy stored") << "\n";
}

void run_import(const ImportArgs& a) {
    refuse_overwriting_inputs({a.in}, {a.out});
    if (file_kind(a.in) == FileKind::level) {
        import_level_file(a);
        return;
    }
    const ImportOptions o = options_of(a);
    OutputFile out(a.out, OutputContent::binary, "a level file");
    const ImportResult r = import_level(a.in, o);
    out.write([&](const std::filesystem::path& path) { write_level_file(r.level, path, !a.no_hierarchy); });
    out.commit();
    const ImportReport& p = r.report;
    if (p.beyond_working_range)
        std::cerr
            << "levelsweep import: warning: " << a.in << ": " << *p.beyond_working_range
            << "; imported as --allow-beyond-working-range asks: queries reaching beyond the range get the status "
               "out_of_range, and answers near triangles beyond its edge length are not reliable\n";
    std::cout << a.out << ": " << r.level.triangle_count() << " triangles, " << r.level.vertex_count()
              << " vertices from " << a.in << " (reader " << p.reader << ")\n"
              << "  faces " << p.faces << ", split into fans " << p.polygons_split << ", skipped (points, lines) "
              << p.skipped_elements << "\n"
              << "  kept: degenerate " << p.degenerate << ", duplicate " << p.duplicate << "\n";
    for (std::size_t i = 0; i < o.rules.size(); ++i)
        std::cout << "  rule '" << o.rules[i].pattern << "': " << p.rule_matches[i] << " triangles\n";
    for (std::size_t i = 0; i < p.materials.size(); ++i)
        std::cout << "  material " << i << ": '" << p.materials[i] << "'\n";
}

}  // namespace

void add_import_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("import",
                                   "Import a mesh file (OBJ, PLY, glTF, ... via Assimp) into a .lvl level, or write a "
                                   "level file again with its hierarchy stored (or, --no-hierarchy, without)");
    auto a = std::make_shared<ImportArgs>();
    cmd->add_option("in", a->in, "The mesh file, or a level file")->required();
    cmd->add_option("out", a->out, "The .lvl file to write")->required();
    cmd->add_option("--reader", a->reader, "auto (by extension), obj, ply or assimp")
        ->check(CLI::IsMember({"auto", "obj", "ply", "assimp"}))
        ->capture_default_str();
    cmd->add_option("--scale", a->scale, "Multiply every coordinate (float32)")->check(positive_finite());
    cmd->add_option("--up", a->up, "The file's up axis: z, y or x (turned to z)")
        ->check(CLI::IsMember({"z", "y", "x"}))
        ->capture_default_str();
    cmd->add_option("--cell-size", a->cell_size, "Cubic cell size in metres (default: the heuristic)")
        ->check(positive_finite());
    const char* by = " triangles whose material or group matches PATTERN (* and ?), repeatable";
    cmd->add_option("--two-sided", a->two_sided, std::string("Set flag 0x2 on") + by);
    cmd->add_option("--one-sided", a->one_sided, std::string("Clear flag 0x2 on") + by);
    cmd->add_option("--special", a->special, std::string("Set flag 0x8 on") + by);
    cmd->add_option("--enabled", a->enabled, std::string("Set flag 0x1 on") + by);
    cmd->add_option("--disabled", a->disabled, std::string("Clear flag 0x1 on") + by);
    cmd->add_option("--material", a->materials, "NAME=ID: the material id of a material name, repeatable");
    cmd->add_flag("--allow-beyond-working-range", a->allow_beyond_working_range,
                  "Import a level beyond the float32 kernels' working range (+-16384 m, edges up to 1024 m) with a "
                  "warning instead of refusing it");
    cmd->add_flag("--no-hierarchy", a->no_hierarchy, no_hierarchy_help);
    cmd->callback([a] { run_import(*a); });
}

}  // namespace levelsweep::cli
