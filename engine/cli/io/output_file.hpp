// levelsweep CLI: an output file that is never left half-written. The command
// writes a temporary file beside it (same folder, so the rename stays on one
// file system; created with O_EXCL under a name no other run uses), and
// commit() renames it into place once the output is whole (after an fsync, so
// that a power loss leaves the old file or the new one). A command that fails
// or is interrupted before commit() removes the temporary file (interrupt.hpp)
// and leaves any existing file as it was.
//
// "-" is standard output, for every output that is text; a binary output
// refuses it (a level, a query or result file is no terminal's, and a file
// named "-" is spelled ./-). Targets that are not regular files (/dev/null, a
// pipe, a terminal) are written directly, on purpose: a rename would replace
// the device node, and a pipe is how a reader asks for the bytes as they come.
// A symbolic link is followed: the file it points to is replaced, the link kept.
#pragma once

#include <filesystem>
#include <string>

#include "levelsweep/file_error.hpp"

namespace levelsweep::cli {

// What an output holds: text may go to standard output, binary may not.
enum class OutputContent { text, binary };

class OutputFile {
public:
    // Throws std::runtime_error naming the output when it is a directory, "-"
    // for a binary output (saying what it is: `what`), or when no temporary
    // file can be made beside it.
    OutputFile(std::string path, OutputContent content, const std::string& what = "the output");
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // True for "-": the command writes to std::cout itself.
    bool to_standard_output() const { return standard_output_; }
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
    bool standard_output_ = false;
    bool direct_ = false;
    bool committed_ = false;
    int slot_ = -1;
};

}  // namespace levelsweep::cli
