// Bounded memory, clear errors (mesh/include/levelsweep/memory_limit.hpp,
// docs/decisions.md "Memory"): a level build, a level load, a mesh read and the
// generator work out what they need and refuse above the limit with the figure
// and what helps; endless inputs end at once; and under an address-space limit
// (prlimit) every failure is a sentence, never std::bad_alloc.
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>

#include "mesh_import_support.hpp"
#include "process_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl";

// 60 slivers along the diagonal of a 100 m cube (4 KB of OBJ): at a cell size
// of 0.25 m each one's box covers all 64 million cells, so the lists would
// need about 15 GB.
std::string slivers() {
    std::string obj;
    for (int i = 0; i < 60; ++i) {
        const double d = 0.001 * i;
        obj += "v " + std::to_string(d) + " 0 0\nv 100 100 100\nv " + std::to_string(d) + " 0.01 0\n";
    }
    for (int i = 0; i < 60; ++i)
        obj +=
            "f " + std::to_string(3 * i + 1) + " " + std::to_string(3 * i + 2) + " " + std::to_string(3 * i + 3) + "\n";
    return obj;
}

}  // namespace

TEST_SUITE("memory cli") {
    TEST_CASE(
        "a level that would pass the memory limit is refused before it is built, with the figure and the option that "
        "helps") {
        const ScratchDir dir("memory_limit");
        const std::string obj = dir.file("slivers.obj", slivers()).string(), out = (dir / "x.lvl").string();
        const auto start = std::chrono::steady_clock::now();
        const CliRun r = run_cli_both("import " + obj + " " + out + " --cell-size 0.25 --memory-limit 2G");
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));  // nothing of 15 GB was touched
        CHECK(r.exit_code != 0);
        CHECK_MESSAGE(
            r.err.find("cell lists 15.1 GiB: 3933353261 words over 64481201 cells of 0.25 m) needs 15.1 GiB") !=
                std::string::npos,
            r.err);
        CHECK(r.err.find("over the memory limit of 2.0 GiB") != std::string::npos);
        CHECK(r.err.find("choose a larger cell size (--cell-size)") != std::string::npos);
        CHECK(r.err.find("LEVELSWEEP_MEMORY_LIMIT") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(out));
        // The environment variable sets the same limit, and the option may come first.
        CHECK(run_shell("LEVELSWEEP_MEMORY_LIMIT=2G " + std::string(LEVELSWEEP_CLI_PATH) + " import " + obj + " " +
                        out + " --cell-size 0.25 2>&1")
                  .out.find("over the memory limit of 2.0 GiB") != std::string::npos);
        CHECK(run_cli_both("--memory-limit 3G import " + obj + " " + out + " --cell-size 0.25")
                  .err.find("limit of 3.0 GiB") != std::string::npos);
        // A larger cell size fits.
        CHECK(run_cli("import " + obj + " " + out + " --cell-size 10 --memory-limit 2G").exit_code == 0);
        const CliRun bad = run_cli_both("import " + obj + " " + out + " --memory-limit lots");
        CHECK(bad.exit_code != 0);
        CHECK(bad.err.find("must be a size such as 8G") != std::string::npos);
    }

    TEST_CASE("generate, level loads and mesh reads check the limit too") {
        const ScratchDir dir("memory_more");
        const CliRun g =
            run_cli_both("generate " + (dir / "g.lvl").string() + " --triangles 100000000 --memory-limit 4G");
        CHECK(g.exit_code != 0);
        CHECK(g.err.find("a street level of 100000000 triangles needs 26.1 GiB, over the memory limit of 4.0 GiB") !=
              std::string::npos);
        CHECK(g.err.find("ask for fewer triangles") != std::string::npos);
        for (const std::string& command : {"info " + street, "replay " + street + " - -q", "query " + street}) {
            CAPTURE(command);
            // The file's 612 KiB are read into memory first, then the load needs 907 KiB.
            const CliRun read = run_cli_both(command + " --memory-limit 256K");
            CHECK(read.exit_code != 0);
            CHECK(read.err.find(street + ": reading the level file needs 611.9 KiB") != std::string::npos);
            const CliRun load = run_cli_both(command + " --memory-limit 700K");
            CHECK(load.exit_code != 0);
            CHECK(load.err.find(street + ": loading the level needs") != std::string::npos);
        }
        const std::string obj = dir.file("m.obj", slivers()).string();
        const CliRun m = run_cli_both("import " + obj + " " + (dir / "x.lvl").string() + " --memory-limit 1K");
        CHECK(m.exit_code != 0);
        CHECK(m.err.find(obj + ": reading the mesh file needs") != std::string::npos);
    }

    TEST_CASE("endless inputs end at once: /dev/zero as a level, a mesh, queries or kernel calls") {
        const std::pair<std::string, std::string> cases[] = {
            {"info /dev/zero", "not a level file"},
            {"replay /dev/zero " + street, "not a level file"},
            {"import /dev/zero /tmp/never.lvl", "not a regular file"},
            {"query " + street + " /dev/zero", "is a device, not a file"},
            {"eval /dev/zero", "is a device, not a file"},
            {"export /dev/zero", "is a device, not a file"},
        };
        for (const auto& [command, says] : cases) check_refused(command, says);
    }

    TEST_CASE("a query line longer than the cap is one error line, read past without being held") {
        // 64 MiB of one line through a pipe (no disk), then a query: the line
        // costs an error and no memory, the query is answered.
        const ScratchDir dir("long_line");
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        // The address-space limit shows the line is not held (in Release: the
        // sanitizers reserve more address space than any such limit allows).
#if defined(LEVELSWEEP_SANITIZED)
        const std::vector<std::string> args{"query", street, "-"};
        const std::string program = LEVELSWEEP_CLI_PATH;
#else
        const std::vector<std::string> args{"--as=536870912", "--", LEVELSWEEP_CLI_PATH, "query", street, "-"};
        const std::string program = "/usr/bin/prlimit";
        REQUIRE(std::filesystem::exists(program));
#endif
        const Child child = start_program(program, args, dir / "out.txt", dir / "err.txt", fds[0], fds[1]);
        ::close(fds[0]);
        const auto old = ::signal(SIGPIPE, SIG_IGN);
        const std::string block(1 << 20, ' ');
        bool written = ::write(fds[1], "{\"kind\": \"ray\"", 14) == 14;
        for (int i = 0; i < 64 && written; ++i)
            for (std::size_t done = 0; done < block.size() && written;) {
                const ssize_t n = ::write(fds[1], block.data() + done, block.size() - done);
                written = n > 0;
                done += static_cast<std::size_t>(std::max<ssize_t>(n, 0));
            }
        const std::string query = "}\n{\"kind\": \"ray\", \"start\": [1, 1, 2], \"move\": [0, 0, -4]}\n";
        written = written && ::write(fds[1], query.data(), query.size()) == static_cast<ssize_t>(query.size());
        ::close(fds[1]);
        ::signal(SIGPIPE, old);
        CHECK(written);
        CHECK(wait_for(child) == 0);
        const auto lines = json_lines(file_text(dir / "out.txt"));
        REQUIRE(lines.size() == 2);
        CHECK(lines[0]["error"].get<std::string>().find("line 1: longer than 1048576 bytes") != std::string::npos);
        CHECK(lines[1]["status"] == "ok");
    }

