// levelsweep replay's result files through the CLI: a replay equals the queries
// run one by one (on 1 and 2 threads), its progress and summary, malformed
// records, and a replay killed mid-run leaving every flushed record readable.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>
#include <thread>

#include "batch_support.hpp"
#include "levelsweep/level_file.hpp"
#include "query_random.hpp"
#include "query_support.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";

constexpr std::size_t malformed_at = 17;  // the record whose bytes are damaged

// Random queries of every kind, then one for each refusing status and one that
// overflows the 100-contact buffer.
std::vector<Query> replay_queries(const Level& level, std::uint32_t seed, int count) {
    auto rng = seeded_rng(seed);
    std::vector<Query> q;
    for (int i = 0; i < count; ++i)
        q.push_back(random_query(rng, level, static_cast<QueryKind>(i % query_kind_count), Quirks::faithful()));
    const float nan = std::numeric_limits<float>::quiet_NaN();
    q.push_back(Query::sphere_sweep({nan, 1, 1}, 0.5f, {0, 0, -1}));
    q.push_back(Query::sphere_overlap({1, 1, 1}, -1.0f));
    Box flat;
    flat.half[0] = 1.0f;
    flat.centre = {2, 2, 2};
    q.push_back(Query::box_sweep(flat, {0, 0, -1}));
    QuerySettings none;
    none.max_contacts = 0;
    q.push_back(Query::ray({1, 1, 5}, {0, 0, -10}, none));
    const Vec3 middle = 0.5f * (level.bounds_min() + level.bounds_max());
    q.push_back(Query::sphere_overlap(middle, 60.0f));
    return q;
}

// The queries as a binary query file, with record `malformed_at` damaged.
std::filesystem::path query_file(const Level& level, const std::vector<Query>& queries, const std::string& name) {
    const auto path = temp_path(name);
    {
        QueryFileWriter w(path, level.checksum(), "");
        for (const Query& q : queries) w.write(q);
        w.close();
    }
    std::string bytes = file_text(path);
    bytes[64 + malformed_at * query_record_bytes + 30] ^= 0x40;
    write_text(path, bytes);
    return path;
}

// A query run alone on the path (and ISA) a result file says it was replayed on.
Answer alone_as_in(PathPair& alone, const ReadBack& back, const Query& q) {
    if (back.header.path == "batch") return alone.batch(q, *isa_from_name(back.header.isa));
    return alone.reference(q);
}

// Each stored record against the same query run alone on the replay's path,
// field by field, bit for bit.
void check_one_by_one(const Level& level, const std::vector<Query>& queries, const ReadBack& back) {
    PathPair alone(level);
    REQUIRE(back.records.size() == queries.size());
    CHECK_FALSE(back.truncation);
    for (std::size_t i = 0; i < queries.size(); ++i) {
        CAPTURE(i);
        const ResultRecord& r = back.records[i];
        CHECK(r.index == i);
        if (i == malformed_at) {
            CHECK(r.malformed);
            CHECK(r.result.status == QueryStatus::malformed);
            CHECK(r.contacts.empty());
            continue;
        }
        CHECK_FALSE(r.malformed);
        CHECK(r.kind == queries[i].kind);
        const Answer ran = alone_as_in(alone, back, queries[i]);
        const std::string m = result_mismatch(ran.result, ran.contacts, r);
        CHECK_MESSAGE(m.empty(), "query " << i << " differs in " << m);
    }
}

// The summary's row for `kind`: total, then one count per status.
std::vector<std::uint64_t> summary_row(const std::string& out, QueryKind kind) {
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string name;
        words >> name;
        if (name != query_kind_name(kind)) continue;
        std::vector<std::uint64_t> row;
        for (std::uint64_t n; words >> n;) row.push_back(n);
        return row;
    }
    return {};
}

}  // namespace

