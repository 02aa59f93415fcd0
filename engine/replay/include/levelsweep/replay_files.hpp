// levelsweep: the replay files. A query file holds recorded queries in fixed
// records; a result file holds, per query and in query order, its status and
// contacts. Both are little-endian binary with a versioned header, described
// byte by byte in docs/formats.md. Readers stream (bounded memory for any file
// size), read gzipped files directly, validate every record, and report where a
// truncated file ends while keeping everything before it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "levelsweep/file_error.hpp"
#include "levelsweep/input_digest.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep {

namespace detail {
class DecodedInput;
}

inline constexpr std::uint32_t query_file_version = 1;
// Version 2 added the expected query count and the trailer that marks a
// finished run; version 3 the run block (what the run read: the checkpoint
// --resume starts from, and the scene). Versions 1 and 2 are still read
// (docs/formats.md).
inline constexpr std::uint32_t result_file_version = 3;
inline constexpr std::size_t query_record_bytes = 112;
// The first eight bytes of each file (docs/formats.md), which tell them apart.
inline constexpr char query_file_magic[8] = {'L', 'S', 'W', 'P', 'Q', 'R', 'Y', 0};
inline constexpr char result_file_magic[8] = {'L', 'S', 'W', 'P', 'R', 'E', 'S', 0};
inline constexpr std::size_t result_contact_bytes = 64;

// A replay file that cannot be read (file, byte offset, reason).
class ReplayFileError : public FileError {
public:
    using FileError::FileError;
};

struct QueryFileHeader {
    std::uint64_t count = 0;           // the records the file holds
    std::uint64_t level_checksum = 0;  // Level::checksum() it was recorded against; 0 for none
    std::string metadata;              // free text (JSON by convention), may be empty
};

// One query as read: a record that fails its CRC or names an unknown kind comes
// back as malformed, with `error` saying why, and the replay goes on.
struct QueryRecord {
    Query query;
    bool malformed = false;
    std::string error;
    std::uint64_t position = 0;  // the record's index in a binary file, or its line in JSON Lines
    std::string text;            // JSON Lines: a malformed line itself (a scene line, for `query` and `replay --scene`)
};

// Fixed-size records: encode/decode one (for the writer, the reader and tests).
void encode_query_record(const Query& q, std::span<std::byte, query_record_bytes> out);
// Returns an empty string, or why the record is malformed (q is then Query{}).
std::string decode_query_record(std::span<const std::byte, query_record_bytes> in, Query& q);

class QueryFileWriter {
public:
    // The count is patched in when the writer closes.
    QueryFileWriter(const std::filesystem::path& path, std::uint64_t level_checksum, const std::string& metadata);
    ~QueryFileWriter();
    QueryFileWriter(const QueryFileWriter&) = delete;
    QueryFileWriter& operator=(const QueryFileWriter&) = delete;
    void write(const Query& q);
    void close();
    std::uint64_t written() const { return count_; }

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::uint64_t count_ = 0;
};

// Reads a binary query file, plain or gzipped.
class QueryFileReader {
public:
    explicit QueryFileReader(const std::filesystem::path& path);
    // A file already opened (open_queries looks at its first bytes to choose the reader).
    explicit QueryFileReader(std::unique_ptr<detail::DecodedInput> input);
    ~QueryFileReader();
    QueryFileReader(const QueryFileReader&) = delete;
    QueryFileReader& operator=(const QueryFileReader&) = delete;
    const QueryFileHeader& header() const { return header_; }
    // Fills up to out.size() records; 0 at the end of the file.
    std::size_t read(std::span<QueryRecord> out);
    // Set once the file ended inside a record (or short of the header's count):
    // the byte offset where it ends. Every record before it was returned.
    std::optional<ReplayFileError> truncation() const { return truncation_; }
    // True when the file's first bytes are a query file's magic (plain or gzipped).
    static bool looks_like(const std::filesystem::path& path);
    // The bytes read so far (the header, the metadata and the records
    // returned; uncompressed) and their digest.
    const InputDigest& digest() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    QueryFileHeader header_;
    std::optional<ReplayFileError> truncation_;
};

// A query count not known when a run starts (JSON Lines, standard input, a
// query file whose writer did not close).
inline constexpr std::uint64_t unknown_query_count = ~std::uint64_t{0};

// Where a run stood when it last flushed its records: the query records it
// had read (the stream's, scene lines included), the records behind them in
// the file, and the digest of the query input's bytes up to there. A resumed
// run starts from it (docs/formats.md, "Resuming a replay").
struct ResultCheckpoint {
    std::uint64_t queries = 0;
    std::uint64_t records = 0;
    InputDigest input;
    bool operator==(const ResultCheckpoint&) const = default;
};

// What a result file records about the run that made it.
struct ResultFileHeader {
    std::uint64_t level_checksum = 0;
    std::uint32_t quirks = 0;        // Quirks::bits() of the run's mode
    std::string path = "reference";  // "reference" or "batch"
    std::string isa = "scalar";
    std::string metadata;
    // The queries the run was given, when known at its start (unknown_query_count otherwise).
    std::uint64_t expected_count = unknown_query_count;
    // Version 3: the scene file's digest (no bytes: no scene), and the checkpoint.
    InputDigest scene;
    ResultCheckpoint checkpoint;
    std::uint32_t version = result_file_version;  // as read; the writer writes result_file_version
};

// One query's result as stored.
struct ResultRecord {
    std::uint64_t index = 0;  // the query's position in its query file
    QueryKind kind = QueryKind::sphere_sweep;
    bool malformed = false;  // the query record was malformed: nothing ran
    QueryResult result;
    std::vector<MeshContact> contacts;
};

