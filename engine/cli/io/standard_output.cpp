#include "io/standard_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>

namespace levelsweep::cli {

namespace {

bool finished = false;
bool reported = false;  // a failure already thrown: the end need not say it again

[[noreturn]] void fail(int err) {
    reported = true;
    throw std::runtime_error(std::string("standard output: write failed") +
                             (err ? std::string(": ") + std::strerror(err) : ""));
}

}  // namespace

void check_standard_output() {
    if (!std::cout.good() || std::ferror(stdout)) fail(errno);
}

void finish_standard_output() {
    if (finished) return;
    finished = true;
    if (reported) {
        std::fclose(stdout);
        return;
    }
    errno = 0;
    std::cout.flush();
    const bool flushed = std::fflush(stdout) == 0;
    const int err = errno;
    if (!flushed || !std::cout.good() || std::ferror(stdout)) fail(err);
    if (std::fclose(stdout) != 0) fail(errno);
}

}  // namespace levelsweep::cli
