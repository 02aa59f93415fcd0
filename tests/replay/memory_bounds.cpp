// What input drives into memory goes through the memory limit
// (docs/decisions.md, "Reliability, second pass: outputs, resume, memory,
// readers, signals"): a JSON tree is refused before it is built when it would
// not fit, a scene's bodies as they are added, a JSON Lines read's text by a
// budget. Each bound is checked against what the structure takes at its peak
// (every byte held through operator new): a limit just below it refuses, four
// times it accepts, so that the estimates are bounds and not guesses.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "alloc_counter.hpp"
#include "cli_support.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/scene_json.hpp"
#include "mesh_import_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// The memory limit for one scope, and the default again after it.
class LimitFor {
public:
    explicit LimitFor(std::uint64_t bytes) { set_memory_limit(bytes); }
    ~LimitFor() { set_memory_limit(default_memory_limit()); }
};

// The most bytes `work` holds at once, under a limit that lets it run.
std::uint64_t peak_of(const std::function<void()>& work) {
    const LimitFor roomy(std::uint64_t{1} << 40);
    start_measuring_bytes();
    work();
    return peak_bytes_measured();
}

bool refused_under(std::uint64_t limit, const std::function<void()>& work) {
    const LimitFor tight(limit);
    try {
        work();
        return false;
    } catch (const MemoryLimitError&) {
        return true;
    }
}

std::string repeated(const std::string& item, std::size_t n, const char* open = "[", const char* close = "]") {
    std::string out = open;
    for (std::size_t i = 0; i < n; ++i) out.append(i ? "," : "").append(item);
    return out + close;
}

// Texts whose trees take the most per byte, and ordinary ones.
std::vector<std::pair<const char*, std::string>> trees() {
    std::string members = "{", deep_arrays, deep_objects;
    for (int i = 0; i < 40000; ++i)
        members.append(i ? ",\"" : "\"").append("a_key_of_some_length_").append(std::to_string(i)).append("\":[]");
    members += "}";
    for (int i = 0; i < 40000; ++i) deep_arrays += "[";
    for (int i = 0; i < 40000; ++i) deep_arrays += "]";
    for (int i = 0; i < 20000; ++i) deep_objects += "{\"k\":";
    deep_objects += "0";
    for (int i = 0; i < 20000; ++i) deep_objects += "}";
    return {{"empty arrays", repeated("[]", 100000)},
            {"empty objects", repeated("{}", 100000)},
            {"numbers", repeated("1.5", 100000)},
            {"short strings", repeated("\"a\"", 100000)},
            {"long strings", repeated(join("\"", std::string(40, 'x'), "\""), 50000)},
            {"object members", members},
            {"deep arrays", deep_arrays},
            {"deep objects", deep_objects},
            {"query lines",
             repeated(R"({"kind":"sphere_sweep","centre":[1,2,3],"radius":0.5,"move":[0,0,-1],"options":"0x2004d"})",
                      5000)}};
}

}  // namespace

