// The bulk JSON Lines reader (simdjson, blocked gzip inflated in parallel)
// against the reference reader (LineReader and nlohmann, line by line), which
// it must match exactly: the header, every record (its query's bytes, whether
// it is malformed, its error, its line, its kept text), the bytes consumed
// after each read, where the data ends, and what opening refuses. On the fuzz
// corpus, on recorded queries, and on query lines broken in every way the
// tests can think of, plain, gzipped, blocked, cut short and damaged. (Every
// other test checks them against each other too: the tests set
// LEVELSWEEP_CHECK_READERS, docs/formats.md.)
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>

#include "levelsweep/blocked_gzip.hpp"
#include "levelsweep/query_json.hpp"
#include "levelsweep/query_source.hpp"
#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// Everything a reader says about a file, as text: equal texts, equal readings.
std::string reading(const std::filesystem::path& path, QueryReader reader, std::size_t chunk) {
    std::ostringstream out;
    try {
        const auto source = open_queries(path, reader);
        const QueryFileHeader& h = source->header();
        out << "header " << h.count << ' ' << h.level_checksum << ' ' << printable_utf8(h.metadata) << '\n';
        std::vector<QueryRecord> records(chunk);
        while (const std::size_t n = source->read(records)) {
            for (std::size_t i = 0; i < n; ++i) {
                const QueryRecord& r = records[i];
                out << r.position << (r.malformed ? " malformed " + r.error : " query");
                for (const std::byte b : encoded(r.query)) out << ' ' << std::to_integer<int>(b);
                out << " text " << printable_utf8(r.text) << '\n';
            }
            const InputDigest& d = source->consumed();
            out << "consumed " << d.bytes << ' ' << d.crc32 << ' ' << d.adler32 << '\n';
        }
        out << "end " << (source->truncation() ? source->truncation()->what() : "") << '\n';
    } catch (const ReplayFileError& e) {
        out << "refused " << e.what() << '\n';
    }
    return out.str();
}

void same_reading(const std::filesystem::path& path) {
    CAPTURE(path.string());
    for (const std::size_t chunk : {std::size_t{4096}, std::size_t{3}}) {
        CAPTURE(chunk);
        CHECK(reading(path, QueryReader::bulk, chunk) == reading(path, QueryReader::reference, chunk));
    }
}

void blocked_to(const std::filesystem::path& path, const std::string& text) {
    Bytes out;
    detail::blocked_gzip::Writer w([&](std::span<const std::byte> b) { out.insert(out.end(), b.begin(), b.end()); });
    w.write(std::as_bytes(std::span(text.data(), text.size())));
    w.finish();
    write_bytes(path, out);
}

Bytes bytes_of(const std::string& s) {
    Bytes b(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) b[i] = static_cast<std::byte>(s[i]);
    return b;
}

// The text plain, gzipped by zlib and as blocked gzip, and the gzipped ones cut short.
void same_reading_every_form(const ScratchDir& dir, const std::string& text) {
    dir.file("t.jsonl", text);
    same_reading(dir / "t.jsonl");
    gzip_to(dir / "z.jsonl.gz", bytes_of(text));
    blocked_to(dir / "b.jsonl.gz", text);
    for (const char* name : {"z.jsonl.gz", "b.jsonl.gz"}) {
        same_reading(dir / name);
        const Bytes whole = read_bytes(dir / name);
        for (const std::size_t keep : {whole.size() / 3, whole.size() - 30, whole.size() - 1}) {
            write_bytes(dir / "cut.jsonl.gz", whole, keep);
            same_reading(dir / "cut.jsonl.gz");
        }
    }
}

