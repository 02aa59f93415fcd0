#include "levelsweep/blocked_gzip.hpp"

#include <libdeflate.h>
#include <oneapi/tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include "levelsweep/little_endian.hpp"
#include "levelsweep/parallel_loop.hpp"

namespace levelsweep::detail::blocked_gzip {

namespace {

constexpr std::size_t fixed_header_bytes = 12;  // ID1 ID2 CM FLG MTIME(4) XFL OS XLEN(2)
constexpr std::byte flag_extra{0x04};
// Blocks compressed at once: enough to keep every core busy, few enough to
// keep the writer's memory at a few MiB.
constexpr std::size_t batch_blocks = 64;
// The index: one entry (compressed and data offset, u64 each) per data member,
// at most this many in one index member (whose whole size must stay within 64 KiB).
constexpr std::size_t entry_bytes = 16;
constexpr std::size_t entries_per_member = 4094;
constexpr char index_magic[8] = {'L', 'S', 'W', 'P', 'G', 'Z', 'I', 'X'};
constexpr std::size_t trailer_payload_bytes =
    36;  // magic, members, first index member, data bytes, CRC-32 of the entries
// BGZF's end-of-file marker: an empty member, the last 28 bytes of every BGZF file.
constexpr std::array<unsigned char, 28> eof_marker = {0x1f, 0x8b, 0x08, 0x04, 0,    0, 0,    0, 0,    0xff,
                                                      0x06, 0,    0x42, 0x43, 0x02, 0, 0x1b, 0, 0x03, 0,
                                                      0,    0,    0,    0,    0,    0, 0,    0};
// An empty deflate stream: one final fixed-Huffman block holding only its end code.
constexpr std::array<unsigned char, 2> empty_deflate = {0x03, 0x00};

std::span<const std::byte> as_bytes_of(const auto& array) { return std::as_bytes(std::span(array)); }

// The subfield (SI1, SI2) of an extra field that is a well-formed list of
// subfields; nothing when it is not there or the list is not well formed.
std::optional<std::span<const std::byte>> subfield(std::span<const std::byte> extra, char si1, char si2) {
    std::optional<std::span<const std::byte>> found;
    std::size_t at = 0;
    while (at < extra.size()) {
        if (extra.size() - at < 4) return std::nullopt;
        const std::size_t length = load_u16(extra.data() + at + 2);
        if (extra.size() - at - 4 < length) return std::nullopt;
        if (extra[at] == std::byte(si1) && extra[at + 1] == std::byte(si2) && !found)
            found = extra.subspan(at + 4, length);
        at += 4 + length;
    }
    return found;
}

// A member's header with its extra field: "BC" (the member's size less one,
// BGZF's BSIZE) and `more`, the further subfields (each SI1 SI2 LEN data).
std::vector<std::byte> header_with(std::span<const std::byte> more, std::size_t member_size) {
    ByteWriter w;
    for (const unsigned char b : {0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 0xff})
        w.put(b, 1);  // MTIME 0, XFL 0, OS unknown
    w.u16(static_cast<std::uint16_t>(6 + more.size()));
    w.text("BC", 2);
    w.u16(2);
    w.u16(static_cast<std::uint16_t>(member_size - 1));
    w.bytes().insert(w.bytes().end(), more.begin(), more.end());
    return w.bytes();
}

// An empty member carrying the subfield (si1, si2) with `payload`.
std::vector<std::byte> empty_member(const char (&id)[3], std::span<const std::byte> payload) {
    ByteWriter sub;
    sub.text(id, 2);
    sub.u16(static_cast<std::uint16_t>(payload.size()));
    sub.bytes().insert(sub.bytes().end(), payload.begin(), payload.end());
    const std::size_t size = fixed_header_bytes + 6 + sub.size() + empty_deflate.size() + member_trailer_bytes;
    std::vector<std::byte> m = header_with(sub.bytes(), size);
    const auto deflate = as_bytes_of(empty_deflate);
    m.insert(m.end(), deflate.begin(), deflate.end());
    m.resize(m.size() + member_trailer_bytes);  // CRC-32 and size of no data: zero
    return m;
}

// The payload of the subfield (si1, si2) of an empty member that fills `bytes`.
std::optional<std::span<const std::byte>> empty_member_payload(std::span<const std::byte> bytes, char si1, char si2) {
    const auto m = member_at(bytes);
    if (!m || m->size != bytes.size() || m->size != m->header_bytes + empty_deflate.size() + member_trailer_bytes)
        return std::nullopt;
    const auto tail = bytes.subspan(m->header_bytes);
    if (!std::equal(empty_deflate.begin(), empty_deflate.end(), tail.begin(),
                    [](unsigned char a, std::byte b) { return std::byte(a) == b; }))
        return std::nullopt;
    if (load_u64(tail.data() + empty_deflate.size()) != 0) return std::nullopt;
    return subfield(bytes.subspan(fixed_header_bytes, m->header_bytes - fixed_header_bytes), si1, si2);
}

std::uint32_t crc32_of(std::span<const std::byte> bytes) { return ::libdeflate_crc32(0, bytes.data(), bytes.size()); }

struct CompressorDelete {
    void operator()(libdeflate_compressor* c) const { ::libdeflate_free_compressor(c); }
};
using Compressor = std::unique_ptr<libdeflate_compressor, CompressorDelete>;

// One block of data as a whole member.
void compress_block(libdeflate_compressor& c, std::span<const std::byte> data, std::vector<std::byte>& member) {
    const std::size_t header = fixed_header_bytes + 6;
    member.resize(header + ::libdeflate_deflate_compress_bound(&c, data.size()) + member_trailer_bytes);
    const std::size_t deflated = ::libdeflate_deflate_compress(&c, data.data(), data.size(), member.data() + header,
                                                               member.size() - header - member_trailer_bytes);
    const std::size_t size = header + deflated + member_trailer_bytes;
    if (deflated == 0 || size > max_member_bytes) throw std::logic_error("blocked gzip: a block does not fit a member");
    const std::vector<std::byte> h = header_with({}, size);
    std::memcpy(member.data(), h.data(), header);
    FixedByteWriter w(member.data() + header + deflated);
    w.u32(crc32_of(data));
    w.u32(static_cast<std::uint32_t>(data.size()));
    member.resize(size);
}

}  // namespace

std::optional<Member> member_at(std::span<const std::byte> bytes) {
    if (bytes.size() < fixed_header_bytes || bytes[0] != std::byte{0x1f} || bytes[1] != std::byte{0x8b} ||
        bytes[2] != std::byte{8} || bytes[3] != flag_extra)
        return std::nullopt;
    const std::size_t header = fixed_header_bytes + load_u16(bytes.data() + 10);
    if (bytes.size() < header) return std::nullopt;
    const auto bc = subfield(bytes.subspan(fixed_header_bytes, header - fixed_header_bytes), 'B', 'C');
    if (!bc || bc->size() != 2) return std::nullopt;
    const std::size_t size = std::size_t{load_u16(bc->data())} + 1;
    if (size < header + member_trailer_bytes) return std::nullopt;
    return Member{header, size};
}

std::uint32_t member_data_bytes(std::span<const std::byte> member) {
    return load_u32(member.data() + member.size() - 4);
}

bool inflate_member(libdeflate_decompressor& d, std::span<const std::byte> member, std::span<std::byte> out) {
    const auto m = member_at(member);
    if (!m || m->size != member.size()) return false;
    const auto deflate = member.subspan(m->header_bytes, m->size - m->header_bytes - member_trailer_bytes);
    std::size_t used = 0, made = 0;
    if (::libdeflate_deflate_decompress_ex(&d, deflate.data(), deflate.size(), out.data(), out.size(), &used, &made) !=
            LIBDEFLATE_SUCCESS ||
        used != deflate.size() || made != out.size())
        return false;
    const std::byte* trailer = member.data() + member.size() - member_trailer_bytes;
    return load_u32(trailer) == crc32_of(out) && load_u32(trailer + 4) == out.size();
}

std::optional<Index> read_index(std::uint64_t file_size,
                                const std::function<std::size_t(std::uint64_t at, std::span<std::byte> out)>& read_at) {
    const std::size_t trailer_member =
        fixed_header_bytes + 6 + 4 + trailer_payload_bytes + empty_deflate.size() + member_trailer_bytes;
    const std::size_t tail_bytes = trailer_member + eof_marker.size();
    if (file_size < tail_bytes) return std::nullopt;
    std::vector<std::byte> tail(tail_bytes);
    if (read_at(file_size - tail_bytes, tail) != tail_bytes) return std::nullopt;
    if (!std::equal(eof_marker.begin(), eof_marker.end(), tail.begin() + static_cast<long>(trailer_member),
                    [](unsigned char a, std::byte b) { return std::byte(a) == b; }))
        return std::nullopt;
    const auto t = empty_member_payload(std::span(tail).first(trailer_member), 'L', 'T');
    if (!t || t->size() != trailer_payload_bytes || std::memcmp(t->data(), index_magic, 8) != 0) return std::nullopt;
    const std::uint64_t members = load_u64(t->data() + 8), first = load_u64(t->data() + 16);
    Index index;
    index.data_bytes = load_u64(t->data() + 24);
    const std::uint64_t index_end = file_size - tail_bytes;
    // Every data member takes at least a header and a trailer: a count beyond
    // that is not this file's (and allocates nothing).
    if (first > index_end || members > first / (fixed_header_bytes + 6 + member_trailer_bytes)) return std::nullopt;
    std::vector<std::byte> bytes(index_end - first);
    if (read_at(first, bytes) != bytes.size()) return std::nullopt;
    std::vector<std::byte> entries;
    for (std::size_t at = 0; at < bytes.size();) {
        const auto m = member_at(std::span(bytes).subspan(at));
        if (!m || m->size > bytes.size() - at) return std::nullopt;
        const auto payload = empty_member_payload(std::span(bytes).subspan(at, m->size), 'L', 'I');
        if (!payload || payload->size() % entry_bytes != 0) return std::nullopt;
        entries.insert(entries.end(), payload->begin(), payload->end());
        at += m->size;
    }
    if (entries.size() != members * entry_bytes || crc32_of(entries) != load_u32(t->data() + 32)) return std::nullopt;
    for (std::size_t i = 0; i < members; ++i) {
        const IndexEntry e{load_u64(entries.data() + entry_bytes * i), load_u64(entries.data() + entry_bytes * i + 8)};
        const IndexEntry before = i == 0 ? IndexEntry{} : index.members.back();
        if ((i == 0 && (e.compressed != 0 || e.data != 0)) ||
            (i > 0 && (e.compressed <= before.compressed || e.data < before.data)) || e.compressed >= first ||
            e.data > index.data_bytes)
            return std::nullopt;
        index.members.push_back(e);
    }
    return index;
}

Writer::Writer(Sink sink, int level) : sink_(std::move(sink)), level_(level) {}

Writer::~Writer() = default;

void Writer::write(std::span<const std::byte> data) {
    if (finished_) throw std::logic_error("blocked gzip: write after finish");
    pending_.insert(pending_.end(), data.begin(), data.end());
    if (pending_.size() >= batch_blocks * block_bytes) compress_full_blocks(false);
}

// The pending data's whole blocks (and with `all` its last part block too),
// compressed in parallel, then written in order.
void Writer::compress_full_blocks(bool all) {
    const std::size_t blocks = all ? (pending_.size() + block_bytes - 1) / block_bytes : pending_.size() / block_bytes;
    if (blocks == 0) return;
    if (out_.size() < blocks) out_.resize(blocks);
    tbb::enumerable_thread_specific<Compressor> compressors(
        [this] { return Compressor(::libdeflate_alloc_compressor(level_)); });
    parallel_loop(0, blocks, 1, [&](const auto& range) {
        Compressor& c = compressors.local();
        if (!c) throw std::bad_alloc();
        for (std::size_t b = range.begin(); b != range.end(); ++b) {
            const std::size_t start = b * block_bytes;
            compress_block(*c, std::span(pending_).subspan(start, std::min(block_bytes, pending_.size() - start)),
                           out_[b]);
        }
    });
    for (std::size_t b = 0; b < blocks; ++b) {
        index_.push_back({compressed_, data_});
        sink_(out_[b]);
        compressed_ += out_[b].size();
        data_ += std::min(block_bytes, pending_.size() - b * block_bytes);
    }
    pending_.erase(pending_.begin(),
                   pending_.begin() + static_cast<long>(std::min(pending_.size(), blocks * block_bytes)));
}

void Writer::finish() {
    if (finished_) return;
    finished_ = true;
    compress_full_blocks(true);
    const std::uint64_t first = compressed_;
    std::vector<std::byte> entries;
    for (const IndexEntry& e : index_) {
        ByteWriter w;
        w.u64(e.compressed);
        w.u64(e.data);
        entries.insert(entries.end(), w.bytes().begin(), w.bytes().end());
    }
    for (std::size_t at = 0; at < entries.size(); at += entries_per_member * entry_bytes)
        sink_(empty_member(
            "LI", std::span(entries).subspan(at, std::min(entries_per_member * entry_bytes, entries.size() - at))));
    ByteWriter t;
    t.text(index_magic, 8);
    t.u64(index_.size());
    t.u64(first);
    t.u64(data_);
    t.u32(crc32_of(entries));
    sink_(empty_member("LT", t.bytes()));
    sink_(as_bytes_of(eof_marker));
}

}  // namespace levelsweep::detail::blocked_gzip
