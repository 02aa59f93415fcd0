// An Engine's contexts: warm, a query allocates nothing on either path; threads
// with their own contexts give one thread's answers; a moved engine's contexts
// still answer.
#include <random>
#include <thread>

#include "alloc_counter.hpp"
#include "engine_support.hpp"
#include "world_random.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::engine;
using namespace levelsweep::test::world;

TEST_SUITE("engine contexts") {
#if !defined(LEVELSWEEP_SANITIZER_OWNS_NEW)
    // Not in the ThreadSanitizer program: clang's TSan runtime defines the
    // global operator new itself, so the counter cannot replace it there.
    TEST_CASE("EngineContext: once warm, no query of any kind allocates, on the batch or the reference path") {
        EngineFrame f = engine_frame(1920, 300, 600, 300);
        Engine& e = f.engine;
        const std::vector<Query>& mesh = f.mesh;
        std::vector<WorldQuery>& bodies = f.bodies;
        std::mt19937 rng = seeded_rng(1923);
        for (const WorldQuery& q : random_frame(rng, f.scene, 300, false)) bodies.push_back(q);  // without the mesh
        // The counter counts (a vector of a size known only at run time).
        count_allocations(true);
        std::vector<BodyId> probe(bodies.size());
        count_allocations(false);
        REQUIRE(allocations_counted() == 1);
        CHECK(probe.size() == 600);
        std::vector<MeshContact> mesh_out(mesh_contact_capacity);
        std::vector<Contact> contacts(WorldRunner::contact_room);
        std::vector<BodyId> gathered(e.world().body_count());
        for (const Path path : {Path::batch, Path::reference}) {
            CAPTURE(path_name(path));
            EngineContext ctx = e.context(path);
            const auto ask_all = [&] {
                std::uint64_t answered = 0;
                for (const Query& q : mesh) answered += ctx.query(q, mesh_out).count;
                for (const WorldQuery& q : bodies) answered += ctx.run(q, contacts, gathered).count;
                return answered;
            };
            ask_all();  // warm
            count_allocations(true);
            const std::uint64_t answered = ask_all();
            count_allocations(false);
            CHECK(allocations_counted() == 0);
            CHECK(answered > 0);
        }
    }
#endif

    TEST_CASE("EngineContext: four threads with a context each give one thread's answers") {
        const EngineFrame f = engine_frame(1921, 400, scaled(2000), scaled(1000));
        const Engine& e = f.engine;
        const std::vector<Query>& mesh = f.mesh;
        const std::vector<WorldQuery>& bodies = f.bodies;
        for (const Path path : {Path::batch, Path::reference}) {
            CAPTURE(path_name(path));
            // One thread, one context: every answer.
            std::vector<MeshAnswer> mesh_want;
            std::vector<WorldAnswer> bodies_want;
            {
                EngineContext ctx = e.context(path);
                for (const Query& q : mesh) mesh_want.push_back(mesh_answer(ctx, q));
                for (const WorldQuery& q : bodies) bodies_want.push_back(world_answer(ctx, e.world(), q));
            }
            // Four threads, each with its own context, taking every fourth query.
            constexpr std::size_t threads = 4;
            std::vector<MeshAnswer> mesh_got(mesh.size());
            std::vector<WorldAnswer> bodies_got(bodies.size());
            std::vector<std::thread> pool;
            for (std::size_t t = 0; t < threads; ++t)
                pool.emplace_back([&, t] {
                    EngineContext ctx = e.context(path);
                    for (std::size_t i = t; i < mesh.size(); i += threads) mesh_got[i] = mesh_answer(ctx, mesh[i]);
                    for (std::size_t i = t; i < bodies.size(); i += threads)
                        bodies_got[i] = world_answer(ctx, e.world(), bodies[i]);
                });
            for (std::thread& th : pool) th.join();
            for (std::size_t i = 0; i < mesh.size(); ++i) CHECK(answer_difference(mesh_got[i], mesh_want[i]) == "");
            for (std::size_t i = 0; i < bodies.size(); ++i)
                CHECK(world_answer_difference(bodies_got[i], bodies_want[i]) == "");
        }
    }

    TEST_CASE("Engine: moved, its contexts answer as before, mesh and bodies") {
        EngineFrame f = engine_frame(1922, 200, 300, 300);
        Engine& first = f.engine;
        const std::vector<Query>& mesh = f.mesh;
        const std::vector<WorldQuery>& bodies = f.bodies;
        EngineContext ctx = first.context();
        std::vector<MeshAnswer> mesh_before;
        std::vector<WorldAnswer> bodies_before;
        for (const Query& q : mesh) mesh_before.push_back(mesh_answer(ctx, q));
        for (const WorldQuery& q : bodies) bodies_before.push_back(world_answer(ctx, first.world(), q));
        const Engine moved = std::move(first);
        EngineContext fresh = moved.context();
        for (std::size_t i = 0; i < mesh.size(); ++i) {
            CHECK(answer_difference(mesh_answer(ctx, mesh[i]), mesh_before[i]) == "");
            CHECK(answer_difference(mesh_answer(fresh, mesh[i]), mesh_before[i]) == "");
        }
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            CHECK(world_answer_difference(world_answer(ctx, moved.world(), bodies[i]), bodies_before[i]) == "");
            CHECK(world_answer_difference(world_answer(fresh, moved.world(), bodies[i]), bodies_before[i]) == "");
        }
    }
}
