// The query recorder as a stream: determinism, chunking, prefixes, the mix.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "levelsweep/generate.hpp"
#include "replay_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const Level& street() { return bundled_level("street_1k.lvl"); }

bool same_bytes(const std::vector<Query>& a, const std::vector<Query>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (encoded(a[i]) != encoded(b[i])) return false;
    return true;
}

RecordOptions options(std::uint32_t seed, std::uint64_t count) {
    RecordOptions o;
    o.seed = seed;
    o.count = count;
    return o;
}

}  // namespace

TEST_SUITE("record stream") {
    TEST_CASE("the same level, seed and options give the same queries, however the stream is chunked") {
        const Recorded whole = record(street(), options(7, 3000));
        REQUIRE(whole.queries.size() == 3000);
        CHECK(same_bytes(whole.queries, record(street(), options(7, 3000)).queries));

        QueryRecorder recorder(street(), options(7, 3000));
        std::vector<Query> chunked;
        std::vector<Query> part(97);
        for (std::size_t size = 1; recorder.produced() < 3000; size = (size * 7 + 5) % part.size() + 1) {
            const std::size_t n = recorder.next(std::span(part).first(size));
            REQUIRE(n > 0);
            chunked.insert(chunked.end(), part.begin(), part.begin() + static_cast<long>(n));
        }
        CHECK(recorder.next(part) == 0);  // the count is reached
        CHECK(same_bytes(whole.queries, chunked));
    }

    TEST_CASE("a shorter recording is the start of a longer one, and another seed records other queries") {
        const Recorded longer = record(street(), options(3, 2000));
        Recorded shorter = record(street(), options(3, 555));
        REQUIRE(shorter.queries.size() == 555);
        CHECK(same_bytes(shorter.queries, std::vector<Query>(longer.queries.begin(), longer.queries.begin() + 555)));
        const Recorded other = record(street(), options(4, 2000));
        std::size_t same = 0;
        for (std::size_t i = 0; i < 2000; ++i) same += encoded(other.queries[i]) == encoded(longer.queries[i]);
        CHECK(same == 0);
    }

    TEST_CASE("the mix sets each kind's share of the queries, counted in queries") {
        RecordOptions o = options(5, 6000);
        o.mix = RecordMix::parse("walk=3,fall=2,ray=1");
        QueryRecorder recorder(street(), o);
        std::vector<Query> q(6000);
        std::vector<RecordKind> kinds(6000);
        REQUIRE(recorder.next(q, kinds) == 6000);
        std::array<std::uint64_t, record_kind_count> seen{};
        for (RecordKind k : kinds) ++seen[static_cast<std::size_t>(k)];
        for (int k = 0; k < record_kind_count; ++k)
            CHECK(seen[static_cast<std::size_t>(k)] == recorder.produced(static_cast<RecordKind>(k)));
        // Each kind is at most one episode (90 queries) off its share.
        CHECK(std::llabs(static_cast<long long>(seen[0]) - 3000) <= 90);
        CHECK(std::llabs(static_cast<long long>(seen[3]) - 2000) <= 90);
        CHECK(std::llabs(static_cast<long long>(seen[5]) - 1000) <= 90);
        CHECK(seen[1] + seen[2] + seen[4] + seen[6] == 0);
        // The kinds interleave: the first 600 queries already hold all three.
        std::array<bool, record_kind_count> early{};
        for (std::size_t i = 0; i < 600; ++i) early[static_cast<std::size_t>(kinds[i])] = true;
        CHECK((early[0] && early[3] && early[5]));
    }

    TEST_CASE("each kind records the queries it describes") {
        RecordOptions o = options(11, 7000);
        o.sweep_length = 1.5f;
        const Recorded r = record(street(), o);
        for (std::size_t i = 0; i < r.queries.size(); ++i) {
            const Query& q = r.queries[i];
            CAPTURE(i);
            switch (r.kinds[i]) {
                case RecordKind::walk:
                    REQUIRE(q.kind == QueryKind::capsule_sweep);
                    CHECK((q.radius == 0.4704f && q.sphere_height == 0.52f && q.step_height == 0.25f));
                    break;
                case RecordKind::jump:
                    REQUIRE((q.kind == QueryKind::capsule_sweep || q.kind == QueryKind::sphere_sweep));
                    CHECK(q.radius == 0.4704f);
                    if (q.kind == QueryKind::sphere_sweep) CHECK(q.settings.options == 0x2004du);
                    break;
                case RecordKind::strike:
                    REQUIRE(q.kind == QueryKind::sphere_sweep);
                    CHECK((q.radius == 0.09f || q.radius == 0.15f));
                    CHECK(std::sqrt(length_sq(q.move)) >= 0.3f - 1e-5f);
                    CHECK(std::sqrt(length_sq(q.move)) <= 0.9f + 1e-5f);
                    break;
                case RecordKind::fall:
                    REQUIRE(q.kind == QueryKind::box_sweep);
                    CHECK(q.move.z < 0.0f);
                    for (float h : q.half) CHECK((h >= 0.1f && h <= 0.6f));
                    break;
                case RecordKind::overlap:
                    REQUIRE(q.kind == QueryKind::sphere_overlap);
                    CHECK((q.radius == 2.0f || q.radius == 0.4704f || (q.radius >= 0.15f && q.radius <= 0.5f)));
                    break;
                case RecordKind::ray: REQUIRE(q.kind == QueryKind::ray); break;
                case RecordKind::sweep:
                    REQUIRE(q.kind == QueryKind::sphere_sweep);
                    CHECK_NEAR(std::sqrt(length_sq(q.move)), 1.5);
                    break;
            }
        }
    }

    TEST_CASE("mix text: read, written, refused") {
        const RecordMix m = RecordMix::parse(" jump = 2 ,sweep=7");
        CHECK(m.weight == std::array<std::uint32_t, record_kind_count>{0, 2, 0, 0, 0, 0, 7});
        CHECK(m.to_string() == "walk=0,jump=2,strike=0,fall=0,overlap=0,ray=0,sweep=7");
        CHECK(RecordMix::parse(RecordMix{}.to_string()).weight == RecordMix{}.weight);
        for (const char* bad : {"", "walk=0", "run=1", "walk", "walk=", "walk=-1", "walk=1.5", "walk=4294967296",
                                "walk=1,walk=2", "walk=1,,ray=1"})
            CHECK_THROWS_AS(RecordMix::parse(bad), std::invalid_argument);
    }

    TEST_CASE("the recorder refuses an all-zero mix and a sweep length that is negative or not finite") {
        RecordOptions o = options(1, 10);
        o.mix.weight.fill(0);
        CHECK_THROWS_AS(QueryRecorder(street(), o), std::invalid_argument);
        for (float bad : {-1.0f, std::nanf(""), INFINITY}) {
            RecordOptions l = options(1, 10);
            l.sweep_length = bad;
            CHECK_THROWS_AS(QueryRecorder(street(), l), std::invalid_argument);
        }
        RecordOptions zero = options(1, 10);
        zero.sweep_length = 0.0f;
        CHECK(record(street(), zero).queries.size() == 10);
    }

    TEST_CASE("a count of 0 records nothing") {
        QueryRecorder recorder(street(), options(1, 0));
        std::vector<Query> q(8);
        CHECK(recorder.next(q) == 0);
        CHECK(recorder.produced() == 0);
    }
}
