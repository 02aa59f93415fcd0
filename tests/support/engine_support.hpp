// Helpers for the Engine suites: the bundled level's file, a mixed set of
// random mesh queries, and a context's answers in the forms the lower-level
// suites compare (batch_support.hpp, world_answers.hpp).
#pragma once

#include <filesystem>
#include <random>
#include <vector>

#include "batch_support.hpp"
#include "levelsweep/engine.hpp"
#include "query_random.hpp"
#include "world_answers.hpp"
#include "world_random.hpp"

namespace levelsweep::test::engine {

// A mesh query's answer (batch_support.hpp), named apart from world_support's Answer.
using MeshAnswer = test::Answer;

inline std::filesystem::path bundled_level_file(const char* name) {
    return std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "data" / "levels" / name;
}

// `count` random queries of every kind, in both modes, a quarter of them
// closest-only and some with a small cap.
inline std::vector<Query> mixed_queries(std::mt19937& rng, const Level& level, int count) {
    std::vector<Query> qs;
    for (int i = 0; i < count; ++i) {
        const auto kind = static_cast<QueryKind>(rng() % query_kind_count);
        Query q = random_query(rng, level, kind, rng() % 2 ? Quirks::faithful() : Quirks::corrected());
        if (rng() % 4 == 0) q.settings.collect = Collect::closest;
        if (rng() % 4 == 0) q.settings.max_contacts = 1 + rng() % 8;
        qs.push_back(q);
    }
    return qs;
}

// An engine on the bundled 1k street with `bodies` random bodies (their strike
// shapes swung once) and a frame of random queries: `mesh` of the mesh's,
// `body_queries` of the bodies' (with the level mesh).
struct EngineFrame {
    Engine engine;
    world::RandomScene scene;
    std::vector<Query> mesh;
    std::vector<WorldQuery> bodies;
};

inline EngineFrame engine_frame(std::uint32_t seed, int bodies, int mesh, int body_queries) {
    EngineFrame f{Engine(bundled_level_file("street_1k.lvl")), {}, {}, {}};
    std::mt19937 rng = seeded_rng(seed);
    f.scene = world::random_scene(f.engine.world(), rng, bodies, {0, 0, 0}, {40, 21, 4});
    world::swing_strikes(f.engine.world(), rng, f.scene);
    f.mesh = mixed_queries(rng, f.engine.level(), mesh);
    f.bodies = world::random_frame(rng, f.scene, body_queries, true);
    return f;
}

inline MeshAnswer mesh_answer(EngineContext& ctx, const Query& q) {
    MeshAnswer a;
    a.contacts.resize(mesh_contact_capacity);
    a.result = ctx.query(q, a.contacts);
    a.contacts.resize(a.result.count);
    return a;
}

inline world::WorldAnswer world_answer(EngineContext& ctx, const World& w, const WorldQuery& q) {
    return world::answer_of(q, w.body_count(), [&](const WorldQuery& x, auto c, auto b) { return ctx.run(x, c, b); });
}

}  // namespace levelsweep::test::engine
