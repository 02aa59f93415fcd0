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

std::optional<FileId> id_of(const std::string& path) {
    struct stat st {};
    if (path == "-" || ::stat(path.c_str(), &st) != 0) return std::nullopt;
    return FileId{st.st_dev, st.st_ino};
}

std::optional<FileId> standard_output_id() {
    struct stat st {};
    if (::fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return FileId{st.st_dev, st.st_ino};
}

// Two outputs that are one file: one inode, or (not yet made) one path.
bool same_output(const std::string& a, const std::string& b) {
    if (a == "-" || b == "-" || a.empty() || b.empty()) return false;
    const auto ia = id_of(a), ib = id_of(b);
    if (ia || ib) return ia == ib;
    std::error_code ec1, ec2;
    return std::filesystem::weakly_canonical(a, ec1) == std::filesystem::weakly_canonical(b, ec2) && !ec1 && !ec2;
}

std::string as_input(const std::string& output, const std::string& input) {
    return output == input ? "is also the input" : "is the same file as the input " + input;
}

}  // namespace

void refuse_overwriting_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                               bool writes_stdout) {
    for (std::size_t o = 0; o < outputs.size(); ++o) {
        for (std::size_t p = o + 1; p < outputs.size(); ++p)
            if (same_output(outputs[o], outputs[p]))
                throw std::runtime_error(outputs[o] + " and " + outputs[p] + " are the same file; choose two outputs");
        const auto out = id_of(outputs[o]);
        if (!out) continue;
        for (const std::string& input : inputs)
            if (id_of(input) == out)
                throw std::runtime_error(outputs[o] + " " + as_input(outputs[o], input) +
                                         ": writing it would destroy the input; choose another output");
    }
    if (!writes_stdout) return;
    if (const auto out = standard_output_id())
        for (const std::string& input : inputs)
            if (id_of(input) == out)
                throw std::runtime_error("standard output is redirected to the input " + input +
                                         ": writing it would destroy the input; redirect it elsewhere");
}

}  // namespace levelsweep::cli
