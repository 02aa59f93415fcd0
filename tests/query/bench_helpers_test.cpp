// The benchmarks' own claims, checked without timing anything: their batch
// runner answers the same on any thread count, their query sets follow the
// seed, and their result hash sees every contact field (bench/README.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <thread>
#include <vector>

#include "../../bench/query_paths.hpp"
#include "../../bench/query_sets.hpp"
#include "../../bench/result_hash.hpp"
#include "levelsweep/level_file.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::bench;

namespace {

Level street_1k() { return load_level(LEVELSWEEP_SOURCE_DIR "/data/levels/street_1k.lvl"); }

// A query's inputs, field by field (a Query has padding, so no memcmp).
std::uint64_t query_hash(const Query& q) {
    ResultHash h;
    h.u32(static_cast<std::uint32_t>(q.kind));
    h.vec(q.start);
    h.vec(q.move);
    h.f32(q.radius);
    for (const Vec3& a : q.axes) h.vec(a);
    for (float half : q.half) h.f32(half);
    return h.value();
}

std::vector<std::uint64_t> query_hashes(const std::vector<Query>& queries) {
    std::vector<std::uint64_t> out;
    for (const Query& q : queries) out.push_back(query_hash(q));
    return out;
}

}  // namespace

TEST_SUITE("bench helpers") {
    TEST_CASE("bench: the reference batch runner answers the same on 1, 2 and all hardware threads") {
        static const Level level = street_1k();  // the paths keep a runner for it (query_paths.hpp)
        const auto count = static_cast<std::size_t>(test::scaled(2048));
        const std::vector<Query> queries = random_queries(level, std::nullopt, count);
        std::vector<QuerySlot> serial(queries.size());
        run_reference(level, queries, serial, 1);
        const BatchSummary expected = summarise(serial);
        // Not a vacuous comparison: the mixed batch meets the level.
        CHECK(expected.hits > queries.size() / 10);
        CHECK(expected.kernel_calls > expected.hits);
        for (int threads : {2, std::max(2, static_cast<int>(std::thread::hardware_concurrency()))}) {
            CAPTURE(threads);
            std::vector<QuerySlot> parallel(queries.size());
            run_reference(level, queries, parallel, threads);
            CHECK(summarise(parallel).hash == expected.hash);
            std::size_t same = 0;
            for (std::size_t i = 0; i < queries.size(); ++i)
                same += parallel[i].hash == serial[i].hash && parallel[i].kernel_calls == serial[i].kernel_calls;
            CHECK(same == queries.size());
        }
    }

    TEST_CASE("bench: a query set follows its seed and kind") {
        const Level level = street_1k();
        const auto a = query_hashes(random_queries(level, QueryKind::box_sweep, 64, 5));
        CHECK(a == query_hashes(random_queries(level, QueryKind::box_sweep, 64, 5)));
        CHECK(a != query_hashes(random_queries(level, QueryKind::box_sweep, 64, 6)));
        CHECK(a != query_hashes(random_queries(level, QueryKind::sphere_sweep, 64, 5)));
        const std::vector<Query> mixed = random_queries(level, std::nullopt, 10);
        for (std::size_t i = 0; i < mixed.size(); ++i)
            CHECK(mixed[i].kind == static_cast<QueryKind>(i % query_kind_count));
        // Every start lies in the level's bounds.
        for (const Query& q : random_queries(level, QueryKind::ray, 256)) {
            CHECK(q.start.x >= level.bounds_min().x);
            CHECK(q.start.x <= level.bounds_max().x);
            CHECK(q.start.z >= level.bounds_min().z);
            CHECK(q.start.z <= level.bounds_max().z);
        }
    }

    TEST_CASE("bench: the result hash sees every contact field, the contact-set hash ignores order") {
        MeshContact a;
        a.fraction = 0.25f;
        a.normal = {0.0f, 0.0f, 1.0f};
        a.point = {1.0f, 2.0f, 3.0f};
        a.triangle = 7;
        MeshContact b = a;
        b.fraction = 0.5f;
        b.triangle = 9;

        const std::uint64_t base = contact_hash(a);
        auto changed = [&](auto&& edit) {
            MeshContact c = a;
            edit(c);
            return contact_hash(c) != base;
        };
        CHECK(changed([](MeshContact& c) { c.fraction = 0.125f; }));
        CHECK(changed([](MeshContact& c) { c.depth = 0.5f; }));
        CHECK(changed([](MeshContact& c) { c.normal.x = 1.0f; }));
        CHECK(changed([](MeshContact& c) { c.normal.y = 1.0f; }));
        CHECK(changed([](MeshContact& c) { c.normal.z = -1.0f; }));
        CHECK(changed([](MeshContact& c) { c.point.x = 4.0f; }));
        CHECK(changed([](MeshContact& c) { c.point.y = 4.0f; }));
        CHECK(changed([](MeshContact& c) { c.point.z = 4.0f; }));
        CHECK(changed([](MeshContact& c) { c.direction.x = 1.0f; }));
        CHECK(changed([](MeshContact& c) { c.direction.y = 1.0f; }));
        CHECK(changed([](MeshContact& c) { c.direction.z = 1.0f; }));
        CHECK(changed([](MeshContact& c) { c.triangle = 8; }));
        CHECK(changed([](MeshContact& c) { c.flags = 0x10; }));
        CHECK(changed([](MeshContact& c) { c.triangle_flags = 3; }));
        CHECK(changed([](MeshContact& c) { c.material = 16; }));
        CHECK(changed([](MeshContact& c) { c.inside_mask = 5; }));
        // -0.0 and 0.0 are different answers (bits, not values).
        CHECK(changed([](MeshContact& c) { c.depth = -0.0f; }));

        QueryResult r;
        r.count = r.found = 2;
        const MeshContact ab[] = {a, b}, ba[] = {b, a};
        CHECK(query_result_hash(r, ab) != query_result_hash(r, ba));
        CHECK(contact_set_hash(ab) == contact_set_hash(ba));
        CHECK(contact_set_hash(ab) != contact_set_hash(std::span<const MeshContact>(ab, 1)));
        // The result's own words count too.
        QueryResult overflowed = r;
        overflowed.overflow = true;
        CHECK(query_result_hash(r, ab) != query_result_hash(overflowed, ab));
    }

}  // TEST_SUITE
