// levelsweep: a replay's queries from a source to a result file, in chunks
// that overlap: the next chunk is read and the last one written while the
// current one runs (in parallel over its queries, on the runner's threads).
// The records reach the file in query order, whatever the thread count, so
// the file holds the bytes a query-by-query loop writes (docs/formats.md).
//
// `levelsweep replay` drives it, around it the command's own concerns: its
// options, the output's temporary name and rename, signals and progress.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "levelsweep/query_runner.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_files.hpp"
#include "levelsweep/replay_summary.hpp"
#include "levelsweep/scene_replay.hpp"

namespace levelsweep {

// Queries read, run and written per chunk: bounded memory whatever the file's
// size (three chunks are in flight).
inline constexpr std::size_t replay_chunk_queries = 4096;

// The chunks a replay keeps in flight (some megabytes), kept from one
// run_replay to the next: a distributed job's rank runs one per range of
// queries, and would otherwise allocate them, and fault their pages in, for
// every range. Used by one run at a time.
class ReplayBuffers {
public:
    ReplayBuffers();
    ~ReplayBuffers();
    ReplayBuffers(const ReplayBuffers&) = delete;
    ReplayBuffers& operator=(const ReplayBuffers&) = delete;

    struct Impl;
    std::unique_ptr<Impl> impl;
};

struct ReplayRun {
    QuerySource& source;
    QueryRunner& runner;
    Quirks quirks;                        // the mode every query runs in (the files carry none)
    ResultFileWriter* results = nullptr;  // where the records go; none: the summary only
    SceneReplay* scene = nullptr;         // runs the scene lines among the queries
    std::uint64_t first_index = 0;        // the query records a resumed file's checkpoint read already
    // Asked before each chunk is read and before it runs: true stops the run
    // after the chunk that is running (the chunks read ahead are dropped).
    std::function<bool()> stop = [] { return false; };
    // After each chunk is written and its checkpoint with it: the query
    // records done so far (scene lines included), first_index included.
    std::function<void(std::uint64_t done)> progress = [](std::uint64_t) {};
    // Each malformed query record, as its result is written.
    std::function<void(std::uint64_t index, const std::string& error)> malformed = [](std::uint64_t,
                                                                                      const std::string&) {};
    ReplayBuffers* buffers = nullptr;  // chunks kept from an earlier run; none: the run's own
};

struct ReplayTally {
    std::uint64_t done = 0;       // queries done, first_index included
    std::uint64_t malformed = 0;  // malformed query records among those this run did
};

// Runs every query of run.source (from where it stands) and adds each
// answer to `summary`. A stage's exception stops the run and is rethrown once
// the chunks in flight have left their stages; the records written before it
// stay flushed.
ReplayTally run_replay(const ReplayRun& run, ReplaySummary& summary);

// The header a replay of `source` (just opened) on `level` writes, which
// `--resume` checks a partial file against: the run's mode, path and ISA, the
// scene's digest (none: no scene), and a first checkpoint (no record, the
// query file's header read). `metadata` is free text (the command's arguments).
ResultFileHeader replay_result_header(const Level& level, const QuerySource& source, Quirks quirks, Path path, Isa isa,
                                      std::string metadata, const InputDigest& scene);

// The metadata `levelsweep replay` writes in that header: its arguments as
// given, as one JSON object {"level", "queries", "mode"} (and "scene" when
// there is one; empty: none), names that are not UTF-8 with their bad bytes
// written \xNN. A distributed job writes it too, so that its merged file is
// the file `replay` writes for the same arguments (docs/distributed.md).
std::string replay_metadata(const std::string& level, const std::string& queries, const std::string& mode,
                            const std::string& scene = "");

}  // namespace levelsweep
