// The result file (docs/formats.md, "The result file"): a 64-byte header, the
// metadata, then one variable-size record per query, each ending in its CRC-32,
// so that a torn record at the end of an interrupted run is detected and every
// record before it is kept, then a trailer written only when the run finishes,
// so that a file without it reads as incomplete. The reader accepts only what
// the writer writes (reserved bytes zero, flags 0 or 1), so every file it reads
// rewrites to the same bytes.
#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>

#include "decoded_input.hpp"
#include "levelsweep/little_endian.hpp"
#include "replay_io.hpp"

namespace levelsweep {

using detail::ByteWriter;
using detail::FixedByteWriter;
using detail::load_f32;
using detail::load_u16;
using detail::load_u32;
using detail::load_u64;

namespace {

constexpr char trailer_magic[8] = {'L', 'S', 'W', 'P', 'E', 'N', 'D', 0};
// Versions 1 and 2: the 64-byte header; version 3 adds the run block after it.
constexpr std::size_t header_bytes = 64;
constexpr std::size_t run_block_bytes = 64;
constexpr std::size_t header_bytes_v3 = header_bytes + run_block_bytes;
// The trailer: a size word of 0 (no record has it), the magic, the record
// count, 8 reserved zero bytes, and a CRC-32 of the 28 bytes before it.
constexpr std::size_t trailer_bytes = 32;
constexpr std::size_t record_fixed_bytes = 56;  // before the contacts
constexpr std::size_t record_crc_bytes = 4;
constexpr std::uint32_t max_metadata = 1u << 20;
constexpr std::uint8_t malformed_status = 0xff;

// Run descriptions stored as one byte each.
constexpr const char* paths[] = {"reference", "batch"};
constexpr const char* isas[] = {"scalar", "sse4", "avx2", "avx512", "neon"};

template <std::size_t N>
std::uint8_t code_of(const std::string& name, const char* const (&names)[N], const char* what) {
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i]) return static_cast<std::uint8_t>(i);
    throw std::invalid_argument(std::string("unknown ") + what + " \"" + name + "\"");
}

void put_vec(FixedByteWriter& w, const Vec3& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}
Vec3 load_vec(const std::byte* p) { return {load_f32(p), load_f32(p + 4), load_f32(p + 8)}; }

bool all_zero(const std::byte* p, std::size_t n) {
    return std::all_of(p, p + n, [](std::byte b) { return b == std::byte{0}; });
}

// The run block (bytes 64 to 127): the checkpoint, the scene's digest, twelve
// reserved zero bytes and a CRC-32 of the 60 before it.
std::vector<std::byte> encode_run_block(const ResultCheckpoint& c, const InputDigest& scene) {
    ByteWriter w;
    w.u64(c.queries);
    w.u64(c.records);
    w.u64(c.input.bytes);
    w.u32(c.input.crc32);
    w.u32(c.input.adler32);
    w.u64(scene.bytes);
    w.u32(scene.crc32);
    w.u32(scene.adler32);
    w.zeros(12);
    w.u32(detail::crc32_of(w.bytes()));
    return w.bytes();
}

// The header, run block and metadata, checked before the file is created.
std::vector<std::byte> encode_header(const ResultFileHeader& h, const std::string& name) {
    if (h.metadata.size() > max_metadata) throw ReplayFileError(name, 20, "metadata over 1 MiB");
    const auto meta = std::as_bytes(std::span(h.metadata.data(), h.metadata.size()));
    ByteWriter w;
    w.text(result_file_magic, 8);
    w.u32(result_file_version);
    w.u32(header_bytes_v3);
    w.u32(result_contact_bytes);
    w.u32(static_cast<std::uint32_t>(h.metadata.size()));
    w.u64(h.level_checksum);
    w.u32(h.quirks);
    w.put(code_of(h.path, paths, "path"), 1);
    w.put(code_of(h.isa, isas, "ISA"), 1);
    w.zeros(2);
    w.u32(detail::crc32_of(meta));  // the metadata is covered like every other byte
    w.u64(h.expected_count);
    w.zeros(8);
    w.u32(detail::crc32_of(std::span<const std::byte>(w.bytes()).first(60)));
    for (const std::byte b : encode_run_block(h.checkpoint, h.scene)) w.put(std::to_integer<std::uint8_t>(b), 1);
    w.text(h.metadata.data(), h.metadata.size());
    return w.bytes();
}

