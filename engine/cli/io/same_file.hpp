// levelsweep CLI: refusing an output that is one of the command's inputs,
// before anything is opened for writing. Files are compared by device and
// inode, so hard and symbolic links and other spellings of a path (./-
// included, which is a file called -) are caught; "-" is standard input as an
// input and standard output as an output, each compared by what it is open on.
#pragma once

#include <string>
#include <vector>

namespace levelsweep::cli {

// Throws std::runtime_error when an output is an input, when two outputs are
// one file (outputs not made yet are compared by their resolved paths), or
// when standard output (an output "-", or writes_stdout) is one of the inputs.
void refuse_overwriting_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                               bool writes_stdout = false);

}  // namespace levelsweep::cli
