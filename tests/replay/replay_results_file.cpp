// The result file (docs/formats.md, "The result file"): round trips of every
// field, gzipped files, the trailer that marks a finished run, appending to an
// interrupted file, version 1 files, and the broken-file corpus: every
// truncation, every flipped byte, and each header and record field out of range.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <memory>
#include <random>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "replay_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

constexpr std::size_t header_bytes = 64;    // the header proper, as in every version
constexpr std::size_t run_block_end = 128;  // version 3's run block follows it
constexpr std::size_t trailer_bytes = 32;

// Any bit pattern: NaNs, infinities, -0 and subnormals included.
float any_float(std::mt19937& rng) { return std::bit_cast<float>(static_cast<std::uint32_t>(rng())); }
Vec3 any_vec(std::mt19937& rng) { return {any_float(rng), any_float(rng), any_float(rng)}; }

ResultRecord random_record(std::mt19937& rng, std::uint64_t index, std::size_t contacts) {
    ResultRecord r;
    r.index = index;
    r.kind = static_cast<QueryKind>(rng() % query_kind_count);
    r.malformed = rng() % 8 == 0;
    r.result.status = r.malformed ? QueryStatus::malformed : static_cast<QueryStatus>(rng() % query_status_count);
    r.result.overflow = rng() % 2 == 0;
    r.result.found = static_cast<std::uint32_t>(rng());
    QueryStats& s = r.result.stats;
    s.cells = static_cast<std::uint32_t>(rng());
    s.entries = static_cast<std::uint32_t>(rng());
    s.extra_entries = static_cast<std::uint32_t>(rng());
    s.kernel_calls = static_cast<std::uint32_t>(rng());
    for (auto& h : s.hits_by_branch) h = static_cast<std::uint32_t>(rng());
    for (std::size_t i = 0; i < contacts; ++i) {
        MeshContact c;
        c.fraction = any_float(rng);
        c.depth = any_float(rng);
        c.normal = any_vec(rng);
        c.point = any_vec(rng);
        c.direction = any_vec(rng);
        c.triangle = static_cast<std::uint32_t>(rng());
        c.flags = static_cast<std::uint32_t>(rng());
        c.triangle_flags = static_cast<std::uint16_t>(rng());
        c.material = static_cast<std::uint16_t>(rng());
        c.inside_mask = static_cast<std::int32_t>(rng());
        r.contacts.push_back(c);
    }
    r.result.count = static_cast<std::uint32_t>(contacts);
    return r;
}

ResultFileHeader sample_header(std::string metadata = R"({"mode": "faithful"})") {
    ResultFileHeader h;
    h.level_checksum = 0x0123456789abcdefull;
    h.quirks = Quirks::faithful().bits();
    h.metadata = std::move(metadata);
    return h;
}

void write_results(const std::filesystem::path& p, const ResultFileHeader& h,
                   const std::vector<ResultRecord>& records) {
    ResultFileWriter w(p, h);
    for (const ResultRecord& r : records) w.write(r);
    w.close();
}

void check_same(const ResultRecord& got, const ResultRecord& want) {
    const std::string m = record_mismatch(got, want);
    CHECK_MESSAGE(m.empty(), "record " << want.index << " differs in " << m);
}

void check_header(const ResultFileHeader& got, const ResultFileHeader& want) {
    CHECK(got.level_checksum == want.level_checksum);
    CHECK(got.quirks == want.quirks);
    CHECK(got.path == want.path);
    CHECK(got.isa == want.isa);
    CHECK(got.metadata == want.metadata);
}

// A small file of six records with 0, 3, 1, 0, 7 and 2 contacts, and where each record starts.
struct Sample {
    ResultFileHeader header = sample_header(R"({"m": 1})");
    std::vector<ResultRecord> records;
    std::vector<std::size_t> starts;  // and the trailer's start last
    std::string bytes;

    std::size_t trailer() const { return starts.back(); }
};

Sample sample_file(const std::filesystem::path& p) {
    std::mt19937 rng(7);
    Sample s;
    std::size_t at = run_block_end + s.header.metadata.size();
    for (std::size_t n : {0, 3, 1, 0, 7, 2}) {
        s.records.push_back(random_record(rng, s.records.size(), n));
        s.starts.push_back(at);
        at += 56 + 64 * n + 4;
    }
    s.starts.push_back(at);
    write_results(p, s.header, s.records);
    s.bytes = file_text(p);
    REQUIRE(s.bytes.size() == at + trailer_bytes);
    return s;
}

// What the reader says about `bytes`: the error from the constructor, or the records and truncation.
struct Outcome {
    std::optional<ReplayFileError> open_error;
    ReadBack back;
};

