// levelsweep (private): the bytes of an input file as every replay reader takes
// them. A gzip stream is decoded (each member of a concatenation in turn, as
// `gzip -d` gives them), any other file is read as it is, and standard input
// ("-") as it arrives (plain). The end is checked, not assumed: a gzip stream
// cut short, one whose data is damaged, bytes after it that are not another
// gzip member, and a read error each end the data with damage() saying where
// and why. Every byte taken is counted and digested (input_digest.hpp).
#pragma once

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "levelsweep/input_digest.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::detail {

// How the data ended early, when it did.
enum class InputDamage {
    cut_short,  // a gzip stream that stops before its end: an interrupted writer
    damaged,    // bytes no writer writes (a broken gzip stream, data after it) or a read error
};

class DecodedInput {
public:
    // "-" reads standard input. Throws ReplayFileError naming the file when it
    // cannot be opened, or is a directory or a device (which never ends).
    explicit DecodedInput(const std::string& path);
    ~DecodedInput();
    DecodedInput(const DecodedInput&) = delete;
    DecodedInput& operator=(const DecodedInput&) = delete;

    // The bytes decoded and not yet taken, decoding more when there are none:
    // empty at the end of the data (standard input: what has arrived).
    std::span<const std::byte> available();
    // Takes the first n bytes of available().
    void take(std::size_t n);
    // Takes up to out.size() bytes into `out`: fewer only at the end of the data.
    std::size_t read(std::span<std::byte> out);
    // The next n bytes (at most 64 KiB) without taking them; fewer at the end.
    std::span<const std::byte> peek(std::size_t n);

    // Once the data has ended: how, if early (the byte where it ended and why).
    const std::optional<ReplayFileError>& damage() const { return damage_; }
    std::optional<InputDamage> damage_kind() const { return kind_; }
    // The bytes taken so far, and their digest.
    std::uint64_t offset() const { return digest_.bytes; }
    const InputDigest& digest() const { return digest_; }
    const std::string& name() const { return name_; }

private:
    bool decode_more();
    bool read_raw();
    void end_early(InputDamage kind, const std::string& why);

    std::string name_;
    int fd_ = -1;
    bool standard_input_ = false;
    bool gzip_ = false;
    bool between_members_ = false;  // a gzip member has ended: another, or the end, follows
    bool raw_ended_ = false;
    bool ended_ = false;
    z_stream z_{};
    std::vector<std::byte> raw_;  // bytes as read (a gzip stream: its compressed bytes)
    std::size_t raw_at_ = 0, raw_end_ = 0;
    std::vector<std::byte> decoded_;  // gzip only: what inflate gave (plain data stays in raw_)
    std::size_t at_ = 0, end_ = 0;    // the untaken part of the data buffer
    InputDigest digest_;
    std::uint64_t raw_read_ = 0;  // bytes read from the file, for "data after the gzip stream"
    std::optional<ReplayFileError> damage_;
    std::optional<InputDamage> kind_;
};

}  // namespace levelsweep::detail