// A record the reader would refuse is never written.
void check_record(const ResultRecord& r) {
    if (r.contacts.size() > 255) throw std::invalid_argument("a result holds at most 255 contacts");
    if (r.result.count != r.contacts.size())
        throw std::invalid_argument("a result's count (" + std::to_string(r.result.count) +
                                    ") differs from its contacts (" + std::to_string(r.contacts.size()) + ")");
    if (static_cast<int>(r.kind) >= query_kind_count) throw std::invalid_argument("unknown query kind");
    if (static_cast<int>(r.result.status) >= query_status_count) throw std::invalid_argument("unknown query status");
}

std::vector<std::byte> encode_trailer(std::uint64_t records) {
    ByteWriter w;
    w.u32(0);
    w.text(trailer_magic, 8);
    w.u64(records);
    w.zeros(8);
    w.u32(detail::crc32_of(w.bytes()));
    return w.bytes();
}

}  // namespace

// The writer flushes after each chunk of records (flush()): in between, the
// records go out in writes of this size rather than stdio's few kilobytes.
constexpr std::size_t write_buffer_bytes = 1 << 20;

struct ResultFileWriter::Impl {
    detail::OutStream out;
    std::uint64_t written = 0;
    InputDigest scene;
    bool closed = false;
};

ResultFileWriter::ResultFileWriter(const std::filesystem::path& path, const ResultFileHeader& h) {
    const std::vector<std::byte> head = encode_header(h, path.string());
    impl_.reset(new Impl{detail::OutStream(path, write_buffer_bytes), 0, h.scene});
    impl_->out.write(head);
    impl_->out.flush();  // from here on the file reads as a result file, with no records yet
}

ResultFileWriter::ResultFileWriter(const std::filesystem::path& path, const ResultFileResume& resume)
    : impl_(new Impl{detail::OutStream(path, resume.records_end, write_buffer_bytes), resume.records, resume.scene}) {}

ResultFileWriter::ResultFileWriter(int fd, const std::string& name, const ResultFileHeader& h) {
    const std::vector<std::byte> head = encode_header(h, name);
    impl_.reset(new Impl{detail::OutStream(fd, name, 0, write_buffer_bytes), 0, h.scene});
    impl_->out.write(head);
    impl_->out.flush();
}

ResultFileWriter::ResultFileWriter(int fd, const std::string& name, const ResultFileResume& resume)
    : impl_(new Impl{detail::OutStream(fd, name, resume.records_end, write_buffer_bytes), resume.records,
                     resume.scene}) {}

ResultFileWriter::~ResultFileWriter() {
    if (impl_->closed) return;
    try {
        impl_->out.close();  // without the trailer: the run did not finish
    } catch (const ReplayFileError&) {
        // A destructor cannot report it; close() explicitly to see the error.
    }
}

std::uint64_t ResultFileWriter::written() const { return impl_->written; }

void ResultFileWriter::write(const ResultRecord& r) {
    std::vector<std::byte> bytes;
    encode(r, bytes);
    write_encoded(bytes);
}

void ResultFileWriter::write_encoded(std::span<const std::byte> record) {
    if (impl_->closed) throw std::logic_error("ResultFileWriter::write after close");
    if (record.size() < record_fixed_bytes + record_crc_bytes || load_u32(record.data()) != record.size())
        throw std::invalid_argument("ResultFileWriter::write_encoded: not one whole record");
    impl_->out.write(record);
    ++impl_->written;
}

void ResultFileWriter::write_records(std::span<const std::byte> records, std::uint64_t count) {
    if (impl_->closed) throw std::logic_error("ResultFileWriter::write after close");
    std::uint64_t n = 0;
    for (std::size_t at = 0; at < records.size(); ++n) {
        const std::size_t left = records.size() - at;
        const std::size_t size = left < 4 ? 0 : load_u32(records.data() + at);
        if (size < record_fixed_bytes + record_crc_bytes || size > left)
            throw std::invalid_argument("ResultFileWriter::write_records: not whole records");
        at += size;
    }
    if (n != count)
        throw std::invalid_argument("ResultFileWriter::write_records: another number of records than given");
    impl_->out.write_through(records);
    impl_->written += count;
}