TEST_SUITE("memory bounds") {
    TEST_CASE(
        "a JSON tree's estimate bounds what the tree takes: refused just below its peak, taken at four times it") {
        for (const auto& [name, text] : trees()) {
            CAPTURE(name);
            const auto parse = [&text] { (void)parse_json(text, "the text"); };  // built, then destroyed
            const std::uint64_t peak = peak_of(parse);
            CHECK(json_tree_bytes(text) >= peak);
            CHECK(refused_under(peak - 1, parse));
            CHECK_FALSE(refused_under(4 * peak, parse));
        }
    }

    TEST_CASE("a JSON tree takes at most 128 bytes a byte of its text: the texts parse_json need not measure") {
        for (const auto& [name, text] : trees()) {
            CAPTURE(name);
            CHECK(json_tree_bytes(text) <= JsonTreeSize::most_per_byte * text.size());
        }
        // Every text of up to four bytes from JSON's structural alphabet
        // (valid or not: a text is built up to its first error), and each
        // nested in a thousand arrays.
        const std::string alphabet = "[]{}\":,0";
        std::vector<std::string> texts{""};
        for (int length = 1; length <= 4; ++length)
            for (std::size_t i = 0, n = texts.size(); i < n; ++i)
                for (const char c : alphabet) texts.push_back(texts[i] + c);
        for (const std::string& t : texts) {
            CAPTURE(t);
            CHECK(json_tree_bytes(t) <= JsonTreeSize::most_per_byte * t.size());
            std::string nested;
            for (int depth = 0; depth < 1000; ++depth) nested += "[";
            nested += t;
            for (int depth = 0; depth < 1000; ++depth) nested += "]";
            CHECK(json_tree_bytes(nested) <= JsonTreeSize::most_per_byte * nested.size());
        }
    }

    TEST_CASE("a scene's estimate bounds what its bodies take: refused just below its peak, taken at four times it") {
        std::string bare = R"({"levelsweep_scene": 1, "bodies": [)", shaped = bare;
        for (int i = 0; i < 20000; ++i) {
            bare.append(i ? ",{\"id\":" : "{\"id\":").append(std::to_string(i)).append("}");
            shaped.append(i ? "," : "")
                .append(R"({"id":)")
                .append(std::to_string(i))
                .append(R"(,"chain":[{"id":1,"shape":{"type":"sphere","r":0.5,"C":[)")
                .append(std::to_string(i % 100))
                .append(
                    R"(,2,3]}},{"id":2,"shape":{"type":"box","A0":[1,0,0],"A1":[0,1,0],"A2":[0,0,1],"P":[1,2,3],"half":[1,1,1]}}],)")
                .append(R"("strikes":[{"id":3,"shape":{"type":"capsule","r":0.3,"h":1.8,"B":[0,0,0]}}]})");
        }
        bare += "]}";
        shaped += "]}";
        for (const std::string* text : {&bare, &shaped}) {
            std::unique_ptr<Scene> scene;
            const auto load = [&] { scene = scene_from_text(*text, "scene", nullptr); };
            const std::uint64_t peak = peak_of(load);
            REQUIRE(scene->world().body_count() == 20000);
            scene.reset();
            // The text is held while it is read: the loader counts it too.
            CHECK(refused_under(text->size() + peak - 1, load));
            scene.reset();
            CHECK_FALSE(refused_under(text->size() + 4 * peak, load));
        }
    }

    TEST_CASE("a JSON Lines header or line whose tree would not fit is refused before it is built") {
        const ScratchDir dir("memory_lines");
        const std::string big = repeated("[]", 200000);  // 600 KB of text, about 20 MB as a tree
        const std::string ray = R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                "\n";
        const auto header =
            dir.file("header.jsonl", join(R"({"levelsweep_queries": 1, "metadata": )", big, "}\n", ray));
        const auto line = dir.file("line.jsonl", join("\n", big, "\n", ray));
        const std::uint64_t limit = 4u << 20;
        {
            const LimitFor tight(limit);
            start_measuring_bytes();
            try {
                (void)open_queries(header);
                FAIL("the header was taken");
            } catch (const MemoryLimitError& e) {
                CHECK(std::string(e.what()).find("header.jsonl: line 1 as a JSON tree needs") != std::string::npos);
            }
            CHECK(peak_bytes_measured() < limit);  // refused before the tree was built
            const auto source = open_queries(line);
            std::vector<QueryRecord> records, chunk(8);
            while (const std::size_t n = source->read(chunk))
                records.insert(records.end(), chunk.begin(), chunk.begin() + static_cast<long>(n));
            REQUIRE(records.size() == 2);
            CHECK(records[0].malformed);
            CHECK(records[0].position == 2);
            CHECK(records[0].error.find("line 2: the line as a JSON tree needs") != std::string::npos);
            CHECK_FALSE(records[1].malformed);  // and the next line reads as ever
        }
        // With room, the header is read, its metadata kept as its compact text.
        const auto source = open_queries(header);
        CHECK(source->header().metadata == big);
    }

    TEST_CASE(
        "one JSON Lines read holds a bounded text whatever its lines, and a record keeps no room a long line took") {
        const ScratchDir dir("memory_read");
        const std::string long_line(max_query_line_bytes - 1, ' ');
        std::string text;
        const std::size_t long_lines = 64;
        for (std::size_t i = 0; i < long_lines; ++i) text.append("x").append(long_line, 1).append("\n");
        for (int i = 0; i < 100; ++i)
            text += R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                    "\n";
        const auto path = dir.file("long.jsonl", text);
        const auto source = open_queries(path);
        std::vector<QueryRecord> records(4096);
        std::size_t lines = 0, reads = 0;
        while (const std::size_t n = source->read(records)) {
            std::size_t held = 0;
            for (std::size_t i = 0; i < n; ++i) {
                held += records[i].text.capacity();
                // No more room than the line, beyond what a short line may keep.
                CHECK(records[i].text.capacity() <=
                      std::max<std::size_t>(std::size_t{64} << 10, 2 * records[i].text.size()));
            }
            CHECK(held <=
                  max_read_text_bytes() + 2 * max_query_line_bytes);  // the budget, and the line that crossed it
            lines += n;
            ++reads;
        }
        CHECK(reads > 2);  // the budget cut the reads short
        CHECK(lines == long_lines + 100);
    }
}
