#include "io/same_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

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

std::string as_input(const std::string& output, const std::string& input) {
    return output == input ? "is also the input" : "is the same file as the input " + input;
}

}  // namespace

void refuse_overwriting_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                               bool writes_stdout) {
    for (std::size_t o = 0; o < outputs.size(); ++o) {
        const auto out = id_of(outputs[o]);
        if (!out) continue;
        for (const std::string& input : inputs)
            if (id_of(input) == out)
                throw std::runtime_error(outputs[o] + " " + as_input(outputs[o], input) +
                                         ": writing it would destroy the input; choose another output");
        for (std::size_t p = o + 1; p < outputs.size(); ++p)
            if (id_of(outputs[p]) == out)
                throw std::runtime_error(outputs[o] + " and " + outputs[p] + " are the same file; choose two outputs");
    }
    if (!writes_stdout) return;
    if (const auto out = standard_output_id())
        for (const std::string& input : inputs)
            if (id_of(input) == out)
                throw std::runtime_error("standard output is redirected to the input " + input +
                                         ": writing it would destroy the input; redirect it elsewhere");
}

}  // namespace levelsweep::cli
