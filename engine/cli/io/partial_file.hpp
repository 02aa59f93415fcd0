// levelsweep CLI: replay's result file while its run goes, RESULTS.partial
// beside RESULTS (docs/formats.md, "Writing, and an interrupted run"). It is
// held under an exclusive lock (flock) from before its first byte is read or
// written until it is renamed into place, so that two runs never write one:
// the second is refused, naming the first. A partial that is not a regular
// file (a FIFO would block the run, a link would be renamed instead of its
// file) is refused before it is opened, and so is a RESULTS that is not one
// (the rename would replace a FIFO or a device node, or fail on a directory). A partial this run started that holds
// no record when the run ends (refused, failed, or stopped before its first
// chunk) is removed, so that nothing it left stands in the next run's way.
#pragma once

#include <filesystem>
#include <string>

namespace levelsweep::cli {

class PartialFile {
public:
    // Opens (or creates) RESULTS.partial and locks it. Throws std::runtime_error
    // for "-", a RESULTS or partial that is not a regular file, or a partial
    // another run holds.
    explicit PartialFile(const std::string& results);
    ~PartialFile();
    PartialFile(const PartialFile&) = delete;
    PartialFile& operator=(const PartialFile&) = delete;

    const std::filesystem::path& path() const { return partial_; }
    // The descriptor, open for reading and writing, that holds the lock.
    int fd() const { return fd_; }
    // Whether the file was there before this run (an interrupted run's).
    bool existed() const { return existed_; }
    // This run writes the file afresh (created, or an interrupted run's that
    // held nothing): it is removed at the end unless kept().
    void start_afresh() { fresh_ = true; }
    // The file holds records this run wrote: a failure leaves it to resume.
    void keep() { kept_ = true; }
    // Puts the finished file in place as RESULTS (fsynced, renamed under the lock).
    void commit();

private:
    std::string name_;
    std::filesystem::path target_, partial_;
    int fd_ = -1;
    bool existed_ = false, fresh_ = false, kept_ = false, committed_ = false;
};

}  // namespace levelsweep::cli
