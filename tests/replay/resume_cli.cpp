// Interrupted replays through the CLI (docs/formats.md, "Resuming a replay"):
// killed with SIGKILL at several points and resumed, each ends byte for byte as
// an uninterrupted run; SIGINT and SIGTERM stop cleanly with whole chunks, exit
// 130 and 143 and print the command that resumes; --resume refuses a partial
// file another run left; and the readers call a partial file incomplete.
#include <doctest/doctest.h>

#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "mesh_import_support.hpp"
#include "paced_run.hpp"
#include "process_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl";

// Lines of sight: over three of replay's 4096-query chunks, so that a run can
// be stopped between flushes and inside one, in a twentieth of a second
// (Release) and a megabyte.
const int query_count = 3 * 4096 + 1000;
struct Runs {
    ScratchDir dir{"resume_cli"};
    std::string queries = (dir / "q.lsq").string(), json_queries = (dir / "q.jsonl").string();
    std::string reference, json_reference;  // the result files of uninterrupted runs, as bytes

    Runs() {
        const std::string count = std::to_string(query_count);
        REQUIRE(run_cli("record " + street + " " + queries + " --seed 5 --mix ray=1 --count " + count).exit_code == 0);
        REQUIRE(run_cli("convert " + queries + " " + json_queries).exit_code == 0);
        const auto ref = dir / "ref.lsr";
        REQUIRE(run_cli("replay " + street + " " + json_queries + " -q -o " + ref.string()).exit_code == 0);
        json_reference = file_text(ref);
        REQUIRE(run_cli("replay " + street + " " + queries + " -q -o " + ref.string()).exit_code == 0);
        reference = file_text(ref);
    }
};

const Runs& runs() {
    static const Runs r;
    return r;
}

std::vector<std::string> replay_args(const std::string& queries, const std::string& out,
                                     const std::string& mode = "faithful") {
    return {"replay", street, queries, "-q", "--threads", "2", "--mode", mode, "-o", out};
}

// A run of `queries` stopped by `sig` once its partial file holds `fraction`
// of the reference's bytes (paced_run.hpp: before its end); its exit code.
int stopped_run(const std::string& queries, const std::string& out, int sig, double fraction,
                const std::string& mode = "faithful") {
    const Runs& r = runs();
    PacedRun run(replay_args(queries, out, mode), queries, r.dir / "stopped.out", r.dir / "stopped.err");
    const auto bytes = static_cast<long long>(fraction * static_cast<double>(r.reference.size()));
    if (fraction > 0) CHECK_MESSAGE(run.feed_until_size(out + ".partial", std::max(bytes, 1LL)), fraction);
    return run.stop({sig});
}

std::string resume(const std::string& queries, const std::string& out, int& exit_code) {
    const CliRun run = run_cli_both("replay " + street + " " + queries + " -q --threads 1 -o " + out + " --resume");
    exit_code = run.exit_code;
    return run.err;
}

// The threads of `child` but the one blocked reading a pipe, once one is
// and another runs beside it (within ten seconds): their ids.
std::vector<pid_t> threads_not_reading(const Child& child) {
    const std::filesystem::path tasks = "/proc/" + std::to_string(child.pid) + "/task";
    for (int attempt = 0; attempt < 50000; ++attempt) {
        std::vector<pid_t> others;
        bool reading = false;
        for (const auto& task : std::filesystem::directory_iterator(tasks)) {
            // Waiting in the read, or in the poll before it (read_stop.hpp).
            const std::string wchan = file_text(task.path() / "wchan");
            const bool in_read =
                wchan.find("pipe_read") != std::string::npos || wchan.find("poll") != std::string::npos;
            reading |= in_read;
            if (!in_read) others.push_back(static_cast<pid_t>(std::stol(task.path().filename().string())));
        }
        if (reading && !others.empty()) return others;
        ::usleep(200);
    }
    return {};
}

// How `child` ended, as wait_for tells it; SIGKILL after `seconds` (a run
// that did not end by then reads as killed).
int wait_for_exit(const Child& child, double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (has_ended(child)) return wait_for(child);
        ::usleep(1000);
    }
    ::kill(child.pid, SIGKILL);
    return wait_for(child);
}

}  // namespace

