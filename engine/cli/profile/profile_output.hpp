// levelsweep profile (CLI): what a profile run measured, and the writers of its
// folder (heatmap.svg, candidates.svg, timing.json, index.html). docs/profile.md
// says what each figure shows and how its numbers are counted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "levelsweep/json_io.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/profile.hpp"

namespace levelsweep::cli {

struct ProfileRun {
    std::string level_path, queries_path, mode;
    std::string path, isa;  // where the timed pass ran (the probed pass runs on the reference path)
    const Level* level = nullptr;
    const QueryProfiler* profiler = nullptr;
    std::uint64_t records = 0;                            // records read (malformed ones included)
    std::uint64_t malformed = 0;                          // records that could not be read: not run
    double unprobed_seconds = 0.0, probed_seconds = 0.0;  // the two passes' wall times
    double clock_pair_seconds = 0.0;                      // two back-to-back steady_clock reads: what each timing adds
    std::optional<std::string> truncation;                // where a truncated query file ends
};

// The level from above with one rectangle per (x, y) grid column (or block of
// columns on a wide grid), coloured by the work done there. With `inspect_page`
// (a relative address), each coloured rectangle links to that page at its
// columns (#column=X0,Y0,X1,Y1).
std::string heatmap_svg(const Level& level, const QueryProfiler& profiler, const std::string& inspect_page = "");
// Histograms of kernel calls and of list entries read per query, all kinds and per kind.
std::string candidates_svg(const QueryProfiler& profiler);
json timing_json(const ProfileRun& run);
// `linked`: the heat map's columns link into the inspector (shown as an object, so the links work).
std::string index_html(const ProfileRun& run, const json& timing, bool linked = false);

// Text helpers of the writers.
std::string fixed(double v, int decimals);  // printf %.Nf
std::string compact(double v);              // printf %.4g
std::string xml_escape(std::string_view s);

}  // namespace levelsweep::cli
