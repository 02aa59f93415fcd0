// Every reader checks how its data ends (docs/decisions.md, "Reliability,
// second pass: outputs, resume, memory, readers, signals"): bytes after a gzip
// stream that are not another member end the data as damage, with the byte, in
// the query, JSON Lines, result and scene readers alike, while a concatenation
// of members reads whole; a pipe's bytes are looked at once, in the stream
// itself, so none is lost; and a scene file read one body at a time keeps the
// whole file's meaning (keys in any order, unknown ones skipped) and refuses
// what a whole read would.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "levelsweep/query_json.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/scene_json.hpp"
#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "result_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

std::string gzipped(const std::string& bytes) {
    const auto p = temp_path("readers_end_gz.gz");
    write_gzip(p, bytes);
    std::string z = file_text(p);
    std::filesystem::remove(p);
    return z;
}

std::vector<QueryRecord> every_record(QuerySource& source) {
    std::vector<QueryRecord> all, chunk(100);
    while (const std::size_t n = source.read(chunk))
        all.insert(all.end(), chunk.begin(), chunk.begin() + static_cast<long>(n));
    return all;
}

struct Files {
    ScratchDir dir{"readers_end"};
    std::vector<Query> queries;
    std::string binary, lines, results;

    Files() {
        const Level& level = bundled_level("street_1k.lvl");
        RecordOptions o;
        o.count = 300;
        queries = record(level, o).queries;
        write_query_file(dir / "q.lsq", queries);
        binary = file_text(dir / "q.lsq");
        for (const Query& q : queries) lines += query_to_json(q).dump() + "\n";
        ResultFileWriter w(dir / "r.lsr", ResultFileHeader{});
        for (std::size_t i = 0; i < 5; ++i) {
            ResultRecord r;
            r.index = i;
            w.write(r);
        }
        w.close();
        results = file_text(dir / "r.lsr");
    }
};

}  // namespace