TEST_SUITE("replay resume cli") {
    TEST_CASE(
        "a replay killed by SIGKILL at several points, each resumed, ends byte for byte as an uninterrupted run") {
        const Runs& r = runs();
        const std::string out = (r.dir / "killed.lsr").string(), partial = out + ".partial";
        int killed_with_records = 0;
        // At once (perhaps before the header), then at growing shares of the
        // file, each before the last chunk (from 0.925 of the bytes on), which
        // the run writes only once it has read its input's end: the FIFO's
        // end waits for the kill, so every kill lands while the run runs.
        for (const double fraction : {0.0, 1e-9, 0.3, 0.6, 0.9}) {
            CAPTURE(fraction);
            std::filesystem::remove(out);
            std::filesystem::remove(partial);
            const int code = stopped_run(r.queries, out, SIGKILL, fraction);
            const long long left = size_of(partial);
            if (code == -SIGKILL && left > 0 && read_results(partial).records.size() > 0) ++killed_with_records;
            int resumed = -1;
            const std::string err = resume(r.queries, out, resumed);
            CHECK_MESSAGE(resumed == 0, err);
            CHECK(file_text(out) == r.reference);
            CHECK_FALSE(std::filesystem::exists(partial));
        }
        CHECK(killed_with_records >= 3);  // most stops landed mid-run, with records to keep

        // JSON Lines queries resume the same way.
        std::filesystem::remove(out);
        CHECK(stopped_run(r.json_queries, out, SIGKILL, 0.5) == -SIGKILL);
        int resumed = -1;
        resume(r.json_queries, out, resumed);
        CHECK(resumed == 0);
        CHECK(file_text(out) == r.json_reference);
    }

    TEST_CASE(
        "SIGINT and SIGTERM stop a replay cleanly: whole chunks, exit 130 and 143, and the command that resumes it") {
        const Runs& r = runs();
        const std::string out = (r.dir / "signalled.lsr").string(), partial = out + ".partial";
        for (const int sig : {SIGINT, SIGTERM}) {
            CAPTURE(sig);
            std::filesystem::remove(out);
            std::filesystem::remove(partial);
            CHECK(stopped_run(r.queries, out, sig, 0.3) == 128 + sig);
            const std::string err = file_text(r.dir / "stopped.err");
            CHECK(err.find(std::string("stopped by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") + " after ") !=
                  std::string::npos);
            const ReadBack back = read_results(partial);
            CHECK_FALSE(back.truncation);  // flushed after a whole chunk, nothing torn
            CHECK(back.end == ResultsEnd::incomplete);
            CHECK(back.records.size() % 4096 == 0);
            CHECK(err.find(std::to_string(back.records.size()) + " results are in " + partial) != std::string::npos);
            CHECK_FALSE(std::filesystem::exists(out));
            // The command it prints finishes the file.
            const std::size_t at = err.find("resume with: levelsweep ");
            REQUIRE(at != std::string::npos);
            const std::string command = err.substr(at + 24, err.find('\n', at) - at - 24);
            CHECK(command.find(" --resume") != std::string::npos);
            CHECK(run_cli(command + " -q").exit_code == 0);
            CHECK(file_text(out) == r.reference);
        }
    }

    TEST_CASE("a replay reading standard input stops at once on SIGINT, and says it cannot be resumed") {
        const Runs& r = runs();
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        const std::string out = (r.dir / "stdin.lsr").string();
        const Child child = start_cli({"replay", street, "-", "-q", "-o", out}, r.dir / "stdin.out",
                                      r.dir / "stdin.err", fds[0], fds[1]);
        ::close(fds[0]);
        const std::string line = R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                 "\n";
        REQUIRE(::write(fds[1], line.data(), line.size()) == static_cast<ssize_t>(line.size()));
        REQUIRE(wait_for_size(child, out + ".partial", 64));  // the header: it runs, and waits for more input
        ::kill(child.pid, SIGINT);
        CHECK(wait_for(child) == 130);  // the blocked read gave way
        ::close(fds[1]);
        // The chunk being read was dropped: no result was written, and the
        // partial file it started is gone, so that it blocks no later run.
        CHECK(file_text(r.dir / "stdin.err").find("no result was written, so nothing is left to resume") !=
              std::string::npos);
        CHECK_FALSE(std::filesystem::exists(out + ".partial"));
    }

    TEST_CASE("a replay blocked reading a pipe stops at once on SIGINT, whichever of its threads the signal lands on") {
        // The signal sent to each thread but the one blocked in the read: a
        // signal cuts short only a read on its own thread, so the handler
        // must wake the reader (interrupt.cpp, read_stop.hpp).
        const Runs& r = runs();
        const std::string out = (r.dir / "threads.lsr").string();
        for (int round = 0; round < 3; ++round) {
            CAPTURE(round);
            std::filesystem::remove(out + ".partial");
            int fds[2];
            REQUIRE(::pipe(fds) == 0);
            const Child child = start_cli({"replay", street, "-", "-q", "--threads", "2", "-o", out},
                                          r.dir / "threads.out", r.dir / "threads.err", fds[0], fds[1]);
            ::close(fds[0]);
            // A chunk and more: its queries run on both threads, and the next chunk's read waits.
            std::string lines;
            for (int i = 0; i < 5000; ++i)
                lines += R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                         "\n";
            REQUIRE(::write(fds[1], lines.data(), lines.size()) == static_cast<ssize_t>(lines.size()));
            const std::vector<pid_t> others = threads_not_reading(child);
            REQUIRE_FALSE(others.empty());
            for (const pid_t thread : others) ::syscall(SYS_tgkill, child.pid, thread, SIGINT);
            CHECK(wait_for_exit(child, 10.0) == 130);  // the blocked read gave way, though no signal reached it
            ::close(fds[1]);
        }
    }

    TEST_CASE(
        "a partial file that holds only its header, as a run killed before its first record leaves it, stands in no "
        "later run's way") {
        const Runs& r = runs();
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        const std::string out = (r.dir / "header_only.lsr").string(), partial = out + ".partial";
        const Child child = start_cli({"replay", street, "-", "-q", "-o", out}, r.dir / "killed.out",
                                      r.dir / "killed.err", fds[0], fds[1]);
        ::close(fds[0]);
        const std::string line = R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                 "\n";
        REQUIRE(::write(fds[1], line.data(), line.size()) == static_cast<ssize_t>(line.size()));
        REQUIRE(wait_for_size(child, partial, 64));  // the header, and no record: the chunk waits for more lines
        ::kill(child.pid, SIGKILL);                  // which removes nothing
        CHECK(wait_for(child) == -SIGKILL);
        ::close(fds[1]);
        REQUIRE(std::filesystem::exists(partial));
        // Another run, with other queries and without --resume, writes it afresh.
        const CliRun run = run_cli_both("replay " + street + " " + r.queries + " -q -o " + out);
        CHECK_MESSAGE(run.exit_code == 0, run.err);
        CHECK(file_text(out) == r.reference);
        CHECK_FALSE(std::filesystem::exists(partial));
    }

    TEST_CASE("--resume checks the partial file against the run and refuses another run's") {
        const Runs& r = runs();
        const std::string out = (r.dir / "other.lsr").string(), partial = out + ".partial";
        std::filesystem::remove(partial);
        REQUIRE(stopped_run(r.queries, out, SIGTERM, 0.3, "corrected") == 128 + SIGTERM);
        const std::string left = file_text(partial);
        REQUIRE_FALSE(left.empty());
        const auto refused = [&](const std::string& args, const std::string& why) {
            CAPTURE(args);
            const CliRun run = run_cli_both("replay " + args + " -q -o " + out + " --resume");
            CHECK(run.exit_code != 0);
            CHECK_MESSAGE(run.err.find(why) != std::string::npos, run.err);
            CHECK(file_text(partial) == left);  // untouched
        };
        refused(street + " " + r.queries, "its mode is corrected, this run's faithful");
        const std::string other_level = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";
        refused(other_level + " " + r.queries + " --mode corrected --force", "its level is");
        const std::string other_queries = (r.dir / "other.lsq").string();
        REQUIRE(run_cli("record " + street + " " + other_queries + " --seed 6 --mix ray=1 --count " +
                        std::to_string(query_count))
                    .exit_code == 0);
        refused(street + " " + other_queries + " --mode corrected", "are not those its run read");
        refused(street + " - --mode corrected", "standard input cannot be read again");
        // Without --resume the partial file is not overwritten either.
        const CliRun fresh = run_cli_both("replay " + street + " " + r.queries + " -q --mode corrected -o " + out);
        CHECK(fresh.exit_code != 0);
        CHECK(fresh.err.find("holds an interrupted replay: finish it with --resume") != std::string::npos);
        CHECK(file_text(partial) == left);
        // The right run finishes it, however it spells the query file; the
        // file keeps the first run's header, metadata (its spelling) included.
        const std::string detour = (r.dir / "." / "q.lsq").string();
        const CliRun finish =
            run_cli_both("replay " + street + " " + detour + " -q --mode corrected -o " + out + " --resume");
        CHECK(finish.exit_code == 0);
        CHECK_FALSE(std::filesystem::exists(partial));
        const std::string done = file_text(out);
        CHECK(done.compare(0, 64, left, 0, 64) == 0);  // the header proper; the run block holds the checkpoint
        CHECK(done.compare(128, get_u32(left, 20), left, 128, get_u32(left, 20)) == 0);  // the metadata
        CHECK(read_results(out).end == ResultsEnd::complete);
    }

    TEST_CASE("--resume with no partial file runs from the start, and one holding its trailer is only put in place") {
        const Runs& r = runs();
        const std::string out = (r.dir / "nothing.lsr").string(), partial = out + ".partial";
        std::filesystem::remove(out);
        int code = -1;
        CHECK(resume(r.queries, out, code).find("no interrupted run") != std::string::npos);
        CHECK(code == 0);
        CHECK(file_text(out) == r.reference);
        std::filesystem::rename(out, partial);  // killed after the trailer, before the rename
        CHECK(resume(r.queries, out, code).find("resuming") != std::string::npos);
        CHECK(code == 0);
        CHECK(file_text(out) == r.reference);
        CHECK_FALSE(std::filesystem::exists(partial));
    }

    TEST_CASE("info, export and convert call a partial result file incomplete and exit 3 unless --allow-incomplete") {
        const Runs& r = runs();
        const std::string out = (r.dir / "readers.lsr").string(), partial = out + ".partial";
        std::filesystem::remove(partial);
        REQUIRE(stopped_run(r.queries, out, SIGTERM, 0.5) == 128 + SIGTERM);
        const std::size_t kept = read_results(partial).records.size();
        REQUIRE(kept > 0);
        const std::string words =
            "incomplete: " + std::to_string(kept) + " of " + std::to_string(query_count) + " queries";
        const CliRun info = run_cli_both("info " + partial);
        CHECK(info.exit_code == 3);
        CHECK(info.out.find("records     " + words) != std::string::npos);
        CHECK(info.err.find(words) != std::string::npos);
        CHECK(run_cli("info " + partial + " --allow-incomplete").exit_code == 0);
        const std::string text = (r.dir / "readers.jsonl").string();
        const CliRun convert = run_cli_both("convert " + partial + " " + text);
        CHECK(convert.exit_code == 3);
        CHECK(convert.err.find(words) != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(text));  // nothing half-done put in place
        CHECK(run_cli("convert " + partial + " " + text + " --allow-incomplete").exit_code == 0);
        CHECK(json_lines(file_text(text)).size() == kept + 1);
        const CliRun exported = run_cli_both("export " + partial);
        CHECK(exported.exit_code == 3);
        CHECK(exported.err.find(words) != std::string::npos);
        CHECK(run_cli("info " + street).exit_code == 0);  // a level is described as before
        const CliRun complete = run_cli_both("info " + (r.dir / "ref.lsr").string());
        CHECK(complete.exit_code == 0);
        CHECK(complete.out.find("complete: " + std::to_string(query_count) + " queries") != std::string::npos);
    }
}
