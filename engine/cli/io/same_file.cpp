#include "io/same_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <stdexcept>

namespace levelsweep::cli {

namespace {

struct FileId {
    dev_t device;
    ino_t inode;
    bool operator==(const FileId&) const = default;
};

std::optional<FileId> id_of_descriptor(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;  // a terminal, a pipe: nothing to destroy
    return FileId{st.st_dev, st.st_ino};
}

// What a name stands for: "-" is the stream the command reads or writes.
std::optional<FileId> id_of(const std::string& path, bool as_output) {
    if (path == "-") return id_of_descriptor(as_output ? STDOUT_FILENO : STDIN_FILENO);
    struct stat st {};
    if (path.empty() || ::stat(path.c_str(), &st) != 0) return std::nullopt;
    return FileId{st.st_dev, st.st_ino};
}

std::string spelled(const std::string& path, bool as_output) {
    return path == "-" ? (as_output ? "standard output" : "standard input") : path;
}

// Two outputs that are one file: one inode, or (not yet made) one path.
bool same_output(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty()) return false;
    if (a == "-" && b == "-") return true;
    const auto ia = id_of(a, true), ib = id_of(b, true);
    if (ia || ib) return ia == ib;
    if (a == "-" || b == "-") return false;
    std::error_code ec1, ec2;
    return std::filesystem::weakly_canonical(a, ec1) == std::filesystem::weakly_canonical(b, ec2) && !ec1 && !ec2;
}

}  // namespace

void refuse_overwriting_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& given,
                               bool writes_stdout) {
    std::vector<std::string> outputs = given;
    bool stdout_listed = false;
    for (const std::string& o : outputs) stdout_listed |= o == "-";
    if (writes_stdout && !stdout_listed) outputs.push_back("-");
    for (std::size_t o = 0; o < outputs.size(); ++o) {
        for (std::size_t p = o + 1; p < outputs.size(); ++p)
            if (same_output(outputs[o], outputs[p]))
                throw std::runtime_error(spelled(outputs[o], true) + " and " + spelled(outputs[p], true) +
                                         " are the same file; choose two outputs");
        const auto out = id_of(outputs[o], true);
        if (!out) continue;
        for (const std::string& input : inputs)
            if (id_of(input, false) == out) {
                const std::string in = spelled(input, false);
                if (outputs[o] == "-")
                    throw std::runtime_error("standard output is redirected to the input " + in +
                                             ": writing it would destroy the input; redirect it elsewhere");
                throw std::runtime_error(
                    outputs[o] + (outputs[o] == input ? " is also the input" : " is the same file as the input " + in) +
                    ": writing it would destroy the input; choose another output");
            }
    }
}

}  // namespace levelsweep::cli
