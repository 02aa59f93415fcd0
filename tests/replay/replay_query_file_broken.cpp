// The broken-file corpus of the query file: truncated at every length, every
// byte flipped, wrong version and sizes, huge lengths and counts, data after
// the records, damaged gzip. The reader names the byte, keeps every whole
// record before the damage, and never crashes.
#include <doctest/doctest.h>

#include <optional>
#include <set>

#include "mesh_import_support.hpp"
#include "replay_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

constexpr std::size_t header_size = 64;
const std::string small_metadata = R"({"k":"v"})";  // 9 bytes
constexpr std::size_t first_record = header_size + 9;

std::vector<Query> small_queries() {
    Box b;
    b.half[0] = 0.5f;
    b.half[1] = 0.25f;
    b.half[2] = 1.0f;
    b.centre = {1, 2, 3};
    return {Query::sphere_sweep({1, 2, 3}, 0.5f, {0, 0, -1}), Query::capsule_sweep({4, 5, 0}, {0.2f, 0, 0}),
            Query::box_sweep(b, {0, 0, -0.5f}), Query::ray({0, 0, 1.6f}, {10, 0, -0.4f})};
}

Bytes small_file(const ScratchDir& dir) {
    write_query_file(dir / "small.lsq", small_queries(), 0x1122334455667788u, small_metadata);
    return read_bytes(dir / "small.lsq");
}

struct Opened {
    std::optional<ReplayFileError> error;  // the constructor's
    std::vector<QueryRecord> records;
    std::optional<ReplayFileError> truncation;
};

Opened open(const std::filesystem::path& path) {
    Opened o;
    try {
        QueryFileReader reader(path);
        o.records = read_all(reader, 3);
        o.truncation = reader.truncation();
    } catch (const ReplayFileError& e) {
        o.error = e;
    }
    return o;
}

Opened open_bytes(const ScratchDir& dir, const Bytes& b) {
    write_bytes(dir / "broken.lsq", b);
    return open(dir / "broken.lsq");
}

// The header CRC-32 (bytes 60-63) recomputed after a patch, so the patch
// reaches the checks behind it.
void refresh_header_crc(Bytes& b) { set_le(b, 60, crc(b, 0, 60), 4); }

}  // namespace

