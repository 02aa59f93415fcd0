// Running the levelsweep CLI from tests (the binary the build just made).
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace levelsweep::test {

struct CliResult {
    int exit_code = -1;
    std::string out;  // standard output
};

// A path in the temp directory, unique to this process (ctest runs test cases
// in parallel processes).
inline std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("levelsweep_" + std::to_string(::getpid()) + "_" + name);
}

// Runs a shell command line and collects its standard output and exit code.
inline CliResult run_shell(const std::string& cmd) {
    CliResult r;
    if (FILE* p = ::popen(cmd.c_str(), "r")) {
        std::array<char, 4096> buf;
        std::size_t n;
        while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
        const int status = ::pclose(p);
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    return r;
}

// Runs `levelsweep <args>` with `input` on standard input; stderr is discarded.
inline CliResult run_cli(const std::string& args, const std::string& input = "") {
    const auto in_path = temp_path("cli_in.txt");
    std::ofstream(in_path) << input;
    const CliResult r =
        run_shell(std::string(LEVELSWEEP_CLI_PATH) + " " + args + " < " + in_path.string() + " 2>/dev/null");
    std::filesystem::remove(in_path);
    return r;
}

inline std::string file_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_text(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
}

struct CliRun {
    int exit_code = -1;
    std::string out, err;
};

// `levelsweep <args>` with `input` on standard input; standard error kept.
inline CliRun run_cli_both(const std::string& args, const std::string& input = "") {
    const auto in_path = temp_path("cli_in.txt"), err_path = temp_path("cli_err.txt");
    write_text(in_path, input);
    const std::string cmd =
        std::string(LEVELSWEEP_CLI_PATH) + " " + args + " < " + in_path.string() + " 2> " + err_path.string();
    CliRun r;
    if (FILE* p = ::popen(cmd.c_str(), "r")) {
        char buf[4096];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
        const int status = ::pclose(p);
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    r.err = file_text(err_path);
    std::filesystem::remove(in_path);
    std::filesystem::remove(err_path);
    return r;
}

// Runs `levelsweep <command>` and checks that it fails, saying `says` on
// standard error; the run, for further checks.
inline CliRun check_refused(const std::string& command, const std::string& says) {
    CAPTURE(command);
    const CliRun r = run_cli_both(command);
    CHECK(r.exit_code != 0);
    CHECK_MESSAGE(r.err.find(says) != std::string::npos, r.err);
    return r;
}

// Concatenation by appending (GCC 12 warns falsely on some operator+ chains).
template <class... Parts>
std::string join(const Parts&... parts) {
    std::string out;
    (out += ... += parts);
    return out;
}

// Each non-empty output line parsed as JSON.
inline std::vector<nlohmann::json> json_lines(const std::string& out) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

}  // namespace levelsweep::test
