// levelsweep profile: where the time goes for a set of queries on a level. Runs
// every query twice, in chunks: once timed without an observer (the query wall
// times), once with the profiling observer (work per grid column, per query and
// per kernel branch, per-call kernel times); then writes a folder with
// heatmap.svg, candidates.svg, timing.json and index.html (docs/profile.md).
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "inspect/inspect_run.hpp"
#include "io/level_input.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/query_source.hpp"
#include "options.hpp"
#include "profile/profile_output.hpp"
#include "queries/path_options.hpp"
#include "wall_clock.hpp"

namespace levelsweep::cli {

namespace {

struct ProfileOptions {
    std::string level, queries, out = "profile", mode = "faithful";
    std::uint64_t limit = 0;  // 0: every record
    bool force = false, inspect = false;
    PathOptions paths;
};

constexpr std::size_t chunk_size = 1024;

// The median of two back-to-back clock reads: what every timed query and
// every timed kernel call pays on top of its own time.
double clock_pair_seconds() {
    std::array<double, 1001> d;
    for (double& x : d) {
        const Clock::time_point a = Clock::now();
        x = seconds_since(a);
    }
    std::nth_element(d.begin(), d.begin() + d.size() / 2, d.end());
    return d[d.size() / 2];
}

// One chunk, twice: the timed pass first (on the chosen path), so that the
// probed pass's cache warming does not flatter the figures that count; the
// probed pass on the reference path, whose cell walk the observer follows.
void run_chunk(const Level& level, std::span<const QueryRecord> chunk, SingleQueryRunner& timed, QueryScratch& scratch,
               std::span<MeshContact> contacts, QueryProfiler& profiler, ProfileRun& run) {
    const Clock::time_point unprobed = Clock::now();
    for (const QueryRecord& r : chunk) {
        if (r.malformed) continue;
        const Clock::time_point start = Clock::now();
        timed.run(r.query, contacts);
        profiler.add_query_time(r.query.kind, seconds_since(start));
    }
    run.unprobed_seconds += seconds_since(unprobed);
    const Clock::time_point probed = Clock::now();
    for (const QueryRecord& r : chunk) {
        if (r.malformed) continue;
        profiler.end_query(r.query.kind, run_query(level, r.query, contacts, scratch, Walk::grid, &profiler));
    }
    run.probed_seconds += seconds_since(probed);
}

// Each file of the folder replaced whole (output_file.hpp).
void write_file(const std::filesystem::path& path, const std::string& text) {
    OutputFile file(path.string(), OutputContent::text);
    std::ofstream out(file.writing(), std::ios::binary);
    out << text;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
    file.commit();
}

const char* const profile_files[] = {"heatmap.svg", "candidates.svg", "timing.json", "index.html"};

void profile(const ProfileOptions& o) {
    if (o.out == "-")
        throw std::runtime_error(
            "-o -: profile writes a folder of files (heat maps, timings, a page); name the folder");
    const std::filesystem::path dir(o.out);
    std::vector<std::string> outputs;
    for (const char* name : profile_files) outputs.push_back((dir / name).string());
    refuse_overwriting_inputs({o.level, o.queries}, outputs);
    const Level level = open_level_for_queries(o.level, "levelsweep profile");
    const Quirks quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
    const std::unique_ptr<QuerySource> source = open_queries(o.queries);
    require_recorded_level(source->header(), o.queries, level, o.level, o.force);

    QueryProfiler profiler(level.grid());
    ProfileRun run;
    run.level_path = o.level;
    run.queries_path = o.queries;
    run.mode = o.mode;
    run.level = &level;
    run.profiler = &profiler;
    run.clock_pair_seconds = clock_pair_seconds();
    SingleQueryRunner timed(level, o.paths);
    run.path = std::string(path_name(timed.path()));
    run.isa = std::string(isa_name(timed.isa()));
    QueryScratch scratch(level);
    std::vector<MeshContact> contacts(mesh_contact_capacity);
    std::vector<QueryRecord> chunk(chunk_size);
    while (o.limit == 0 || run.records < o.limit) {
        const std::size_t want = o.limit == 0 ? chunk_size : std::min<std::uint64_t>(chunk_size, o.limit - run.records);
        const std::size_t n = source->read(std::span(chunk).first(want));
        if (n == 0) break;
        for (std::size_t i = 0; i < n; ++i) {
            if (chunk[i].malformed) {
                ++run.malformed;
                std::cerr << "levelsweep profile: record " << run.records + i << " skipped: " << chunk[i].error << "\n";
            }
            chunk[i].query.settings.quirks = quirks;  // the files carry no mode
        }
        run_chunk(level, std::span(chunk).first(n), timed, scratch, contacts, profiler, run);
        run.records += n;
    }
    if (const auto cut = source->truncation()) {
        run.truncation = cut->what();
        std::cerr << "levelsweep profile: " << cut->what() << "\n";
    }

    std::filesystem::create_directories(dir);
    const json timing = timing_json(run);
    // With --inspect, each column of the heat map opens it in the inspector's page (docs/inspect.md).
    write_file(dir / profile_files[0], heatmap_svg(level, profiler, o.inspect ? "inspect/index.html" : ""));
    write_file(dir / profile_files[1], candidates_svg(profiler));
    write_file(dir / profile_files[2], timing.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
    write_file(dir / profile_files[3], index_html(run, timing, o.inspect));
    if (o.inspect) {
        InspectRequest page;
        page.level = o.level;
        page.files = {o.queries};
        page.out = (dir / "inspect").string();
        page.mode = o.mode;
        page.force = o.force;
        run_inspect(page);
    }
    std::cout << "profile: " << timing["queries"]["run"].get<std::uint64_t>() << " queries run (" << run.malformed
              << " malformed), " << timing["cost"]["total"].get<std::uint64_t>() << " entries + kernel calls; wrote "
              << (dir / "index.html").string() << "\n";
}

}  // namespace

void add_profile_command(CLI::App& app) {
    auto o = std::make_shared<ProfileOptions>();
    auto* cmd = app.add_subcommand("profile",
                                   "Where the time goes: heat map, histograms and timings of a query set "
                                   "(docs/profile.md)");
    cmd->add_option("level", o->level, "Level file (.lvl)")->required();
    cmd->add_option("queries", o->queries, "Query file (.lsq) or JSON Lines, plain or gzipped; - for standard input")
        ->required();
    cmd->add_option("-o,--out", o->out, "Folder to write (created if needed)")->capture_default_str();
    cmd->add_option("--mode", o->mode, "faithful (every quirk of the original) or corrected")
        ->check(CLI::IsMember({"faithful", "corrected"}))
        ->capture_default_str();
    cmd->add_option("--limit", o->limit, "Profile at most this many query records (0: all)")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    add_path_options(*cmd, o->paths);
    cmd->add_flag("--force", o->force, "Profile queries recorded against another level");
    cmd->add_flag("--inspect", o->inspect,
                  "Also write the inspector's page of these queries in DIR/inspect/, and link each heat map column "
                  "to it (docs/inspect.md)");
    cmd->callback([o] { profile(*o); });
}

}  // namespace levelsweep::cli
