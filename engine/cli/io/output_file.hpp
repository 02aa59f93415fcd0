// levelsweep CLI: an output file that is never left half-written. The command
// writes a temporary file beside it (same folder, so the rename stays on one
// file system), and commit() renames it into place once the output is whole
// (after an fsync, so that a power loss leaves the old file or the new one).
// A command that fails or is interrupted before commit() removes the temporary
// file (interrupt.hpp) and leaves any existing file as it was.
//
// Standard output ("-") and targets that are not regular files (/dev/null, a
// pipe, a terminal) are written directly: they cannot be replaced by a rename.
// A symbolic link is followed: the file it points to is replaced, the link kept.
#pragma once

#include <filesystem>
#include <string>

#include "levelsweep/file_error.hpp"

namespace levelsweep::cli {

class OutputFile {
public:
    // Throws std::runtime_error naming the output when it is a directory or no
    // temporary file can be made beside it.
    explicit OutputFile(std::string path);
    // A resumable output: written as PATH.partial beside it (created by the
    // writer, not here), which a failed or interrupted run leaves for a later
    // one to finish. Standard output is refused: it cannot be resumed.
    struct Resumable {};
    OutputFile(std::string path, Resumable);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Where to write until commit(): the temporary file, or the output itself
    // when it is written directly ("-" for standard output).
    const std::filesystem::path& writing() const { return writing_; }
    // Calls write(writing()); a FileError it throws about the temporary file
    // names the output instead (the user never named the temporary file).
    template <class Write>
    void write(Write&& write) const {
        try {
            write(writing_);
        } catch (const FileError& e) {
            if (e.file() != writing_.string()) throw;
            throw FileError(name_, e.offset(), e.reason());
        }
    }
    // The output as the user named it.
    const std::string& name() const { return name_; }
    // Puts the finished output in place; throws std::runtime_error when it cannot.
    void commit();

private:
    std::string name_;
    std::filesystem::path target_;   // the file replaced (a link's target)
    std::filesystem::path writing_;  // the temporary file, or the target itself
    std::string writing_text_;       // writing_ as the signal handler reads it
    bool direct_ = false;
    bool keep_ = false;              // a resumable output's partial file stays on failure
    bool committed_ = false;
    int slot_ = -1;
};

}  // namespace levelsweep::cli
