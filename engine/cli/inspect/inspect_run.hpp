// levelsweep inspect: the whole command as a call, for `levelsweep inspect`
// and for `levelsweep profile --inspect`, whose heat map links into the page.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace levelsweep::cli {

struct InspectRequest {
    std::string level, out = "inspect", mode = "faithful", scene;
    std::vector<std::string> files;  // queries and result files, told apart by their first bytes
    std::uint32_t trace_first = 2000;
    std::vector<std::uint64_t> trace;
    std::uint64_t explain_limit = 10000;
    double tolerance = 1e-6;
    bool stats = false, force = false, allow_incomplete = false;
};

// Gathers what the request names and writes the page; prints one summary line.
void run_inspect(const InspectRequest& o);

}  // namespace levelsweep::cli