TEST_SUITE("replay results cli") {
    TEST_CASE("a replay's result file equals the queries run one by one, on 1 and on 2 threads, on both paths") {
        const Level level = load_level(street);
        const std::vector<Query> queries = replay_queries(level, 911, scaled(600));
        const auto q = query_file(level, queries, "one_by_one.lsq");
        for (const char* path : {"reference", "batch"}) {
            CAPTURE(path);
            const auto r1 = temp_path("one_by_one_1.lsr"), r2 = temp_path("one_by_one_2.lsr");
            const std::string replay = "replay " + street + " " + q.string() + " -q --path " + path;
            CHECK(run_cli(replay + " --threads 1 -o " + r1.string()).exit_code == 0);
            CHECK(run_cli(replay + " --threads 2 -o " + r2.string()).exit_code == 0);
            const ReadBack back = read_results(r1);
            CHECK(back.header.level_checksum == level.checksum());
            CHECK(back.header.quirks == Quirks::faithful().bits());
            CHECK(back.header.path == path);
            check_one_by_one(level, queries, back);
            CHECK(back.records.back().result.overflow);  // the huge overlap
            CHECK(file_text(r1) == file_text(r2));       // the thread count changes nothing
            for (const auto& p : {r1, r2}) std::filesystem::remove(p);
        }
        std::filesystem::remove(q);
    }

    TEST_CASE("progress and summary: the counts match the input, a log gets plain lines ending at the total") {
        const Level level = load_level(street);
        const std::vector<Query> queries = replay_queries(level, 912, scaled(300));
        const auto q = query_file(level, queries, "summary.lsq");
        const CliRun r = run_cli_both("replay " + street + " " + q.string() + " --threads 2");
        CHECK(r.exit_code == 0);

        std::vector<std::vector<std::uint64_t>> expected(query_kind_count,
                                                         std::vector<std::uint64_t>(1 + query_status_count, 0));
        std::uint64_t contacts = 0, with_contacts = 0, overflowed = 0;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            if (i == malformed_at) {  // counted as the default query's kind
                ++expected[static_cast<std::size_t>(QueryKind::sphere_sweep)][0];
                ++expected[static_cast<std::size_t>(QueryKind::sphere_sweep)]
                          [1 + static_cast<int>(QueryStatus::malformed)];
                continue;
            }
            const Ran ran = run(level, queries[i]);
            auto& row = expected[static_cast<std::size_t>(queries[i].kind)];
            ++row[0];
            ++row[1 + static_cast<std::size_t>(ran.result.status)];
            contacts += ran.result.count;
            with_contacts += ran.result.count > 0;
            overflowed += ran.result.overflow;
        }
        for (int k = 0; k < query_kind_count; ++k) {
            CAPTURE(query_kind_name(static_cast<QueryKind>(k)));
            CHECK(summary_row(r.out, static_cast<QueryKind>(k)) == expected[static_cast<std::size_t>(k)]);
        }
        CHECK(overflowed == 1);
        const std::string contact_line = "contacts           " + std::to_string(contacts) + " (" +
                                         std::to_string(with_contacts) + " queries with contacts, " +
                                         std::to_string(overflowed) + " overflowed";
        CHECK(r.out.find(contact_line) != std::string::npos);
        CHECK(r.out.find("malformed records  1 (each has status malformed)") != std::string::npos);

        CHECK(r.err.find('\r') == std::string::npos);  // not a terminal: no bar redrawn in place
        CHECK(r.err.find("query " + std::to_string(malformed_at) + " is malformed") != std::string::npos);
        const std::string total = std::to_string(queries.size());
        CHECK(r.err.find("100.0% " + total + "/" + total) != std::string::npos);
        CHECK(run_cli_both("replay " + street + " " + q.string() + " -q").err.find("replay [") == std::string::npos);
        std::filesystem::remove(q);
    }

    TEST_CASE("a malformed record's result does not depend on the records before it") {
        // 4096 box sweeps fill the replay's first chunk; the damaged record is the
        // first of the second chunk, read into a slot that held a box sweep.
        const Level level = load_level(street);
        auto rng = seeded_rng(913);
        std::vector<Query> queries;
        for (std::size_t i = 0; i < 4096 + malformed_at + 1; ++i)
            queries.push_back(random_query(rng, level, QueryKind::box_sweep, Quirks::faithful()));
        const auto path = temp_path("chunks.lsq");
        {
            QueryFileWriter w(path, level.checksum(), "");
            for (const Query& q : queries) w.write(q);
        }
        std::string bytes = file_text(path);
        bytes[64 + 4096 * query_record_bytes + 30] ^= 0x40;
        write_text(path, bytes);
        const auto out = temp_path("chunks.lsr");
        CHECK(run_cli("replay " + street + " " + path.string() + " -q -o " + out.string()).exit_code == 0);
        const ReadBack back = read_results(out);
        REQUIRE(back.records.size() == queries.size());
        CHECK(back.records[4096].malformed);
        CHECK(back.records[4096].kind == QueryKind::sphere_sweep);  // the default query's, as in the first chunk
        CHECK(back.records[4097].kind == QueryKind::box_sweep);
        std::filesystem::remove(path);
        std::filesystem::remove(out);
    }

    TEST_CASE("a replay killed mid-run leaves every flushed record readable and right, in RESULTS.partial") {
        // The replay reads JSON Lines from a pipe that stays open: it runs and
        // flushes the first 4096 queries, then waits for the rest of its second
        // chunk, and is killed there. Its results are in out.partial until it ends.
        const Level level = load_level(street);
        auto rng = seeded_rng(914);
        std::vector<Query> queries;
        std::string lines;
        for (int i = 0; i < 5000; ++i) {
            queries.push_back(
                random_query(rng, level, static_cast<QueryKind>(i % query_kind_count), Quirks::faithful()));
            lines += query_line(queries.back());
        }
        const auto out = temp_path("killed.lsr"), partial = temp_path("killed.lsr.partial");
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            ::dup2(fds[0], STDIN_FILENO);
            const int null = ::open("/dev/null", O_WRONLY);
            ::dup2(null, STDOUT_FILENO);
            ::dup2(null, STDERR_FILENO);
            ::close(fds[1]);
            ::execl(LEVELSWEEP_CLI_PATH, "levelsweep", "replay", street.c_str(), "-", "-q", "--threads", "1", "-o",
                    out.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(fds[0]);
        const auto old_pipe = ::signal(SIGPIPE, SIG_IGN);  // a replay that died early must fail the test, not end it
        for (std::size_t done = 0; done < lines.size();) {
            const ssize_t n = ::write(fds[1], lines.data() + done, lines.size() - done);
            if (n <= 0) break;
            done += static_cast<std::size_t>(n);
        }
        std::size_t seen = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < deadline) {
            try {
                seen = read_results(partial).records.size();
                if (seen >= 4096) break;
            } catch (const ReplayFileError&) {  // not created yet, or created and its header not yet written
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        int status = 0;
        CHECK(::waitpid(pid, &status, WNOHANG) == 0);  // still running, waiting for input
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        ::close(fds[1]);
        ::signal(SIGPIPE, old_pipe);
        CHECK(WIFSIGNALED(status));

        CHECK_FALSE(std::filesystem::exists(out));  // never put in place: the run did not finish
        const ReadBack back = read_results(partial);
        CHECK_FALSE(back.truncation);
        CHECK(back.end == ResultsEnd::incomplete);
        REQUIRE(back.records.size() == 4096);
        PathPair alone(level);
        for (std::size_t i = 0; i < back.records.size(); ++i) {
            CAPTURE(i);
            CHECK(back.records[i].index == i);
            const Answer ran = alone_as_in(alone, back, queries[i]);
            const std::string m = result_mismatch(ran.result, ran.contacts, back.records[i]);
            CHECK_MESSAGE(m.empty(), "query " << i << " differs in " << m);
        }
        std::filesystem::remove(partial);
    }
}
