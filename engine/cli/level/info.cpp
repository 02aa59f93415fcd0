// levelsweep info: counts, bounds, grid, triangles per cell, memory, flags and
// the working range of a level file; or what a result file or query file holds,
// and whether it is complete (exit 3 when not, unless --allow-incomplete).
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/level_input.hpp"
#include "io/same_file.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/level_range.hpp"
#include "levelsweep/level_stats.hpp"
#include "levelsweep/batch_level.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/result_text.hpp"
#include "wall_clock.hpp"

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
            {"hierarchy", {{"stored", !level.stored_hierarchy().empty()}, {"nodes", level.stored_hierarchy().size()}}},
            {"flags",
             {{"enabled", s.enabled},
              {"disabled", s.disabled},
              {"two_sided", s.two_sided},
              {"special", s.special},
              {"above_0xfff", s.high_bits}}},
            {"degenerate", s.degenerate},
            {"duplicate", s.duplicate},
            {"materials", s.materials},
            {"beyond_working_range", optional_json(beyond_working_range(level.arrays()))}};
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
              << fixed2(g["mean_per_occupied_cell"]) << " triangles per occupied cell, at most " << g["max_per_cell"]
              << "\n"
              << "triangles per cell (cells):\n";
    for (const auto& row : j["triangles_per_cell"]) {
        char line[64];
        std::snprintf(line, sizeof line, "  %9s  %zu\n", row["triangles"].get<std::string>().c_str(),
                      row["cells"].get<std::size_t>());
        std::cout << line;
    }
    const auto& f = j["flags"];
    const auto& h = j["hierarchy"];
    std::cout << "memory      " << j["memory_bytes"] << " bytes\n"
              << "hierarchy   "
              << (h["stored"].get<bool>() ? "stored, " + h["nodes"].dump() + " nodes"
                                          : std::string("not stored (built when a query first needs it)"))
              << "\n"
              << "flags       enabled " << f["enabled"] << ", disabled " << f["disabled"] << ", two-sided "
              << f["two_sided"] << ", special (0x8) " << f["special"] << ", bits above 0xfff " << f["above_0xfff"]
              << "\n"
              << "degenerate  " << j["degenerate"] << " (zero normal)\n"
              << "duplicate   " << j["duplicate"] << " (same corners as an earlier triangle)\n"
              << "materials   " << j["materials"] << " distinct\n"
              << "range       "
              << (j["beyond_working_range"].is_null()
                      ? "within the working range (+-16384 m, edges up to 1024 m)"
                      : "beyond the working range: " + j["beyond_working_range"].get<std::string>())
              << "\n";
}

std::string status_counts(const std::array<std::uint64_t, query_status_count>& n) {
    std::string out;
    for (int k = 0; k < query_status_count; ++k)
        if (n[static_cast<std::size_t>(k)])
            out += (out.empty() ? "" : ", ") + std::string(query_status_name(static_cast<QueryStatus>(k))) + " " +
                   std::to_string(n[static_cast<std::size_t>(k)]);
    return out.empty() ? "none" : out;
}

// A result file: the run it records, its records by status, and how they end.
int result_info(const std::string& path, bool as_json, bool allow_incomplete) {
    ResultFileReader reader(path);
    std::array<std::uint64_t, query_status_count> statuses{};
    std::uint64_t malformed = 0;
    for (ResultRecord r; reader.next(r);) {
        ++statuses[static_cast<std::size_t>(r.result.status)];
        malformed += r.malformed;
    }
    const ResultFileHeader& h = reader.header();
    json j = result_header_to_json(h);
    j["file"] = path;
    j["version"] = h.version;
    j["records"] = reader.records_read();
    j["malformed_records"] = malformed;
    j["complete"] = reader.end() == ResultsEnd::complete;
    j["end"] = reader.end_text();
    if (as_json) {
        std::cout << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    } else {
        std::cout << "results     " << path << " (version " << h.version << ")\n"
                  << "level       " << checksum_text(h.level_checksum) << "\n"
                  << "run         mode " << quirk_set_name(h.quirks) << " (quirks " << j["quirks"].get<std::string>()
                  << "), path " << h.path << ", isa " << h.isa << "\n"
                  << "metadata    " << printable_utf8(h.metadata) << "\n"
                  << "records     " << reader.end_text() << "\n"
                  << "statuses    " << status_counts(statuses) << " (" << malformed << " query records malformed)\n";
    }
    if (reader.end() == ResultsEnd::complete) return 0;
    std::cerr << "levelsweep info: " << path << ": " << reader.end_text()
              << (allow_incomplete ? " (accepted: --allow-incomplete)\n" : "\n");
    return allow_incomplete && reader.end() != ResultsEnd::damaged ? 0 : 3;
}

