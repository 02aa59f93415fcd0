// Running the levelsweep CLI as a child process the test can signal: started
// with fork and exec, its output and errors in files, waited for with its exit
// status or the signal that ended it.
#pragma once

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace levelsweep::test {

struct Child {
    pid_t pid = -1;
};

// `program args...` with standard input from `input_fd` (/dev/null when
// negative), output to `out`, errors to `err`; `close_in_child` is a
// descriptor the child must not hold (a pipe's writing end).
inline Child start_program(const std::string& program, const std::vector<std::string>& args,
                           const std::filesystem::path& out, const std::filesystem::path& err, int input_fd = -1,
                           int close_in_child = -1) {
    std::vector<std::string> argv_text{program};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int in = input_fd >= 0 ? input_fd : ::open("/dev/null", O_RDONLY);
        const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(in, STDIN_FILENO);
        ::dup2(o, STDOUT_FILENO);
        ::dup2(e, STDERR_FILENO);
        if (close_in_child >= 0) ::close(close_in_child);
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    return {pid};
}

// `levelsweep args...`, as start_program.
inline Child start_cli(const std::vector<std::string>& args, const std::filesystem::path& out,
                       const std::filesystem::path& err, int input_fd = -1, int close_in_child = -1) {
    return start_program(LEVELSWEEP_CLI_PATH, args, out, err, input_fd, close_in_child);
}

// How a child ended: its exit code, or minus the signal that ended it.
inline int wait_for(const Child& c) {
    int status = 0;
    ::waitpid(c.pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : -1000;
}

// Whether the child has ended (left for wait_for to reap).
inline bool has_ended(const Child& c) {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(c.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == c.pid;
}

// A file's size, or -1 when it does not exist.
inline long long size_of(const std::filesystem::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : -1;
}

// Waits (polling every fifth of a millisecond, at most `seconds`) until `p`
// holds at least `bytes`; false when the child ended or time ran out first.
inline bool wait_for_size(const Child& c, const std::filesystem::path& p, long long bytes, double seconds = 60) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (size_of(p) >= bytes) return true;
        if (has_ended(c)) return false;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return false;
}

}  // namespace levelsweep::test