TEST_SUITE("replay query file broken") {
    TEST_CASE("truncated at every length: every whole record before the cut, and the byte where the file ends") {
        const ScratchDir dir("qfb_truncated");
        const Bytes full = small_file(dir);
        REQUIRE(full.size() == first_record + 4 * 112);
        const auto queries = small_queries();
        for (std::size_t length = 0; length <= full.size(); ++length) {
            CAPTURE(length);
            write_bytes(dir / "cut.lsq", full, length);
            const Opened o = open(dir / "cut.lsq");
            if (length < 8) {
                REQUIRE(o.error);
                CHECK(o.error->offset() == 0);
                CHECK(o.error->reason().find("magic") != std::string::npos);
            } else if (length < header_size) {
                REQUIRE(o.error);
                CHECK(o.error->offset() == length);
                CHECK(o.error->reason().find("truncated header") != std::string::npos);
            } else if (length < first_record) {
                REQUIRE(o.error);
                CHECK(o.error->offset() == length);
                CHECK(o.error->reason().find("truncated metadata") != std::string::npos);
            } else {
                REQUIRE_FALSE(o.error);
                const std::size_t whole = (length - first_record) / 112;
                REQUIRE(o.records.size() == whole);
                for (std::size_t i = 0; i < whole; ++i) CHECK(encoded(o.records[i].query) == encoded(queries[i]));
                if (length == full.size()) {
                    CHECK_FALSE(o.truncation);
                } else {
                    REQUIRE(o.truncation);
                    CHECK(o.truncation->offset() == length);
                    CHECK(o.truncation->reason().find("record " + std::to_string(whole) + " of 4") !=
                          std::string::npos);
                }
            }
        }
    }

    TEST_CASE("every byte flipped: the header and metadata are refused with their byte, a record is malformed alone") {
        const ScratchDir dir("qfb_flipped");
        const Bytes full = small_file(dir);
        for (std::size_t at = 0; at < full.size(); ++at) {
            CAPTURE(at);
            Bytes b = full;
            b[at] ^= std::byte{0x01};
            const Opened o = open_bytes(dir, b);
            if (at < 8) {
                REQUIRE(o.error);
                CHECK(o.error->reason().find("magic") != std::string::npos);
            } else if (at < header_size) {
                REQUIRE(o.error);
                CHECK(o.error->offset() == 60);
                CHECK(o.error->reason() == "header CRC-32 mismatch");
            } else if (at < first_record) {
                REQUIRE(o.error);
                CHECK(o.error->offset() == 64);
                CHECK(o.error->reason() == "metadata CRC-32 mismatch");
            } else {
                REQUIRE_FALSE(o.error);
                REQUIRE(o.records.size() == 4);
                const std::size_t bad = (at - first_record) / 112;
                for (std::size_t i = 0; i < 4; ++i) {
                    CHECK(o.records[i].malformed == (i == bad));
                }
                CHECK(o.records[bad].error ==
                      "byte " + std::to_string(first_record + 112 * bad) + ": record CRC-32 mismatch");
                CHECK(encoded(o.records[bad].query) == encoded(Query{}));  // never a previous record's query
                CHECK_FALSE(o.truncation);
            }
        }
    }

    TEST_CASE("wrong version, header size, record size and metadata length are refused with their byte") {
        const ScratchDir dir("qfb_fields");
        const Bytes full = small_file(dir);
        struct Patch {
            std::size_t at;
            std::uint64_t value;
            int bytes;
            const char* reason;
        };
        for (const Patch& p :
             {Patch{8, 2, 4, "unsupported version 2"}, Patch{8, 0, 4, "unsupported version 0"},
              Patch{12, 128, 4, "header size is not 64"}, Patch{16, 113, 4, "record size is not 112"},
              Patch{16, 0, 4, "record size is not 112"}, Patch{20, 0xffffffffu, 4, "metadata length over 1 MiB"},
              Patch{20, (1u << 20) + 1, 4, "metadata length over 1 MiB"}}) {
            CAPTURE(p.at);
            CAPTURE(p.value);
            Bytes b = full;
            set_le(b, p.at, p.value, p.bytes);
            refresh_header_crc(b);
            const Opened o = open_bytes(dir, b);
            REQUIRE(o.error);
            CHECK(o.error->offset() == p.at);
            CHECK(o.error->reason().find(p.reason) != std::string::npos);
        }
        // A metadata length within the limit that runs past the end of the file.
        Bytes b = full;
        set_le(b, 20, 1u << 20, 4);
        refresh_header_crc(b);
        const Opened o = open_bytes(dir, b);
        REQUIRE(o.error);
        CHECK(o.error->offset() == full.size());
        CHECK(o.error->reason().find("truncated metadata") != std::string::npos);
    }

    TEST_CASE("a huge count: the records there are, then the byte where the file ends") {
        const ScratchDir dir("qfb_count");
        Bytes b = small_file(dir);
        set_le(b, 24, std::uint64_t{1} << 62, 8);
        refresh_header_crc(b);
        const Opened o = open_bytes(dir, b);
        REQUIRE_FALSE(o.error);
        CHECK(o.records.size() == 4);
        REQUIRE(o.truncation);
        CHECK(o.truncation->offset() == b.size());
        CHECK(o.truncation->reason().find("inside record 4 of 4611686018427387904") != std::string::npos);
    }

    TEST_CASE(
        "a count below the records, or bytes after them: the counted records, then the byte where the rest starts") {
        const ScratchDir dir("qfb_after");
        const Bytes full = small_file(dir);
        Bytes fewer = full;
        set_le(fewer, 24, 2, 8);
        refresh_header_crc(fewer);
        Opened o = open_bytes(dir, fewer);
        REQUIRE_FALSE(o.error);
        CHECK(o.records.size() == 2);
        REQUIRE(o.truncation);
        CHECK(o.truncation->offset() == first_record + 2 * 112);
        CHECK(o.truncation->reason().find("data after the 2 records") != std::string::npos);

        Bytes longer = full;
        longer.push_back(std::byte{0});
        o = open_bytes(dir, longer);
        CHECK(o.records.size() == 4);
        REQUIRE(o.truncation);
        CHECK(o.truncation->offset() == full.size());
    }

    TEST_CASE("a writer that did not close: every whole record, and the byte of a torn last one") {
        const ScratchDir dir("qfb_unclosed");
        Bytes b = small_file(dir);
        set_le(b, 24, ~std::uint64_t{0}, 8);
        refresh_header_crc(b);
        Opened o = open_bytes(dir, b);
        CHECK(o.records.size() == 4);
        CHECK_FALSE(o.truncation);
        const std::size_t torn = b.size() - 50;
        write_bytes(dir / "torn.lsq", b, torn);
        o = open(dir / "torn.lsq");
        CHECK(o.records.size() == 3);
        REQUIRE(o.truncation);
        CHECK(o.truncation->offset() == torn);
    }

    TEST_CASE("a record with a good CRC and an unknown kind or collect code is malformed, and the others read") {
        const ScratchDir dir("qfb_kind");
        Bytes b = small_file(dir);
        struct Bad {
            std::uint32_t word;  // the kind, the collect code, two reserved bytes
            std::string reason;
        };
        for (const Bad& bad :
             {Bad{5u, "unknown query kind 5"}, Bad{0xffffffffu, "unknown query kind 255"},
              Bad{0x200u, "unknown collect code 2"}, Bad{0x10000u, "reserved bytes 2 and 3 are not zero"}}) {
            CAPTURE(bad.word);
            const std::size_t at = first_record + 112;
            set_le(b, at, bad.word, 4);
            set_le(b, at + 108, crc(b, at, 108), 4);
            const Opened o = open_bytes(dir, b);
            REQUIRE(o.records.size() == 4);
            CHECK(o.records[1].malformed);
            CHECK(o.records[1].error == "byte " + std::to_string(at) + ": " + bad.reason);
            CHECK_FALSE(o.records[0].malformed);
            CHECK_FALSE(o.records[2].malformed);
        }
        // Collect code 1 (closest) is a good record.
        const std::size_t at = first_record + 112;
        set_le(b, at, 0x100u, 4);
        set_le(b, at + 108, crc(b, at, 108), 4);
        const Opened o = open_bytes(dir, b);
        REQUIRE(o.records.size() == 4);
        CHECK_FALSE(o.records[1].malformed);
        CHECK(o.records[1].query.settings.collect == Collect::closest);
    }

    TEST_CASE("the fuzz target's seed corpus: valid files read whole, broken ones fail as their names say") {
        const std::filesystem::path corpus =
            std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "fuzz_query_file";
        std::size_t valid = 0, broken = 0;
        for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
            const std::string name = entry.path().filename().string();
            CAPTURE(name);
            const Opened o = open(entry.path());
            bool any_malformed = false;
            for (const QueryRecord& r : o.records) any_malformed = any_malformed || r.malformed;
            if (name.rfind("valid_", 0) == 0) {
                ++valid;
                CHECK_FALSE(o.error);
                CHECK_FALSE(o.truncation);
                CHECK_FALSE(any_malformed);
            } else {
                REQUIRE(name.rfind("broken_", 0) == 0);
                ++broken;
                CHECK((o.error || o.truncation || any_malformed));
            }
        }
        CHECK(valid >= 4);
        CHECK(broken >= 8);
    }

    TEST_CASE("gzipped and cut short or damaged: the records before the damage, and no crash") {
        const ScratchDir dir("qfb_gzip");
        RecordOptions options;
        options.count = 200;
        const std::vector<Query> many = record(bundled_level("street_1k.lvl"), options).queries;
        write_query_file(dir / "q.lsq", many);
        gzip_to(dir / "q.lsq.gz", read_bytes(dir / "q.lsq"));
        const Bytes gz = read_bytes(dir / "q.lsq.gz");
        for (std::size_t length : {gz.size() - 4, gz.size() - 9, gz.size() / 2, std::size_t{40}}) {
            CAPTURE(length);
            write_bytes(dir / "cut.lsq.gz", gz, length);
            const Opened o = open(dir / "cut.lsq.gz");
            if (o.error) continue;  // cut inside the header: refused with its byte
            CHECK(o.records.size() <= many.size());
            for (std::size_t i = 0; i < o.records.size(); ++i) CHECK(encoded(o.records[i].query) == encoded(many[i]));
            CHECK((o.records.size() == many.size() || o.truncation));
        }
        // A damaged deflate stream may end early, garble records (malformed) or
        // shift the rest; a record that reads is always one of the originals.
        std::set<std::array<std::byte, query_record_bytes>> originals;
        for (const Query& q : many) originals.insert(encoded(q));
        for (std::size_t at = 20; at < gz.size(); at += 37) {
            CAPTURE(at);
            Bytes b = gz;
            b[at] ^= std::byte{0x40};
            const Opened o = open_bytes(dir, b);
            if (o.error) continue;
            for (const QueryRecord& r : o.records)
                if (!r.malformed) CHECK(originals.count(encoded(r.query)) == 1);
        }
    }
}
