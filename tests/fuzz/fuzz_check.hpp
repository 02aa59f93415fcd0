// libFuzzer targets: how a target says an expectation failed.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace levelsweep::fuzz {

// A failed expectation: name its line, then abort, which libFuzzer reports with
// the input. The caller's line comes from the compiler's builtins
// (std::source_location needs a clang newer than 14).
inline void check(bool ok, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    if (ok) return;
    std::fprintf(stderr, "fuzz check failed: %s:%d\n", file, line);
    std::abort();
}

}  // namespace levelsweep::fuzz