// A query line broken one way or another (or not at all).
std::string broken(std::string line, std::mt19937& rng) {
    const auto at = [&] { return static_cast<std::size_t>(rng() % (line.size() + 1)); };
    const char* const inserts[] = {
        "-0",         "-0.0",     "\"",   ",",     "}",        "\\u0041", "\xff",
        " ",          "\t",       "\r",   "1e400", "1e-400",   "-1e-400", "18446744073709551616",
        "4294967296", "\"0x10\"", "null", "[",     "\xc3\xa9", "\\ud800", "\x01"};
    const char* const keys[] = {"\"radius\":1,",
                                "\"options\":\"0x10\",",
                                "\"options\":-0,",
                                "\"note\":[1,{\"a\":null}],",
                                "\"cen\\u0074re\":[1,2,3],",
                                "\"max_contacts\":4294967296,",
                                "\"nz_min\":\"nan\",",
                                "\"collect\":\"closest\",",
                                "\"collect\":\"some\",",
                                "\"kind\":\"gather\",",
                                "\"move\":[1,2,3,{}],",
                                "\"axes\":[[1,0,0],[0,1,0]],",
                                "\"body_flags\":1.0,",
                                "\"options\":0,"};
    switch (rng() % 12) {
        case 0: return line;
        case 1: line[rng() % line.size()] = static_cast<char>(rng()); return line;
        case 2: line.erase(rng() % line.size(), 1); return line;
        case 3: return line.insert(at(), inserts[rng() % std::size(inserts)]);
        case 4: return line.insert(1, keys[rng() % std::size(keys)]);
        case 5: return line + (rng() % 2 ? " x" : " {}");
        case 6: return "[" + line + "]";
        case 7: return "\xef\xbb\xbf" + line;
        case 8: {  // a number, replaced
            const std::size_t colon = line.find(':', rng() % line.size());
            if (colon == std::string::npos) return line;
            return line.insert(colon + 1, inserts[rng() % 2 ? 0 : rng() % std::size(inserts)]);
        }
        case 9: {  // a vector of four whose first number is -0 (nlohmann: the integer 0, so +0.0f)
            const std::size_t open = line.find('[');
            return open == std::string::npos ? line : line.insert(open + 1, rng() % 2 ? "-0," : "-0.0,");
        }
        case 10: {  // a word's or a float's value replaced by one the two parsers might read apart
            const char* const fields[] = {
                "\"options\":", "\"body_flags\":", "\"max_contacts\":", "\"nz_min\":", "\"radius\":"};
            const char* const values[] = {"-0",
                                          "-0.0",
                                          "0",
                                          "1.0",
                                          "1e2",
                                          "-1",
                                          "4294967295",
                                          "4294967296",
                                          "\"0x10\"",
                                          "\"nan\"",
                                          "\"-inf\"",
                                          "1e-400",
                                          "3.4028235677973366e38",
                                          "null",
                                          "true",
                                          "[1]"};
            const std::string field = fields[rng() % std::size(fields)];
            const std::size_t at = line.find(field);
            if (at == std::string::npos) return line;
            const std::size_t from = at + field.size(), to = line.find_first_of(",}", from);
            return line.replace(from, to - from, values[rng() % std::size(values)]);
        }
        default: return line.substr(0, rng() % line.size());
    }
}

std::string header_line() { return R"({"levelsweep_queries":1,"level_checksum":"0x1f","metadata":{"seed":3}})"; }

// The header line, then `count` queries `levelsweep record` makes on the street level.
std::string recorded_lines(std::uint32_t seed, std::uint64_t count) {
    RecordOptions o;
    o.seed = seed;
    o.count = count;
    std::string text = header_line() + "\n";
    for (const Query& q : record(bundled_level("street_1k.lvl"), o).queries) text += query_to_json(q).dump() + "\n";
    return text;
}

}  // namespace

