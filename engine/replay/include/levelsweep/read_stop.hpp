// levelsweep: a stop that reaches every read of the query input. A read of a
// pipe or a terminal waits until input comes, and a signal cuts it short only
// on the thread the signal lands on: a clean stop taken on another thread
// would wait for the next input. A stop that makes a descriptor readable (the
// CLI's handlers, engine/cli/io/interrupt.cpp) cuts short every read that
// waits beside it, whichever thread reads.
#pragma once

#include <sys/types.h>

#include <cstddef>

namespace levelsweep {

// The descriptor a stop makes readable (and leaves so), or -1 for none.
void set_read_stop(int fd);

// ::read(fd, data, n), or, where fd is not a regular file (a pipe, a
// terminal: a read that can wait), -1 with errno EINTR, reading nothing, once
// the stop's descriptor is readable (as a read a signal cut short). A regular
// file is read as before: its reads do not wait, and the run's own checks at
// the chunk boundary end it.
ssize_t read_unless_stopped(int fd, void* data, std::size_t n);

}  // namespace levelsweep
