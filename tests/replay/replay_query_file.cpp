// The query file (docs/formats.md, "The query file"): records bit for bit,
// writer and reader, gzipped input, and `levelsweep convert` between the
// binary form and JSON Lines.
#include <doctest/doctest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <limits>

#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const Level& street() { return bundled_level("street_1k.lvl"); }

std::vector<Query> recorded(std::uint64_t count) {
    RecordOptions o;
    o.seed = 31;
    o.count = count;
    return record(street(), o).queries;
}

float bits(std::uint32_t b) { return std::bit_cast<float>(b); }

// Every field of a record from raw words: any float bit pattern, NaNs included.
Query raw_query(std::mt19937& rng) {
    Query q;
    q.kind = static_cast<QueryKind>(rng() % query_kind_count);
    q.settings.options = rng();
    q.settings.body_flags = rng();
    q.settings.max_contacts = rng();
    q.settings.nz_min = bits(rng());
    q.settings.nz_max = bits(rng());
    for (Vec3* v : {&q.start, &q.move, &q.axes[0], &q.axes[1], &q.axes[2]})
        *v = {bits(rng()), bits(rng()), bits(rng())};
    q.radius = bits(rng());
    q.sphere_height = bits(rng());
    q.step_height = bits(rng());
    for (float& h : q.half) h = bits(rng());
    return q;
}

std::uint32_t word_at(const std::array<std::byte, query_record_bytes>& b, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | std::to_integer<std::uint32_t>(b[at + static_cast<std::size_t>(i)]);
    return v;
}

// Queries whose floats are hard to print: extremes, subnormals, signed zero,
// infinities, the canonical NaN, and random finite bit patterns.
std::vector<Query> awkward_queries() {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const float values[] = {0.1f,        1.0f / 3.0f, -0.0f, FLT_MAX, -FLT_MAX, FLT_MIN, bits(1), bits(0x007fffff),
                            16777217.0f, 0.4704f,     nan,   inf,     -inf,     1e-38f,  3.4e38f, 123456.789f};
    std::vector<Query> out;
    for (float v : values) {
        out.push_back(Query::sphere_sweep({v, 1.5f, -2.0f}, v, {0.25f, v, 0.0f}));
        Query c = Query::capsule_sweep({v, v, v}, {v, 0.0f, 1.0f}, v);
        c.sphere_height = v;
        c.step_height = v;
        out.push_back(c);
        Box b;
        b.centre = {v, 2.0f, 3.0f};
        b.axis[1] = {v, v, v};
        b.half[0] = b.half[2] = v;
        out.push_back(Query::box_sweep(b, {0.0f, 0.0f, v}));
        QuerySettings s;
        s.nz_min = v;
        s.nz_max = -v;
        s.options = 0x2004d;
        s.max_contacts = 7;
        out.push_back(Query::sphere_overlap({1.0f, v, 2.0f}, v, s));
        out.push_back(Query::ray({v, 0.0f, v}, {v, v, -v}, s));
    }
    std::mt19937 rng(77);
    for (int i = 0; i < 500; ++i) {
        float f;
        do f = bits(rng());
        while (!std::isfinite(f));
        out.push_back(Query::sphere_sweep({f, -f, f}, f, {f, f, -f}));
    }
    return out;
}

}  // namespace

