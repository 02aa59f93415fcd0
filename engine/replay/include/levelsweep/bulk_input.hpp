// levelsweep (detail): the bytes of a file the replay tools read, in large
// reads, whatever its form:
//   - plain: read(2) straight into the caller's buffer (small reads through a
//     buffer of its own);
//   - blocked gzip (blocked_gzip.hpp; BGZF too): every member inflated in
//     parallel by libdeflate, each straight into its place in the caller's
//     buffer (its size is in its trailer, so every place is known first);
//   - any other gzip: zlib's gzread, serially, as before.
// It delivers the bytes zlib's gzread delivers, and fails where and as gzread
// fails: a blocked member that does not inflate cleanly (a damaged file, one
// cut short, data after the last member) hands the file to gzread, which reads
// up to that member again and goes on from there, so that zlib has the last
// word on every file that is not whole and regular. (Where a stream is
// damaged, gzread drops the bytes its last call had gathered, as many as the
// caller asked for; this reader keeps every member before the damage, so it
// may deliver more of the file's true bytes than a caller of gzread gets.)
#pragma once

#include <zlib.h>

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

class BulkInput {
public:
    // Throws ReplayFileError: a directory ("is a directory, not a file"), a
    // file that cannot be opened ("cannot open: ...").
    explicit BulkInput(const std::filesystem::path& path);
    // Standard input, plain, read as it arrives.
    struct StandardInput {};
    explicit BulkInput(StandardInput);
    ~BulkInput();
    BulkInput(const BulkInput&) = delete;
    BulkInput& operator=(const BulkInput&) = delete;

    // Why the data ended early: zlib's error code and message as gzerror()
    // gives them ("FILE: unexpected end of file"), and errno for Z_ERRNO.
    struct Damage {
        int code = Z_OK;
        std::string message;
        int error_number = 0;
    };

    // Up to out.size() bytes; fewer only at the end of the data or where it
    // is damaged (as zlib's gzread reads for InStream, replay_io.hpp): damage
    // is told in `damage` ("read error: ..." at the byte where it ends), a
    // gzip stream cut short only by cut_short().
    std::size_t read(std::span<std::byte> out, std::optional<ReplayFileError>& damage);
    // The same, throwing the damage.
    std::size_t read(std::span<std::byte> out);
    // At least one byte, unless at the end or at damage: what arrives at once
    // (the lines a pipe has delivered so far), at most out.size(). damage()
    // then says why the data ended early (a stream cut short included).
    std::size_t read_some(std::span<std::byte> out);
    const std::optional<Damage>& damage() const { return damage_; }
    // After a short read: whether a gzip stream was cut short (zlib's
    // Z_BUF_ERROR), not cleanly ended.
    bool cut_short() const { return damage_ && damage_->code == Z_BUF_ERROR; }

    // The data bytes delivered so far (uncompressed).
    std::uint64_t offset() const { return offset_; }
    const std::string& name() const { return name_; }
    // True when the members are inflated in parallel (blocked gzip).
    bool parallel() const { return mode_ == Mode::blocked; }

    // Moves to `offset` in the data, forward or back: a plain file seeks, a
    // blocked one starts at the member its index gives (or reads forward
    // without one), zlib reads forward (or from the start again). False when
    // the data ends before `offset` (damage() may say why), or for standard input.
    bool seek(std::uint64_t offset);

private:
    enum class Mode { plain, blocked, zlib };

    std::size_t fill(std::span<std::byte> out, bool some);
    std::size_t read_plain(std::span<std::byte> out, bool some);
    std::size_t read_blocked(std::span<std::byte> out, bool some);
    std::size_t read_zlib(std::span<std::byte> out, bool some);
    std::size_t take_pending(std::span<std::byte> out);
    bool fill_compressed();
    void to_zlib();
    void open_zlib();
    void plain_error();
    void zlib_error();

    std::string name_;
    std::filesystem::path path_;
    Mode mode_ = Mode::plain;
    int fd_ = -1;
    bool own_fd_ = true;
    gzFile zlib_ = nullptr;
    std::uint64_t offset_ = 0;
    std::optional<Damage> damage_;

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
