// Blocked gzip (docs/formats.md, "Blocked gzip") and the bulk reader of the
// replay files (levelsweep/bulk_input.hpp): what the writer writes any gzip
// reader (zlib, gzip -dc, zcat) reads back, in members of at most 64 KiB,
// indexed; the bulk reader gives the bytes and the end of the decoder every
// replay reader uses (LineReader's) for every file, whole, cut short or
// damaged, blocked or not, in reads of every size, every intact member
// included, and seeks.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include "levelsweep/blocked_gzip.hpp"
#include "levelsweep/bulk_input.hpp"
#include "gzip_reads.hpp"
#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
namespace bgz = levelsweep::detail::blocked_gzip;
using levelsweep::detail::BulkInput;

namespace {

// Text-like runs and random bytes, so that members compress unevenly.
Bytes sample_data(std::size_t size, std::uint32_t seed) {
    auto rng = seeded_rng(seed);
    Bytes b(size);
    for (std::size_t i = 0; i < size;) {
        const std::size_t run = std::min<std::size_t>(size - i, 1 + rng() % 5000);
        const bool text = rng() % 3 != 0;
        for (std::size_t k = 0; k < run; ++k, ++i)
            b[i] = static_cast<std::byte>(text ? "query line {\"kind\": 0.25, 1.5}\n"[(i * 7 + k) % 31]
                                               : static_cast<char>(rng()));
    }
    return b;
}

// The data as blocked gzip, handed to the writer in random pieces.
Bytes blocked(const Bytes& data, std::uint32_t seed) {
    Bytes out;
    bgz::Writer w([&](std::span<const std::byte> bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); });
    auto rng = seeded_rng(seed);
    for (std::size_t at = 0; at < data.size();) {
        const std::size_t n = std::min<std::size_t>(data.size() - at, rng() % 3 == 0 ? rng() % 200000 : rng() % 300);
        w.write(std::span(data).subspan(at, n));
        at += n;
    }
    w.finish();
    return out;
}

std::vector<bgz::Member> members_of(const Bytes& file) {
    std::vector<bgz::Member> members;
    for (std::size_t at = 0; at < file.size();) {
        const auto m = bgz::member_at(std::span(file).subspan(at));
        REQUIRE(m.has_value());
        REQUIRE(at + m->size <= file.size());
        members.push_back(*m);
        at += m->size;
    }
    return members;
}

std::optional<bgz::Index> index_of(const Bytes& file) {
    return bgz::read_index(file.size(), [&](std::uint64_t at, std::span<std::byte> out) {
        const std::size_t n = at >= file.size() ? 0 : std::min<std::size_t>(out.size(), file.size() - at);
        std::copy_n(file.begin() + static_cast<long>(at), n, out.begin());
        return n;
    });
}

// What zlib's gzread gives back, and whether it ended cleanly.
std::pair<Bytes, bool> zlib_read(const std::filesystem::path& path) {
    Bytes data;
    gzFile f = ::gzopen(path.c_str(), "rb");
    REQUIRE(f != nullptr);
    std::vector<std::byte> buffer(1 << 16);
    for (int n; (n = ::gzread(f, buffer.data(), static_cast<unsigned>(buffer.size()))) > 0;)
        data.insert(data.end(), buffer.begin(), buffer.begin() + n);
    int code = Z_OK;
    ::gzerror(f, &code);
    ::gzclose(f);
    return {data, code == Z_OK};
}

// The first byte where two files differ (the shorter one's size when one is
// the other's start).
std::size_t first_difference(const Bytes& a, const Bytes& b) {
    return static_cast<std::size_t>(
        std::mismatch(a.begin(), a.begin() + static_cast<long>(std::min(a.size(), b.size())), b.begin()).first -
        a.begin());
}

