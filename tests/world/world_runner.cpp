// WorldRunner: a frame's queries in parallel over queries (TBB) give the answers
// of the same queries one at a time, whatever the thread count, and no query
// allocates.
#include <random>

#include "alloc_counter.hpp"
#include "levelsweep/world_runner.hpp"
#include "replay_support.hpp"
#include "world_answers.hpp"
#include "world_random.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

std::vector<WorldAnswer> run_batch(const World& w, std::span<const WorldQuery> qs, unsigned threads) {
    std::vector<WorldAnswer> out(qs.size());
    WorldRunner batch(w, threads);
    batch.run(qs, [&](std::size_t i, const WorldResult& r, std::span<const Contact> c, std::span<const BodyId> b) {
        out[i] = WorldAnswer{r, {c.begin(), c.end()}, {b.begin(), b.end()}};
    });
    return out;
}

}  // namespace

TEST_SUITE("world batch") {
    TEST_CASE(
        "WorldRunner: a frame's queries give the answers of the same queries one at a time, on 1, 2 and 4 threads") {
        const Level& level = bundled_level("street_1k.lvl");
        World w(&level);
        std::mt19937 rng = seeded_rng(1202);
        const RandomScene scene = random_scene(w, rng, 600, {0, 0, 0}, {40, 21, 4});
        std::uint64_t compared = 0, with_contacts = 0;
        for (int frame = 0; frame < scaled(6); ++frame) {
            swing_strikes(w, rng, scene);
            const std::vector<WorldQuery> qs = random_frame(rng, scene, 400, frame % 2 == 0);
            // One at a time, with one scratch reused.
            WorldScratch scratch(w);
            std::vector<WorldAnswer> single(qs.size());
            for (std::size_t i = 0; i < qs.size(); ++i) {
                single[i] = answer_of(qs[i], w.body_count(), [&](const WorldQuery& q, auto contacts, auto bodies) {
                    return w.run(q, contacts, bodies, scratch);
                });
                with_contacts += single[i].result.count > 0;
            }
            for (const unsigned threads : {1u, 2u, 4u}) {
                CAPTURE(threads);
                const std::vector<WorldAnswer> batch = run_batch(w, qs, threads);
                for (std::size_t i = 0; i < qs.size(); ++i) {
                    CAPTURE(i);
                    CHECK(world_answer_difference(batch[i], single[i]) == "");
                    ++compared;
                }
            }
        }
        MESSAGE(compared << " answers compared");
        CHECK(with_contacts > compared / 12);  // the frames meet bodies and the level
    }

#if !defined(LEVELSWEEP_SANITIZER_OWNS_NEW)
    // Not in the ThreadSanitizer program: clang's TSan runtime defines the
    // global operator new itself, so the counter cannot replace it there.
    TEST_CASE("WorldRunner and World's queries allocate nothing per query") {
        const Level& level = bundled_level("street_1k.lvl");
        World w(&level);
        std::mt19937 rng = seeded_rng(1203);
        const RandomScene scene = random_scene(w, rng, 300, {0, 0, 0}, {40, 21, 4});
        swing_strikes(w, rng, scene);
        const std::vector<WorldQuery> qs = random_frame(rng, scene, 600, true);
        // The counter counts (a vector of a size known only at run time).
        count_allocations(true);
        std::vector<BodyId> probe(qs.size());
        count_allocations(false);
        REQUIRE(allocations_counted() == 1);
        CHECK(probe.size() == 600);
        // One at a time: a warmed scratch and the caller's buffers.
        WorldScratch scratch(w);
        std::vector<Contact> contacts(WorldRunner::contact_room);
        std::vector<BodyId> bodies(w.body_count());
        for (const WorldQuery& q : qs) w.run(q, contacts, bodies, scratch);  // warm the mesh scratch
        count_allocations(true);
        std::uint64_t answered = 0;
        for (const WorldQuery& q : qs) answered += w.run(q, contacts, bodies, scratch).count;
        count_allocations(false);
        CHECK(allocations_counted() == 0);
        CHECK(answered > 0);
        // The batch: its threads' buffers are made with it, a gather's sized to the world by the first run.
        WorldRunner batch(w, 2);
        std::uint64_t seen = 0;
        const WorldRunner::Sink sink = [&](std::size_t, const WorldResult& r, std::span<const Contact>,
                                           std::span<const BodyId>) { seen += r.count > 0; };
        batch.run(qs, sink);
        count_allocations(true);
        batch.run(qs, sink);
        count_allocations(false);
        CHECK(allocations_counted() == 0);
        CHECK(seen > 0);
    }
#endif
}
