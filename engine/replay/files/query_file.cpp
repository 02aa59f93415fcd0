// The query file (docs/formats.md, "The query file"): a 64-byte header, the
// metadata, then fixed 112-byte records, each with its own CRC-32.
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

#include "decoded_input.hpp"
#include "levelsweep/little_endian.hpp"
#include "levelsweep/parallel_loop.hpp"
#include "replay_io.hpp"

namespace levelsweep {

using detail::ByteWriter;
using detail::load_f32;
using detail::load_u32;
using detail::load_u64;

namespace {

constexpr std::size_t query_header_bytes = 64;
constexpr std::uint64_t unknown_count = ~std::uint64_t{0};  // a writer that did not close
constexpr std::uint32_t query_max_metadata = 1u << 20;

std::span<const std::byte, 8> magic_bytes() {
    return std::span<const std::byte, 8>(reinterpret_cast<const std::byte*>(query_file_magic), 8);
}

std::span<const std::byte> bytes_of(const std::string& text) {
    return std::as_bytes(std::span(text.data(), text.size()));
}

std::vector<std::byte> header_bytes_for(std::uint64_t count, std::uint64_t level_checksum,
                                        const std::string& metadata) {
    ByteWriter w;
    w.text(query_file_magic, 8);
    w.u32(query_file_version);
    w.u32(query_header_bytes);
    w.u32(query_record_bytes);
    w.u32(static_cast<std::uint32_t>(metadata.size()));
    w.u64(count);
    w.u64(level_checksum);
    w.u32(detail::crc32_of(bytes_of(metadata)));  // the metadata's own CRC-32 (0 for none)
    w.zeros(16);
    w.u32(detail::crc32_of(std::span<const std::byte>(w.bytes()).first(60)));
    return w.bytes();
}

// The path, once the metadata is known to fit (checked before the file is created).
const std::filesystem::path& checked(const std::filesystem::path& path, const std::string& metadata) {
    if (metadata.size() > query_max_metadata) throw ReplayFileError(path.string(), 20, "metadata over 1 MiB");
    return path;
}

}  // namespace

void encode_query_record(const Query& q, std::span<std::byte, query_record_bytes> out) {
    ByteWriter w;
    // The kind, what the query collects, then two reserved zero bytes.
    w.u32(static_cast<std::uint32_t>(q.kind) | static_cast<std::uint32_t>(q.settings.collect) << 8);
    w.u32(q.settings.options);
    w.u32(q.settings.body_flags);
    w.u32(q.settings.max_contacts);
    w.f32(q.settings.nz_min);
    w.f32(q.settings.nz_max);
    for (const Vec3& v : {q.start, q.move}) {
        w.f32(v.x);
        w.f32(v.y);
        w.f32(v.z);
    }
    w.f32(q.radius);
    w.f32(q.sphere_height);
    w.f32(q.step_height);
    for (const Vec3& a : q.axes) {
        w.f32(a.x);
        w.f32(a.y);
        w.f32(a.z);
    }
    for (float h : q.half) w.f32(h);
    w.u32(detail::crc32_of(w.bytes()));
    std::memcpy(out.data(), w.bytes().data(), query_record_bytes);
}

std::string decode_query_record(std::span<const std::byte, query_record_bytes> in, Query& q) {
    q = Query{};  // a malformed record leaves the default query, never a previous one
    const std::uint32_t stored = load_u32(in.data() + 108);
    if (stored != detail::crc32_of(in.first(108))) return "record CRC-32 mismatch";
    const std::uint32_t word = load_u32(in.data());
    const std::uint32_t kind = word & 0xff, collect = (word >> 8) & 0xff;
    if (kind >= static_cast<std::uint32_t>(query_kind_count)) return "unknown query kind " + std::to_string(kind);
    if (collect > static_cast<std::uint32_t>(Collect::closest))
        return "unknown collect code " + std::to_string(collect);
    if (word >> 16 != 0) return "reserved bytes 2 and 3 are not zero";
    q.kind = static_cast<QueryKind>(kind);
    q.settings.collect = static_cast<Collect>(collect);
    q.settings.options = load_u32(in.data() + 4);
    q.settings.body_flags = load_u32(in.data() + 8);
    q.settings.max_contacts = load_u32(in.data() + 12);
    q.settings.nz_min = load_f32(in.data() + 16);
    q.settings.nz_max = load_f32(in.data() + 20);
    auto vec = [&](std::size_t at) {
        return Vec3{load_f32(in.data() + at), load_f32(in.data() + at + 4), load_f32(in.data() + at + 8)};
    };
    q.start = vec(24);
    q.move = vec(36);
    q.radius = load_f32(in.data() + 48);
    q.sphere_height = load_f32(in.data() + 52);
    q.step_height = load_f32(in.data() + 56);
    for (std::size_t k = 0; k < 3; ++k) q.axes[k] = vec(60 + 12 * k);
    for (std::size_t k = 0; k < 3; ++k) q.half[k] = load_f32(in.data() + 96 + 4 * k);
    return {};
}

struct QueryFileWriter::Impl {
    Impl(const std::filesystem::path& path, std::uint64_t checksum, const std::string& meta)
        : level_checksum(checksum), metadata(meta), out(checked(path, meta)) {}

