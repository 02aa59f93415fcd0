// levelsweep inspect: a static page that shows a level, its queries, their
// walks and contacts in 3D, and two result files side by side (docs/inspect.md).
// The command gathers everything (the level, the queries, one or two result
// files, the walks of the traced queries rerun on the reference path, the
// differences and their explanations, a scene's bodies) and writes DIR/index.html,
// DIR/inspector.js and the buffers in DIR/data/.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "inspect/inspect_data.hpp"
#include "inspect/inspect_page.hpp"
#include "inspect/inspect_run.hpp"
#include "inspect/inspect_world.hpp"
#include "io/level_input.hpp"
#include "io/same_file.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/result_text.hpp"
#include "options.hpp"
#include "replays/diff_report.hpp"

namespace levelsweep::cli {

namespace {

using InspectOptions = InspectRequest;

// The files after LEVEL: at most one query file and two result files.
void sort_inputs(const InspectOptions& o, std::string& queries, std::vector<std::string>& results) {
    for (const std::string& f : o.files) {
        const FileKind kind = file_kind(f);
        if (kind == FileKind::level) throw std::runtime_error(f + " is a level file; give the level first, once");
        if (kind == FileKind::results) {
            if (results.size() == 2) throw std::runtime_error("at most two result files (A and B): " + f);
            results.push_back(f);
            continue;
        }
        if (!queries.empty()) throw std::runtime_error("one query file at most: " + queries + " and " + f);
        queries = f;
    }
}

void read_queries(const std::string& path, const Level& level, const std::string& level_path, bool force,
                  InspectData& d) {
    const std::unique_ptr<QuerySource> source = open_queries(path);
    require_recorded_level(source->header(), path, level, level_path, force);
    std::vector<QueryRecord> chunk(4096);
    for (std::size_t n; (n = source->read(chunk)) > 0;)
        d.queries.insert(d.queries.end(), std::make_move_iterator(chunk.begin()),
                         std::make_move_iterator(chunk.begin() + static_cast<std::ptrdiff_t>(n)));
    if (d.queries.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::runtime_error(path + ": more than 2^32 queries");
    if (const auto cut = source->truncation()) {
        d.queries_truncation = cut->what();
        std::cerr << "levelsweep inspect: " << cut->what() << "\n";
    }
    d.queries_file = path;
}

ResultSide read_results(const std::string& path, bool allow_incomplete) {
    ResultFileReader reader(path);
    ResultSide side;
    side.file = path;
    side.header = reader.header();
    side.quirks = Quirks::from_bits(side.header.quirks);
    ResultRecord r;
    while (reader.next(r)) side.records.push_back(r);
    side.end_text = reader.end_text();
    const bool incomplete = reader.end() == ResultsEnd::incomplete || reader.end() == ResultsEnd::unmarked;
    if (reader.end() == ResultsEnd::damaged || (incomplete && !allow_incomplete))
        throw std::runtime_error(path + " is " + side.end_text +
                                 (incomplete ? "; pass --allow-incomplete to inspect its whole records" : ""));
    if (incomplete) std::cerr << "levelsweep inspect: " << path << " is " << side.end_text << "\n";
    return side;
}

// Which query records get their walks traced: the first N, every one that
// differs, and those asked for by index.
std::vector<std::uint32_t> traced_positions(const InspectOptions& o, const InspectData& d) {
    std::vector<std::uint32_t> out;
    const auto n = static_cast<std::uint32_t>(d.queries.size());
    for (std::uint32_t i = 0; i < std::min(n, o.trace_first); ++i) out.push_back(i);
    if (d.diff)
        for (const DiffEntry& e : d.diff->entries) out.push_back(e.position);
    for (std::uint64_t i : o.trace) {
        if (i >= n)
            throw std::runtime_error("--trace " + std::to_string(i) + ": the query file holds " + std::to_string(n) +
                                     " records");
        out.push_back(static_cast<std::uint32_t>(i));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    std::erase_if(out, [&](std::uint32_t i) { return d.queries[i].malformed; });
    return out;
}

// Runs every query on the reference path with `quirks`: the work per cell, the
// walks of `traced`, and (when `answers`) each query's result record.
void run_queries(const InspectData& d, ResultSide& side, std::vector<ResultRecord>* answers,
                 std::unordered_map<std::uint32_t, std::uint64_t>* cost) {
    QueryScratch scratch(*d.level);
    std::vector<MeshContact> contacts(mesh_contact_capacity);
    WalkTracer tracer;
    std::size_t next = 0;
    for (std::size_t i = 0; i < d.queries.size(); ++i) {
        const QueryRecord& rec = d.queries[i];
        const bool record = next < side.traced.size() && side.traced[next] == i;
        if (record) ++next;
        if (rec.malformed) {
            if (answers) {
                ResultRecord r;
                r.index = i;
                r.malformed = true;
                r.result.status = QueryStatus::malformed;
                answers->push_back(std::move(r));
            }
            continue;
        }
        if (!record && !answers && !cost) continue;
        Query q = rec.query;
        q.settings.quirks = side.quirks;  // the files carry no mode
        tracer.begin_query(record);
        const QueryResult result = run_query(*d.level, q, contacts, scratch, Walk::grid, &tracer);
        tracer.end_query();
        if (answers) {
            ResultRecord r;
            r.index = i;
            r.kind = q.kind;
            r.result = result;
            r.contacts.assign(contacts.begin(), contacts.begin() + result.count);
            answers->push_back(std::move(r));
        }
    }
    side.traces = tracer.traces();
    if (cost) *cost = tracer.cell_cost();
}

// The records A and B answer differently, as `levelsweep diff` compares them,
// and (with the queries) which quirk switch accounts for each.
DiffSummary compare_sides(const InspectOptions& o, const InspectData& d) {
    const ResultSide &a = d.sides[0], &b = d.sides[1];
    DiffSummary s;
    s.options = {o.tolerance, o.stats};
    s.explained_limit = o.explain_limit;
    const std::size_t common = std::min(a.records.size(), b.records.size());
    s.compared = common;
    s.only_a = a.records.size() - common;
    s.only_b = b.records.size() - common;
    QueryScratch scratch(*d.level);
    for (std::size_t i = 0; i < common; ++i) {
        const ResultDiff diff = compare_results(a.records[i], b.records[i], s.options);
        if (!diff.any()) continue;
        DiffEntry e;
        e.position = static_cast<std::uint32_t>(i);
        e.diff = diff;
        e.description = describe_difference(a.records[i], b.records[i], diff);
        const std::uint64_t index = a.records[i].index;
        if (d.queries.empty()) {
            e.explain = "not rerun: no query file";
        } else if (s.entries.size() >= o.explain_limit) {
            e.explain = "not rerun: past --explain-limit";
        } else if (index >= d.queries.size() || d.queries[index].malformed) {
            e.verdict = DiffEntry::Verdict::not_rerun;
            e.explain = index >= d.queries.size()
                            ? "not rerun: the query file ends before query " + std::to_string(index)
                            : "not rerun: the query record is malformed";
        } else {
            const Explanation x = explain_difference(*d.level, d.queries[index].query, a.records[i], b.records[i],
                                                     a.quirks, b.quirks, scratch, s.options);
            e.verdict = !x.reproduces_a ? DiffEntry::Verdict::not_reproduced
                        : x.switches    ? DiffEntry::Verdict::explained
                                        : DiffEntry::Verdict::unexplained;
            e.switches = x.switches;
            e.explain = explain_text(x);
        }
        s.entries.push_back(std::move(e));
    }
    return s;
}

}  // namespace

void run_inspect(const InspectRequest& o) {
    const std::filesystem::path dir(o.out);
    std::string queries;
    std::vector<std::string> results;
    sort_inputs(o, queries, results);
    std::vector<std::string> inputs{o.level};
    inputs.insert(inputs.end(), o.files.begin(), o.files.end());
    if (!o.scene.empty()) inputs.push_back(o.scene);
    refuse_overwriting_inputs(inputs, page_outputs(dir));
    require_inspector_page();

    const Level level = open_level_for_queries(o.level, "levelsweep inspect");
    InspectData d;
    d.level_file = o.level;
    d.level = &level;
    for (const std::string& r : results) d.sides.push_back(read_results(r, o.allow_incomplete));
    if (!queries.empty()) read_queries(queries, level, o.level, o.force, d);
    for (const ResultSide& s : d.sides)
        if (s.header.level_checksum != level.checksum() && !o.force)
            throw std::runtime_error(s.file + " was replayed on another level (" +
                                     checksum_text(s.header.level_checksum) + ", not " + o.level + "'s " +
                                     checksum_text(level.checksum()) + "); pass --force to inspect it anyway");
    if (d.sides.empty()) {
        if (d.queries.empty())
            d.notes.push_back("no queries: give a query file or a result file with its queries to see them");
        d.computed = true;
        ResultSide side;
        side.quirks = o.mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
        side.header.quirks = side.quirks.bits();
        side.header.level_checksum = level.checksum();
        d.sides.push_back(std::move(side));
    }
    if (d.sides.size() == 2) d.diff = compare_sides(o, d);
    if (!d.queries.empty()) {
        const std::vector<std::uint32_t> traced = traced_positions(o, d);
        for (std::size_t k = 0; k < d.sides.size(); ++k) {
            ResultSide& side = d.sides[k];
            side.traced = traced;
            run_queries(d, side, d.computed ? &side.records : nullptr, k == 0 ? &d.cell_cost : nullptr);
        }
    } else if (!d.sides[0].file.empty()) {
        d.notes.push_back("no query file: the shapes, walks and costs need the queries the results answer");
    }
    if (!o.scene.empty()) d.world = scene_snapshots(o.scene, level, d);
    write_page(dir, d);
    std::cout << "inspect: " << d.queries.size() << " queries, " << d.sides[0].traced.size() << " walks traced"
              << (d.diff ? ", " + std::to_string(d.diff->entries.size()) + " differing" : std::string()) << "; wrote "
              << (dir / "index.html").string() << "\n";
}

void add_inspect_command(CLI::App& app) {
    auto o = std::make_shared<InspectOptions>();
    auto* cmd = app.add_subcommand("inspect",
                                   "A page that shows a level, its queries, walks and contacts in 3D, and two "
                                   "result files side by side (docs/inspect.md)");
    cmd->add_option("level", o->level, "Level file (.lvl)")->required();
    cmd->add_option("files", o->files,
                    "A query file (.lsq or JSON Lines) and up to two result files (.lsr): A, then B to compare");
    cmd->add_option("-o,--out", o->out, "Folder to write (created if needed)")->capture_default_str();
    cmd->add_option("--mode", o->mode, "The mode queries given without results run in: faithful or corrected")
        ->check(CLI::IsMember({"faithful", "corrected"}))
        ->capture_default_str();
    cmd->add_option("--scene", o->scene, "Scene file (JSON) whose bodies the query file's scene lines query and edit");
    cmd->add_option("--trace-first", o->trace_first, "Trace the walks of the first N queries (and every differing one)")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<std::uint32_t>::max()));
    cmd->add_option("--trace", o->trace, "Also trace these query indices (repeat, or comma-separated)")->delimiter(',');
    cmd->add_option("--explain-limit", o->explain_limit, "Explain at most this many differing queries")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    cmd->add_option("--tolerance", o->tolerance, "Fractions this close are equal (as levelsweep diff)")
        ->capture_default_str()
        ->check(non_negative_finite());
    cmd->add_flag("--stats", o->stats, "Compare the work counters too (as levelsweep diff --stats)");
    cmd->add_flag("--allow-incomplete", o->allow_incomplete, "Inspect a result file whose run did not finish");
    cmd->add_flag("--force", o->force, "Inspect queries or results recorded against another level");
    cmd->callback([o] { run_inspect(*o); });
}

}  // namespace levelsweep::cli
