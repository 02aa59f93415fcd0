// levelsweep profile (CLI): heatmap.svg, the level seen from above (x right, y
// up), each (x, y) grid column coloured by the work the queries did in its cells.
#include <algorithm>
#include <cmath>
#include <vector>

#include "profile/profile_output.hpp"

namespace levelsweep::cli {

namespace {

constexpr std::uint32_t max_blocks = 128;               // rectangles per axis at most
constexpr std::uint32_t max_outline_triangles = 20000;  // more: the occupied columns only
constexpr double map_size = 640.0;                      // px, the map's longer side
constexpr double left = 20.0, top = 64.0, bottom = 56.0, legend_width = 170.0, bar_height = 260.0;

// Columns summed into square blocks of `side` x `side` when the grid is wider
// than max_blocks columns (side 1: one rectangle per column).
struct Blocks {
    std::uint32_t side = 1, bx = 0, by = 0;
    std::vector<std::uint64_t> cost;
    std::vector<double> seconds;
    std::vector<std::uint8_t> occupied;  // some triangle is listed in a cell of the block
    std::size_t at(std::uint32_t x, std::uint32_t y) const { return std::size_t{x} * by + y; }
};

Blocks block_columns(const Level& level, const QueryProfiler& p) {
    const CellGrid& g = level.grid();
    Blocks b;
    b.side = std::max<std::uint32_t>(1, (std::max(g.nx(), g.ny()) + max_blocks - 1) / max_blocks);
    b.bx = (g.nx() + b.side - 1) / b.side;
    b.by = (g.ny() + b.side - 1) / b.side;
    b.cost.resize(std::size_t{b.bx} * b.by);
    b.seconds.resize(b.cost.size());
    b.occupied.resize(b.cost.size());
    for (std::uint32_t ix = 0; ix < g.nx(); ++ix)
        for (std::uint32_t iy = 0; iy < g.ny(); ++iy) {
            const std::size_t column = std::size_t{ix} * g.ny() + iy, k = b.at(ix / b.side, iy / b.side);
            b.cost[k] += p.column_cost()[column];
            b.seconds[k] += p.column_kernel_seconds()[column];
            for (std::uint32_t iz = 0; iz < g.nz(); ++iz)
                if (!g.list(g.cell_index(ix, iy, iz)).empty()) b.occupied[k] = 1;
        }
    return b;
}

// World (x, y) to pixels: y up, the grid's whole extent in map_size.
struct Frame {
    double x0 = 0.0, y_top = 0.0, scale = 1.0, width = 0.0, height = 0.0;  // width, height in px
    double px(double x) const { return left + (x - x0) * scale; }
    double py(double y) const { return top + (y_top - y) * scale; }
};

Frame frame_for(const CellGrid& g) {
    const double w = g.nx() * double{g.cell_size().x}, h = g.ny() * double{g.cell_size().y};
    Frame f;
    f.x0 = g.origin().x;
    f.y_top = g.origin().y + h;
    f.scale = map_size / std::max(w, h);
    f.width = w * f.scale;
    f.height = h * f.scale;
    return f;
}

// Where a cost falls on the colour bar: log10 from the smallest nonzero cost
// when the costs span two decades or more, else linear from 0.
struct ColourScale {
    double lo = 0.0, hi = 1.0;
    bool log = false;

