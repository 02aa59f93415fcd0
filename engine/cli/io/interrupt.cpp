#include "io/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>

#include "levelsweep/read_stop.hpp"

namespace levelsweep::cli {

namespace {

// Only what a signal handler may touch: lock-free atomics.
std::atomic<int> received{0};
std::atomic<bool> clean_stop{false};
std::array<std::atomic<const char*>, 16> temporaries{};
// The pipe a clean stop writes a byte to, so that a read of the query input
// waiting on another thread than the signal's gives way (read_stop.hpp); -1
// where it could not be made (a signal then cuts short only its own thread's read).
std::atomic<int> stop_reader{-1}, stop_writer{-1};

// The signals a clean stop takes (the user or the terminal asks the run to
// end), and those that end every command at once.
constexpr int stopping[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int ending[] = {SIGQUIT, SIGPIPE};

void set_handler(int sig, void (*handler)(int)) {
    struct sigaction sa {};
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: see install_interrupt_handlers
    ::sigaction(sig, &sa, nullptr);
}

void end_now(int sig) {
    remove_temporaries();
    set_handler(sig, SIG_DFL);
    ::raise(sig);
}

void on_signal(int sig) {
    bool clean = false;
    for (const int s : stopping) clean |= s == sig;
    // The first stopping signal under a CleanStop is only noted; any other
    // (a second one included) ends the process, its temporary files removed.
    if (clean && clean_stop.load() && received.load() == 0) {
        received.store(sig);
        const int saved = errno;  // the interrupted code's
        if (const int fd = stop_writer.load(); fd >= 0) {
            const ssize_t written = ::write(fd, "s", 1);
            (void)written;  // nothing to do where it fails: the pipe already holds a stop
        }
        errno = saved;
        return;
    }
    end_now(sig);
}

}  // namespace

void install_interrupt_handlers() {
    int stop_pipe[2];
    if (::pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK) == 0) {
        stop_reader.store(stop_pipe[0]);
        stop_writer.store(stop_pipe[1]);
        set_read_stop(stop_pipe[0]);
    }
    for (const int sig : stopping) set_handler(sig, on_signal);
    for (const int sig : ending) set_handler(sig, on_signal);
}

void remove_temporaries() {
    for (auto& t : temporaries)
        if (const char* path = t.load()) ::unlink(path);  // async-signal-safe
}

CleanStop::CleanStop() {
    received.store(0);
    // An earlier stop's bytes, taken: this run's reads wait for its own.
    char bytes[16];
    if (const int fd = stop_reader.load(); fd >= 0)
        while (::read(fd, bytes, sizeof bytes) > 0) {
        }
    clean_stop.store(true);
}

CleanStop::~CleanStop() { clean_stop.store(false); }

int CleanStop::signal() const { return received.load(); }

int exit_status_for(int sig) { return 128 + sig; }

const char* signal_name(int sig) {
    switch (sig) {
        case SIGINT: return "SIGINT";
        case SIGTERM: return "SIGTERM";
        case SIGHUP: return "SIGHUP";
        case SIGQUIT: return "SIGQUIT";
        case SIGPIPE: return "SIGPIPE";
    }
    return "a signal";
}

int register_temporary(const char* path) {
    for (std::size_t i = 0; i < temporaries.size(); ++i) {
        const char* none = nullptr;
        if (temporaries[i].compare_exchange_strong(none, path)) return static_cast<int>(i);
    }
    return -1;
}

void unregister_temporary(int slot) {
    if (slot >= 0) temporaries[static_cast<std::size_t>(slot)].store(nullptr);
}

}  // namespace levelsweep::cli
