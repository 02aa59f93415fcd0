// levelsweep: a binary query file read by ranges of records, each at its
// offset, so that the ranks of a job read only the queries they run. A range
// reads as `replay`'s reader reads those records (the same queries, the same
// malformed records), and digests its own bytes, so that the digests of the
// ranges, carried on from the file's header, give the digest a replay of the
// whole file records (InputDigest::append).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep {

class QueryFileRanges {
public:
    // Opens and checks `path`: a regular file, a binary query file, plain (a
    // gzip stream, blocked or not, and JSON Lines have no record at a known
    // offset), whose size is exactly the records its header counts (whole
    // records, when its writer did not close). Throws ReplayFileError saying
    // what to do otherwise (gunzip it, convert it, or replay it with `replay`,
    // which reads a file cut short up to its cut).
    explicit QueryFileRanges(const std::filesystem::path& path);

    const std::string& name() const { return name_; }
    const QueryFileHeader& header() const { return header_; }
    // The records the file holds.
    std::uint64_t count() const { return count_; }
    // The file's size in bytes.
    std::uint64_t bytes() const { return bytes_; }
    // The digest of its header and metadata: what a replay has read before
    // its first query.
    const InputDigest& head() const { return head_; }

    // Records [first, end) as a query source (its header is the file's), whose
    // consumed() is the digest of those records' bytes alone. A file that
    // shrinks meanwhile throws ReplayFileError when the source reads.
    std::unique_ptr<QuerySource> range(std::uint64_t first, std::uint64_t end) const;

private:
    std::string name_;
    QueryFileHeader header_;
    std::uint64_t count_ = 0, bytes_ = 0;
    InputDigest head_;
};

}  // namespace levelsweep
