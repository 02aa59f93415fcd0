// levelsweep CLI: a result file exported as JSON Lines into a file or
// standard output, as `export` and `convert` do.
#pragma once

#include <string>

namespace levelsweep::cli {
// `levelsweep export` and `convert`: `in` as JSON Lines into the file `out`
// ("-": standard output), never over the input. Returns 0 when the result file
// is complete; otherwise says so on standard error and returns 3, and the
// output file is left as it was, unless `allow_incomplete`, which puts the
// records there are in place and returns 0 (3 still for a damaged file).
int export_result_file(const std::string& in, const std::string& out, bool allow_incomplete,
                       const std::string& command);

}  // namespace levelsweep::cli
