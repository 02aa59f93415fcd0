// levelsweep CLI: the signals that end a run. SIGINT, SIGTERM and SIGHUP
// normally remove the temporary files of the outputs being written
// (output_file.hpp), so that nothing half-written is left beside them, then
// end the process as the signal would; so do SIGQUIT and SIGPIPE. A command
// that can stop cleanly (replay) holds a CleanStop: a first SIGINT, SIGTERM or
// SIGHUP is then only recorded, for the command to finish or drop what is in
// flight, flush and say so; a second one removes the temporary files and ends
// the process at once.
#pragma once

namespace levelsweep::cli {

// Installs the handlers (once, at start-up). Without SA_RESTART: a read that
// blocks (standard input, a pipe) returns at once, so a clean stop is not held
// up; and a clean stop wakes the query input's reads on the other threads too
// (levelsweep/read_stop.hpp), which the signal does not reach.
void install_interrupt_handlers();

class CleanStop {
public:
    CleanStop();
    ~CleanStop();
    CleanStop(const CleanStop&) = delete;
    CleanStop& operator=(const CleanStop&) = delete;
    // The signal received (SIGINT, SIGTERM or SIGHUP), or 0.
    int signal() const;
};

// The conventional exit status of a process that a signal stopped: 128 + signal.
int exit_status_for(int signal);
// "SIGINT", "SIGTERM", "SIGHUP", ...
const char* signal_name(int signal);

// The temporary files a signal removes. `path` must stay valid until
// unregistered; register a file before creating it (a signal in between then
// removes nothing, or the new file). Returns a slot, or -1 when all are taken
// (the file is then left behind on a signal, as before: the output it stands
// for is untouched).
int register_temporary(const char* path);
void unregister_temporary(int slot);
// Removes every registered temporary file, with only async-signal-safe calls
// (for the handlers, and for an end that no exception handler sees).
void remove_temporaries();

}  // namespace levelsweep::cli
