// What an Engine refuses, and how: a bad level file with the level reader's
// own error, an ISA it cannot run, and a context used by two callers at once.
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "engine_support.hpp"
#include "levelsweep/level_file.hpp"
#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::engine;
using namespace levelsweep::test::world;

namespace {

// The message a loader call throws, or "" when it loads.
template <class Load>
std::string error_of(Load&& load) {
    try {
        load();
    } catch (const LevelFileError& e) {
        return e.what();
    }
    return "";
}

// An owner whose answer to object_flags (asked at the start of a human's
// sweep, inside the query) is `during`, called with the query under way.
struct CallbackOwner : Owner {
    std::function<void()> during;
    std::uint32_t object_flags() const override {
        during();
        return 0;
    }
};

}  // namespace

TEST_SUITE("engine errors") {
    TEST_CASE("Engine: a bad or missing level file throws the level reader's own error") {
        const ScratchDir dir("engine_errors");
        Bytes bytes = read_bytes(bundled_level_file("street_1k.lvl"));
        int tried = 0;
        // A cut file, a wrong magic, a flipped byte in the middle: each as the reader says it.
        for (const std::size_t cut : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
            const auto path = dir / ("cut_" + std::to_string(cut) + ".lvl");
            write_bytes(path, bytes, cut);
            const std::string want = error_of([&] { load_level(path); });
            REQUIRE(want != "");
            CHECK(error_of([&] { Engine e(path); }) == want);
            ++tried;
        }
        Bytes flipped = bytes;
        flipped[flipped.size() / 2] ^= std::byte{0x5a};
        write_bytes(dir / "flipped.lvl", flipped);
        const std::string want = error_of([&] { load_level(dir / "flipped.lvl"); });
        REQUIRE(want != "");
        CHECK(error_of([&] { Engine e(dir / "flipped.lvl"); }) == want);
        const std::string missing = error_of([&] { load_level(dir / "absent.lvl"); });
        REQUIRE(missing.find("absent.lvl") != std::string::npos);
        CHECK(error_of([&] { Engine e(dir / "absent.lvl"); }) == missing);
        CHECK(tried == 4);
    }

    TEST_CASE("Engine: the ISA is chosen as --isa chooses it, and an unknown or unavailable one is refused") {
        const Level& level = bundled_level("street_1k.lvl");
        CHECK(Engine(level).isa() == choose_isa("auto"));  // LEVELSWEEP_ISA when set, else the best
        EngineOptions options;
        options.isa = "scalar";
        const Engine scalar(level, options);
        CHECK(scalar.isa() == Isa::scalar);
        CHECK(scalar.path() == Path::reference);
        CHECK(scalar.context(Path::batch).path() == Path::reference);
        options.isa = "sse5";
        try {
            Engine refused(level, options);
            FAIL("an unknown ISA name was taken");
        } catch (const std::invalid_argument& err) {
            CHECK(std::string(err.what()).find("unknown ISA 'sse5'") != std::string::npos);
        }
        for (const Isa isa : {Isa::sse4_2, Isa::avx2, Isa::avx512, Isa::neon}) {
            options.isa = std::string(isa_name(isa));
            if (isa_available(isa))
                CHECK(Engine(level, options).isa() == isa);
            else
                CHECK_THROWS_AS(Engine(level, options), std::invalid_argument);
        }
        options.isa = "auto";
        options.path = Path::reference;
        const Engine reference(level, options);
        CHECK(reference.path() == Path::reference);
        CHECK(reference.context().path() == Path::reference);
    }

    TEST_CASE("EngineContext: a second caller while a query is under way is refused, and the context still answers") {
        Engine e(bundled_level_file("street_1k.lvl"));
        CallbackOwner owner;
        e.world().set_owner(1, &owner);
        const BodyId walker = add(e.world(), human(1, {20, 10, 0}, 10));
        EngineContext ctx = e.context();
        const Query probe = Query::sphere_sweep({20, 10, 1}, 0.3f, {0, 0, -2});
        MeshContact out[4];
        Contact contacts[8];

        // The same thread, from inside the query (the owner's callback).
        int calls = 0, refused = 0;
        owner.during = [&] {
            ++calls;
            try {
                ctx.query(probe, out);
            } catch (const std::logic_error& err) {
                CHECK(std::string(err.what()).find("one context per thread") != std::string::npos);
                ++refused;
            }
        };
        CHECK(ctx.sweep(walk(walker, {1, 0, 0}), contacts).status == WorldStatus::ok);
        CHECK(calls > 0);
        CHECK(refused == calls);

        // Another thread, while this one's query waits in the callback: no
        // timing, each side waits for the other's step.
        std::mutex m;
        std::condition_variable cv;
        bool inside = false, tried = false;
        owner.during = [&] {
            std::unique_lock lock(m);
            inside = true;
            cv.notify_all();
            cv.wait(lock, [&] { return tried; });
        };
        std::thread first([&] { ctx.sweep(walk(walker, {1, 0, 0}), contacts); });
        bool second_refused = false;
        {
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return inside; });
        }
        try {
            ctx.query(probe, out);
        } catch (const std::logic_error&) {
            second_refused = true;
        }
        {
            std::lock_guard lock(m);
            tried = true;
        }
        cv.notify_all();
        first.join();
        CHECK(second_refused);

        // Free again: it answers as a fresh context does.
        owner.during = [] {};
        EngineContext fresh = e.context();
        MeshContact again[4];
        const QueryResult a = ctx.query(probe, out), b = fresh.query(probe, again);
        CHECK(a.status == QueryStatus::ok);
        CHECK(a.count == b.count);
        CHECK(a.count > 0);  // the sphere falls onto the street
    }
}
