// QueryRunner (levelsweep/query_runner.hpp): its thread count (and WorldRunner's, by
// the same rule), and execute(), which
// runs the caller's work on the runner's threads (a replay's pipeline does),
// with run() inside it giving the answers it gives outside; a runner of one
// thread runs it all on the caller's, in order, without TBB.
#include <doctest/doctest.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include <cstdint>
#include <numeric>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "../../bench/query_sets.hpp"
#include "../../bench/result_hash.hpp"
#include "levelsweep/batch_path.hpp"
#include "levelsweep/generate.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/parallel_loop.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/world_runner.hpp"
#include "mesh_support.hpp"
#include "replay_support.hpp"
#include "stored_hierarchy_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

std::vector<std::uint64_t> answers(QueryRunner& runner, const std::vector<Query>& queries) {
    std::vector<std::uint64_t> hashes(queries.size());
    runner.run(queries, [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
        hashes[i] = bench::query_result_hash(r, contacts);
    });
    return hashes;
}

}  // namespace

TEST_SUITE("batch runner") {
    TEST_CASE(
        "a large level's hierarchy built on two threads is the one built on one, and a runner builds it on its own") {
        GenerateOptions options;
        options.seed = 5;
        options.triangles = 60000;  // the build splits nodes of 16,384 triangles or more in parallel
        const Level level = generate_street_level(options).level;
        const std::vector<Query> queries = bench::random_queries(level, std::nullopt, 2048);
        std::optional<BatchLevel> serial, parallel;
        tbb::task_arena(1).execute([&] { serial.emplace(level).hierarchy(); });
        tbb::task_arena(2).execute([&] { parallel.emplace(level).hierarchy(); });
        CHECK(serial->node_count() == parallel->node_count());
        CHECK(serial->memory_bytes() == parallel->memory_bytes());
        std::vector<std::uint64_t> one(queries.size()), two(queries.size());
        std::vector<MeshContact> buffer(mesh_contact_capacity);
        BatchScratch serial_scratch(*serial), parallel_scratch(*parallel);
        for (std::size_t i = 0; i < queries.size(); ++i) {
            QueryResult r = run_query_batch(*serial, queries[i], buffer, serial_scratch);
            one[i] = bench::query_result_hash(r, std::span<const MeshContact>(buffer.data(), r.count));
            r = run_query_batch(*parallel, queries[i], buffer, parallel_scratch);
            two[i] = bench::query_result_hash(r, std::span<const MeshContact>(buffer.data(), r.count));
        }
        CHECK(one == two);
        QueryRunner runner(level, 2);
        CHECK(answers(runner, queries) == one);
    }

    TEST_CASE("a hierarchy the level file stored is taken as it is: its nodes, the same answers, no build") {
        GenerateOptions options;
        options.seed = 9;
        options.triangles = 4000;
        const Level level = generate_street_level(options).level;
        const BatchLevel built(level);
        const std::vector<std::uint32_t> words = built.hierarchy_words();
        const Level loaded = load_level_from_memory(serialize_level(level, words), "stored.lvl");
        const BatchLevel stored(loaded);
        CHECK(stored.hierarchy_stored());
        CHECK_FALSE(built.hierarchy_stored());
        CHECK(stored.hierarchy_words() == words);
        const std::vector<Query> queries = bench::random_queries(level, std::nullopt, 2048);
        QueryRunner from_built(built, 1), from_stored(stored, 1);
        CHECK(answers(from_stored, queries) == answers(from_built, queries));
    }

    TEST_CASE("any hierarchy a level file may hold gives the reference path's answers (one made by hand)") {
        // Only the boxes matter, and only as bounds: a tree of another shape
        // than the builder's (two levels, triangles in index order) answers alike.
        for (std::uint32_t seed = 1; seed <= 6; ++seed) {
            auto rng = std::mt19937(seed);
            LevelArrays arrays = random_level_arrays(rng, 40, 60, -3.0f, 3.0f);
            for (std::uint16_t& f : arrays.flags) f = static_cast<std::uint16_t>(f & ~tri_flags::special);
            // Cells small beside the moves, so that most queries search the hierarchy.
            const Level level = build_level(std::move(arrays), Vec3{0.1f, 0.1f, 0.1f});
            const Level loaded = load_level_from_memory(serialize_level(level, two_level_hierarchy(level)), "hand.lvl");
            const BatchLevel stored(loaded);
            const std::vector<Query> queries = bench::random_queries(loaded, std::nullopt, 1024, seed);
            QueryRunner reference(loaded, 1, Path::reference), batch(stored, 1);
            CAPTURE(seed);
            CHECK(answers(batch, queries) == answers(reference, queries));
            CHECK(stored.hierarchy_built());
        }
    }

    TEST_CASE("the hierarchy is built once, by the first query that needs it, while other threads query") {
        const Level& level = bundled_level("street_1k.lvl");
        // Short queries (the cell walk) first, then long sphere sweeps (the
        // hierarchy), interleaved so that both threads ask for the hierarchy.
        std::vector<Query> queries = bench::random_queries(level, QueryKind::capsule_sweep, 256);
        for (const Query& q : bench::random_queries(level, QueryKind::sphere_sweep, 512)) {
            Query far = q;
            far.move = 20.0f * q.move;
            queries.push_back(far);
        }
        QueryRunner reference(level, 1, Path::reference);
        const std::vector<std::uint64_t> expected = answers(reference, queries);
        const BatchLevel batch(level);
        CHECK_FALSE(batch.hierarchy_built());
        QueryRunner walks(batch, 2);
        CHECK(answers(walks, std::vector<Query>(queries.begin(), queries.begin() + 256)) ==
              std::vector<std::uint64_t>(expected.begin(), expected.begin() + 256));
        CHECK_FALSE(batch.hierarchy_built());  // walking capsules never need it
        std::vector<Query> boxes = bench::random_queries(level, QueryKind::box_sweep, 128);
        for (Query& q : boxes) q.settings.quirks = Quirks::faithful();
        CHECK(answers(walks, boxes) == answers(reference, boxes));
        CHECK_FALSE(batch.hierarchy_built());  // nor faithful boxes (their lanes read the packed triangles alone)
        CHECK(answers(walks, queries) == expected);
        CHECK(batch.hierarchy_built());
    }

    TEST_CASE("QueryRunner::execute runs work on the runner's threads, and run() inside it answers as outside") {
        const Level& level = bundled_level("street_1k.lvl");
        const std::vector<Query> queries = bench::random_queries(level, std::nullopt, 2048);
        for (const unsigned threads : {1u, 2u}) {
            CAPTURE(threads);
            QueryRunner runner(level, threads);
            const std::vector<std::uint64_t> outside = answers(runner, queries);
            int concurrency = 0;
            std::vector<std::uint64_t> inside;
            runner.execute([&] {
                concurrency = tbb::this_task_arena::max_concurrency();
                inside = answers(runner, queries);
            });
            if (threads > 1) CHECK(concurrency == static_cast<int>(runner.threads()));
            CHECK(inside == outside);
        }
    }

    TEST_CASE("a runner of one thread runs everything on the calling thread, in order, TBB's loops included") {
        const Level& level = bundled_level("street_1k.lvl");
        const std::vector<Query> queries = bench::random_queries(level, std::nullopt, 2048);
        QueryRunner one(level, 1), two(level, 2);
        const std::thread::id caller = std::this_thread::get_id();
        std::vector<std::size_t> order;
        bool elsewhere = false;
        std::vector<std::uint64_t> hashes(queries.size());
        one.execute([&] {
            one.run(queries, [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
                elsewhere = elsewhere || std::this_thread::get_id() != caller;
                order.push_back(i);
                hashes[i] = bench::query_result_hash(r, contacts);
            });
            // A parallel loop the work starts (a replay's gathering of records) runs there too, as one range.
            parallel_loop(0, 1000, 16, [&](const tbb::blocked_range<std::size_t>& range) {
                elsewhere = elsewhere || std::this_thread::get_id() != caller;
                CHECK(range.begin() == 0);
                CHECK(range.end() == 1000);
            });
        });
        CHECK_FALSE(elsewhere);
        std::vector<std::size_t> in_order(queries.size());
        std::iota(in_order.begin(), in_order.end(), std::size_t{0});
        CHECK(order == in_order);
        CHECK(hashes == answers(two, queries));
        // Outside its work, the thread's loops are TBB's again.
        CHECK_FALSE(detail::on_one_thread);
        // Batches asked of it from two threads at once take turns on its one worker.
        std::vector<std::uint64_t> first, second;
        std::thread other([&] { first = answers(one, queries); });
        second = answers(one, queries);
        other.join();
        CHECK(first == hashes);
        CHECK(second == hashes);
    }

    TEST_CASE("QueryRunner and WorldRunner run on no more threads than TBB runs at once, and say so") {
        const auto all = static_cast<unsigned>(tbb::info::default_concurrency());
        CHECK(runnable_threads(0) == all);
        CHECK(runnable_threads(1) == 1);
        CHECK(runnable_threads(100000) == all);
        const Level& level = bundled_level("street_1k.lvl");
        CHECK(QueryRunner(level, 100000).threads() == all);
        CHECK(QueryRunner(level, 0).threads() == all);
        CHECK(QueryRunner(level, 1).threads() == 1);
        const World world(&level);
        CHECK(WorldRunner(world, 100000).threads() == all);  // not 100000 workers' scratch
        CHECK(WorldRunner(world, 1).threads() == 1);
    }
}
