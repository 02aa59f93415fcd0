// The mesh part of the world's queries (option 0x1) on the batch path: a
// WorldScratch made with a BatchLevel gives, on every ISA, the answers of one
// made for the reference path, and refuses what it cannot use.
#include <random>
#include <stdexcept>

#include "batch_support.hpp"
#include "levelsweep/generate.hpp"
#include "replay_support.hpp"
#include "world_answers.hpp"
#include "world_random.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

TEST_SUITE("world mesh path") {
    TEST_CASE(
        "WorldScratch on the batch path: frames of queries with the level mesh give the reference path's answers on "
        "every ISA") {
        const Level& level = bundled_level("street_1k.lvl");
        const BatchLevel batch(level);
        World w(&level);
        std::mt19937 rng = seeded_rng(1901);
        const RandomScene scene = random_scene(w, rng, 400, {0, 0, 0}, {40, 21, 4});
        WorldScratch reference(w);
        std::vector<std::pair<Isa, WorldScratch>> batch_scratch;
        for (const Isa isa : available_isas()) batch_scratch.emplace_back(isa, WorldScratch(w, batch, isa));
        std::uint64_t queries = 0, compared = 0, mesh_contacts = 0;
        for (int frame = 0; frame < scaled(8); ++frame) {
            swing_strikes(w, rng, scene);
            for (const WorldQuery& q : random_frame(rng, scene, 300, true)) {
                const WorldAnswer want = answer_of(
                    q, w.body_count(), [&](const WorldQuery& x, auto c, auto b) { return w.run(x, c, b, reference); });
                mesh_contacts += want.result.stats.mesh_contacts;
                ++queries;
                for (auto& [isa, scratch] : batch_scratch) {
                    CAPTURE(isa_name(isa));
                    const WorldAnswer got = answer_of(q, w.body_count(), [&](const WorldQuery& x, auto c, auto b) {
                        return w.run(x, c, b, scratch);
                    });
                    CHECK(world_answer_difference(got, want) == "");
                    ++compared;
                }
            }
        }
        MESSAGE(compared << " answers compared, " << mesh_contacts << " mesh contacts among them");
        CHECK(mesh_contacts > queries / 10);  // the mesh part ran and met the level
    }

    TEST_CASE("WorldScratch on the batch path refuses another level's batch level and a world without a level") {
        const Level& level = bundled_level("street_1k.lvl");
        const Level other = generate_street_level(GenerateOptions{}).level;
        const BatchLevel other_batch(other);
        const World w(&level);
        CHECK_THROWS_AS(WorldScratch(w, other_batch, Isa::scalar), std::invalid_argument);
        const World no_level;
        CHECK_THROWS_AS(WorldScratch(no_level, other_batch, Isa::scalar), std::invalid_argument);
        // The same level's batch level is taken on every ISA this machine has.
        const BatchLevel batch(level);
        for (const Isa isa : available_isas()) CHECK_NOTHROW(WorldScratch(w, batch, isa));
    }
}
