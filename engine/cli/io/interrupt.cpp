#include "io/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <csignal>

namespace levelsweep::cli {

namespace {

// Only what a signal handler may touch: lock-free atomics.
std::atomic<int> received{0};
std::atomic<bool> clean_stop{false};
std::array<std::atomic<const char*>, 16> temporaries{};

void set_handler(int sig, void (*handler)(int)) {
    struct sigaction sa {};
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: see install_interrupt_handlers
    ::sigaction(sig, &sa, nullptr);
}

void on_signal(int sig) {
    if (clean_stop.load()) {
        received.store(sig);
        set_handler(sig, SIG_DFL);  // a second signal ends the process at once
        return;
    }
    for (auto& t : temporaries)
        if (const char* path = t.load()) ::unlink(path);  // async-signal-safe
    set_handler(sig, SIG_DFL);
    ::raise(sig);
}

}  // namespace

void install_interrupt_handlers() {
    set_handler(SIGINT, on_signal);
    set_handler(SIGTERM, on_signal);
}

CleanStop::CleanStop() {
    received.store(0);
    clean_stop.store(true);
}

CleanStop::~CleanStop() {
    clean_stop.store(false);
    install_interrupt_handlers();
}

int CleanStop::signal() const { return received.load(); }

int exit_status_for(int sig) { return 128 + sig; }

const char* signal_name(int sig) {
    switch (sig) {
        case SIGINT: return "SIGINT";
        case SIGTERM: return "SIGTERM";
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
