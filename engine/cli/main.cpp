// levelsweep: the command-line tool. Subcommands live one per file.
//
// Whatever a command does, its end is checked here: standard output flushed
// and closed (a full disk or a closed pipe is an error, not exit 0), and any
// failure reported with the command's name; running out of memory says what
// the limit was and what helps, not std::bad_alloc.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "commands.hpp"
#include "io/interrupt.hpp"
#include "io/standard_output.hpp"
#include "levelsweep/memory_limit.hpp"
#include "options.hpp"

namespace {

std::string command_line(int argc, char** argv) {
    std::string line = "levelsweep";
    for (int i = 1; i < argc; ++i) line.append(" ").append(argv[i]);
    return line;
}

// The out-of-memory sentence, made before anything can run out: it names the
// command (its inputs with it) and the limit, and what helps.
std::string out_of_memory_text;

std::string out_of_memory_sentence(const std::string& command) {
    return command + ": out of memory: the system refused an allocation (the memory limit was " +
           levelsweep::memory_text(levelsweep::memory_limit()) +
           "): free memory, give it a smaller input (a level with a larger --cell-size, fewer --triangles), or lower "
           "--memory-limit so that it is refused before it starts\n";
}

// An exception no handler takes (std::bad_alloc thrown where none may be, in a
// destructor that frees a large structure) ends the process here: as an error
// when it is an allocation that failed, never an abort, with the temporary
// files removed either way. Only write(2) and _exit: nothing that allocates.
[[noreturn]] void on_terminate() {
    levelsweep::cli::remove_temporaries();
    bool out_of_memory = false;
    try {
        if (const std::exception_ptr e = std::current_exception()) std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
        out_of_memory = true;
    } catch (...) {
    }
    const char* text = out_of_memory ? out_of_memory_text.c_str() : "levelsweep: an unexpected error ended the run\n";
    const std::size_t length = out_of_memory ? out_of_memory_text.size() : std::strlen(text);
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, text, length);
    std::_Exit(out_of_memory ? 1 : 134);
}

std::string command_name(const CLI::App& app) {
    const auto used = app.get_subcommands();
    return used.empty() ? "levelsweep" : "levelsweep " + used.front()->get_name();
}

}  // namespace

int main(int argc, char** argv) {
    levelsweep::cli::install_interrupt_handlers();
    std::set_terminate(on_terminate);
    CLI::App app{"levelsweep: faithful float32 collision queries against a game level's mesh"};
    app.require_subcommand(1);
    app.fallthrough();  // --memory-limit may come after the command's own arguments
    const std::string command = command_line(argc, argv);
    out_of_memory_text = out_of_memory_sentence(command);
    app.add_option_function<std::string>(
           "--memory-limit",
           [&command](const std::string& size) {
               levelsweep::set_memory_limit(*levelsweep::parse_memory_size(size));
               out_of_memory_text = out_of_memory_sentence(command);
           },
           "The most memory one level, grid or file read may take (8G, 512M, ...; default: half of this machine's)")
        ->envname("LEVELSWEEP_MEMORY_LIMIT")
        ->check(levelsweep::cli::memory_size());
    levelsweep::cli::add_eval_command(app);
    levelsweep::cli::add_import_command(app);
    levelsweep::cli::add_generate_command(app);
    levelsweep::cli::add_info_command(app);
    levelsweep::cli::add_query_command(app);
    levelsweep::cli::add_replay_command(app);
    levelsweep::cli::add_replay_job_command(app);
    levelsweep::cli::add_profile_command(app);
    levelsweep::cli::add_diff_command(app);
    levelsweep::cli::add_export_command(app);
    levelsweep::cli::add_record_command(app);
    levelsweep::cli::add_convert_command(app);
    levelsweep::cli::add_inspect_command(app);
    int rc = 0;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        rc = app.exit(e);  // usage errors; a command's own exit status comes as CLI::RuntimeError
    } catch (const std::bad_alloc&) {
        std::fputs(out_of_memory_text.c_str(), stderr);
        rc = 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", command_name(app).c_str(), e.what());
        rc = 1;
    }
    try {
        levelsweep::cli::finish_standard_output();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", command_name(app).c_str(), e.what());
        if (rc == 0) rc = 1;
    }
    return rc;
}
