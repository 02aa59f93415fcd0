// levelsweep generate: a deterministic synthetic street level (mesh/include/levelsweep/generate.hpp).
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "io/level_output.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "io/standard_output.hpp"
#include "options.hpp"
#include "levelsweep/generate.hpp"

namespace levelsweep::cli {

namespace {

struct GenerateArgs {
    std::string out;
    std::uint32_t seed = 1;
    std::uint32_t triangles = 1000;
    float cell_size = 0.0f;
    std::string features;
    bool no_hierarchy = false;
};

nlohmann::json features_json(const StreetLevel& s) {
    nlohmann::json out = nlohmann::json::array();
    for (const LevelFeature& f : s.features) {
        nlohmann::json j{{"kind", feature_name(f.kind)},
                         {"block", f.block},
                         {"min", {f.min.x, f.min.y, f.min.z}},
                         {"max", {f.max.x, f.max.y, f.max.z}},
                         {"first_triangle", f.first_triangle},
                         {"triangle_count", f.triangle_count},
                         {"flags", f.flags},
                         {"material", f.material}};
        if (f.kind == FeatureKind::stairs) {
            j["steps"] = f.steps;
            j["step_rise"] = f.step_rise;
            j["step_run"] = f.step_run;
        }
        out.push_back(std::move(j));
    }
    return out;
}

// One feature a line, to the output's file or standard output ("-").
void write_features(const StreetLevel& s, const OutputFile& out) {
    std::ofstream file;
    if (!out.to_standard_output()) {
        file.open(out.writing());
        if (!file) throw std::runtime_error(out.name() + ": cannot open for writing");
    }
    std::ostream& f = out.to_standard_output() ? std::cout : file;
    const nlohmann::json all = features_json(s);
    f << "[\n";
    for (std::size_t i = 0; i < all.size(); ++i) f << ' ' << all[i].dump() << (i + 1 < all.size() ? ",\n" : "\n");
    f << "]\n";
    if (out.to_standard_output())
        check_standard_output();
    else
        file.close();
    if (!f) throw std::runtime_error(out.name() + ": write failed");
}

void run_generate(const GenerateArgs& a) {
    GenerateOptions options;
    options.seed = a.seed;
    options.triangles = a.triangles;
    if (a.cell_size > 0.0f) options.cell_size = Vec3{a.cell_size, a.cell_size, a.cell_size};
    refuse_overwriting_inputs({}, {a.out, a.features});
    OutputFile level_out(a.out, OutputContent::binary, "a level file");
    const std::unique_ptr<OutputFile> features_out =
        a.features.empty() ? nullptr : std::make_unique<OutputFile>(a.features, OutputContent::text);
    const StreetLevel s = generate_street_level(options);
    level_out.write([&](const std::filesystem::path& path) { write_level_file(s.level, path, !a.no_hierarchy); });
    if (features_out) write_features(s, *features_out);
    level_out.commit();
    if (features_out) features_out->commit();
    // The summary keeps out of the features' way when they take standard output.
    (features_out && features_out->to_standard_output() ? std::cerr : std::cout)
        << a.out << ": " << s.level.triangle_count() << " triangles, " << s.level.vertex_count() << " vertices, "
        << s.features.size() << " features, seed " << a.seed << '\n';
}

}  // namespace

void add_generate_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("generate", "Write a deterministic synthetic street level (seed and size)");
    auto a = std::make_shared<GenerateArgs>();
    cmd->add_option("out", a->out, "The .lvl file to write")->required();
    cmd->add_option("--seed", a->seed, "The seed (moves features, places crates)")
        ->capture_default_str()
        ->check(whole_number(0, 0xffffffffu));
    cmd->add_option("--triangles", a->triangles, "About how many triangles (1,000 a street block)")
        ->capture_default_str()
        ->check(whole_number(1, 100000000u));
    cmd->add_option("--cell-size", a->cell_size, "Cubic cell size in metres (default: the heuristic)")
        ->check(positive_finite());
    cmd->add_option("--features", a->features,
                    "Also write the features (kind, block, bounds, triangles) as JSON (- for standard output)");
    cmd->add_flag("--no-hierarchy", a->no_hierarchy, no_hierarchy_help);
    cmd->callback([a] { run_generate(*a); });
}

}  // namespace levelsweep::cli