void ResultFileWriter::encode(const ResultRecord& r, std::vector<std::byte>& out) {
    check_record(r);
    const std::size_t n = r.contacts.size();
    const std::size_t size = record_fixed_bytes + n * result_contact_bytes + record_crc_bytes;
    const std::size_t at = out.size();
    out.resize(at + size);
    FixedByteWriter w(out.data() + at);
    w.u32(static_cast<std::uint32_t>(size));
    w.u64(r.index);
    w.put(static_cast<std::uint8_t>(r.kind), 1);
    w.put(r.malformed ? malformed_status : static_cast<std::uint8_t>(r.result.status), 1);
    w.put(r.result.overflow ? 1 : 0, 1);
    w.put(n, 1);
    w.u32(r.result.found);
    const QueryStats& s = r.result.stats;
    w.u32(s.cells);
    w.u32(s.entries);
    w.u32(s.extra_entries);
    w.u32(s.kernel_calls);
    for (std::uint32_t h : s.hits_by_branch) w.u32(h);
    for (const MeshContact& c : r.contacts) {
        w.f32(c.fraction);
        w.f32(c.depth);
        put_vec(w, c.normal);
        put_vec(w, c.point);
        put_vec(w, c.direction);
        w.u32(c.triangle);
        w.u32(c.flags);
        w.u16(c.triangle_flags);
        w.u16(c.material);
        w.u32(static_cast<std::uint32_t>(c.inside_mask));
        w.u32(0);
    }
    w.u32(detail::crc32_of(std::span<const std::byte>(out).subspan(at, size - record_crc_bytes)));
}

void ResultFileWriter::flush() {
    if (!impl_->closed) impl_->out.flush();
}

void ResultFileWriter::checkpoint(const ResultCheckpoint& c) {
    if (impl_->closed) throw std::logic_error("ResultFileWriter::checkpoint after close");
    impl_->out.flush();
    impl_->out.patch(header_bytes, encode_run_block(c, impl_->scene));
    impl_->out.flush();
}

void ResultFileWriter::close() {
    if (impl_->closed) return;
    impl_->closed = true;
    impl_->out.write(encode_trailer(impl_->written));
    impl_->out.close();
}

struct ResultFileReader::Impl {
    detail::DecodedInput in;
    bool done = false;
    std::vector<std::byte> record;
};

namespace {

// Version 3's run block, checked (bytes 64 to 127 of the file).
void read_run_block(const std::string& name, std::span<const std::byte, run_block_bytes> b, ResultFileHeader& h) {
    if (load_u32(b.data() + 60) != detail::crc32_of(b.first(60)))
        throw ReplayFileError(name, header_bytes + 60, "run block CRC-32 mismatch");
    if (!all_zero(b.data() + 48, 12)) throw ReplayFileError(name, header_bytes + 48, "reserved bytes are not zero");
    h.checkpoint.queries = load_u64(b.data());
    h.checkpoint.records = load_u64(b.data() + 8);
    h.checkpoint.input = {load_u64(b.data() + 16), load_u32(b.data() + 24), load_u32(b.data() + 28)};
    h.scene = {load_u64(b.data() + 32), load_u32(b.data() + 40), load_u32(b.data() + 44)};
    if (h.checkpoint.records > h.checkpoint.queries)
        throw ReplayFileError(name, header_bytes + 8, "the checkpoint counts more records than queries read");
}

}  // namespace

