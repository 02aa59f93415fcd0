// levelsweep (detail): the bytes of a regular file the replay tools read, in
// large reads, whatever its form:
//   - plain: read(2) straight into the caller's buffer (small reads through a
//     buffer of its own);
//   - blocked gzip (blocked_gzip.hpp; BGZF too): every member inflated in
//     parallel by libdeflate, each straight into its place in the caller's
//     buffer (its size is in its trailer, so every place is known first);
//   - any other gzip: the decoder every replay reader uses (decoded_input.hpp,
//     zlib's inflate), serially.
// It delivers exactly the decoder's bytes and ends where and as the decoder
// ends: a blocked member that does not inflate cleanly (a damaged file, one
// cut short, data after the last member) hands the file to the decoder, which
// reads up to that member again and goes on from there, so that the decoder
// has the last word on every file that is not whole and regular. (Standard
// input and pipes are the line reader's: they cannot be read again.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "levelsweep/blocked_gzip.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::detail {

class DecodedInput;

class BulkInput {
public:
    // Throws ReplayFileError: a directory or a device ("is a directory, not a
    // file"), a file that cannot be opened ("cannot open: ...").
    explicit BulkInput(const std::filesystem::path& path);
    ~BulkInput();
    BulkInput(BulkInput&&) noexcept;
    BulkInput& operator=(BulkInput&&) = delete;
    BulkInput(const BulkInput&) = delete;
    BulkInput& operator=(const BulkInput&) = delete;

    // Up to out.size() bytes; fewer only at the end of the data or where it
    // ends early (damage() then says where and why).
    std::size_t read(std::span<std::byte> out);
    // At least one byte, unless at the end: what one large read gives, at most
    // out.size().
    std::size_t read_some(std::span<std::byte> out);
    // Once the data has ended: how, if early, as the decoder says it (a gzip
    // stream cut short or damaged, data after it, a read error).
    const std::optional<ReplayFileError>& damage() const;

    // The data bytes delivered so far (uncompressed).
    std::uint64_t offset() const { return offset_; }
    const std::string& name() const { return name_; }
    // True when the members are inflated in parallel (blocked gzip).
    bool parallel() const { return mode_ == Mode::blocked; }

    // Moves to `offset` in the data, forward or back: a plain file seeks, a
    // blocked one starts at the member its index gives (or reads forward
    // without one), the decoder reads forward (or from the start again).
    // False when the data ends before `offset`. (For starting a reader inside
    // a file: a range of a blocked file's data costs only its own members.)
    bool seek(std::uint64_t offset);

private:
    enum class Mode { plain, blocked, decoded };

    std::size_t fill(std::span<std::byte> out, bool some);
    std::size_t read_plain(std::span<std::byte> out, bool some);
    std::size_t read_blocked(std::span<std::byte> out, bool some);
    std::size_t read_decoded(std::span<std::byte> out, bool some);
    std::size_t take_pending(std::span<std::byte> out);
    bool fill_compressed();
    void to_decoded();
    void open_decoded();

    std::string name_;
    Mode mode_ = Mode::plain;
    int fd_ = -1;
    std::unique_ptr<DecodedInput> decoded_;
    std::uint64_t offset_ = 0;
    std::optional<ReplayFileError> damage_;  // plain and blocked: a read error

    // plain: small reads go through this buffer
    std::vector<std::byte> buffer_;
    std::size_t buffer_at_ = 0, buffer_end_ = 0;

    // blocked: compressed bytes read ahead, [compressed_at_, compressed_end_)
    // not yet inflated, starting at file offset compressed_file_ + compressed_at_;
    // a member's data inflated but not yet delivered, [pending_at_, size)
    std::vector<std::byte> compressed_;
    std::size_t compressed_at_ = 0, compressed_end_ = 0;
    std::uint64_t compressed_file_ = 0;
    bool file_ended_ = false;
    std::vector<std::byte> pending_;
    std::size_t pending_at_ = 0;
    struct Decompressors;
    std::unique_ptr<Decompressors> decompressors_;
    std::optional<std::optional<blocked_gzip::Index>> index_;  // read at the first seek
};

}  // namespace levelsweep::detail