// The data of the blocked file's members that end before byte `at`.
std::size_t intact_data_bytes(const Bytes& file, std::size_t at) {
    std::size_t data = 0;
    for (std::size_t m = 0; m < file.size();) {
        const auto member = *bgz::member_at(std::span(file).subspan(m));
        if (m + member.size > at) break;
        data += bgz::member_data_bytes(std::span(file).subspan(m, member.size));
        m += member.size;
    }
    return data;
}

// The data as blocked.gz, zlib.gz (one gzip stream) and plain.
void write_three_forms(const ScratchDir& dir, const Bytes& data, std::uint32_t seed) {
    write_bytes(dir / "blocked.gz", blocked(data, seed));
    gzip_to(dir / "zlib.gz", data);
    write_bytes(dir / "plain", data);
}

const std::size_t sizes[] = {0,
                             1,
                             bgz::block_bytes - 1,
                             bgz::block_bytes,
                             bgz::block_bytes + 1,
                             3 * bgz::block_bytes + 17,
                             64 * bgz::block_bytes + 5,
                             700000};

}  // namespace

TEST_SUITE("blocked gzip") {
    TEST_CASE(
        "blocked gzip: any gzip reader gives back the data, in members of at most 64 KiB, ending in BGZF's marker") {
        const ScratchDir dir("bgzf_write");
        for (const std::size_t size : sizes) {
            CAPTURE(size);
            const Bytes data = sample_data(size, static_cast<std::uint32_t>(size));
            const Bytes file = blocked(data, 5);
            write_bytes(dir / "f.gz", file);
            const auto [z, clean] = zlib_read(dir / "f.gz");
            CHECK(clean);
            CHECK(z == data);
            CHECK(reference_read(dir / "f.gz") == GzipRead{data, "", true});
            std::size_t data_members = 0, data_bytes = 0;
            for (const bgz::Member& m : members_of(file)) CHECK(m.size <= bgz::max_member_bytes);
            for (std::size_t at = 0; at < file.size();) {
                const auto m = *bgz::member_at(std::span(file).subspan(at));
                const std::uint32_t isize = bgz::member_data_bytes(std::span(file).subspan(at, m.size));
                CHECK(isize <= bgz::block_bytes);
                data_members += isize > 0;
                data_bytes += isize;
                at += m.size;
            }
            CHECK(data_bytes == size);
            CHECK(data_members == (size + bgz::block_bytes - 1) / bgz::block_bytes);
            const unsigned char eof[] = {0x1f, 0x8b, 0x08, 0x04, 0,    0, 0,    0, 0,    0xff,
                                         0x06, 0,    0x42, 0x43, 0x02, 0, 0x1b, 0, 0x03, 0};
            REQUIRE(file.size() >= 28);
            CHECK(std::equal(std::begin(eof), std::end(eof), file.end() - 28,
                             [](unsigned char a, std::byte b) { return std::byte(a) == b; }));
        }
    }

    TEST_CASE("blocked gzip: the index gives each data member's offsets, and a file not whole has none") {
        for (const std::size_t size : sizes) {
            CAPTURE(size);
            const Bytes data = sample_data(size, 11);
            const Bytes file = blocked(data, 6);
            const auto index = index_of(file);
            REQUIRE(index.has_value());
            CHECK(index->data_bytes == size);
            std::vector<bgz::IndexEntry> walked;
            std::uint64_t at = 0, data_at = 0;
            while (at < file.size()) {
                const auto m = *bgz::member_at(std::span(file).subspan(at));
                const std::uint32_t isize = bgz::member_data_bytes(std::span(file).subspan(at, m.size));
                if (isize > 0) walked.push_back({at, data_at});
                data_at += isize;
                at += m.size;
            }
            REQUIRE(index->members.size() == walked.size());
            for (std::size_t i = 0; i < walked.size(); ++i) {
                CHECK(index->members[i].compressed == walked[i].compressed);
                CHECK(index->members[i].data == walked[i].data);
            }
            Bytes cut(file.begin(), file.end() - 1), longer = file;
            longer.push_back(std::byte{0});
            CHECK_FALSE(index_of(cut).has_value());
            CHECK_FALSE(index_of(longer).has_value());
        }
    }

    TEST_CASE("bulk reader: the decoder's bytes from blocked, zlib-gzipped and plain files, in reads of every size") {
        const ScratchDir dir("bgzf_read");
        const Bytes data = sample_data(5 * bgz::block_bytes + 1234, 21);
        write_three_forms(dir, data, 7);
        for (const char* name : {"blocked.gz", "zlib.gz", "plain"}) {
            CAPTURE(name);
            CHECK(BulkInput(dir / name).parallel() == (std::string(name) == "blocked.gz"));
            const GzipRead z = reference_read(dir / name);
            REQUIRE(z.data == data);
            for (const std::size_t piece :
                 {std::size_t{1}, std::size_t{7}, std::size_t{4096}, std::size_t{65536}, std::size_t{1} << 20})
                for (const bool some : {false, true}) {
                    CAPTURE(piece);
                    CAPTURE(some);
                    CHECK(bulk_read(dir / name, piece, some) == z);
                }
        }
    }

    TEST_CASE(
        "bulk reader: a blocked file cut short, damaged or with data after it ends where and as the decoder ends, "
        "every intact member read") {
        const ScratchDir dir("bgzf_broken");
        const Bytes data = sample_data(4 * bgz::block_bytes + 999, 31);
        const Bytes file = blocked(data, 8);
        std::vector<std::size_t> edges;  // every member's first byte, and the end
        for (std::size_t at = 0; at < file.size(); at += bgz::member_at(std::span(file).subspan(at))->size)
            edges.push_back(at);
        edges.push_back(file.size());
        auto rng = seeded_rng(32);
        std::vector<Bytes> broken;
        for (const std::size_t e : edges)
            for (const long d : {-9L, -1L, 1L, 11L, 19L})
                if (static_cast<long>(e) + d > 0 && static_cast<long>(e) + d < static_cast<long>(file.size()))
                    broken.emplace_back(file.begin(), file.begin() + static_cast<long>(e) + d);  // cut short
        for (int i = 0; i < scaled(120); ++i) {
            Bytes b = file;
            const std::size_t at =
                i < 40 ? edges[static_cast<std::size_t>(i) % edges.size()] + rng() % 26 : rng() % file.size();
            if (at >= b.size()) continue;
            b[at] ^= static_cast<std::byte>(1 + rng() % 255);  // a header, deflate data, a CRC, an ISIZE, the index
            broken.push_back(b);
        }
        for (const char* tail : {"x", "garbage after the members\n", "\x1f\x8b"}) {
            Bytes b = file;
            for (const char* c = tail; *c; ++c) b.push_back(static_cast<std::byte>(*c));
            broken.push_back(b);
        }
        Bytes with_gzip = file;  // a member of another gzip after them: read on by the decoder
        gzip_to(dir / "more.gz", sample_data(3000, 33));
        const Bytes more = read_bytes(dir / "more.gz");
        with_gzip.insert(with_gzip.end(), more.begin(), more.end());
        broken.push_back(with_gzip);
        for (std::size_t i = 0; i < broken.size(); ++i) {
            CAPTURE(i);
            write_bytes(dir / "b.gz", broken[i]);
            const GzipRead z = reference_read(dir / "b.gz");
            const std::size_t intact = intact_data_bytes(file, first_difference(file, broken[i]));
            for (const GzipRead& b : {bulk_read(dir / "b.gz", 1 << 20, false), bulk_read(dir / "b.gz", 5000, true)}) {
                CHECK(b == z);
                // Every member before the damage is read, and is the data.
                REQUIRE(b.data.size() >= intact);
                CHECK(std::equal(b.data.begin(), b.data.begin() + static_cast<long>(intact), data.begin()));
            }
        }
    }

    TEST_CASE("bulk reader: seek to any offset of a blocked, zlib-gzipped or plain file, forward and back") {
        const ScratchDir dir("bgzf_seek");
        const Bytes data = sample_data(6 * bgz::block_bytes + 77, 41);
        write_three_forms(dir, data, 9);
        auto rng = seeded_rng(42);
        for (const char* name : {"blocked.gz", "zlib.gz", "plain"}) {
            CAPTURE(name);
            BulkInput in(dir / name);
            std::vector<std::byte> got(3000);
            for (int i = 0; i < scaled(40); ++i) {
                const std::size_t at = i == 0 ? data.size() : i == 1 ? 0 : rng() % data.size();
                CAPTURE(at);
                REQUIRE(in.seek(at));
                CHECK(in.offset() == at);
                const std::size_t n = in.read(std::span(got));
                REQUIRE(n == std::min<std::size_t>(got.size(), data.size() - at));
                CHECK(
                    std::equal(got.begin(), got.begin() + static_cast<long>(n), data.begin() + static_cast<long>(at)));
            }
            CHECK_FALSE(in.seek(data.size() + 1));
        }
    }

    TEST_CASE(
        "blocked gzip: gzip -dc and zcat read what record and convert write as .jsonl.gz, the plain file's bytes") {
        const ScratchDir dir("bgzf_zcat");
        const std::string level =
            (std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "data" / "levels" / "street_1k.lvl").string();
        const auto path = [&](const char* name) { return (dir / name).string(); };
        for (const char* out : {"q.jsonl", "q.jsonl.gz", "q.lsq"})
            REQUIRE(run_cli("record " + level + " " + path(out) + " --seed 5 --count 20000").exit_code == 0);
        for (const char* out : {"c.jsonl", "c.jsonl.gz"})
            REQUIRE(run_cli("convert " + path("q.lsq") + " " + path(out)).exit_code == 0);
        for (const auto& [gz, plain] : {std::pair{"q.jsonl.gz", "q.jsonl"}, std::pair{"c.jsonl.gz", "c.jsonl"}}) {
            CAPTURE(gz);
            const std::string text = file_text(path(plain));
            REQUIRE(text.size() > 40 * bgz::block_bytes);  // many members
            CHECK(BulkInput(path(gz)).parallel());
            CHECK(members_of(read_bytes(path(gz))).size() > 40);
            const CliResult gunzip = run_shell("gzip -dc " + path(gz)), z = run_shell("zcat " + path(gz));
            CHECK(gunzip.exit_code == 0);
            CHECK(z.exit_code == 0);
            CHECK(gunzip.out == text);
            CHECK(z.out == text);
        }
    }

    TEST_CASE("a query file as blocked gzip reads as the plain file, records and truncation alike") {
        const ScratchDir dir("bgzf_lsq");
        std::vector<Query> queries;
        auto rng = seeded_rng(51);
        for (int i = 0; i < 3000; ++i)
            queries.push_back(
                Query::sphere_sweep(uniform_vec(rng, -50, 50), uniform(rng, 0.1f, 1), uniform_vec(rng, -2, 2)));
        write_query_file(dir / "q.lsq", queries, 7, R"({"m":1})");
        const Bytes plain = read_bytes(dir / "q.lsq");
        for (const std::size_t keep : {plain.size(), plain.size() - 50, std::size_t{64 + 7 + 112 * 2000 + 3}}) {
            CAPTURE(keep);
            const Bytes part(plain.begin(), plain.begin() + static_cast<long>(keep));
            write_bytes(dir / "p.lsq", part);
            write_bytes(dir / "p.lsq.gz", blocked(part, 10));
            QueryFileReader a(dir / "p.lsq"), b(dir / "p.lsq.gz");
            const auto ra = read_all(a, 1000), rb = read_all(b, 1000);
            REQUIRE(ra.size() == rb.size());
            for (std::size_t i = 0; i < ra.size(); ++i) CHECK(encoded(ra[i].query) == encoded(rb[i].query));
            CHECK(a.truncation().has_value() == b.truncation().has_value());
            if (a.truncation()) CHECK(a.truncation()->reason() == b.truncation()->reason());
        }
    }
}