ResultFileReader::ResultFileReader(const std::filesystem::path& path)
    : impl_(new Impl{detail::DecodedInput(path.string()), false, {}}) {
    const std::string& name = impl_->in.name();
    std::array<std::byte, header_bytes_v3> h;
    const auto first = std::span(h).first<header_bytes>();
    const std::size_t got = impl_->in.read(first);
    if (got < 8 || std::memcmp(h.data(), result_file_magic, 8) != 0)
        throw ReplayFileError(name, 0, "not a levelsweep result file (bad magic)");
    if (got < header_bytes) throw ReplayFileError(name, got, "truncated header (the file ends here)");
    // The version before any CRC, so that a newer file says so.
    header_.version = load_u32(h.data() + 8);
    if (header_.version < 1 || header_.version > result_file_version)
        throw ReplayFileError(name, 8,
                              "unsupported version " + std::to_string(header_.version) + " (this build reads 1 to " +
                                  std::to_string(result_file_version) + ")");
    const std::size_t size = header_.version == 3 ? header_bytes_v3 : header_bytes;
    if (load_u32(h.data() + 12) != size) throw ReplayFileError(name, 12, "header size is not " + std::to_string(size));
    if (load_u32(h.data() + 16) != result_contact_bytes) throw ReplayFileError(name, 16, "contact size is not 64");
    const std::uint32_t meta = load_u32(h.data() + 20);
    if (meta > max_metadata) throw ReplayFileError(name, 20, "metadata length over 1 MiB");
    if (load_u32(h.data() + 60) != detail::crc32_of(first.first(60)))
        throw ReplayFileError(name, 60, "header CRC-32 mismatch");
    if (!all_zero(h.data() + 38, 2)) throw ReplayFileError(name, 38, "reserved bytes are not zero");
    // Version 1 reserved bytes 44 to 59; versions 2 and 3 keep the expected count in 44 to 51.
    const std::size_t reserved = header_.version == 1 ? 44 : 52;
    if (!all_zero(h.data() + reserved, 60 - reserved))
        throw ReplayFileError(name, reserved, "reserved bytes are not zero");
    header_.expected_count = header_.version == 1 ? unknown_query_count : load_u64(h.data() + 44);
    header_.level_checksum = load_u64(h.data() + 24);
    header_.quirks = load_u32(h.data() + 32);
    const auto path_code = std::to_integer<std::size_t>(h[36]), isa_code = std::to_integer<std::size_t>(h[37]);
    if (path_code >= std::size(paths)) throw ReplayFileError(name, 36, "unknown path code");
    if (isa_code >= std::size(isas)) throw ReplayFileError(name, 37, "unknown ISA code");
    header_.path = paths[path_code];
    header_.isa = isas[isa_code];
    if (header_.version == 3) {
        const auto block = std::span(h).subspan<header_bytes, run_block_bytes>();
        const std::size_t n = impl_->in.read(block);
        if (n < run_block_bytes)
            throw ReplayFileError(name, header_bytes + n, "truncated run block (the file ends here)");
        read_run_block(name, block, header_);
    }
    std::string text(meta, '\0');
    const auto text_bytes = std::as_writable_bytes(std::span(text.data(), text.size()));
    if (impl_->in.read(text_bytes) != meta)
        throw ReplayFileError(name, impl_->in.offset(), "truncated metadata (the file ends here)");
    if (load_u32(h.data() + 40) != detail::crc32_of(text_bytes))
        throw ReplayFileError(name, size, "metadata CRC-32 mismatch");
    header_.metadata = std::move(text);
    records_end_ = impl_->in.offset();
}

ResultFileReader::~ResultFileReader() = default;

bool ResultFileReader::next(ResultRecord& r) {
    Impl& im = *impl_;
    if (im.done) return false;
    if (read_record(r)) {
        ++records_;
        records_end_ = im.in.offset();
        return true;
    }
    im.done = true;
    return false;
}

std::string ResultFileReader::end_text() const {
    const std::string n = std::to_string(records_);
    const std::string queries = records_ == 1 ? " query" : " queries";
    const std::string cut = truncation_ ? " (" + std::string(truncation_->what()) + ")" : "";
    switch (end_) {
        case ResultsEnd::complete: return "complete: " + n + queries;
        case ResultsEnd::incomplete:
            return "incomplete: " + n +
                   (header_.expected_count == unknown_query_count
                        ? queries + " (of a total the run did not know)"
                        : " of " + std::to_string(header_.expected_count) + " queries") +
                   cut;
        case ResultsEnd::damaged:
            return "damaged after " + n + queries + ": " + (truncation_ ? truncation_->what() : "?");
        case ResultsEnd::unmarked:
            return "a version 1 file, which does not record whether its run finished: " + n + queries + cut;
    }
    return "?";
}

