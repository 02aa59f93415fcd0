// levelsweep inspect: the page's files (inspect_page.hpp); the buffer layout
// is docs/inspect.md's, "The buffers".
#include "inspect/inspect_page.hpp"

#include <algorithm>
#include <stdexcept>

#include "inspect/inspect_buffer.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/result_text.hpp"

namespace levelsweep::cli {

namespace {

// Traced walks per shard: the page loads a shard when one of its queries is selected.
constexpr std::size_t trace_shard_size = 512;

const char* const fixed_buffers[] = {"manifest", "level", "queries", "results_a", "results_b", "diff", "cost"};

template <class T>
std::span<const T> as_span(const std::vector<T>& v) {
    return {v.data(), v.size()};
}

void write_buffer(const std::filesystem::path& dir, const std::string& name, const BufferWriter& w) {
    const std::vector<std::uint8_t> bytes = w.bytes();
    write_buffer_script(dir, name, bytes);
}

// The vertices, triangles and the cell grid's words (docs/formats.md, "The level file").
void write_level(const std::filesystem::path& dir, const Level& level) {
    BufferWriter w;
    const FloatSoa v = level.vertices();
    w.add("x", v.x);
    w.add("y", v.y);
    w.add("z", v.z);
    w.add("i0", level.corner_indices(0));
    w.add("i1", level.corner_indices(1));
    w.add("i2", level.corner_indices(2));
    w.add("flags", level.flags());
    w.add("material", level.materials());
    const CellGrid& g = level.grid();
    const std::vector<float> geometry{g.origin().x,    g.origin().y,    g.origin().z,
                                      g.cell_size().x, g.cell_size().y, g.cell_size().z};
    const std::vector<std::uint32_t> dims{g.nx(), g.ny(), g.nz()};
    w.add("grid", as_span(geometry));
    w.add("dims", as_span(dims));
    w.add("words", g.words());
    write_buffer(dir, "level", w);
}

// The query records: their shapes, settings, and the cells of their boxes.
void write_queries(const std::filesystem::path& dir, const InspectData& d) {
    const std::size_t n = d.queries.size();
    std::vector<std::uint8_t> kind(n), malformed(n), collect(n);
    std::vector<float> start(3 * n), move(3 * n), radius(n), sphere_height(n), step_height(n), axes(9 * n), half(3 * n);
    std::vector<std::uint32_t> options(n), body_flags(n), max_contacts(n), cells(6 * n);
    const CellGrid& g = d.level->grid();
    for (std::size_t i = 0; i < n; ++i) {
        const QueryRecord& r = d.queries[i];
        const Query& q = r.query;
        kind[i] = static_cast<std::uint8_t>(q.kind);
        malformed[i] = r.malformed ? 1 : 0;
        collect[i] = static_cast<std::uint8_t>(q.settings.collect);
        for (int k = 0; k < 3; ++k) {
            start[3 * i + k] = component(q.start, k);
            move[3 * i + k] = component(q.move, k);
            half[3 * i + k] = q.half[k];
            for (int j = 0; j < 3; ++j) axes[9 * i + 3 * k + j] = component(q.axes[k], j);
        }
        radius[i] = q.radius;
        sphere_height[i] = q.sphere_height;
        step_height[i] = q.step_height;
        options[i] = q.settings.options;
        body_flags[i] = q.settings.body_flags;
        max_contacts[i] = q.settings.max_contacts;
        // The cells the query's box covers (empty, lo > hi, when it walks none).
        CellRange range;
        if (!r.malformed && validate_query(q) == QueryStatus::ok) {
            const Bounds b = query_bounds(q);
            range = g.cell_range(b.min, b.max);
        }
        for (int k = 0; k < 3; ++k) {
            cells[6 * i + k] = range.lo[static_cast<std::size_t>(k)];
            cells[6 * i + 3 + k] = range.hi[static_cast<std::size_t>(k)];
        }
    }
    BufferWriter w;
    w.add("kind", as_span(kind));
    w.add("malformed", as_span(malformed));
    w.add("collect", as_span(collect));
    w.add("start", as_span(start));
    w.add("move", as_span(move));
    w.add("radius", as_span(radius));
    w.add("sphere_height", as_span(sphere_height));
    w.add("step_height", as_span(step_height));
    w.add("axes", as_span(axes));
    w.add("half", as_span(half));
    w.add("options", as_span(options));
    w.add("body_flags", as_span(body_flags));
    w.add("max_contacts", as_span(max_contacts));
    w.add("cells", as_span(cells));
    write_buffer(dir, "queries", w);
}

// One side's answers: per record its query, status and work, then the contacts.
void write_results(const std::filesystem::path& dir, const std::string& name, const ResultSide& side) {
    const std::size_t n = side.records.size();
    std::vector<std::uint32_t> index(n), found(n), stats(4 * n), contact_start(n + 1);
    std::vector<std::uint8_t> kind(n), status(n), overflow(n);
    std::vector<float> fraction, depth, normal, point, direction;
    std::vector<std::uint32_t> triangle, flags;
    std::vector<std::uint16_t> triangle_flags, material;
    std::vector<std::int32_t> inside_mask;
    for (std::size_t i = 0; i < n; ++i) {
        const ResultRecord& r = side.records[i];
        index[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(r.index, 0xffffffffu));
        kind[i] = static_cast<std::uint8_t>(r.kind);
        status[i] = static_cast<std::uint8_t>(r.malformed ? QueryStatus::malformed : r.result.status);
        overflow[i] = r.result.overflow ? 1 : 0;
        found[i] = r.result.found;
        const QueryStats& s = r.result.stats;
        stats[4 * i] = s.cells;
        stats[4 * i + 1] = s.entries;
        stats[4 * i + 2] = s.extra_entries;
        stats[4 * i + 3] = s.kernel_calls;
        contact_start[i] = static_cast<std::uint32_t>(fraction.size());
        for (const MeshContact& c : r.contacts) {
            fraction.push_back(c.fraction);
            depth.push_back(c.depth);
            for (int k = 0; k < 3; ++k) {
                normal.push_back(component(c.normal, k));
                point.push_back(component(c.point, k));
                direction.push_back(component(c.direction, k));
            }
            triangle.push_back(c.triangle);
            flags.push_back(c.flags);
            triangle_flags.push_back(c.triangle_flags);
            material.push_back(c.material);
            inside_mask.push_back(c.inside_mask);
        }
    }
    contact_start[n] = static_cast<std::uint32_t>(fraction.size());
    BufferWriter w;
    w.add("index", as_span(index));
    w.add("kind", as_span(kind));
    w.add("status", as_span(status));
    w.add("overflow", as_span(overflow));
    w.add("found", as_span(found));
    w.add("stats", as_span(stats));
    w.add("contact_start", as_span(contact_start));
    w.add("fraction", as_span(fraction));
    w.add("depth", as_span(depth));
    w.add("normal", as_span(normal));
    w.add("point", as_span(point));
    w.add("direction", as_span(direction));
    w.add("triangle", as_span(triangle));
    w.add("flags", as_span(flags));
    w.add("triangle_flags", as_span(triangle_flags));
    w.add("material", as_span(material));
    w.add("inside_mask", as_span(inside_mask));
    write_buffer(dir, name, w);
}

// The traced walks of one side in shards of trace_shard_size queries; returns the shards' names.
json write_traces(const std::filesystem::path& dir, const std::string& side_name, const ResultSide& side) {
    json shards = json::array();
    const WalkTraces& t = side.traces;
    for (std::size_t first = 0; first < t.size(); first += trace_shard_size) {
        const std::size_t last = std::min(t.size(), first + trace_shard_size);
        const std::uint32_t c0 = t.cell_start[first], k0 = t.kernel_start[first];
        std::vector<std::uint32_t> position(side.traced.begin() + static_cast<std::ptrdiff_t>(first),
                                            side.traced.begin() + static_cast<std::ptrdiff_t>(last));
        std::vector<std::uint32_t> cell_start, kernel_start;
        for (std::size_t q = first; q <= last; ++q) {
            cell_start.push_back(t.cell_start[q] - c0);
            kernel_start.push_back(t.kernel_start[q] - k0);
        }
        const auto slice = [](const auto& v, std::uint32_t from, std::uint32_t to) {
            using T = typename std::decay_t<decltype(v)>::value_type;
            return std::vector<T>(v.begin() + from, v.begin() + to);
        };
        const std::uint32_t c1 = t.cell_start[last], k1 = t.kernel_start[last];
        BufferWriter w;
        w.add("position", as_span(position));
        w.add("truncated",
              as_span(slice(t.truncated, static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last))));
        w.add("cell_start", as_span(cell_start));
        w.add("cells", as_span(slice(t.cells, c0, c1)));
        w.add("cell_entries", as_span(slice(t.cell_entries, c0, c1)));
        w.add("kernel_start", as_span(kernel_start));
        w.add("kernel_tri", as_span(slice(t.kernel_triangle, k0, k1)));
        w.add("kernel_cell", as_span(slice(t.kernel_cell, k0, k1)));
        w.add("kernel_branch", as_span(slice(t.kernel_branch, k0, k1)));
        w.add("kernel_contact", as_span(slice(t.kernel_contact, k0, k1)));
        w.add("kernel_value", as_span(slice(t.kernel_value, k0, k1)));
        const std::string name = "trace_" + side_name + "_" + std::to_string(first / trace_shard_size);
        write_buffer(dir, name, w);
        shards.push_back(json{{"name", name}, {"first", side.traced[first]}, {"last", side.traced[last - 1]}});
    }
    return shards;
}

void write_cost(const std::filesystem::path& dir, const InspectData& d) {
    std::vector<std::uint32_t> cells;
    for (const auto& [cell, cost] : d.cell_cost) cells.push_back(cell);
    std::sort(cells.begin(), cells.end());
    std::vector<double> cost;  // exact below 2^53
    for (std::uint32_t c : cells) cost.push_back(static_cast<double>(d.cell_cost.at(c)));
    BufferWriter w;
    w.add("cell", as_span(cells));
    w.add("cost", as_span(cost));
    write_buffer(dir, "cost", w);
}

json write_diff(const std::filesystem::path& dir, const DiffSummary& s) {
    const std::size_t n = s.entries.size();
    std::vector<std::uint32_t> position(n), aspects(n), first_contact(n), switches(n);
    std::vector<std::uint8_t> verdict(n);
    json text = json::array(), explain = json::array();
    for (std::size_t i = 0; i < n; ++i) {
        const DiffEntry& e = s.entries[i];
        position[i] = e.position;
        aspects[i] = e.diff.aspects;
        first_contact[i] = e.diff.first_contact;
        switches[i] = e.switches;
        verdict[i] = static_cast<std::uint8_t>(e.verdict);
        text.push_back(e.description);
        explain.push_back(e.explain);
    }
    BufferWriter w;
    w.add("position", as_span(position));
    w.add("aspects", as_span(aspects));
    w.add("first_contact", as_span(first_contact));
    w.add("switches", as_span(switches));
    w.add("verdict", as_span(verdict));
    write_buffer(dir, "diff", w);
    json aspect_names = json::array();
    for (int k = 0; k < diff_aspect_count; ++k) aspect_names.push_back(diff_aspect_name(static_cast<DiffAspect>(k)));
    return json{{"tolerance", s.options.tolerance},
                {"stats", s.options.stats},
                {"compared", s.compared},
                {"differing", n},
                {"only_a", s.only_a},
                {"only_b", s.only_b},
                {"explain_limit", s.explained_limit},
                {"aspects", aspect_names},
                {"descriptions", text},
                {"explain", explain}};
}

json side_json(const ResultSide& s, const std::string& name, json traces) {
    return json{{"buffer", name},
                {"file", s.file.empty() ? json(nullptr) : json(s.file)},
                {"mode", quirk_set_name(s.header.quirks)},
                {"quirks", s.header.quirks},
                {"path", s.file.empty() ? "reference" : s.header.path},
                {"isa", s.file.empty() ? "scalar" : s.header.isa},
                {"records", s.records.size()},
                {"end", s.end_text},
                {"traced", s.traced.size()},
                {"traces", std::move(traces)}};
}

}  // namespace