TEST_SUITE("replay query file") {
    TEST_CASE("a query record keeps every field bit for bit, at the offsets docs/formats.md gives") {
        auto rng = seeded_rng(1234);
        for (int i = 0; i < scaled(5000); ++i) {
            const Query q = raw_query(rng);
            const auto b = encoded(q);
            Query back;
            REQUIRE(decode_query_record(b, back).empty());
            CHECK(encoded(back) == b);
            CHECK(word_at(b, 0) == static_cast<std::uint32_t>(q.kind));
            CHECK(word_at(b, 4) == q.settings.options);
            CHECK(word_at(b, 12) == q.settings.max_contacts);
            CHECK(word_at(b, 24) == std::bit_cast<std::uint32_t>(q.start.x));
            CHECK(word_at(b, 44) == std::bit_cast<std::uint32_t>(q.move.z));
            CHECK(word_at(b, 48) == std::bit_cast<std::uint32_t>(q.radius));
            CHECK(word_at(b, 60) == std::bit_cast<std::uint32_t>(q.axes[0].x));
            CHECK(word_at(b, 104) == std::bit_cast<std::uint32_t>(q.half[2]));
            CHECK(word_at(b, 108) ==
                  static_cast<std::uint32_t>(::crc32_z(0, reinterpret_cast<const Bytef*>(b.data()), 108)));
        }
    }

    TEST_CASE("writer and reader: the header, the metadata and every record, however the reads are chunked") {
        const ScratchDir dir("qf_roundtrip");
        const std::vector<Query> queries = recorded(1000);
        const std::string metadata = R"({"made by":"a test","note":"ünïcode"})";
        write_query_file(dir / "q.lsq", queries, 0x0123456789abcdefu, metadata);
        CHECK(read_bytes(dir / "q.lsq").size() == 64 + metadata.size() + 112 * 1000);
        CHECK(QueryFileReader::looks_like(dir / "q.lsq"));
        for (std::size_t chunk : {1u, 7u, 1000u, 4096u}) {
            QueryFileReader reader(dir / "q.lsq");
            CHECK(reader.header().count == 1000);
            CHECK(reader.header().level_checksum == 0x0123456789abcdefu);
            CHECK(reader.header().metadata == metadata);
            const auto all = read_all(reader, chunk);
            REQUIRE(all.size() == 1000);
            for (std::size_t i = 0; i < all.size(); ++i) {
                CHECK_FALSE(all[i].malformed);
                CHECK(encoded(all[i].query) == encoded(queries[i]));
            }
            CHECK_FALSE(reader.truncation());
        }
    }

    TEST_CASE("while a writer is open the count is all ones, and a reader takes every whole record written so far") {
        const ScratchDir dir("qf_open");
        const std::vector<Query> queries = recorded(300);
        {
            QueryFileWriter writer(dir / "q.lsq", 5, "open");
            for (const Query& q : queries) writer.write(q);  // past the stream's buffer: most of it is on disk
            const Bytes now = read_bytes(dir / "q.lsq");
            REQUIRE(now.size() >= 64);
            CHECK(get_le(now, 24, 8) == ~std::uint64_t{0});
            QueryFileReader reader(dir / "q.lsq");
            const auto all = read_all(reader, 64);
            const std::size_t whole = (now.size() - 68) / 112;
            CHECK(all.size() == whole);
            for (std::size_t i = 0; i < all.size(); ++i) CHECK(encoded(all[i].query) == encoded(queries[i]));
            if ((now.size() - 68) % 112 != 0) {
                REQUIRE(reader.truncation());
                CHECK(reader.truncation()->offset() == now.size());
            } else {
                CHECK_FALSE(reader.truncation());  // a writer that did not close, cut at a record boundary
            }
            writer.close();
        }
        QueryFileReader closed(dir / "q.lsq");
        CHECK(closed.header().count == 300);
        CHECK(read_all(closed).size() == 300);
    }

    TEST_CASE("gzipped query files are read directly") {
        const ScratchDir dir("qf_gzip");
        const std::vector<Query> queries = recorded(400);
        write_query_file(dir / "q.lsq", queries, 99, "gz");
        gzip_to(dir / "q.lsq.gz", read_bytes(dir / "q.lsq"));
        CHECK(std::to_integer<int>(read_bytes(dir / "q.lsq.gz")[0]) == 0x1f);
        CHECK(QueryFileReader::looks_like(dir / "q.lsq.gz"));
        QueryFileReader reader(dir / "q.lsq.gz");
        CHECK(reader.header().level_checksum == 99);
        const auto all = read_all(reader, 33);
        REQUIRE(all.size() == 400);
        for (std::size_t i = 0; i < all.size(); ++i) CHECK(encoded(all[i].query) == encoded(queries[i]));
        CHECK_FALSE(reader.truncation());
        // convert reads it too.
        REQUIRE(run_cli("convert " + (dir / "q.lsq.gz").string() + " " + (dir / "back.lsq").string()).exit_code == 0);
        CHECK(read_bytes(dir / "back.lsq") == read_bytes(dir / "q.lsq"));
    }

    TEST_CASE("convert: binary to JSON Lines and back gives identical bytes, hard floats included") {
        const ScratchDir dir("qf_convert_roundtrip");
        std::vector<Query> queries = recorded(2000);
        const std::vector<Query> awkward = awkward_queries();
        queries.insert(queries.end(), awkward.begin(), awkward.end());
        write_query_file(dir / "a.lsq", queries, 0xfeedface12345678u, R"({"seed":1})");
        const CliRun to_text =
            run_cli_apart("convert " + (dir / "a.lsq").string() + " " + (dir / "a.jsonl").string(), dir / "");
        REQUIRE(to_text.exit_code == 0);
        CHECK(to_text.err.empty());  // nothing the JSON form cannot keep
        const auto lines = json_lines(file_text(dir / "a.jsonl"));
        REQUIRE(lines.size() == queries.size() + 1);
        CHECK(lines[0] ==
              nlohmann::json::parse(
                  R"({"levelsweep_queries":1,"level_checksum":"0xfeedface12345678","metadata":{"seed":1}})"));
        REQUIRE(run_cli("convert " + (dir / "a.jsonl").string() + " " + (dir / "b.lsq").string()).exit_code == 0);
        CHECK(read_bytes(dir / "b.lsq") == read_bytes(dir / "a.lsq"));
        // And the text the tool writes is a fixed point.
        REQUIRE(run_cli("convert " + (dir / "b.lsq").string() + " " + (dir / "b.jsonl").string()).exit_code == 0);
        CHECK(file_text(dir / "b.jsonl") == file_text(dir / "a.jsonl"));
        // Floats print short where that reads back exactly: 0.4704, not 0.47040000557899475.
        CHECK(file_text(dir / "a.jsonl").find("0.4704,") != std::string::npos);
        CHECK(file_text(dir / "a.jsonl").find("\"nan\"") != std::string::npos);
    }

    TEST_CASE("convert reads and writes gzipped JSON Lines, and writes JSON Lines to standard output") {
        const ScratchDir dir("qf_convert_gzip");
        write_query_file(dir / "a.lsq", recorded(500), 42, "m");
        REQUIRE(run_cli("convert " + (dir / "a.lsq").string() + " " + (dir / "a.jsonl.gz").string()).exit_code == 0);
        CHECK(std::to_integer<int>(read_bytes(dir / "a.jsonl.gz")[0]) == 0x1f);
        REQUIRE(run_cli("convert " + (dir / "a.jsonl.gz").string() + " " + (dir / "b.lsq").string()).exit_code == 0);
        CHECK(read_bytes(dir / "b.lsq") == read_bytes(dir / "a.lsq"));
        const CliResult out = run_cli("convert " + (dir / "a.lsq").string() + " -");
        REQUIRE(out.exit_code == 0);
        REQUIRE(run_cli("convert " + (dir / "a.lsq").string() + " " + (dir / "a.jsonl").string()).exit_code == 0);
        CHECK(out.out == file_text(dir / "a.jsonl"));
        // Standard input is read as JSON Lines.
        CHECK(run_cli("convert - " + (dir / "c.lsq").string(), out.out).exit_code == 0);
        CHECK(read_bytes(dir / "c.lsq") == read_bytes(dir / "a.lsq"));
    }

    TEST_CASE("convert carries the level checksum and any metadata across, JSON or not") {
        const ScratchDir dir("qf_convert_meta");
        const std::vector<Query> queries = recorded(20);
        for (const std::string metadata : {"", "plain text with \"quotes\"\nand a newline", R"({"b":1,"a":2})",
                                           R"({"a":2,"b":[1,2.5,"x"]})", "[1,2]", "\"a JSON string\"", "42"}) {
            CAPTURE(metadata);
            write_query_file(dir / "m.lsq", queries, 0xabcdef, metadata);
            REQUIRE(run_cli("convert " + (dir / "m.lsq").string() + " " + (dir / "m.jsonl").string()).exit_code == 0);
            REQUIRE(run_cli("convert " + (dir / "m.jsonl").string() + " " + (dir / "n.lsq").string()).exit_code == 0);
            CHECK(read_bytes(dir / "n.lsq") == read_bytes(dir / "m.lsq"));
            QueryFileReader back(dir / "n.lsq");
            CHECK(back.header().metadata == metadata);
            CHECK(back.header().level_checksum == 0xabcdef);
        }
        // Metadata in the shape nlohmann::json writes goes into the header line as a value.
        write_query_file(dir / "m.lsq", queries, 1, R"({"a":2,"b":[1,2.5,"x"]})");
        REQUIRE(run_cli("convert " + (dir / "m.lsq").string() + " " + (dir / "m.jsonl").string()).exit_code == 0);
        CHECK(json_lines(file_text(dir / "m.jsonl"))[0]["metadata"]["b"][2] == "x");
    }

    TEST_CASE("convert reports each malformed line with its number, converts the rest and exits non-zero") {
        const ScratchDir dir("qf_convert_bad_lines");
        const std::string text =
            R"({"levelsweep_queries": 1, "level_checksum": "0x00000000000000ff", "metadata": "hand"})"
            "\n"
            R"({"kind": "sphere_sweep", "centre": [0, 0, 1], "radius": 0.5, "move": [1, 0, 0]})"
            "\n"
            "not json at all\n"
            "\n"
            R"({"kind": "ray", "start": [0, 0, 1], "move": [0, 0, -2]})"
            "\n"
            R"({"kind": "box_sweep", "half": [1, 1, 1], "move": [0, 0, -1]})"
            "\n"
            R"({"kind": "teleport"})"
            "\n"
            R"({"kind": "sphere_overlap", "centre": [1, 2, 3], "radius": "nan"})"
            "\n";
        const auto in = dir.file("in.jsonl", text);
        const CliRun r = run_cli_apart("convert " + in.string() + " " + (dir / "out.lsq").string(), dir / "");
        CHECK(r.exit_code != 0);
        CHECK(r.err.find("line 3:") != std::string::npos);
        CHECK(r.err.find("line 6:") != std::string::npos);
        CHECK(r.err.find("\"centre\"") != std::string::npos);
        CHECK(r.err.find("line 7:") != std::string::npos);
        CHECK(r.out.find("3 queries, 3 malformed") != std::string::npos);
        QueryFileReader reader(dir / "out.lsq");
        CHECK(reader.header().count == 3);
        CHECK(reader.header().level_checksum == 0xff);
        CHECK(reader.header().metadata == "hand");
        const auto all = read_all(reader);
        REQUIRE(all.size() == 3);
        CHECK(all[1].query.kind == QueryKind::ray);
        CHECK(std::isnan(all[2].query.radius));  // "nan" is how JSON spells it
    }

    TEST_CASE("convert reports a malformed binary record with its byte and converts the others") {
        const ScratchDir dir("qf_convert_bad_record");
        write_query_file(dir / "q.lsq", recorded(3), 0, "xy");
        Bytes b = read_bytes(dir / "q.lsq");
        b[64 + 2 + 112 + 30] ^= std::byte{0x10};  // inside record 1
        write_bytes(dir / "q.lsq", b);
        const CliRun r =
            run_cli_apart("convert " + (dir / "q.lsq").string() + " " + (dir / "q.jsonl").string(), dir / "");
        CHECK(r.exit_code != 0);
        CHECK(r.err.find("byte 178: record CRC-32 mismatch") != std::string::npos);
        CHECK(json_lines(file_text(dir / "q.jsonl")).size() == 3);  // the header line and two queries
    }

    TEST_CASE("convert says when the JSON form cannot keep a record whole") {
        const ScratchDir dir("qf_convert_lossy");
        Query odd = Query::sphere_sweep({0, 0, 1}, 0.5f, {1, 0, 0});
        odd.sphere_height = 1.0f;  // a capsule's field, which a sphere sweep's JSON leaves out
        Query payload = Query::ray({0, 0, 1}, {1, 0, 0});
        payload.start.x = bits(0x7fc00123);  // a NaN with a payload
        write_query_file(dir / "q.lsq", {odd, payload, Query::ray({0, 0, 0}, {1, 1, 1})});
        const CliRun r =
            run_cli_apart("convert " + (dir / "q.lsq").string() + " " + (dir / "q.jsonl").string(), dir / "");
        CHECK(r.exit_code == 0);
        CHECK(r.err.find("query 0: the JSON form drops") != std::string::npos);
        CHECK(r.err.find("query 1: the JSON form drops") != std::string::npos);
        CHECK(r.err.find("query 2") == std::string::npos);
        CHECK(r.out.find("2 not kept whole") != std::string::npos);
    }

    TEST_CASE("convert: the format by name or --to, and what it refuses") {
        const ScratchDir dir("qf_convert_names");
        write_query_file(dir / "q.lsq", recorded(10));
        const std::string in = (dir / "q.lsq").string();
        CHECK(run_cli("convert " + in + " " + (dir / "q.txt").string()).exit_code != 0);
        REQUIRE(run_cli("convert " + in + " " + (dir / "q.txt").string() + " --to jsonl").exit_code == 0);
        CHECK(json_lines(file_text(dir / "q.txt")).size() == 11);
        REQUIRE(
            run_cli("convert " + (dir / "q.txt").string() + " " + (dir / "r.bin").string() + " --to lsq").exit_code ==
            0);
        CHECK(read_bytes(dir / "r.bin") == read_bytes(dir / "q.lsq"));
        CHECK(run_cli("convert " + in + " " + in).exit_code != 0);  // never over its own input
        CHECK(read_bytes(dir / "q.lsq") == read_bytes(dir / "r.bin"));
        CHECK(run_cli("convert " + in + " - --to lsq").exit_code != 0);  // no binary on standard output
        CHECK(run_cli("convert " + (dir / "none.lsq").string() + " " + (dir / "x.lsq").string()).exit_code != 0);
    }

    TEST_CASE("a JSON Lines header must have a version this build reads and a checksum it can parse") {
        const ScratchDir dir("qf_convert_header");
        const std::string query = "{\"kind\": \"ray\", \"start\": [0, 0, 0]}\n";
        for (const char* header : {R"({"levelsweep_queries": 2})", R"({"levelsweep_queries": "1"})",
                                   R"({"levelsweep_queries": 1, "level_checksum": "0xZZ"})",
                                   R"({"levelsweep_queries": 1, "level_checksum": "-5"})",
                                   R"({"levelsweep_queries": 1, "level_checksum": "0x10000000000000000"})"}) {
            CAPTURE(header);
            const auto in = dir.file("h.jsonl", std::string(header) + "\n" + query);
            const CliRun r = run_cli_apart("convert " + in.string() + " " + (dir / "h.lsq").string(), dir / "");
            CHECK(r.exit_code != 0);
            CHECK(r.err.find("line 1") != std::string::npos);
        }
        const auto decimal = dir.file("d.jsonl", "{\"levelsweep_queries\": 1, \"level_checksum\": 255}\n" + query);
        REQUIRE(run_cli("convert " + decimal.string() + " " + (dir / "d.lsq").string()).exit_code == 0);
        CHECK(QueryFileReader(dir / "d.lsq").header().level_checksum == 255);
    }
}