// One record into `r`; false at the end of the data, at the trailer, or at a
// record that cannot be read (end_ and truncation_ then say how and where).
bool ResultFileReader::read_record(ResultRecord& r) {
    Impl& im = *impl_;
    const std::uint64_t at = im.in.offset();
    const bool marked = header_.version != 1;
    // The data ends (the run did not finish) or holds bytes no writer writes.
    auto ends = [&](std::uint64_t offset, const std::string& why) {
        truncation_ = ReplayFileError(im.in.name(), offset, why);
        end_ = marked ? ResultsEnd::incomplete : ResultsEnd::unmarked;
        return false;
    };
    auto damaged = [&](std::uint64_t offset, const std::string& why) {
        truncation_ = ReplayFileError(im.in.name(), offset, why);
        end_ = ResultsEnd::damaged;
        return false;
    };
    // The data ended before `offset`: how the input says it ended (a gzip
    // stream cut short, or damaged), else at the end of the file.
    auto ended = [&](std::uint64_t offset, const std::string& why) {
        const auto& damage = im.in.damage();
        if (!damage) return ends(offset, why);
        if (im.in.damage_kind() == detail::InputDamage::cut_short) return ends(damage->offset(), damage->reason());
        return damaged(damage->offset(), damage->reason());
    };
    std::array<std::byte, 4> size_bytes;
    const std::size_t got = im.in.read(size_bytes);
    if (got == 0 && !im.in.damage()) {
        end_ = marked ? ResultsEnd::incomplete : ResultsEnd::unmarked;
        return false;
    }
    if (got < 4) return ended(at + got, "the file ends here, inside a record's size");
    const std::uint32_t size = load_u32(size_bytes.data());
    if (size == 0 && marked) return read_trailer(at);
    const std::size_t max_size = record_fixed_bytes + 255 * result_contact_bytes + record_crc_bytes;
    if (size < record_fixed_bytes + record_crc_bytes || size > max_size ||
        (size - record_fixed_bytes - record_crc_bytes) % result_contact_bytes != 0)
        return damaged(at, "bad record size " + std::to_string(size));
    im.record.resize(size);
    std::memcpy(im.record.data(), size_bytes.data(), 4);
    const std::size_t rest = im.in.read(std::span(im.record).subspan(4));
    if (rest < size - 4)
        return ended(at + 4 + rest, "the file ends here, inside the record at byte " + std::to_string(at));
    const std::byte* p = im.record.data();
    if (load_u32(p + size - 4) != detail::crc32_of(std::span<const std::byte>(im.record).first(size - 4)))
        return damaged(at, "record CRC-32 mismatch");
    const std::size_t n = std::to_integer<std::size_t>(p[15]);
    if (size != record_fixed_bytes + n * result_contact_bytes + record_crc_bytes)
        return damaged(at + 15, "contact count disagrees with the record size");
    const auto kind = std::to_integer<std::uint32_t>(p[12]), status = std::to_integer<std::uint32_t>(p[13]);
    if (kind >= static_cast<std::uint32_t>(query_kind_count)) return damaged(at + 12, "unknown query kind");
    // Version 1 knew the statuses up to malformed (5) only.
    const std::uint32_t statuses = marked ? query_status_count : static_cast<std::uint32_t>(QueryStatus::malformed) + 1;
    if (status != malformed_status && status >= statuses) return damaged(at + 13, "unknown status");
    if (std::to_integer<int>(p[14]) > 1) return damaged(at + 14, "overflow is neither 0 nor 1");
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t reserved = record_fixed_bytes + i * result_contact_bytes + 60;
        if (!all_zero(p + reserved, 4)) return damaged(at + reserved, "reserved bytes are not zero");
    }
    r = ResultRecord{};
    r.index = load_u64(p + 4);
    r.kind = static_cast<QueryKind>(kind);
    r.malformed = status == malformed_status;
    r.result.status = r.malformed ? QueryStatus::malformed : static_cast<QueryStatus>(status);
    r.result.overflow = std::to_integer<int>(p[14]) != 0;
    r.result.count = static_cast<std::uint32_t>(n);
    r.result.found = load_u32(p + 16);
    QueryStats& s = r.result.stats;
    s.cells = load_u32(p + 20);
    s.entries = load_u32(p + 24);
    s.extra_entries = load_u32(p + 28);
    s.kernel_calls = load_u32(p + 32);
    for (std::size_t b = 0; b < hit_branch_count; ++b) s.hits_by_branch[b] = load_u32(p + 36 + 4 * b);
    r.contacts.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::byte* c = p + record_fixed_bytes + i * result_contact_bytes;
        MeshContact& m = r.contacts[i];
        m.fraction = load_f32(c);
        m.depth = load_f32(c + 4);
        m.normal = load_vec(c + 8);
        m.point = load_vec(c + 20);
        m.direction = load_vec(c + 32);
        m.triangle = load_u32(c + 44);
        m.flags = load_u32(c + 48);
        m.triangle_flags = load_u16(c + 52);
        m.material = load_u16(c + 54);
        m.inside_mask = static_cast<std::int32_t>(load_u32(c + 56));
    }
    return true;
}