TEST_SUITE("replay query lines differential") {
    TEST_CASE("the bulk and the reference JSON Lines readers read the fuzz corpus alike") {
        const auto corpus =
            std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "fuzz_query_jsonl";
        int files = 0;
        for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
            same_reading(entry.path());
            ++files;
        }
        CHECK(files >= 10);
    }

    TEST_CASE("the bulk and the reference JSON Lines readers read recorded queries alike, in every form") {
        const ScratchDir dir("lines_recorded");
        same_reading_every_form(dir, recorded_lines(61, 9000));
    }

    TEST_CASE("the bulk and the reference JSON Lines readers read broken query lines alike") {
        const ScratchDir dir("lines_broken");
        auto rng = seeded_rng(62);
        RecordOptions o;
        o.seed = 63;
        o.count = 400;
        const auto queries = record(bundled_level("street_1k.lvl"), o).queries;
        for (int file = 0; file < scaled(12); ++file) {
            CAPTURE(file);
            std::string text = file % 3 == 0 ? header_line() + "\n" : "";
            for (const Query& q : queries) {
                text += broken(query_to_json(q).dump(), rng) + (rng() % 7 == 0 ? "\r\n" : "\n");
                if (rng() % 50 == 0) text += rng() % 2 ? "\n" : " \t\r\n";
            }
            if (file % 2) text.pop_back();  // no line break after the last line
            same_reading_every_form(dir, text);
        }
    }

    TEST_CASE("the bulk and the reference JSON Lines readers read damaged gzip alike, blocked or one stream") {
        const ScratchDir dir("lines_damaged");
        const std::string text = recorded_lines(64, 6000);
        blocked_to(dir / "b.jsonl.gz", text);
        gzip_to(dir / "z.jsonl.gz", bytes_of(text));
        auto rng = seeded_rng(65);
        for (const char* name : {"b.jsonl.gz", "z.jsonl.gz"}) {
            const Bytes whole = read_bytes(dir / name);
            for (int i = 0; i < scaled(30); ++i) {
                Bytes b = whole;
                const std::size_t at = rng() % b.size();
                b[at] ^= static_cast<std::byte>(1 + rng() % 255);
                write_bytes(dir / "d.jsonl.gz", b);
                CAPTURE(name);
                CAPTURE(at);
                same_reading(dir / "d.jsonl.gz");
            }
        }
    }

    TEST_CASE("the bulk and the reference JSON Lines readers hold and skip lines at the length limits alike") {
        const ScratchDir dir("lines_long");
        const std::string query = R"({"kind":"ray","start":[0,0,1],"move":[1,0,0])";
        const auto padded = [&](std::size_t length) {
            return query + std::string(length - query.size() - 1, ' ') + "}";
        };
        for (const std::size_t first :
             {std::size_t{100}, max_query_line_bytes + 1, max_first_line_bytes, max_first_line_bytes + 1})
            for (const std::size_t other : {max_query_line_bytes, max_query_line_bytes + 1, 3 * max_query_line_bytes}) {
                CAPTURE(first);
                CAPTURE(other);
                const std::string text = padded(first) + "\n" + padded(other) + "\n" + query + "}\n" + padded(other);
                dir.file("t.jsonl", text);
                same_reading(dir / "t.jsonl");
                blocked_to(dir / "b.jsonl.gz", text);
                same_reading(dir / "b.jsonl.gz");
            }
    }

    TEST_CASE("the bulk and the reference JSON Lines readers refuse headers and files alike") {
        const ScratchDir dir("lines_refused");
        for (const char* first :
             {R"({"levelsweep_queries":2})", R"({"levelsweep_queries":1,"level_checksum":"0xzz"})",
              R"({"levelsweep_queries":1,"level_checksum":12,"metadata":"text"})", R"({"levelsweep_queries":"1"})",
              R"({"levelsweep_queries":1,"metadata":[1,2]} )", "", "\n"}) {
            dir.file("h.jsonl", std::string(first) + "\n" + R"({"kind":"ray","start":[0,0,1]})" + "\n");
            same_reading(dir / "h.jsonl");
        }
        std::filesystem::create_directories(dir / "folder");
        same_reading(dir / "folder");
        same_reading(dir / "missing.jsonl");
        same_reading("/dev/zero");
    }
}
