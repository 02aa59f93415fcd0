// levelsweep CLI: refusing an output that is one of the command's inputs,
// before anything is opened for writing. Files are compared by device and
// inode, so hard and symbolic links and other spellings of a path are caught.
#pragma once

#include <string>
#include <vector>

namespace levelsweep::cli {

// Throws std::runtime_error when an output is an input, when two outputs are
// one file, or (writes_stdout) when standard output is redirected onto an
// input. "-" and files that do not exist yet are skipped.
void refuse_overwriting_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                               bool writes_stdout = false);

}  // namespace levelsweep::cli