    double t(double v) const {
        if (hi <= lo) return 1.0;
        const double u =
            log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (v - lo) / (hi - lo);
        return std::clamp(u, 0.0, 1.0);
    }
};

ColourScale scale_for(const std::vector<std::uint64_t>& cost) {
    std::uint64_t lo = 0, hi = 0;
    for (std::uint64_t c : cost)
        if (c > 0) {
            lo = lo == 0 ? c : std::min(lo, c);
            hi = std::max(hi, c);
        }
    ColourScale s;
    s.hi = static_cast<double>(std::max<std::uint64_t>(hi, 1));
    s.log = lo > 0 && hi >= 100 * lo;
    s.lo = s.log ? static_cast<double>(lo) : 0.0;
    return s;
}

// Viridis at five stops, interpolated in RGB.
std::string viridis(double t) {
    static constexpr double stops[5][3] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    const double x = std::clamp(t, 0.0, 1.0) * 4.0;
    const int i = std::min(3, static_cast<int>(x));
    const double f = x - i;
    char buf[8];
    const auto channel = [&](int c) {
        return static_cast<int>(std::lround(stops[i][c] + f * (stops[i + 1][c] - stops[i][c])));
    };
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", channel(0), channel(1), channel(2));
    return buf;
}

// The bar's labelled values: its ends and, on a log scale, the powers of ten between.
std::vector<double> ticks(const ColourScale& s) {
    std::vector<double> v{s.lo, s.hi};
    if (!s.log) {
        v.push_back(s.hi / 2);
        return v;
    }
    for (double p = std::pow(10.0, std::ceil(std::log10(s.lo))); p < s.hi; p *= 10.0)
        if (s.t(p) > 0.06 && s.t(p) < 0.94) v.push_back(p);
    return v;
}

std::string legend(const ColourScale& s, const std::string& label, double x) {
    std::string out = "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">";
    for (int k = 0; k <= 4; ++k)
        out += "<stop offset=\"" + fixed(k / 4.0, 2) + "\" stop-color=\"" + viridis(k / 4.0) + "\"/>";
    out += "</linearGradient></defs>\n";
    out += "<text x=\"" + fixed(x, 1) + "\" y=\"" + fixed(top - 8, 1) + "\">" + label + (s.log ? " (log)" : "") +
           "</text>\n";
    out += "<rect x=\"" + fixed(x, 1) + "\" y=\"" + fixed(top, 1) + "\" width=\"18\" height=\"" + fixed(bar_height, 1) +
           "\" fill=\"url(#scale)\" stroke=\"#444\"/>\n";
    for (double v : ticks(s)) {
        const double y = top + bar_height * (1.0 - s.t(v));
        out += "<line x1=\"" + fixed(x + 18, 1) + "\" y1=\"" + fixed(y, 1) + "\" x2=\"" + fixed(x + 24, 1) +
               "\" y2=\"" + fixed(y, 1) + "\" stroke=\"#444\"/><text x=\"" + fixed(x + 28, 1) + "\" y=\"" +
               fixed(y + 4, 1) + "\">" + (v >= 1.0 ? fixed(v, 0) : compact(v)) + "</text>\n";
    }
    return out;
}

// A block's rectangle in column units (the group of cells() maps them to pixels).
std::string block_rect(const CellGrid& g, const Blocks& b, std::uint32_t x, std::uint32_t y, const std::string& fill,
                       const std::string& extra) {
    const std::uint32_t ix = x * b.side, iy = y * b.side;
    return "<rect x=\"" + std::to_string(ix) + "\" y=\"" + std::to_string(iy) + "\" width=\"" +
           std::to_string(std::min(b.side, g.nx() - ix)) + "\" height=\"" +
           std::to_string(std::min(b.side, g.ny() - iy)) + "\" fill=\"" + fill + "\"" + extra;
}

std::string block_name(const Blocks& b, std::uint32_t x, std::uint32_t y) {
    if (b.side == 1) return "column (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    const auto range = [&](std::uint32_t v) {
        return std::to_string(v * b.side) + "-" + std::to_string(v * b.side + b.side - 1);
    };
    return "columns x " + range(x) + ", y " + range(y);
}

std::string cells(const Level& level, const Frame& f, const Blocks& b, const ColourScale& s, const std::string& link) {
    const CellGrid& g = level.grid();
    // Column (ix, iy) is the unit square at (ix, iy), y up.
    std::string out = "<g transform=\"translate(" + fixed(left, 2) + " " + fixed(top + f.height, 2) + ") scale(" +
                      fixed(g.cell_size().x * f.scale, 5) + " " + fixed(-g.cell_size().y * f.scale, 5) +
                      ")\" shape-rendering=\"crispEdges\">\n";
    for (std::uint32_t x = 0; x < b.bx; ++x)
        for (std::uint32_t y = 0; y < b.by; ++y) {
            const std::size_t k = b.at(x, y);
            if (b.cost[k] == 0) {
                if (b.occupied[k]) out += block_rect(g, b, x, y, "#dddddd", "/>\n");
                continue;
            }
            const std::string tip = "<title>" + block_name(b, x, y) + ": cost " + std::to_string(b.cost[k]) +
                                    ", kernel time " + compact(b.seconds[k] * 1e6) + " us</title></rect>\n";
            const std::string rect = block_rect(g, b, x, y, viridis(s.t(static_cast<double>(b.cost[k]))),
                                                " data-cost=\"" + std::to_string(b.cost[k]) + "\">" + tip);
            if (link.empty()) {
                out += rect;
                continue;
            }
            // The block's columns, first and last, in the inspector (docs/inspect.md).
            const std::uint32_t x0 = x * b.side, y0 = y * b.side;
            out += "<a href=\"" + link + "#column=" + std::to_string(x0) + "," + std::to_string(y0) + "," +
                   std::to_string(std::min(x0 + b.side, g.nx()) - 1) + "," +
                   std::to_string(std::min(y0 + b.side, g.ny()) - 1) + "\" target=\"_top\">" + rect + "</a>\n";
        }
    return out + "</g>\n";
}

// The triangles' xy projection, faint, over the colours.
std::string outline(const Level& level, const Frame& f) {
    std::string d;
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t)
        for (int k = 0; k < 3; ++k) {
            const Vec3 p = level.corner(t, k);
            d += k == 0 ? 'M' : 'L';
            d += fixed(f.px(p.x), 1);
            d += ' ';
            d += fixed(f.py(p.y), 1);
            if (k == 2) d += 'Z';
        }
    return "<path d=\"" + d + "\" fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.15\" stroke-width=\"0.5\"/>\n";
}

}  // namespace