Outcome read_bytes(const std::filesystem::path& p, const std::string& bytes) {
    // A new file each time: truncating one that holds data makes ext4 write it
    // out at close (auto_da_alloc), which costs milliseconds a time.
    std::filesystem::remove(p);
    write_text(p, bytes);
    try {
        return {std::nullopt, read_results(p)};
    } catch (const ReplayFileError& e) {
        return {e, {}};
    }
}

bool mentions(const ReplayFileError& e, const char* text) { return e.reason().find(text) != std::string::npos; }

// Rewrites the header CRC after an edit, so that a later check is reached.
void fix_header_crc(std::string& s) { put_u32(s, 60, crc_of(s, 0, 60)); }

void fix_record_crc(std::string& s, std::size_t start, std::size_t size) {
    put_u32(s, start + size - 4, crc_of(s, start, size - 4));
}

// A version 3 file's bytes as an older version wrote them: no run block (the
// header size 64), the version word, and its header CRC.
std::string as_version(const std::string& v3, std::uint32_t version) {
    std::string bytes = v3.substr(0, header_bytes) + v3.substr(run_block_end);
    put_u32(bytes, 8, version);
    put_u32(bytes, 12, header_bytes);
    fix_header_crc(bytes);
    return bytes;
}

}  // namespace

TEST_SUITE("replay result file") {
    TEST_CASE("round trip: random records read back with every field, bit for bit") {
        auto rng = seeded_rng(20240611);
        const auto path = temp_path("round_trip.lsr");
        for (const char* isa : {"scalar", "sse4", "avx2", "avx512", "neon"}) {
            ResultFileHeader h;
            h.level_checksum = (std::uint64_t{rng()} << 32) | rng();
            h.quirks = static_cast<std::uint32_t>(rng());
            h.path = rng() % 2 ? "reference" : "batch";
            h.isa = isa;
            for (std::size_t i = 0, n = rng() % 300; i < n; ++i)
                h.metadata += static_cast<char>(rng());  // NUL bytes too
            std::vector<ResultRecord> records;
            for (int i = 0; i < scaled(400); ++i)
                records.push_back(random_record(rng, rng() % 3 ? static_cast<std::uint64_t>(i) : rng(),
                                                rng() % 10 == 0 ? rng() % 101 : rng() % 4));
            records.push_back(random_record(rng, 1u << 31, 255));  // the most a record holds
            write_results(path, h, records);
            const ReadBack back = read_results(path);
            check_header(back.header, h);
            CHECK(back.header.version == result_file_version);
            CHECK_FALSE(back.truncation);
            CHECK(back.end == ResultsEnd::complete);
            REQUIRE(back.records.size() == records.size());
            for (std::size_t i = 0; i < records.size(); ++i) check_same(back.records[i], records[i]);
        }
        std::filesystem::remove(path);
    }

    TEST_CASE("a malformed record keeps its flag, a malformed status without it stays unflagged") {
        const auto path = temp_path("malformed.lsr");
        ResultRecord flagged, status_only;
        flagged.malformed = true;
        flagged.result.status = QueryStatus::malformed;
        status_only.index = 1;
        status_only.result.status = QueryStatus::malformed;
        write_results(path, sample_header(), {flagged, status_only});
        const ReadBack back = read_results(path);
        REQUIRE(back.records.size() == 2);
        CHECK(back.records[0].malformed);
        CHECK(back.records[0].result.status == QueryStatus::malformed);
        CHECK_FALSE(back.records[1].malformed);
        CHECK(back.records[1].result.status == QueryStatus::malformed);
        std::filesystem::remove(path);
    }

    TEST_CASE("gzipped result files are read directly") {
        const auto plain = temp_path("gz_plain.lsr"), gz = temp_path("gz.lsr.gz");
        const Sample s = sample_file(plain);
        write_gzip(gz, s.bytes);
        CHECK(ResultFileReader::looks_like(gz));
        CHECK(ResultFileReader::looks_like(plain));
        CHECK_FALSE(QueryFileReader::looks_like(gz));
        const ReadBack back = read_results(gz);
        check_header(back.header, s.header);
        CHECK_FALSE(back.truncation);
        REQUIRE(back.records.size() == s.records.size());
        for (std::size_t i = 0; i < s.records.size(); ++i) check_same(back.records[i], s.records[i]);
        std::filesystem::remove(plain);
        std::filesystem::remove(gz);
    }

    TEST_CASE("the header is on disk when the writer opens, each record once flushed, the trailer once closed") {
        const auto path = temp_path("live.lsr");
        std::mt19937 rng(3);
        ResultFileHeader h = sample_header();
        h.expected_count = 2;
        auto w = std::make_unique<ResultFileWriter>(path, h);
        ReadBack back = read_results(path);
        CHECK(back.records.empty());
        CHECK_FALSE(back.truncation);
        CHECK(back.end == ResultsEnd::incomplete);
        CHECK(back.header.expected_count == 2);
        const ResultRecord r = random_record(rng, 0, 2);
        w->write(r);
        w->flush();
        back = read_results(path);
        REQUIRE(back.records.size() == 1);
        check_same(back.records[0], r);
        CHECK(back.end == ResultsEnd::incomplete);
        ResultFileReader reader(path);
        for (ResultRecord x; reader.next(x);) {
        }
        CHECK(reader.end_text() == "incomplete: 1 of 2 queries");
        CHECK(w->written() == 1);
        // Closed after fewer records than its header expects: the trailer says
        // the run ended, the header that it did not reach its queries' end.
        w->close();
        back = read_results(path);
        CHECK(back.end == ResultsEnd::incomplete);
        REQUIRE(back.truncation);
        CHECK(mentions(*back.truncation, "its query file ended early"));
        CHECK_THROWS_AS(w->write(r), std::logic_error);
        w = std::make_unique<ResultFileWriter>(path, h);
        w->write(r);
        w->write(random_record(rng, 1, 0));
        w->close();
        back = read_results(path);
        CHECK(back.end == ResultsEnd::complete);
        CHECK(back.records.size() == 2);
        // Closed after more records than its header expects: no run writes
        // that, so it is damage (at the count, byte 44), not a finished run.
        w = std::make_unique<ResultFileWriter>(path, h);
        for (std::uint64_t i = 0; i < 3; ++i) w->write(random_record(rng, i, 0));
        w->close();
        back = read_results(path);
        CHECK(back.end == ResultsEnd::damaged);
        REQUIRE(back.truncation);
        CHECK(back.truncation->offset() == 44);
        CHECK(mentions(*back.truncation, "the header expects 2 queries, the file holds 3"));
        std::filesystem::remove(path);
    }

    TEST_CASE("a writer destroyed without close leaves no trailer: the file reads as incomplete") {
        const auto path = temp_path("unclosed.lsr");
        std::mt19937 rng(4);
        {
            ResultFileWriter w(path, sample_header());
            w.write(random_record(rng, 0, 1));
        }
        const ReadBack back = read_results(path);
        CHECK(back.records.size() == 1);
        CHECK(back.end == ResultsEnd::incomplete);
        CHECK_FALSE(back.truncation);
        ResultFileReader reader(path);
        for (ResultRecord x; reader.next(x);) {
        }
        CHECK(reader.end_text() == "incomplete: 1 query (of a total the run did not know)");
        std::filesystem::remove(path);
    }

    TEST_CASE("appending to an interrupted file cut inside a record gives the bytes of one written at once") {
        const auto path = temp_path("append_src.lsr"), cut = temp_path("append.lsr");
        const Sample s = sample_file(path);
        for (std::size_t len = s.starts.front(); len < s.bytes.size(); len += 7) {
            CAPTURE(len);
            write_text(cut, s.bytes.substr(0, len));
            const ReadBack back = read_results(cut);
            REQUIRE(back.end == ResultsEnd::incomplete);
            const std::size_t kept = back.records.size();
            CHECK(back.records_end == s.starts[kept]);
            {
                ResultFileWriter w(cut, ResultFileResume{back.records_end, kept, {}});
                for (std::size_t i = kept; i < s.records.size(); ++i) w.write(s.records[i]);
                CHECK(w.written() == s.records.size());
                w.close();
            }
            CHECK(file_text(cut) == s.bytes);
        }
        std::filesystem::remove(path);
        std::filesystem::remove(cut);
    }

    TEST_CASE("records encoded into shared buffers on several threads' behalf write the bytes write() writes") {
        auto rng = seeded_rng(20261201);
        std::vector<ResultRecord> records;
        for (int i = 0; i < scaled(300); ++i)
            records.push_back(
                random_record(rng, static_cast<std::uint64_t>(i), rng() % 6 == 0 ? rng() % 101 : rng() % 3));
        const auto one_by_one = temp_path("encoded_a.lsr"), encoded = temp_path("encoded_b.lsr");
        write_results(one_by_one, sample_header(), records);
        // As a replay does: records appended to one of two buffers in turn, then
        // written in query order from where each landed.
        std::vector<std::byte> buffers[2];
        std::vector<std::pair<std::size_t, std::size_t>> at;  // (offset, size) in its buffer
        for (std::size_t i = 0; i < records.size(); ++i) {
            std::vector<std::byte>& b = buffers[i % 3 == 0];
            const std::size_t offset = b.size();
            ResultFileWriter::encode(records[i], b);
            at.emplace_back(offset, b.size() - offset);
        }
        {
            ResultFileWriter w(encoded, sample_header());
            for (std::size_t i = 0; i < records.size(); ++i)
                w.write_encoded(std::span<const std::byte>(buffers[i % 3 == 0]).subspan(at[i].first, at[i].second));
            // Not one whole record: refused, and nothing written.
            const std::span<const std::byte> first(buffers[0].data(), at[1].second);
            CHECK_THROWS_AS(w.write_encoded(first.first(first.size() - 1)), std::invalid_argument);
            CHECK_THROWS_AS(w.write_encoded({}), std::invalid_argument);
            CHECK(w.written() == records.size());
            w.close();
        }
        CHECK(read_bytes(encoded) == read_bytes(one_by_one));
        // What encode refuses never reaches the buffer.
        std::vector<std::byte> buffer;
        CHECK_THROWS_AS(ResultFileWriter::encode(random_record(rng, 0, 256), buffer), std::invalid_argument);
        CHECK(buffer.empty());
        std::filesystem::remove(one_by_one);
        std::filesystem::remove(encoded);
    }

    TEST_CASE("records written many at once with write_records, between single ones, give the bytes write() writes") {
        auto rng = seeded_rng(20261202);
        std::vector<ResultRecord> records;
        for (int i = 0; i < scaled(300); ++i)
            records.push_back(
                random_record(rng, static_cast<std::uint64_t>(i), rng() % 6 == 0 ? rng() % 101 : rng() % 3));
        const auto one_by_one = temp_path("batched_a.lsr"), batched = temp_path("batched_b.lsr");
        write_results(one_by_one, sample_header(), records);
        {
            ResultFileWriter w(batched, sample_header());
            for (std::size_t i = 0; i < records.size();) {
                const std::size_t n = std::min<std::size_t>(records.size() - i, rng() % 40);  // 0 to 39 records at once
                std::vector<std::byte> bytes;
                for (std::size_t k = 0; k < n; ++k) ResultFileWriter::encode(records[i + k], bytes);
                if (n > 0) {
                    // Not whole records, or another count than they hold: refused, nothing written.
                    CHECK_THROWS_AS(w.write_records(std::span(bytes).first(bytes.size() - 1), n),
                                    std::invalid_argument);
                    CHECK_THROWS_AS(w.write_records(bytes, n + 1), std::invalid_argument);
                }
                w.write_records(bytes, n);
                i += n;
                if (i < records.size() && rng() % 3 == 0)
                    w.write(records[i++]);  // through stdio's buffer, then past it
                CHECK(w.written() == i);
            }
            w.close();
        }
        CHECK(read_bytes(batched) == read_bytes(one_by_one));
        std::filesystem::remove(one_by_one);
        std::filesystem::remove(batched);
    }

    TEST_CASE("the writer refuses what the reader would refuse") {
        const auto path = temp_path("refuse.lsr");
        ResultFileHeader bad_path = sample_header();
        bad_path.path = "gpu";
        CHECK_THROWS_AS(ResultFileWriter(path, bad_path), std::invalid_argument);
        CHECK_FALSE(std::filesystem::exists(path));  // refused before the file is made
        ResultFileHeader bad_isa = sample_header();
        bad_isa.isa = "sse2";
        CHECK_THROWS_AS(ResultFileWriter(path, bad_isa), std::invalid_argument);
        CHECK_THROWS_AS(ResultFileWriter(path, sample_header(std::string((1u << 20) + 1, 'm'))), ReplayFileError);
        CHECK_FALSE(std::filesystem::exists(path));

        std::mt19937 rng(5);
        ResultFileWriter w(path, sample_header());
        CHECK_THROWS_AS(w.write(random_record(rng, 0, 256)), std::invalid_argument);
        ResultRecord miscounted = random_record(rng, 0, 3);
        miscounted.result.count = 2;
        CHECK_THROWS_AS(w.write(miscounted), std::invalid_argument);
        ResultRecord bad_kind = random_record(rng, 0, 0);
        bad_kind.kind = static_cast<QueryKind>(query_kind_count);
        CHECK_THROWS_AS(w.write(bad_kind), std::invalid_argument);
        ResultRecord bad_status = random_record(rng, 0, 0);
        bad_status.malformed = false;
        bad_status.result.status = static_cast<QueryStatus>(query_status_count);
        CHECK_THROWS_AS(w.write(bad_status), std::invalid_argument);
        w.close();
        const ReadBack back = read_results(path);  // nothing refused reached the file
        CHECK(back.records.empty());
        CHECK_FALSE(back.truncation);
        CHECK(back.end == ResultsEnd::complete);
        std::filesystem::remove(path);
    }

    TEST_CASE("truncated at every length: every whole record before the cut, the byte where it ends, and incomplete") {
        const auto path = temp_path("cut_src.lsr"), cut = temp_path("cut.lsr");
        const Sample s = sample_file(path);
        const std::size_t records_start = s.starts.front();
        for (std::size_t len = 0; len <= s.bytes.size(); ++len) {
            CAPTURE(len);
            const Outcome o = read_bytes(cut, s.bytes.substr(0, len));
            if (len < records_start) {
                REQUIRE(o.open_error);
                CHECK(o.open_error->offset() == (len < 8 ? 0 : len));
                continue;
            }
            REQUIRE_FALSE(o.open_error);
            std::size_t whole = 0;
            while (whole < s.records.size() && s.starts[whole + 1] <= len) ++whole;
            REQUIRE(o.back.records.size() == whole);
            for (std::size_t i = 0; i < whole; ++i) check_same(o.back.records[i], s.records[i]);
            CHECK(o.back.records_end == s.starts[whole]);
            if (len == s.bytes.size()) {
                CHECK(o.back.end == ResultsEnd::complete);
                CHECK_FALSE(o.back.truncation);
                continue;
            }
            CHECK(o.back.end == ResultsEnd::incomplete);  // never complete without the whole trailer
            if (len == s.starts[whole]) {
                CHECK_FALSE(o.back.truncation);  // the cut falls between records
            } else {
                REQUIRE(o.back.truncation);
                CHECK(o.back.truncation->offset() == len);
                CHECK(mentions(*o.back.truncation, "ends here"));
            }
        }
        std::filesystem::remove(path);
        std::filesystem::remove(cut);
    }

    TEST_CASE("a gzipped file cut at every length keeps the records before the cut and says it was cut") {
        const auto path = temp_path("gzcut_src.lsr"), gz = temp_path("gzcut_full.gz"), cut = temp_path("gzcut.gz");
        const Sample s = sample_file(path);
        write_gzip(gz, s.bytes);
        const std::string z = file_text(gz);
        for (std::size_t len = 0; len < z.size(); ++len) {
            CAPTURE(len);
            const Outcome o = read_bytes(cut, z.substr(0, len));
            if (o.open_error) continue;  // the header did not survive: refused, not crashed
            REQUIRE(o.back.records.size() <= s.records.size());
            for (std::size_t i = 0; i < o.back.records.size(); ++i) check_same(o.back.records[i], s.records[i]);
            REQUIRE(o.back.truncation);  // even when only the gzip trailer is missing
            CHECK(o.back.end == ResultsEnd::incomplete);
        }
        std::filesystem::remove(path);
        std::filesystem::remove(gz);
        std::filesystem::remove(cut);
    }

    TEST_CASE("a flipped byte: the header or metadata is refused, a record stops the read at its own offset") {
        const auto path = temp_path("flip_src.lsr"), flip = temp_path("flip.lsr");
        const Sample s = sample_file(path);
        for (std::size_t at = 0; at < s.bytes.size(); ++at) {
            for (unsigned mask : {0x01u, 0x80u, 0xffu}) {  // one bit, the top bit, every bit
                CAPTURE(at);
                CAPTURE(mask);
                std::string bytes = s.bytes;
                bytes[at] = static_cast<char>(static_cast<unsigned char>(bytes[at]) ^ mask);
                const Outcome o = read_bytes(flip, bytes);
                if (at < header_bytes) {
                    REQUIRE(o.open_error);
                    CHECK(o.open_error->offset() < header_bytes);
                    continue;
                }
                if (at < run_block_end) {
                    REQUIRE(o.open_error);
                    CHECK(o.open_error->offset() >= header_bytes);
                    CHECK(o.open_error->offset() < run_block_end);
                    continue;
                }
                if (at < s.starts.front()) {
                    REQUIRE(o.open_error);
                    CHECK(o.open_error->offset() == run_block_end);
                    CHECK(mentions(*o.open_error, "metadata CRC-32 mismatch"));
                    continue;
                }
                REQUIRE_FALSE(o.open_error);
                if (at >= s.trailer()) {  // the trailer: every record read, then refused
                    REQUIRE(o.back.records.size() == s.records.size());
                    CHECK(o.back.end == ResultsEnd::damaged);
                    REQUIRE(o.back.truncation);
                    CHECK((o.back.truncation->offset() == s.trailer() ||
                           o.back.truncation->offset() == s.trailer() + 28));
                    continue;
                }
                std::size_t k = 0;
                while (s.starts[k + 1] <= at) ++k;  // the flipped record
                REQUIRE(o.back.records.size() == k);
                for (std::size_t i = 0; i < k; ++i) check_same(o.back.records[i], s.records[i]);
                REQUIRE(o.back.truncation);
                const ReplayFileError& e = *o.back.truncation;
                if (at >= s.starts[k] + 4) {
                    CHECK(e.offset() == s.starts[k]);
                    CHECK(mentions(e, "record CRC-32 mismatch"));
                    CHECK(o.back.end == ResultsEnd::damaged);
                } else {  // the size word: refused, a CRC mismatch, or a read past the end
                    CHECK((e.offset() == s.starts[k] || (e.offset() == s.bytes.size() && mentions(e, "ends here"))));
                }
            }
        }
        std::filesystem::remove(path);
        std::filesystem::remove(flip);
    }

    TEST_CASE("header fields: magic, version, sizes, huge metadata, reserved bytes, codes, CRCs") {
        const auto path = temp_path("hdr_src.lsr"), bad = temp_path("hdr.lsr");
        const Sample s = sample_file(path);
        struct Case {
            const char* name;
            std::size_t at;
            std::uint32_t value;
            bool fix_crc;
            std::size_t offset;
            const char* reason;
        };
        const Case cases[] = {
            {"magic", 0, 0x4c4c4c4c, false, 0, "bad magic"},
            {"version", 8, 4, false, 8, "unsupported version 4"},
            {"version 0", 8, 0, true, 8, "unsupported version 0"},
            {"header size", 12, 65, false, 12, "header size"},
            {"contact size", 16, 48, false, 16, "contact size"},
            {"metadata over 1 MiB", 20, (1u << 20) + 1, false, 20, "over 1 MiB"},
            {"huge metadata", 20, 0xffffffffu, false, 20, "over 1 MiB"},
            {"metadata past the end", 20, 1u << 20, true, s.bytes.size(), "truncated metadata"},
            {"header CRC", 60, 0, false, 60, "header CRC-32 mismatch"},
            {"reserved 38", 36, 0x00010000, true, 38, "reserved"},
            {"reserved 52", 52, 1, true, 52, "reserved"},
            {"reserved 56", 56, 0x01000000, true, 52, "reserved"},
            {"path code", 36, 2, true, 36, "unknown path code"},
            {"ISA code", 36, 5u << 8, true, 37, "unknown ISA code"},
            {"metadata CRC", 40, 0, true, 128, "metadata CRC-32 mismatch"},
            {"run block CRC", 64, 1, false, 124, "run block CRC-32 mismatch"},
        };
        for (const Case& c : cases) {
            CAPTURE(c.name);
            std::string bytes = s.bytes;
            put_u32(bytes, c.at, c.value);
            if (c.fix_crc) fix_header_crc(bytes);
            const Outcome o = read_bytes(bad, bytes);
            REQUIRE(o.open_error);
            CHECK(o.open_error->offset() == c.offset);
            CHECK(mentions(*o.open_error, c.reason));
            CHECK(o.open_error->file() == bad.string());
        }
        CHECK(read_bytes(bad, "").open_error->offset() == 0);
        CHECK_THROWS_AS(ResultFileReader(temp_path("no_such_file.lsr")), ReplayFileError);
        std::filesystem::remove(path);
        std::filesystem::remove(bad);
    }

    TEST_CASE("a version 1 file (no expected count, no trailer) reads whole and says it does not record completeness") {
        const auto path = temp_path("v1_src.lsr"), v1 = temp_path("v1.lsr");
        const Sample s = sample_file(path);
        // Version 1's bytes: the header with bytes 44 to 59 reserved, the records, nothing after.
        std::string bytes = as_version(s.bytes.substr(0, s.trailer()), 1);
        for (std::size_t i = 44; i < 52; ++i) bytes[i] = 0;
        fix_header_crc(bytes);
        const std::size_t shift = run_block_end - header_bytes;  // each record starts this much earlier
        std::vector<ResultRecord> expected = s.records;
        for (std::size_t k = 0; k < expected.size(); ++k) {  // version 1 knew no status beyond malformed
            if (expected[k].result.status != QueryStatus::out_of_range) continue;
            expected[k].result.status = QueryStatus::ok;
            bytes[s.starts[k] - shift + 13] = 0;
            fix_record_crc(bytes, s.starts[k] - shift, s.starts[k + 1] - s.starts[k]);
        }
        const Outcome o = read_bytes(v1, bytes);
        REQUIRE_FALSE(o.open_error);
        CHECK(o.back.header.version == 1);
        CHECK(o.back.header.expected_count == unknown_query_count);
        REQUIRE(o.back.records.size() == expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) check_same(o.back.records[i], expected[i]);
        CHECK(o.back.end == ResultsEnd::unmarked);
        CHECK_FALSE(o.back.truncation);
        // Cut inside a record, it is still unmarked, with the cut named.
        const Outcome cut = read_bytes(v1, bytes.substr(0, bytes.size() - 3));
        CHECK(cut.back.end == ResultsEnd::unmarked);
        REQUIRE(cut.back.truncation);
        // A status beyond malformed (5) in version 1 is damage.
        std::string late = bytes;
        const std::size_t start = s.starts[1] - shift, size = s.starts[2] - s.starts[1];
        late[start + 13] = static_cast<char>(QueryStatus::out_of_range);
        fix_record_crc(late, start, size);
        const Outcome bad = read_bytes(v1, late);
        CHECK(bad.back.records.size() == 1);
        CHECK(bad.back.end == ResultsEnd::damaged);
        REQUIRE(bad.back.truncation);
        CHECK(mentions(*bad.back.truncation, "unknown status"));
        // Its reserved bytes 44 to 51 must be zero.
        std::string counted = bytes;
        put_u32(counted, 44, 6);
        fix_header_crc(counted);
        const Outcome refused = read_bytes(v1, counted);
        REQUIRE(refused.open_error);
        CHECK(refused.open_error->offset() == 44);
        std::filesystem::remove(path);
        std::filesystem::remove(v1);
    }

    TEST_CASE("a version 2 file (no run block) reads as it always did, its trailer and expected count included") {
        const auto path = temp_path("v2_src.lsr"), v2 = temp_path("v2.lsr");
        const Sample s = sample_file(path);
        const Outcome o = read_bytes(v2, as_version(s.bytes, 2));
        REQUIRE_FALSE(o.open_error);
        CHECK(o.back.header.version == 2);
        check_header(o.back.header, s.header);
        CHECK(o.back.header.checkpoint == ResultCheckpoint{});
        REQUIRE(o.back.records.size() == s.records.size());
        for (std::size_t i = 0; i < s.records.size(); ++i) check_same(o.back.records[i], s.records[i]);
        CHECK(o.back.end == ResultsEnd::complete);
        CHECK_FALSE(o.back.truncation);
        // A version 3 header size in a version 2 file is refused.
        std::string sized = as_version(s.bytes, 2);
        put_u32(sized, 12, 128);
        fix_header_crc(sized);
        const Outcome bad = read_bytes(v2, sized);
        REQUIRE(bad.open_error);
        CHECK(bad.open_error->offset() == 12);
        std::filesystem::remove(path);
        std::filesystem::remove(v2);
    }

    TEST_CASE("the run block: the checkpoint a writer leaves reads back, and one ahead of the records is damage") {
        const auto path = temp_path("checkpoint.lsr");
        std::mt19937 rng(8);
        ResultFileHeader h = sample_header();
        h.scene = {1234, 0xdeadbeef, 0x12345678};
        h.checkpoint = {0, 0, {70, 0x11111111, 0x22222222}};
        ResultFileWriter w(path, h);
        CHECK(read_results(path).header.checkpoint == h.checkpoint);
        for (std::uint64_t i = 0; i < 3; ++i) w.write(random_record(rng, i, 1));
        const ResultCheckpoint at{5, 3, {900, 0x33333333, 0x44444444}};
        w.checkpoint(at);  // flushes the records, then the block
        ReadBack back = read_results(path);
        CHECK(back.header.checkpoint == at);
        CHECK(back.header.scene == h.scene);
        CHECK(back.records.size() == 3);
        w.checkpoint({9, 4, {1000, 1, 2}});  // vouches for a record the file does not hold
        w.close();
        back = read_results(path);
        CHECK(back.end == ResultsEnd::damaged);
        REQUIRE(back.truncation);
        CHECK(mentions(*back.truncation, "vouches for 4 records, the file holds 3"));
        std::filesystem::remove(path);
    }

    TEST_CASE(
        "checkpoints between records through a descriptor give the bytes of the path's writer, and appending is "
        "refused") {
        const auto by_path = temp_path("checkpoints_path.lsr"), by_fd = temp_path("checkpoints_fd.lsr");
        const ResultFileHeader h = sample_header();
        auto write_all = [&](ResultFileWriter& w) {
            std::mt19937 rng(9);
            for (std::uint64_t i = 0; i < 40; ++i) {
                w.write(random_record(rng, i, i % 5));
                if (i % 7 == 6) w.checkpoint({i + 1, i + 1, {100 * i, 1, 2}});  // over the run block, mid-file
            }
            w.close();
        };
        {
            ResultFileWriter w(by_path, h);
            write_all(w);
        }
        const int fd = ::open(by_fd.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
        REQUIRE(fd >= 0);
        {
            ResultFileWriter w(fd, by_fd.string(), h);
            write_all(w);
        }
        ::close(fd);
        CHECK(read_bytes(by_fd) == read_bytes(by_path));
        const ReadBack back = read_results(by_fd);
        CHECK(back.end == ResultsEnd::complete);
        CHECK(back.records.size() == 40);
        CHECK(back.header.checkpoint == ResultCheckpoint{35, 35, {3400, 1, 2}});
        // With O_APPEND every write lands at the end, the checkpoint's too.
        const int appending = ::open(by_fd.c_str(), O_RDWR | O_APPEND);
        REQUIRE(appending >= 0);
        try {
            ResultFileWriter w(appending, by_fd.string(), h);
            FAIL("a descriptor opened for appending was taken");
        } catch (const ReplayFileError& e) {
            CHECK(mentions(e, "appending"));
        }
        ::close(appending);
        CHECK(read_bytes(by_fd) == read_bytes(by_path));  // left as it was
        std::filesystem::remove(by_path);
        std::filesystem::remove(by_fd);
    }

    TEST_CASE("the trailer: its count must be the records read, and nothing may follow it") {
        const auto path = temp_path("trailer_src.lsr"), bad = temp_path("trailer.lsr");
        const Sample s = sample_file(path);
        std::string miscounted = s.bytes;
        put_u32(miscounted, s.trailer() + 12, 5);
        put_u32(miscounted, s.trailer() + 28, crc_of(miscounted, s.trailer(), 28));
        Outcome o = read_bytes(bad, miscounted);
        CHECK(o.back.end == ResultsEnd::damaged);
        REQUIRE(o.back.truncation);
        CHECK(o.back.truncation->offset() == s.trailer() + 12);
        CHECK(mentions(*o.back.truncation, "the trailer counts 5 records, the file holds 6"));
        o = read_bytes(bad, s.bytes + "x");
        CHECK(o.back.end == ResultsEnd::damaged);
        REQUIRE(o.back.truncation);
        CHECK(o.back.truncation->offset() == s.bytes.size());
        CHECK(mentions(*o.back.truncation, "data after the trailer"));
        std::filesystem::remove(path);
        std::filesystem::remove(bad);
    }

    TEST_CASE("record fields: bad sizes, counts, kinds, statuses, flags and reserved bytes stop the read there") {
        const auto path = temp_path("rec_src.lsr"), bad = temp_path("rec.lsr");
        const Sample s = sample_file(path);
        // Record 1 holds 3 contacts (252 bytes); record 0 before it stays readable.
        const std::size_t start = s.starts[1], size = s.starts[2] - s.starts[1];
        REQUIRE(size == 56 + 3 * 64 + 4);
        struct Case {
            const char* name;
            std::size_t at;       // within the record
            std::uint32_t value;  // the byte's or the size word's new value
            std::size_t offset;   // within the record
            const char* reason;
        };
        const Case sizes[] = {
            {"size 0", 0, 0, 0, "bad record size 0"},
            {"size 61", 0, 61, 0, "bad record size 61"},
            {"size of 256 contacts", 0, 56 + 256 * 64 + 4, 0, "bad record size"},
            {"size 0xffffffff", 0, 0xffffffffu, 0, "bad record size"},
        };
        for (const Case& c : sizes) {
            CAPTURE(c.name);
            std::string bytes = s.bytes;
            put_u32(bytes, start, c.value);
            const Outcome o = read_bytes(bad, bytes);
            REQUIRE(o.back.records.size() == 1);
            REQUIRE(o.back.truncation);
            CHECK(o.back.truncation->offset() == start + c.offset);
            CHECK(mentions(*o.back.truncation, c.reason));
        }
        const Case fields[] = {
            {"kind", 12, 0x07, 12, "unknown query kind"},
            {"status", 13, 0x0e, 13, "unknown status"},
            {"overflow", 14, 0x02, 14, "overflow"},
            {"contact count", 15, 0x01, 15, "contact count disagrees"},
            {"contact reserved", 56 + 64 + 60, 0x01, 56 + 64 + 60, "reserved"},
        };
        for (const Case& c : fields) {
            CAPTURE(c.name);
            std::string bytes = s.bytes;
            bytes[start + c.at] = static_cast<char>(c.value);
            fix_record_crc(bytes, start, size);  // valid CRC: the field check itself refuses it
            const Outcome o = read_bytes(bad, bytes);
            REQUIRE(o.back.records.size() == 1);
            check_same(o.back.records[0], s.records[0]);
            REQUIRE(o.back.truncation);
            CHECK(o.back.truncation->offset() == start + c.offset);
            CHECK(mentions(*o.back.truncation, c.reason));
        }
        // The malformed marker 0xff reads as a malformed query.
        std::string bytes = s.bytes;
        bytes[start + 13] = static_cast<char>(0xff);
        fix_record_crc(bytes, start, size);
        const Outcome o = read_bytes(bad, bytes);
        REQUIRE(o.back.records.size() == s.records.size());
        CHECK(o.back.records[1].malformed);
        CHECK(o.back.records[1].result.status == QueryStatus::malformed);
        std::filesystem::remove(path);
        std::filesystem::remove(bad);
    }
}
