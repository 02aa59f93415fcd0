// levelsweep CLI: an error from the C library, with what was being done.
#pragma once

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace levelsweep::cli {

// Throws "<what>: <strerror(errno)>" (errno as the failed call left it).
[[noreturn]] inline void fail_with_errno(const std::string& what) {
    throw std::runtime_error(what + ": " + std::strerror(errno));
}

}  // namespace levelsweep::cli
