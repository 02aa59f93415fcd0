// What an Engine and its contexts hold (engine.hpp).
#pragma once

#include <atomic>
#include <optional>
#include <utility>

#include "levelsweep/engine.hpp"

namespace levelsweep {

// Held behind a pointer, so that the BatchLevel's and the World's pointers to
// the Level stay valid when the Engine moves.
struct Engine::Impl {
    Impl(Level owned, Isa chosen, Path default_path)
        : level(std::move(owned)),
          batch(level),
          world(&level),
          isa(chosen),
          path(chosen == Isa::scalar ? Path::reference : default_path) {}

    Level level;
    BatchLevel batch;
    World world;
    Isa isa;
    Path path;
};

// One path's scratch: the reference path's QueryScratch, or the batch path's
// BatchScratch; the world's scratch runs its mesh part on the same path.
struct EngineContext::Impl {
    const Engine::Impl* engine;
    Path path;
    std::optional<QueryScratch> reference;
    std::optional<BatchScratch> batch;
    WorldScratch world;
    // Set while a call answers: a second caller at the same time is a misuse
    // (one context per thread), refused instead of sharing the scratch.
    std::atomic<bool> busy{false};

    Impl(const Engine::Impl& e, Path p)
        : engine(&e),
          path(e.isa == Isa::scalar ? Path::reference : p),
          world(path == Path::batch ? WorldScratch(e.world, e.batch, e.isa) : WorldScratch(e.world)) {
        if (path == Path::batch)
            batch.emplace(e.batch);
        else
            reference.emplace(e.level);
    }
};

}  // namespace levelsweep