std::vector<std::string> page_outputs(const std::filesystem::path& dir) {
    std::vector<std::string> out{(dir / "index.html").string(), (dir / "inspector.js").string()};
    for (const char* name : fixed_buffers) out.push_back((dir / "data" / (std::string(name) + ".js")).string());
    return out;
}

void require_inspector_page() {
    if (inspector_script().empty())
        throw std::runtime_error(
            "this levelsweep was built without the inspector's page (configured with -DLEVELSWEEP_PAGE=OFF, as "
            "./x run does, or without node and npm): install nodejs and npm and build with ./x build");
}

void write_page(const std::filesystem::path& dir, const InspectData& d) {
    std::filesystem::create_directories(dir / "data");
    // Shards of an earlier run are not part of this page.
    for (const auto& e : std::filesystem::directory_iterator(dir / "data"))
        if (e.path().filename().string().starts_with("trace_")) std::filesystem::remove(e.path());
    write_level(dir, *d.level);
    const Level& level = *d.level;
    const CellGrid& g = level.grid();
    json quirk_names = json::array();
    for (std::uint32_t k = 0; k < quirk_count; ++k) quirk_names.push_back(quirk_name(static_cast<Quirk>(k)));
    json sides = json::array();
    const char* const side_names[] = {"a", "b"};
    for (std::size_t k = 0; k < d.sides.size(); ++k) {
        const std::string buffer = std::string("results_") + side_names[k];
        write_results(dir, buffer, d.sides[k]);
        sides.push_back(side_json(d.sides[k], buffer, write_traces(dir, side_names[k], d.sides[k])));
    }
    if (!d.queries.empty()) {
        write_queries(dir, d);
        write_cost(dir, d);
    }
    json manifest{{"levelsweep_inspect", 1},
                  {"level",
                   {{"file", d.level_file},
                    {"checksum", checksum_text(level.checksum())},
                    {"vertices", level.vertex_count()},
                    {"triangles", level.triangle_count()},
                    {"grid", {g.nx(), g.ny(), g.nz()}},
                    {"cell_size", {g.cell_size().x, g.cell_size().y, g.cell_size().z}}}},
                  {"queries", d.queries.empty() ? json(nullptr)
                                                : json{{"file", d.queries_file},
                                                       {"records", d.queries.size()},
                                                       {"truncation", d.queries_truncation ? json(*d.queries_truncation)
                                                                                           : json(nullptr)}}},
                  {"computed", d.computed},
                  {"sides", sides},
                  {"trace_cap", {{"cells", WalkTracer::max_cells}, {"kernel_calls", WalkTracer::max_kernel_calls}}},
                  {"trace_shard", trace_shard_size},
                  {"quirk_names", quirk_names},
                  {"diff", d.diff ? write_diff(dir, *d.diff) : json(nullptr)},
                  {"world", d.world},
                  {"notes", d.notes}};
    write_page_file(dir / "data" / "manifest.js",
                    "levelsweep_manifest(" + manifest.dump(-1, ' ', false, json::error_handler_t::replace) + ");\n");
    write_page_file(dir / "inspector.js", inspector_script());
    write_page_file(dir / "index.html", inspector_index_html());
}

}  // namespace levelsweep::cli