// Where an interrupted file's whole records end, to append to it (ResultFileReader
// says: records_end() and records_read()), and its scene (for its checkpoints).
struct ResultFileResume {
    std::uint64_t records_end = 0;
    std::uint64_t records = 0;
    InputDigest scene;
};

class ResultFileWriter {
public:
    // Writes and flushes the header (a file with no records yet); an unknown
    // path or ISA name or metadata over 1 MiB throws before the file is created.
    ResultFileWriter(const std::filesystem::path& path, const ResultFileHeader& header);
    // Reopens a file an interrupted run left, cuts it after its last whole
    // record and appends from there: the file then ends as one written at once.
    ResultFileWriter(const std::filesystem::path& path, const ResultFileResume& resume);
    // The same two on a file already open for reading and writing (`replay`'s
    // locked RESULTS.partial): the writer writes through a duplicate of `fd`,
    // from its start (cut to nothing) or from resume.records_end.
    ResultFileWriter(int fd, const std::string& name, const ResultFileHeader& header);
    ResultFileWriter(int fd, const std::string& name, const ResultFileResume& resume);
    // Closes the file without the trailer: a run that did not reach close()
    // (an exception, an interruption) leaves a file that reads as incomplete.
    ~ResultFileWriter();
    ResultFileWriter(const ResultFileWriter&) = delete;
    ResultFileWriter& operator=(const ResultFileWriter&) = delete;
    // Refuses (std::invalid_argument) what the reader would refuse: more than
    // 255 contacts, a result.count other than contacts.size(), an unknown kind
    // or status; after close(), std::logic_error.
    void write(const ResultRecord& r);
    // Appends the record's bytes to `out`, checked as write() checks them; it
    // touches no writer, so threads encode their records at once (a replay
    // does, each into a buffer of its own, which keeps its capacity).
    static void encode(const ResultRecord& r, std::vector<std::byte>& out);
    // Writes one record encode() made: the bytes write(r) writes. Throws
    // std::invalid_argument when `record` is not one whole record.
    void write_encoded(std::span<const std::byte> record);
    // Writes `count` records encode() made, one after the other, at once: the
    // bytes write_encoded() writes for each. Throws std::invalid_argument when
    // `records` is not `count` whole records.
    void write_records(std::span<const std::byte> records, std::uint64_t count);
    // Each record is complete on disk once flushed; an interrupted run leaves a
    // readable prefix.
    void flush();
    // Flushes, then writes `c` into the header's run block: what a resumed run
    // trusts. The records go first, so a run killed between the two leaves a
    // checkpoint behind its records, never ahead of them.
    void checkpoint(const ResultCheckpoint& c);
    // Writes the trailer (the record count: the file is complete) and closes.
    void close();
    std::uint64_t written() const;  // records in the file, those a resumed file held included

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// How a result file's records ended, once ResultFileReader::next returned false.
enum class ResultsEnd {
    complete,    // the trailer: the run that wrote the file finished
    incomplete,  // no trailer: the run was interrupted (the data may end inside a record)
    damaged,     // bytes no writer writes (a CRC mismatch, a field out of range): the read stopped there
    unmarked,    // version 1, which does not record whether its run finished
};

class ResultFileReader {
public:
    explicit ResultFileReader(const std::filesystem::path& path);
    ~ResultFileReader();
    ResultFileReader(const ResultFileReader&) = delete;
    ResultFileReader& operator=(const ResultFileReader&) = delete;
    const ResultFileHeader& header() const { return header_; }
    // The next record, or false at the end (or at a torn or corrupt record,
    // which truncation() then describes).
    bool next(ResultRecord& r);
    // Set once the read stopped early: the byte offset where the file ends
    // inside a record (or where a corrupt record starts) and why. Offsets count
    // uncompressed bytes. Every record before it was returned.
    std::optional<ReplayFileError> truncation() const { return truncation_; }
    // Once next() returned false: how the records ended.
    ResultsEnd end() const { return end_; }
    // "complete: N queries", "incomplete: N of M queries" (and where a torn
    // record starts), the damage, or what a version-1 file cannot say.
    std::string end_text() const;
    std::uint64_t records_read() const { return records_; }
    // The byte just past the last whole record returned (the end of the
    // metadata before the first): where a resumed run appends.
    std::uint64_t records_end() const { return records_end_; }
    static bool looks_like(const std::filesystem::path& path);
    // True for a file that holds no record: an interrupted run cut it inside
    // its own header or metadata, or right after them (a SIGKILL before its
    // first chunk was written): it holds nothing to keep or resume. A file
    // that does not start as a result file is not one (the reader refuses it).
    static bool holds_no_record(const std::filesystem::path& path);
    // The count of the trailer a plain file ends with, when its last 32 bytes
    // are one (its magic, CRC and reserved bytes), without reading a record:
    // a quick look, for a distributed job's plan over many shards (the merge
    // reads each whole, and next() and end() check everything else).
    static std::optional<std::uint64_t> trailer_count(const std::filesystem::path& path);

private:
    bool read_record(ResultRecord& r);
    bool read_trailer(std::uint64_t at);

    struct Impl;
    std::unique_ptr<Impl> impl_;
    ResultFileHeader header_;
    std::optional<ReplayFileError> truncation_;
    ResultsEnd end_ = ResultsEnd::incomplete;
    std::uint64_t records_ = 0;
    std::uint64_t records_end_ = 0;
};

}  // namespace levelsweep
