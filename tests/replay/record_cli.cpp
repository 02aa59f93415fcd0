// levelsweep record through the CLI binary, and the bundled gameplay queries.
#include <doctest/doctest.h>

#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "mesh_import_support.hpp"
#include "replay_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::filesystem::path source_dir(LEVELSWEEP_SOURCE_DIR);

std::string hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
    return buf;
}

// The record command written in data/queries/README.md for the bundled file.
std::string readme_command() {
    std::istringstream readme(file_text(source_dir / "data" / "queries" / "README.md"));
    for (std::string line; std::getline(readme, line);)
        if (line.rfind("levelsweep record ", 0) == 0) return line.substr(std::string("levelsweep ").size());
    return {};
}

}  // namespace

TEST_SUITE("record cli") {
    TEST_CASE("record writes a binary query file stamped with the level's checksum and what made it") {
        const ScratchDir dir("record_cli_binary");
        const std::string level = (source_dir / "data" / "levels" / "street_1k.lvl").string();
        const std::string out = (dir / "q.lsq").string();
        const auto r =
            run_cli("record " + level + " " + out + " --seed 9 --count 500 --mix walk=2,strike=1 --length 0.75");
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("500 queries") != std::string::npos);

        QueryFileReader reader(out);
        const Level& street = bundled_level("street_1k.lvl");
        CHECK(reader.header().count == 500);
        CHECK(reader.header().level_checksum == street.checksum());
        const nlohmann::json meta = nlohmann::json::parse(reader.header().metadata);
        CHECK(meta["generator"] == "levelsweep record");
        CHECK(meta["level"] == "street_1k.lvl");
        CHECK(meta["seed"] == 9);
        CHECK(meta["count"] == 500);
        CHECK(meta["length"] == 0.75);
        CHECK(meta["mix"] ==
              nlohmann::json{
                  {"walk", 2}, {"jump", 0}, {"strike", 1}, {"fall", 0}, {"overlap", 0}, {"ray", 0}, {"sweep", 0}});

        RecordOptions o;
        o.seed = 9;
        o.count = 500;
        o.mix = RecordMix::parse("walk=2,strike=1");
        o.sweep_length = 0.75f;
        const Recorded expected = record(street, o);
        const std::vector<QueryRecord> got = read_all(reader, 64);
        REQUIRE(got.size() == 500);
        for (std::size_t i = 0; i < got.size(); ++i) {
            CHECK_FALSE(got[i].malformed);
            CHECK(encoded(got[i].query) == encoded(expected.queries[i]));
        }
        CHECK_FALSE(reader.truncation());
    }

    TEST_CASE("record writes JSON Lines, header line first, when OUT ends in .jsonl") {
        const ScratchDir dir("record_cli_jsonl");
        const std::string level = (source_dir / "data" / "levels" / "street_1k.lvl").string();
        const std::string jsonl = (dir / "q.jsonl").string(), binary = (dir / "q.lsq").string();
        REQUIRE(run_cli("record " + level + " " + jsonl + " --seed 4 --count 300").exit_code == 0);
        REQUIRE(run_cli("record " + level + " " + binary + " --seed 4 --count 300").exit_code == 0);
        const auto lines = json_lines(file_text(jsonl));
        REQUIRE(lines.size() == 301);
        CHECK(lines[0]["levelsweep_queries"] == 1);
        CHECK(lines[0]["level_checksum"] == hex(bundled_level("street_1k.lvl").checksum()));
        CHECK(lines[0]["metadata"]["seed"] == 4);
        CHECK(lines[1].contains("kind"));
        // The text form and the binary form hold the same queries.
        const auto converted = dir / "back.lsq";
        REQUIRE(run_cli("convert " + jsonl + " " + converted.string()).exit_code == 0);
        CHECK(read_bytes(converted) == read_bytes(binary));
    }

    TEST_CASE("record refuses a bad mix, a bad length and a missing level, and writes nothing") {
        const ScratchDir dir("record_cli_bad");
        const std::string level = (source_dir / "data" / "levels" / "street_1k.lvl").string();
        const std::string out = (dir / "q.lsq").string();
        CHECK(run_cli("record " + level + " " + out + " --mix walk=0").exit_code != 0);
        CHECK(run_cli("record " + level + " " + out + " --mix crawl=1").exit_code != 0);
        CHECK(run_cli("record " + level + " " + out + " --length -1").exit_code != 0);
        CHECK(run_cli("record " + (dir / "none.lvl").string() + " " + out).exit_code != 0);
        CHECK_FALSE(std::filesystem::exists(out));
    }

    TEST_CASE("the bundled gameplay queries are what the command in data/queries/README.md records") {
        const std::string command = readme_command();
        const std::string bundled = "data/queries/street_gameplay.lsq";
        REQUIRE(command.find(bundled) != std::string::npos);
        const ScratchDir dir("record_cli_bundled");
        const std::string again = (dir / "again.lsq").string();
        std::string args = command;
        args.replace(args.find(bundled), bundled.size(), again);
        const std::string levels = "data/levels/";
        REQUIRE(args.find(levels) != std::string::npos);
        args.replace(args.find(levels), levels.size(), (source_dir / "data" / "levels").string() + "/");
        REQUIRE(run_cli(args).exit_code == 0);
        const Bytes committed = read_bytes(source_dir / bundled), made = read_bytes(again);
        CHECK(committed.size() < 3u * 1024 * 1024);
        CHECK(made == committed);

        QueryFileReader reader(source_dir / bundled);
        CHECK(reader.header().level_checksum == bundled_level("street_10k.lvl").checksum());
        CHECK(reader.header().count >= 15000);
        CHECK(reader.header().count <= 25000);
    }
}
