// levelsweep: one object to embed (docs/embedding.md).
//
// An Engine is made from a level file (or a Level) and owns everything a port
// needs to ask the level and the bodies beside it: the Level, its BatchLevel
// and the World. It picks the batch path's instruction set as the tool's
// --isa does, and hands out contexts, one per thread, each with every scratch
// a query needs, so that a query on a context allocates nothing once warm and
// takes no lock. A context answers every query kind: the mesh queries
// (levelsweep/query.hpp), the body queries (levelsweep/world_query.hpp) and
// both together (option 0x1 of a body query), on the batch path unless it was
// made for the reference path; both give the same answers, bit for bit. The
// mode (faithful, corrected or any quirk set) is each query's own: its quirks.
//
// The rules of the layers below hold: bodies change (engine.world()) between
// queries, from one thread, never while a context answers; a context is used
// by one thread at a time (a second caller while it answers gets
// std::logic_error) and must not outlive its engine. The lower-level API
// (run_query, run_query_batch, World, the runners) stays for those who want it.
#pragma once

#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "levelsweep/batch_path.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/world.hpp"

namespace levelsweep {

struct EngineOptions {
    // The path a context answers on unless it is made for the other.
    Path path = Path::batch;
    // The batch path's instruction set, by the names of the tool's --isa:
    // "auto" (LEVELSWEEP_ISA when it is set, else the best this CPU has),
    // "sse4", "avx2", "avx512", "neon", or "scalar" (the reference path).
    std::string isa = "auto";
};

class EngineContext;

class Engine {
public:
    // Loads a level file; a bad one throws the level reader's LevelFileError
    // (levelsweep/level_file.hpp: the file, the byte offset and the reason).
    explicit Engine(const std::filesystem::path& level_file, const EngineOptions& options = {});
    explicit Engine(Level level, const EngineOptions& options = {});
    // Both throw std::invalid_argument for an ISA name that is unknown or that
    // this machine cannot run (choose_isa, levelsweep/isa.hpp).
    ~Engine();
    Engine(Engine&&) noexcept;
    Engine& operator=(Engine&&) noexcept;

    const Level& level() const;
    const BatchLevel& batch_level() const;
    // The bodies: add, pose, move and remove them here between queries.
    World& world();
    const World& world() const;

    // The path contexts answer on by default: EngineOptions::path, or the
    // reference path when the ISA is scalar.
    Path path() const;
    // The instruction set the batch path runs on.
    Isa isa() const;

    // A context on path(), or on `path` (the batch path with a scalar ISA is
    // the reference path). Make one per thread, once, and keep it.
    EngineContext context() const;
    EngineContext context(Path path) const;

private:
    friend class EngineContext;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// One thread's way in: a query's answer goes to the caller's buffer, as the
// layers below write it (at most min(the buffer's size, the query's cap)).
class EngineContext {
public:
    ~EngineContext();
    EngineContext(EngineContext&&) noexcept;
    EngineContext& operator=(EngineContext&&) noexcept;

    Path path() const;
    Isa isa() const;  // scalar on the reference path

    // A mesh query of any kind (sphere, capsule and box sweeps, the sphere
    // overlap, the ray; every contact or the closest): run_query's answer.
    QueryResult query(const Query& q, std::span<MeshContact> out);

    // The body queries, World's answers (levelsweep/world.hpp); with option 0x1
    // their mesh part runs on this context's path.
    WorldResult gather(const GatherQuery& q, std::span<BodyId> out);
    WorldResult overlap(const ShapeOverlapQuery& q, std::span<Contact> out);
    WorldResult sweep(const ShapeSweepQuery& q, std::span<Contact> out);
    WorldResult sweep(const HumanSweepQuery& q, std::span<Contact> out);
    WorldResult sweep(const ObjectSweepQuery& q, std::span<Contact> out);
    WorldResult strikes(const StrikeQuery& q, std::span<Contact> out);
    // Any of them; a gather writes to `bodies`, the rest to `contacts`.
    WorldResult run(const WorldQuery& q, std::span<Contact> contacts, std::span<BodyId> bodies);

private:
    friend class Engine;
    struct Impl;
    explicit EngineContext(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