// A query file (binary or JSON Lines): its header, its records, where it was cut.
int query_info(const std::string& path, bool as_json) {
    const std::unique_ptr<QuerySource> source = open_queries(path);
    std::uint64_t records = 0, malformed = 0;
    std::vector<QueryRecord> chunk(1024);
    while (const std::size_t n = source->read(chunk)) {
        records += n;
        for (std::size_t i = 0; i < n; ++i) malformed += chunk[i].malformed;
    }
    const auto cut = source->truncation();
    const json j{{"file", path},
                 {"level_checksum", checksum_text(source->header().level_checksum)},
                 {"metadata", source->header().metadata},
                 {"records", records},
                 {"malformed_records", malformed},
                 {"cut", cut ? json(error_text(*cut)) : json()}};
    if (as_json) {
        std::cout << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    } else {
        std::cout << "queries     " << path << "\n"
                  << "level       " << j["level_checksum"].get<std::string>() << "\n"
                  << "metadata    " << printable_utf8(source->header().metadata) << "\n"
                  << "records     " << records << " (" << malformed << " malformed)\n";
    }
    if (!cut) return 0;
    std::cerr << "levelsweep info: " << error_text(*cut) << "\n";
    return 3;
}

int info(const std::string& path, bool as_json, bool allow_incomplete, bool startup) {
    refuse_overwriting_inputs({path}, {}, true);
    switch (file_kind(path)) {
        case FileKind::results: return result_info(path, as_json, allow_incomplete);
        case FileKind::queries: return query_info(path, as_json);
        case FileKind::level:
        case FileKind::other: break;
    }
    const auto start = Clock::now();
    const Level level = open_level(path);
    const double load_s = seconds_since(start);
    nlohmann::json j = info_json(path, level, level_stats(level));
    if (startup) {
        // What a replay spends before its first query: the file read and
        // checked, then the batch path's level (as QueryRunner builds it, on
        // one thread), by the wall clock; then its hierarchy, which a replay
        // makes ready when a query first needs it (stored, or built). Apart:
        // the runner's first task, a cost of the process whatever its level
        // (a runner of one thread starts no TBB; on more, TBB's start costs
        // 1.6-1.9 ms here).
        const auto built = Clock::now();
        const BatchLevel batch(level);
        const double batch_s = seconds_since(built);
        const auto runner_start = Clock::now();
        QueryRunner runner(batch, 1);
        runner.execute([] {});
        const double runner_s = seconds_since(runner_start);
        const auto ready = Clock::now();
        runner.execute([&] { batch.hierarchy(); });
        j["startup"] = {{"load_ms", 1e3 * load_s},
                        {"batch_level_ms", 1e3 * batch_s},
                        {"hierarchy_ms", 1e3 * seconds_since(ready)},
                        {"runner_ms", 1e3 * runner_s},
                        {"threads", 1}};
    }
    if (as_json) {
        std::cout << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
        return 0;
    }
    print_text(j);
    if (startup) {
        char line[192];
        const auto& t = j["startup"];
        std::snprintf(line, sizeof line,
                      "start-up    load %.2f ms (read and checked), batch level %.2f ms, its hierarchy %.2f ms (%s), "
                      "one thread (and the query runner's threads started: %.2f ms)\n",
                      t["load_ms"].get<double>(), t["batch_level_ms"].get<double>(), t["hierarchy_ms"].get<double>(),
                      j["hierarchy"]["stored"].get<bool>() ? "stored" : "built", t["runner_ms"].get<double>());
        std::cout << line;
    }
    return 0;
}

}  // namespace

void add_info_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "info",
        "Describe a level file (counts, bounds, grid, triangles per cell, memory, flags, working range), or what a "
        "result or query file holds and whether it is complete");
    auto path = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    auto allow_incomplete = std::make_shared<bool>(false);
    auto startup = std::make_shared<bool>(false);
    cmd->add_option("file", *path, "A level file (.lvl), a result file (.lsr) or a query file (.lsq, JSON Lines)")
        ->required();
    cmd->add_flag("--json", *as_json, "Print one JSON object instead of text");
    cmd->add_flag("--allow-incomplete", *allow_incomplete,
                  "Exit 0 for a result file its run did not finish (exit 3 otherwise)");
    cmd->add_flag("--startup", *startup,
                  "For a level: time its start-up, the load and the batch path's level on one thread (wall clock)");
    cmd->callback([path, as_json, allow_incomplete, startup] {
        const int rc = info(*path, *as_json, *allow_incomplete, *startup);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