TEST_SUITE("readers end") {
    TEST_CASE(
        "data after a gzip stream is damage in every reader, with the byte, and a concatenation of members reads "
        "whole") {
        const Files f;
        const std::string junk = "not a gzip member";
        // Query files, binary and JSON Lines.
        for (const std::string* text : {&f.binary, &f.lines}) {
            const auto trailing = f.dir.file("trailing.gz", gzipped(*text) + junk);
            const auto source = open_queries(trailing);
            CHECK(every_record(*source).size() == f.queries.size());
            REQUIRE(source->truncation());
            CHECK(source->truncation()->reason().find("data after the end of the gzip stream") != std::string::npos);
            CHECK(source->truncation()->offset() == text->size());
            // Two members, as `cat a.gz b.gz` makes: the lines of both.
            const std::size_t half = text == &f.lines ? text->find('\n', text->size() / 2) + 1 : 64 + 112 * 150;
            const auto members = f.dir.file("members.gz", gzipped(text->substr(0, half)) + gzipped(text->substr(half)));
            const auto whole = open_queries(members);
            CHECK(every_record(*whole).size() == f.queries.size());
            CHECK_FALSE(whole->truncation());
        }
        // A result file: complete only without the trailing bytes.
        const auto trailing = f.dir.file("trailing.lsr.gz", gzipped(f.results) + junk);
        const ReadBack back = read_results(trailing);
        CHECK(back.records.size() == 5);
        CHECK(back.end == ResultsEnd::damaged);
        REQUIRE(back.truncation);
        CHECK(back.truncation->reason().find("data after the end of the gzip stream") != std::string::npos);
        CHECK(read_results(f.dir.file("clean.lsr.gz", gzipped(f.results))).end == ResultsEnd::complete);
        // A scene file.
        const std::string scene = R"({"levelsweep_scene": 1, "bodies": [{"id": 1}]})";
        CHECK(load_scene(f.dir.file("scene.json.gz", gzipped(scene)), nullptr)->world().body_count() == 1);
        CHECK_THROWS_WITH_AS(load_scene(f.dir.file("trailing.json.gz", gzipped(scene) + junk), nullptr),
                             doctest::Contains("data after the end of the gzip stream"), std::runtime_error);
        // A single zero byte after the stream is data too.
        const auto zero = f.dir.file("zero.gz", gzipped(f.binary) + std::string(1, '\0'));
        const auto source = open_queries(zero);
        every_record(*source);
        CHECK(source->truncation());
    }

    TEST_CASE("a query file given as a pipe is looked at in the stream itself: no byte is lost to finding its kind") {
        const Files f;
        for (const std::string* text : {&f.binary, &f.lines}) {
            const auto pipe = f.dir / "queries.pipe";
            std::filesystem::remove(pipe);
            REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
            std::thread writer([&] {
                const int fd = ::open(pipe.c_str(), O_WRONLY);
                for (std::size_t done = 0; fd >= 0 && done < text->size();) {
                    const ssize_t n =
                        ::write(fd, text->data() + done, std::min<std::size_t>(4096, text->size() - done));
                    if (n <= 0) break;
                    done += static_cast<std::size_t>(n);
                }
                if (fd >= 0) ::close(fd);
            });
            const auto source = open_queries(pipe);
            const std::vector<QueryRecord> records = every_record(*source);
            writer.join();
            CHECK_FALSE(source->truncation());
            REQUIRE(records.size() == f.queries.size());
            for (std::size_t i = 0; i < records.size(); ++i) {
                CHECK_FALSE(records[i].malformed);
                CHECK(encoded(records[i].query) == encoded(f.queries[i]));
            }
        }
    }

    TEST_CASE(
        "a scene read one body at a time: keys in any order, unknown ones skipped unbuilt, what a whole read refuses "
        "refused") {
        // The version last, owners after bodies, an unknown key holding anything.
        const std::string late =
            R"({"junk": [[[{"a": [1, 2, {"b": null}]}]]], "bodies": [{"id": 7, "owner": 3, "chain": [{"id": 1,
            "shape": {"type": "sphere", "r": 0.5, "C": [1, 2, 3]}}]}], "owners": [{"id": 3, "airborne": true}], "levelsweep_scene": 1})";
        const auto scene = scene_from_text(late, "late.json", nullptr);
        CHECK(scene->world().body_count() == 1);
        const auto view = scene->world().body(scene->handle(7));
        REQUIRE(view);
        CHECK(view->owner == 3);
        const auto refused = [](const std::string& text, const std::string& says) {
            CAPTURE(text);
            CHECK_THROWS_WITH_AS(scene_from_text(text, "s.json", nullptr), doctest::Contains(says.c_str()),
                                 std::runtime_error);
        };
        refused(R"({"bodies": []})", "\"levelsweep_scene\": expected 1");
        refused(R"({"levelsweep_scene": 2})", "\"levelsweep_scene\": expected 1");
        refused(R"({"levelsweep_scene": [1]})", "\"levelsweep_scene\": expected 1");
        refused(R"([{"levelsweep_scene": 1}])", "not a JSON object");
        refused("not json", "not a JSON object");
        refused(R"({"levelsweep_scene": 1, "bodies": {}})", "input \"bodies\": expected a list");
        refused(R"({"levelsweep_scene": 1, "owners": 3})", "input \"owners\": expected a list");
        refused(R"({"levelsweep_scene": 1, "bodies": [], "bodies": []})", "\"bodies\" is given twice");
        refused(R"({"levelsweep_scene": 1, "bodies": [{"id": 1}, 5]})", "expected a body object");
        refused(R"({"levelsweep_scene": 1, "bodies": [{"id": 1}, {"id": 1}]})", "already in the scene");
        refused(R"({"levelsweep_scene": 1, "bodies": [{"id": 1}]} trailing)", "s.json: byte");
        refused(R"({"levelsweep_scene": 1, "bodies": [{"id": 1}, {"id": 2)", "s.json: byte");
    }
}
