// levelsweep CLI: standard output, checked. A write that fails (a full disk,
// a closed pipe, /dev/full) is an error naming standard output, so that a
// command never exits 0 with its output lost.
#pragma once

namespace levelsweep::cli {

// Throws std::runtime_error when a write to standard output has failed so far.
// Long-running commands call it as they go, to stop at the first failure.
void check_standard_output();
// Flushes and closes standard output, checked (main calls it after every
// command; a command may call it earlier to report a failure its own way).
void finish_standard_output();

}  // namespace levelsweep::cli