// The trailer whose zero size word starts at `at`: the count must be the
// records read, nothing may follow, and the header must agree: version 3's
// checkpoint within the records, and the expected count (when known) the
// records' (fewer: the run's queries ended early, and it did not finish them).
// Always false (the records have ended).
bool ResultFileReader::read_trailer(std::uint64_t at) {
    Impl& im = *impl_;
    std::array<std::byte, trailer_bytes> t{};
    const std::size_t got = im.in.read(std::span(t).subspan(4));
    end_ = ResultsEnd::damaged;
    auto stop = [&](std::uint64_t offset, const std::string& why) {
        truncation_ = ReplayFileError(im.in.name(), offset, why);
        return false;
    };
    const auto& damage = im.in.damage();
    bool cut_short = damage && im.in.damage_kind() == detail::InputDamage::cut_short;
    if (got < trailer_bytes - 4) {
        if (damage && !cut_short) return stop(damage->offset(), damage->reason());
        end_ = ResultsEnd::incomplete;
        return stop(at + 4 + got, cut_short ? damage->reason()
                                            : "the file ends here, inside the trailer at byte " + std::to_string(at));
    }
    if (std::memcmp(t.data() + 4, trailer_magic, 8) != 0) return stop(at, "bad record size 0 (and not the trailer)");
    if (load_u32(t.data() + 28) != detail::crc32_of(std::span<const std::byte>(t).first(28)))
        return stop(at + 28, "trailer CRC-32 mismatch");
    if (!all_zero(t.data() + 20, 8)) return stop(at + 20, "reserved bytes are not zero");
    const std::uint64_t count = load_u64(t.data() + 12);
    if (count != records_)
        return stop(at + 12, "the trailer counts " + std::to_string(count) + " records, the file holds " +
                                 std::to_string(records_));
    if (!im.in.peek(1).empty()) return stop(at + trailer_bytes, "data after the trailer");
    cut_short =
        damage && im.in.damage_kind() == detail::InputDamage::cut_short;  // the look past the end may have found it
    if (damage && !cut_short) return stop(damage->offset(), damage->reason());
    if (header_.version == 3 && header_.checkpoint.records > records_)
        return stop(header_bytes + 8, "the run block's checkpoint vouches for " +
                                          std::to_string(header_.checkpoint.records) + " records, the file holds " +
                                          std::to_string(records_));
    const std::uint64_t expected = header_.expected_count;
    if (expected != unknown_query_count && records_ > expected)
        return stop(44, "the header expects " + std::to_string(expected) + " queries, the file holds " +
                            std::to_string(records_));
    end_ = ResultsEnd::incomplete;
    if (cut_short) return stop(damage->offset(), damage->reason());  // all the data, but not the gzip stream's end
    if (expected != unknown_query_count && records_ < expected)
        return stop(at, "the run ended after " + std::to_string(records_) + " of the " + std::to_string(expected) +
                            " queries its header expects: its query file ended early");
    end_ = ResultsEnd::complete;
    return false;
}

bool ResultFileReader::looks_like(const std::filesystem::path& path) {
    return detail::starts_with(path,
                               std::span<const std::byte, 8>(reinterpret_cast<const std::byte*>(result_file_magic), 8));
}

bool ResultFileReader::holds_no_record(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::array<std::byte, header_bytes> h{};
    in.read(reinterpret_cast<char*>(h.data()), header_bytes);
    const auto got = static_cast<std::size_t>(in.gcount());
    if (std::memcmp(h.data(), result_file_magic, std::min<std::size_t>(got, 8)) != 0) return false;
    if (got < header_bytes) return true;
    const std::size_t size = load_u32(h.data() + 8) == 3 ? header_bytes_v3 : header_bytes;
    return std::filesystem::file_size(path) <= size + load_u32(h.data() + 20);  // the metadata's length
}

std::optional<std::uint64_t> ResultFileReader::trailer_count(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    const auto size = static_cast<std::int64_t>(in.tellg());
    if (!in || size < static_cast<std::int64_t>(header_bytes + trailer_bytes)) return std::nullopt;
    std::array<std::byte, trailer_bytes> t{};
    in.seekg(size - static_cast<std::int64_t>(trailer_bytes));
    in.read(reinterpret_cast<char*>(t.data()), trailer_bytes);
    if (!in || load_u32(t.data()) != 0 || std::memcmp(t.data() + 4, trailer_magic, 8) != 0 ||
        !all_zero(t.data() + 20, 8) ||
        load_u32(t.data() + 28) != detail::crc32_of(std::span<const std::byte>(t).first(28)))
        return std::nullopt;
    return load_u64(t.data() + 12);
}

}  // namespace levelsweep
