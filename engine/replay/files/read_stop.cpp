#include "levelsweep/read_stop.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

namespace levelsweep {

namespace {

std::atomic<int> stop_fd{-1};

}  // namespace

void set_read_stop(int fd) { stop_fd.store(fd); }

ssize_t read_unless_stopped(int fd, void* data, std::size_t n) {
    const int stop = stop_fd.load();
    struct stat st {};
    if (stop >= 0 && (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        // Until the input or the stop is ready (a regular file always is).
        pollfd wait[2] = {{fd, POLLIN, 0}, {stop, POLLIN, 0}};
        if (::poll(wait, 2, -1) < 0) return -1;  // a signal on this thread: EINTR, as the read would give
        if ((wait[1].revents & POLLIN) != 0) {
            errno = EINTR;
            return -1;
        }
    }
    return ::read(fd, data, n);
}

}  // namespace levelsweep
