// The parts of a replay job (docs/distributed.md) below the tool: the
// manifest read strictly; a query file read by ranges, record for record as
// `replay` reads it, with the ranges' digests carried on to the whole file's;
// and rank 0's dispenser, which hands out every range exactly once.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <set>
#include <thread>
#include <tuple>

#include "levelsweep/job_team.hpp"
#include "levelsweep/query_ranges.hpp"
#include "levelsweep/replay_job.hpp"
#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

ReplayJob manifest(const ScratchDir& dir, const std::string& text) {
    return read_job_manifest(dir.file("job.json", text));
}

void check_manifest_refused(const ScratchDir& dir, const std::string& text, const std::string& says) {
    CAPTURE(text);
    try {
        manifest(dir, text);
        FAIL("accepted");
    } catch (const std::runtime_error& e) {
        CHECK_MESSAGE(std::string(e.what()).find(says) != std::string::npos, e.what());
    }
}

}  // namespace

TEST_SUITE("replay job parts") {
    TEST_CASE("a job's manifest gives each replay replay's defaults, and refuses what it does not know") {
        const ScratchDir dir("job_manifest");
        const ReplayJob job = manifest(dir, R"({"replays": [
            {"level": "a.lvl", "queries": "a.lsq", "output": "a.lsr"},
            {"level": "b.lvl", "queries": "b.lsq", "output": "b.lsr", "mode": "corrected", "path": "reference",
             "options": {"isa": "sse4", "empty_round_sweeps": true, "force": true}}]})");
        REQUIRE(job.replays.size() == 2);
        const JobReplay& a = job.replays[0];
        CHECK(std::tie(a.level, a.queries, a.output, a.mode, a.path, a.isa) ==
              std::tie("a.lvl", "a.lsq", "a.lsr", "faithful", "batch", "auto"));
        CHECK_FALSE(a.force);
        CHECK(a.quirks() == Quirks::faithful());
        const JobReplay& b = job.replays[1];
        CHECK(std::tie(b.mode, b.path, b.isa) == std::tie("corrected", "reference", "sse4"));
        CHECK(b.force);
        CHECK(b.quirks() == Quirks::corrected().with(Quirk::empty_round_sweeps));

        const std::string one = R"("level": "a.lvl", "queries": "a.lsq", "output": "a.lsr")";
        check_manifest_refused(dir, "{\"replays\": [{" + one + ", \"mdoe\": \"corrected\"}]}", "unknown key \"mdoe\"");
        check_manifest_refused(dir, "{\"replays\": [{" + one + ", \"options\": {\"threads\": 2}}]}",
                               "unknown key \"threads\"");
        check_manifest_refused(dir, "{\"replays\": [{" + one + ", \"mode\": \"fast\"}]}", "mode \"fast\"");
        check_manifest_refused(dir, "{\"replays\": [{" + one + ", \"path\": \"simd\"}]}", "path \"simd\"");
        check_manifest_refused(dir, "{\"replays\": [{" + one + ", \"options\": {\"isa\": \"mmx\"}}]}", "isa \"mmx\"");
        check_manifest_refused(dir, "{\"replays\": [{" + one + ", \"options\": {\"force\": 1}}]}",
                               "\"force\" is not true or false");
        check_manifest_refused(dir, R"({"replays": [{"level": "a.lvl", "queries": "a.lsq"}]})",
                               "\"output\" is missing");
        check_manifest_refused(dir, R"({"replays": [{"level": "a.lvl", "queries": 7, "output": "a.lsr"}]})",
                               "\"queries\" is not a string");
        check_manifest_refused(dir, "{\"replays\": [{" + one + "}, {" + one + "}]}", "is another replay's too");
        check_manifest_refused(dir, R"({"replays": [{"level": "a.lvl", "queries": "-", "output": "a.lsr"}]})",
                               "standard input");
        check_manifest_refused(dir, R"({"replays": []})", "at least one replay");
        check_manifest_refused(dir, R"({"jobs": []})", "unknown key \"jobs\"");
        check_manifest_refused(dir, R"({"replays": [)", "job.json");
        check_manifest_refused(dir, R"([1, 2])", "not a JSON object");
    }

    TEST_CASE("a query file read by ranges gives replay's records, and its ranges' digests the whole file's") {
        const ScratchDir dir("job_ranges");
        RecordOptions o;
        o.seed = 41;
        o.count = 3000;
        const auto path = dir / "q.lsq";
        write_query_file(path, record(bundled_level("street_1k.lvl"), o).queries, 0, "{\"made\": \"here\"}");
        // A few records made malformed (their CRC broken): a range must say so as the reader does.
        Bytes bytes = read_bytes(path);
        const std::size_t head = bytes.size() - o.count * query_record_bytes;
        for (const std::size_t record : {std::size_t{0}, std::size_t{1234}, std::size_t{2999}})
            bytes[head + record * query_record_bytes + 50] ^= std::byte{0x40};
        write_bytes(path, bytes);

        QueryFileReader reader(path);
        const std::vector<QueryRecord> whole = read_all(reader, 512);
        REQUIRE(whole.size() == o.count);
        const QueryFileRanges ranges(path);
        CHECK(ranges.count() == o.count);
        CHECK(ranges.head().bytes == head);

        auto rng = seeded_rng(4242);
        for (int round = 0; round < 20; ++round) {
            // Cut the file at random places; read each range in random read sizes.
            std::set<std::uint64_t> cuts{0, o.count};
            while (cuts.size() < 2 + rng() % 6) cuts.insert(rng() % o.count);
            InputDigest digest = ranges.head();
            for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
                const std::uint64_t first = *it, end = *std::next(it);
                const auto source = ranges.range(first, end);
                std::vector<QueryRecord> part(1 + rng() % 700);
                std::uint64_t at = first;
                while (const std::size_t n = source->read(part)) {
                    for (std::size_t i = 0; i < n; ++i, ++at) {
                        const QueryRecord& a = part[i];
                        const QueryRecord& b = whole[at];
                        CAPTURE(at);
                        CHECK(a.malformed == b.malformed);
                        CHECK(a.error == b.error);
                        CHECK(a.position == b.position);
                        CHECK(encoded(a.query) == encoded(b.query));
                    }
                }
                CHECK(at == end);
                CHECK(source->consumed().bytes == (end - first) * query_record_bytes);
                digest.append(source->consumed());
            }
            CHECK(digest == reader.digest());
        }
    }

    TEST_CASE("a query file a job cannot read by ranges is refused, saying what to do") {
        const ScratchDir dir("job_ranges_refused");
        RecordOptions o;
        o.seed = 42;
        o.count = 10;
        const auto path = dir / "q.lsq";
        write_query_file(path, record(bundled_level("street_1k.lvl"), o).queries);
        const Bytes bytes = read_bytes(path);
        const auto refused = [](const std::filesystem::path& p, const std::string& says) {
            CAPTURE(p);
            try {
                QueryFileRanges ranges(p);
                FAIL("accepted");
            } catch (const ReplayFileError& e) {
                CHECK_MESSAGE(std::string(e.what()).find(says) != std::string::npos, e.what());
            }
        };
        gzip_to(dir / "q.lsq.gz", bytes);
        refused(dir / "q.lsq.gz", "gunzip it");
        write_bytes(dir / "cut.lsq", bytes, bytes.size() - 50);
        refused(dir / "cut.lsq", "before the 10 records its header counts");
        Bytes longer = bytes;
        longer.resize(bytes.size() + 3);
        write_bytes(dir / "long.lsq", longer);
        refused(dir / "long.lsq", "data after the 10 records");
        refused(dir.file("q.jsonl", "{\"kind\": \"ray\"}\n"), "levelsweep convert");
        refused(std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "data/levels/street_1k.lvl", "a level file");
        refused(dir / "none.lsq", "cannot open");
        refused(dir / ".", "not a regular file");
        CHECK(QueryFileRanges(path).count() == 10);
    }

    TEST_CASE("rank 0's dispenser hands out every range once, keeps a rank on its replay, and retires every rank") {
        std::vector<QueryRange> ranges;
        for (std::size_t replay = 0; replay < 4; ++replay)
            for (const QueryRange& r : cut_ranges(replay, 0, 1000 + 731 * replay, 100)) ranges.push_back(r);
        CHECK(cut_ranges(0, 5, 5, 100).empty());
        CHECK(cut_ranges(2, 0, 250, 100) == std::vector<QueryRange>{{2, 0, 100}, {2, 100, 200}, {2, 200, 250}});
        std::uint64_t total = 0;
        for (const QueryRange& r : ranges) total += r.size();

        // One rank alone: it stays on a replay until that one is done.
        RangeDispenser alone(ranges, 1);
        std::vector<QueryRange> order;
        for (std::uint64_t done = 0;;) {
            const auto r = alone.take(0, done);
            if (!r) break;
            order.push_back(*r);
            done = r->size();
        }
        CHECK(alone.finished());
        CHECK(alone.done() == total);
        REQUIRE(order.size() == ranges.size());
        std::size_t switches = 0;
        for (std::size_t i = 1; i < order.size(); ++i) switches += order[i].replay != order[i - 1].replay;
        CHECK(switches == 3);
        CHECK(order.front().replay == 3);  // the replay with the most ranges first

        // Eight ranks at once, from threads: every range exactly once, then every rank retired.
        const int ranks = 8;
        RangeDispenser shared(ranges, ranks);
        std::vector<std::vector<QueryRange>> taken(ranks);
        std::vector<std::thread> threads;
        for (int rank = 0; rank < ranks; ++rank)
            threads.emplace_back([&, rank] {
                for (std::uint64_t done = 0;;) {
                    const auto r = shared.take(rank, done);
                    if (!r) break;
                    taken[static_cast<std::size_t>(rank)].push_back(*r);
                    done = r->size();
                }
            });
        for (std::thread& t : threads) t.join();
        CHECK(shared.finished());
        CHECK(shared.done() == total);
        std::vector<QueryRange> all;
        for (const auto& t : taken) all.insert(all.end(), t.begin(), t.end());
        const auto by_place = [](const QueryRange& a, const QueryRange& b) {
            return std::tie(a.replay, a.first) < std::tie(b.replay, b.first);
        };
        std::sort(all.begin(), all.end(), by_place);
        CHECK(all == ranges);

        // A failure on rank 0's thread stops the job: nothing more is handed out.
        RangeDispenser failing(ranges, 2);
        CHECK(failing.take(1, 0).has_value());
        CHECK_FALSE(failing.finished());
        failing.fail(std::make_exception_ptr(std::runtime_error("disk full")));
        CHECK(failing.finished());
        CHECK_FALSE(failing.take(1, 0).has_value());
        CHECK_THROWS_WITH_AS(failing.rethrow(), "disk full", std::runtime_error);
    }
}