#if !defined(LEVELSWEEP_SANITIZED)
    TEST_CASE("under an address-space limit (prlimit) the default limit follows it and every failure is a sentence") {
        const ScratchDir dir("prlimit");
        REQUIRE(std::filesystem::exists("/usr/bin/prlimit"));
        const std::string limited = "/usr/bin/prlimit --as=1073741824 -- " + std::string(LEVELSWEEP_CLI_PATH) + " ";
        const std::string obj = dir.file("slivers.obj", slivers()).string(), out = (dir / "x.lvl").string();
        const auto run = [&](const std::string& command) {
            const CliResult r = run_shell(limited + command + " 2>&1");
            CHECK(r.exit_code != 0);
            CHECK(r.out.find("bad_alloc") == std::string::npos);
            return r.out;
        };
        // Half of the 1 GiB address space, without being told.
        CHECK(run("import " + obj + " " + out + " --cell-size 0.25").find("over the memory limit of 512.0 MiB") !=
              std::string::npos);
        CHECK(run("generate " + out + " --triangles 10000000").find("over the memory limit of 512.0 MiB") !=
              std::string::npos);
        // Told a limit the address space cannot give: the allocation fails (the
        // lists' 1.1 GB at 0.6 m cells), and says what to do.
        const std::string failed = run("import " + obj + " " + out + " --cell-size 0.6 --memory-limit 100G");
        CHECK(failed.find("out of memory: the system refused an allocation") != std::string::npos);
        CHECK(failed.find("--memory-limit") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(out));
    }
#endif
}
