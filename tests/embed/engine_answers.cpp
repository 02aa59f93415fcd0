// The Engine's answers are the lower-level API's: a context's mesh queries are
// run_query's, its body queries (with and without the level mesh) World's,
// on the batch path and the reference path alike, on every ISA.
#include <random>
#include <string>
#include <type_traits>

#include "engine_support.hpp"
#include "replay_support.hpp"
#include "world_random.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::engine;
using namespace levelsweep::test::world;

namespace {

// A world query through the context's call of its own kind (not run).
world::WorldAnswer typed_answer(EngineContext& ctx, const World& w, const WorldQuery& q) {
    return answer_of(q, w.body_count(), [&](const WorldQuery& x, std::span<Contact> c, std::span<BodyId> b) {
        return std::visit(
            [&](const auto& typed) {
                using T = std::decay_t<decltype(typed)>;
                if constexpr (std::is_same_v<T, GatherQuery>)
                    return ctx.gather(typed, b);
                else if constexpr (std::is_same_v<T, ShapeOverlapQuery>)
                    return ctx.overlap(typed, c);
                else if constexpr (std::is_same_v<T, StrikeQuery>)
                    return ctx.strikes(typed, c);
                else
                    return ctx.sweep(typed, c);
            },
            x);
    });
}

}  // namespace

TEST_SUITE("engine answers") {
    TEST_CASE(
        "Engine: a context's mesh queries of every kind give run_query's answers on the batch and the reference path") {
        const Engine e(bundled_level_file("street_10k.lvl"));
        const Level& level = bundled_level("street_10k.lvl");  // loaded on its own, for the lower-level API
        PathPair lower(level);
        EngineContext batch = e.context(Path::batch), reference = e.context(Path::reference);
        CHECK(batch.path() == (e.isa() == Isa::scalar ? Path::reference : Path::batch));
        CHECK(reference.path() == Path::reference);
        CHECK(reference.isa() == Isa::scalar);
        std::mt19937 rng = seeded_rng(1910);
        std::uint64_t compared = 0, with_contacts = 0;
        for (const Query& q : mixed_queries(rng, level, scaled(20000))) {
            CAPTURE(describe(q));
            const MeshAnswer want = lower.reference(q);
            CHECK(answer_difference(mesh_answer(batch, q), want) == "");
            CHECK(answer_difference(mesh_answer(reference, q), want) == "");
            ++compared;
            with_contacts += want.result.count > 0;
        }
        MESSAGE(compared << " queries compared, " << with_contacts << " with contacts");
        CHECK(with_contacts > compared / 8);  // the queries meet the level
    }

    TEST_CASE(
        "Engine: a context's body queries with and without the mesh give World's answers on both paths, by run and by "
        "kind") {
        Engine e(bundled_level_file("street_1k.lvl"));
        std::mt19937 rng = seeded_rng(1911);
        const RandomScene scene = random_scene(e.world(), rng, 500, {0, 0, 0}, {40, 21, 4});
        const World& w = e.world();
        WorldScratch lower(w);  // the reference path's mesh part
        EngineContext batch = e.context(), reference = e.context(Path::reference);
        std::uint64_t compared = 0, with_contacts = 0, mesh_contacts = 0;
        for (int frame = 0; frame < scaled(8); ++frame) {
            swing_strikes(e.world(), rng, scene);
            for (const WorldQuery& q : random_frame(rng, scene, 300, frame % 2 == 0)) {
                const WorldAnswer want = answer_of(
                    q, w.body_count(), [&](const WorldQuery& x, auto c, auto b) { return w.run(x, c, b, lower); });
                CHECK(world_answer_difference(world_answer(batch, w, q), want) == "");
                CHECK(world_answer_difference(world_answer(reference, w, q), want) == "");
                CHECK(world_answer_difference(typed_answer(batch, w, q), want) == "");
                CHECK(world_answer_difference(typed_answer(reference, w, q), want) == "");
                ++compared;
                with_contacts += want.result.count > 0;
                mesh_contacts += want.result.stats.mesh_contacts;
            }
        }
        MESSAGE(compared << " queries compared, " << with_contacts << " with contacts, " << mesh_contacts
                         << " mesh contacts");
        CHECK(with_contacts > compared / 12);  // the frames meet bodies
        CHECK(mesh_contacts > compared / 10);  // and the level
    }

    TEST_CASE("Engine: the batch path on every ISA and the reference path give equal answers") {
        const Level& level = bundled_level("street_1k.lvl");
        std::mt19937 rng = seeded_rng(1912);
        const std::vector<Query> mesh = mixed_queries(rng, level, scaled(3000));
        for (const Isa isa : available_isas()) {
            CAPTURE(isa_name(isa));
            EngineOptions options;
            options.isa = std::string(isa_name(isa));
            Engine e(level, options);  // a copy of the level, owned by the engine
            REQUIRE(e.isa() == isa);
            CHECK(e.path() == (isa == Isa::scalar ? Path::reference : Path::batch));
            std::mt19937 scene_rng = seeded_rng(1913);
            const RandomScene scene = random_scene(e.world(), scene_rng, 300, {0, 0, 0}, {40, 21, 4});
            swing_strikes(e.world(), scene_rng, scene);
            EngineContext batch = e.context(), reference = e.context(Path::reference);
            CHECK(batch.isa() == isa);
            for (const Query& q : mesh) {
                CAPTURE(describe(q));
                CHECK(answer_difference(mesh_answer(batch, q), mesh_answer(reference, q)) == "");
            }
            for (const WorldQuery& q : random_frame(scene_rng, scene, scaled(600), true))
                CHECK(world_answer_difference(world_answer(batch, e.world(), q),
                                              world_answer(reference, e.world(), q)) == "");
        }
    }
}