    std::uint64_t level_checksum;
    std::string metadata;
    detail::OutStream out;
    bool closed = false;
};

QueryFileWriter::QueryFileWriter(const std::filesystem::path& path, std::uint64_t level_checksum,
                                 const std::string& metadata)
    : impl_(new Impl(path, level_checksum, metadata)) {
    impl_->out.write(header_bytes_for(unknown_count, level_checksum, metadata));
    impl_->out.write(bytes_of(metadata));
}

QueryFileWriter::~QueryFileWriter() {
    try {
        close();
    } catch (const ReplayFileError&) {
        // A destructor cannot report it; close() explicitly to see the error.
    }
}

void QueryFileWriter::write(const Query& q) {
    std::array<std::byte, query_record_bytes> record;
    encode_query_record(q, record);
    impl_->out.write(record);
    ++count_;
}

void QueryFileWriter::close() {
    if (impl_->closed) return;
    impl_->closed = true;
    impl_->out.patch(0, header_bytes_for(count_, impl_->level_checksum, impl_->metadata));
    impl_->out.close();
}

struct QueryFileReader::Impl {
    std::unique_ptr<detail::DecodedInput> input;
    detail::DecodedInput& in;
    std::vector<std::byte> bytes{};  // the records read at once
    std::uint64_t read = 0;
    bool unknown_count = false;
    bool done = false;
};

QueryFileReader::QueryFileReader(const std::filesystem::path& path)
    : QueryFileReader(std::make_unique<detail::DecodedInput>(path.string())) {}

QueryFileReader::QueryFileReader(std::unique_ptr<detail::DecodedInput> input) {
    detail::DecodedInput& in = *input;
    impl_.reset(new Impl{std::move(input), in});
    const std::string& name = impl_->in.name();
    std::array<std::byte, query_header_bytes> h;
    const std::size_t got = impl_->in.read(h);
    if (got < 8 || std::memcmp(h.data(), query_file_magic, 8) != 0)
        throw ReplayFileError(name, 0, "not a levelsweep query file (bad magic)");
    if (got < query_header_bytes) throw ReplayFileError(name, got, "truncated header (the file ends here)");
    if (load_u32(h.data() + 60) != detail::crc32_of(std::span<const std::byte>(h).first(60)))
        throw ReplayFileError(name, 60, "header CRC-32 mismatch");
    if (load_u32(h.data() + 8) != query_file_version)
        throw ReplayFileError(name, 8,
                              "unsupported version " + std::to_string(load_u32(h.data() + 8)) + " (this build reads " +
                                  std::to_string(query_file_version) + ")");
    if (load_u32(h.data() + 12) != query_header_bytes) throw ReplayFileError(name, 12, "header size is not 64");
    if (load_u32(h.data() + 16) != query_record_bytes) throw ReplayFileError(name, 16, "record size is not 112");
    const std::uint32_t meta = load_u32(h.data() + 20);
    if (meta > query_max_metadata) throw ReplayFileError(name, 20, "metadata length over 1 MiB");
    header_.count = load_u64(h.data() + 24);
    header_.level_checksum = load_u64(h.data() + 32);
    impl_->unknown_count = header_.count == unknown_count;
    std::string text(meta, '\0');
    if (impl_->in.read(std::as_writable_bytes(std::span(text.data(), text.size()))) != meta)
        throw ReplayFileError(
            name, impl_->in.offset(),
            impl_->in.damage() ? impl_->in.damage()->reason() : "truncated metadata (the file ends here)");
    if (load_u32(h.data() + 40) != detail::crc32_of(bytes_of(text)))
        throw ReplayFileError(name, query_header_bytes, "metadata CRC-32 mismatch");
    header_.metadata = std::move(text);
}

QueryFileReader::~QueryFileReader() = default;

// The records' bytes are read in one go, then checked and decoded in
// parallel (the CRC-32 and the fields are most of a record's cost).
std::size_t QueryFileReader::read(std::span<QueryRecord> out) {
    Impl& im = *impl_;
    if (im.done || out.empty()) return 0;
    std::size_t want = out.size();
    if (!im.unknown_count) want = static_cast<std::size_t>(std::min<std::uint64_t>(want, header_.count - im.read));
    const std::uint64_t start = im.in.offset();
    im.bytes.resize(want * query_record_bytes);
    const std::size_t got = im.in.read(im.bytes);
    std::optional<ReplayFileError> damage;
    if (got < im.bytes.size()) damage = im.in.damage();
    const std::size_t n = got / query_record_bytes;
    parallel_loop(0, n, 256, [&](const auto& range) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            QueryRecord& r = out[i];
            r.text.clear();
            r.position = im.read + i;
            r.error = decode_query_record(std::span<const std::byte, query_record_bytes>(
                                              im.bytes.data() + i * query_record_bytes, query_record_bytes),
                                          r.query);  // a malformed record carries the default query
            r.malformed = !r.error.empty();
            if (r.malformed) r.error = "byte " + std::to_string(start + i * query_record_bytes) + ": " + r.error;
        }
    });
    im.read += n;
    if (damage) {
        // A gzip stream cut short or damaged, or data after it: every whole record before it stands.
        truncation_ = damage;
        im.done = true;
    } else if (got < im.bytes.size()) {
        im.done = true;
        if (got % query_record_bytes != 0 || !im.unknown_count)
            truncation_ = ReplayFileError(im.in.name(), start + got,
                                          "the file ends here, inside record " + std::to_string(im.read) +
                                              (im.unknown_count ? "" : " of " + std::to_string(header_.count)));
    } else if (!im.unknown_count && im.read == header_.count) {
        // Anything after the last record the header counts is reported, not read
        // (nor digested: the records are what a run depends on).
        const std::uint64_t at = im.in.offset();
        if (!im.in.peek(1).empty())
            truncation_ = ReplayFileError(
                im.in.name(), at, "data after the " + std::to_string(header_.count) + " records the header counts");
        else if (im.in.damage())
            truncation_ = im.in.damage();
        im.done = true;
    }
    return n;
}

bool QueryFileReader::looks_like(const std::filesystem::path& path) { return detail::starts_with(path, magic_bytes()); }

const InputDigest& QueryFileReader::digest() const { return impl_->in.digest(); }

}  // namespace levelsweep
