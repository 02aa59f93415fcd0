// A CLI run whose input file the test hands it through a FIFO, a piece at a
// time, so that the run cannot finish before the test lets it: a signal sent
// once the run has got as far as the test waits for lands while it runs,
// however fast the machine and however late the test is scheduled. (A run
// reading the file itself may finish between the test's look at its output
// and the signal: a few milliseconds on a short replay.)
#pragma once

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "cli_support.hpp"
#include "process_support.hpp"

namespace levelsweep::test {

class PacedRun {
public:
    // Starts `levelsweep args...` (its output to `out`, its errors to `err`)
    // with the file `input`, which the args name, moved aside and a FIFO in
    // its place; the file is back in place once the run has ended.
    PacedRun(const std::vector<std::string>& args, const std::filesystem::path& input, const std::filesystem::path& out,
             const std::filesystem::path& err)
        : input_(input), aside_(input.string() + ".paced"), bytes_(file_text(input)) {
        std::filesystem::rename(input_, aside_);
        if (::mkfifo(input_.c_str(), 0644) != 0) {
            std::filesystem::rename(aside_, input_);
            FAIL("cannot make a FIFO at " << input_);
        }
        child_ = start_cli(args, out, err);
    }
    ~PacedRun() {
        if (!ended_) {
            ::kill(child_.pid, SIGKILL);
            wait_for(child_);
        }
        restore();
    }
    PacedRun(const PacedRun&) = delete;
    PacedRun& operator=(const PacedRun&) = delete;

    // Feeds the input until `reached()`; false when the run ended first or
    // `seconds` passed. The FIFO stays open once the whole input is fed, so
    // that the run waits for its end and cannot finish before stop(): what
    // the test waits for must come before the run reads the end of its input
    // (a replay's last chunk waits for it).
    bool feed_until(const std::function<bool()>& reached, double seconds = 60) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < deadline) {
            if (reached()) return true;
            if (has_ended(child_)) return false;
            // The FIFO opens for writing once the run has opened it to read.
            if (fd_ < 0) fd_ = ::open(input_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd_ >= 0 && fed_ < bytes_.size()) {
                const std::size_t piece = std::min<std::size_t>(bytes_.size() - fed_, 1 << 16);
                const ssize_t n = write_quietly(bytes_.data() + fed_, piece);
                if (n > 0) {
                    fed_ += static_cast<std::size_t>(n);
                    continue;
                }
            }
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        return false;
    }
    bool feed_until_size(const std::filesystem::path& p, long long bytes) {
        return feed_until([&] { return size_of(p) >= bytes; });
    }

    // Sends `signals` in turn and waits for the run: how it ended, as
    // wait_for tells it. The input file is back in place. The FIFO stays
    // open until the run has ended, so that its end comes from the signals
    // (a stop wakes a read that waits on any of its threads, read_stop.hpp),
    // never from the end of its input.
    int stop(std::initializer_list<int> signals) {
        for (const int sig : signals) ::kill(child_.pid, sig);
        const int code = wait_for(child_);
        ended_ = true;
        restore();
        return code;
    }

private:
    // A write that fails with EPIPE, without the SIGPIPE that would end the
    // tests, where the run has closed its end.
    ssize_t write_quietly(const char* data, std::size_t n) {
        sigset_t pipe_signal, old;
        sigemptyset(&pipe_signal);
        sigaddset(&pipe_signal, SIGPIPE);
        ::pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
        const ssize_t written = ::write(fd_, data, n);
        if (written < 0 && errno == EPIPE) {
            const timespec now{};
            ::sigtimedwait(&pipe_signal, nullptr, &now);  // the pending SIGPIPE, taken
        }
        ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
        return written;
    }
    void restore() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        if (restored_) return;
        restored_ = true;
        std::error_code ignored;
        std::filesystem::remove(input_, ignored);
        std::filesystem::rename(aside_, input_, ignored);
    }

    std::filesystem::path input_, aside_;
    std::string bytes_;
    Child child_;
    int fd_ = -1;
    std::size_t fed_ = 0;
    bool ended_ = false, restored_ = false;
};

}  // namespace levelsweep::test
