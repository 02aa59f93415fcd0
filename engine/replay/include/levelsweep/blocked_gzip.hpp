// levelsweep (detail): blocked gzip, the gzip levelsweep writes
// (docs/formats.md, "Blocked gzip"). The data goes into independent gzip
// members of at most 64 KiB each, laid out as BGZF lays them out (an extra
// field "BC" holding the member's size, so that a reader finds every member
// without inflating the one before it); after them come index members (the
// compressed and uncompressed offset of every data member) and BGZF's
// end-of-file marker. The index members and the marker hold no data, so any
// gzip reader (zcat, zlib's gzread) gives back exactly what was written;
// levelsweep's readers inflate the members in parallel (bulk_input.hpp) and
// start inside the file through the index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

struct libdeflate_decompressor;

namespace levelsweep::detail::blocked_gzip {

// The data a member holds: BGZF's 0xff00, so that a member stays within
// 64 KiB even when deflate cannot shrink its data.
inline constexpr std::size_t block_bytes = 0xff00;
inline constexpr std::size_t max_member_bytes = 1 << 16;
inline constexpr std::size_t member_trailer_bytes = 8;  // CRC-32 and ISIZE

// A member that starts at the first byte of a span: the gzip header of the
// form blocked gzip writes (deflate, only the extra-field flag, a "BC"
// subfield of two bytes among the subfields) and the member's size.
struct Member {
    std::size_t header_bytes = 0;  // where the deflate data starts
    std::size_t size = 0;          // the whole member, header and trailer included
};
// The member at the start of `bytes` when its header is of that form and its
// size fits what is left of its own header; nothing otherwise (a gzip header
// of another form, or not gzip). `bytes` may end before the member does.
std::optional<Member> member_at(std::span<const std::byte> bytes);
// The data size (ISIZE) of a whole member.
std::uint32_t member_data_bytes(std::span<const std::byte> member);

// Inflates a whole member into `out`, which holds exactly its ISIZE bytes:
// true when the deflate data ends where the trailer starts and the data has
// the trailer's CRC-32 and size. A member that fails is left to zlib, which
// then says why (bulk_input.hpp).
bool inflate_member(libdeflate_decompressor& d, std::span<const std::byte> member, std::span<std::byte> out);

// Where a data member lies: its first byte in the file, its first data byte in
// the data.
struct IndexEntry {
    std::uint64_t compressed = 0;
    std::uint64_t data = 0;
};
// The index at the end of a file of `file_size` bytes, read through `read_at`
// (bytes at an offset, fewer at the end of the file): the data members' offsets
// in order and the data's whole size; nothing when the file does not end in a
// whole, consistent index (a file cut short, another gzip, BGZF from htslib).
struct Index {
    std::vector<IndexEntry> members;
    std::uint64_t data_bytes = 0;
};
std::optional<Index> read_index(std::uint64_t file_size,
                                const std::function<std::size_t(std::uint64_t at, std::span<std::byte> out)>& read_at);

// Writes blocked gzip to `sink` (the compressed bytes, in order): the data
// cut into blocks, a batch of blocks compressed at once in parallel (TBB),
// then, at finish(), the index and the end-of-file marker.
class Writer {
public:
    using Sink = std::function<void(std::span<const std::byte>)>;
    explicit Writer(Sink sink, int level = 6);
    ~Writer();
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    void write(std::span<const std::byte> data);
    // The last block, the index and the marker; the writer takes no more data.
    void finish();

private:
    void compress_full_blocks(bool all);

    Sink sink_;
    int level_;
    std::vector<std::byte> pending_;           // data not yet compressed
    std::vector<std::vector<std::byte>> out_;  // one member per block of a batch
    std::vector<IndexEntry> index_;
    std::uint64_t compressed_ = 0, data_ = 0;  // written so far
    bool finished_ = false;
};

}  // namespace levelsweep::detail::blocked_gzip