std::string heatmap_svg(const Level& level, const QueryProfiler& profiler, const std::string& inspect_page) {
    const CellGrid& g = level.grid();
    const Frame f = frame_for(g);
    const Blocks b = block_columns(level, profiler);
    const ColourScale s = scale_for(b.cost);
    const bool draw_triangles = level.triangle_count() <= max_outline_triangles;
    std::uint64_t total = 0;
    for (std::uint64_t c : b.cost) total += c;

    const double width = left + f.width + 30.0 + legend_width;
    const double height = top + std::max(f.height, bar_height) + bottom;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fixed(width, 0) + "\" height=\"" +
                      fixed(height, 0) + "\" viewBox=\"0 0 " + fixed(width, 0) + " " + fixed(height, 0) +
                      "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out += "<text x=\"" + fixed(left, 1) +
           "\" y=\"22\" font-size=\"15\">Work per grid column, summed over z "
           "(list entries read + kernel calls)</text>\n";
    out += "<text x=\"" + fixed(left, 1) + "\" y=\"42\">total cost " + std::to_string(total) + "; " +
           (b.side == 1 ? std::string("one rectangle per column")
                        : "one rectangle per " + std::to_string(b.side) + " x " + std::to_string(b.side) + " columns") +
           "; columns " + compact(g.cell_size().x) + " x " + compact(g.cell_size().y) + " m</text>\n";
    out += "<rect x=\"" + fixed(left, 1) + "\" y=\"" + fixed(top, 1) + "\" width=\"" + fixed(f.width, 2) +
           "\" height=\"" + fixed(f.height, 2) + "\" fill=\"#f7f7f7\" stroke=\"#888\"/>\n";
    out += cells(level, f, b, s, inspect_page);
    if (draw_triangles) out += outline(level, f);
    out += legend(s, b.side == 1 ? "work per column" : "work per rectangle", left + f.width + 30.0);
    const double text_y = top + std::max(f.height, bar_height) + 20.0;
    out += "<text x=\"" + fixed(left, 1) + "\" y=\"" + fixed(text_y, 1) + "\">x " + compact(f.x0) + " to " +
           compact(f.x0 + f.width / f.scale) + ", y " + compact(f.y_top - f.height / f.scale) + " to " +
           compact(f.y_top) + " (x right, y up)</text>\n";
    out += "<text x=\"" + fixed(left, 1) + "\" y=\"" + fixed(text_y + 18, 1) +
           "\">grey: columns with triangles and no work" +
           (draw_triangles ? std::string("; lines: the triangles seen from above") : std::string()) + "</text>\n";
    out += "</svg>\n";
    return out;
}

}  // namespace levelsweep::cli
