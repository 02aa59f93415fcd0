// The replay pipeline and resume as a library (replay_run.hpp, resume.hpp),
// where many threads meet: run_replay's three stages over QueryRunner's
// threads, the JSON Lines reader's parallel parse, the scene lines' batches
// on WorldRunner, and a resumed run from a checkpoint. On any thread count
// the file holds the bytes of one thread's run, and a run stopped after any
// chunk and resumed from its checkpoint ends with those bytes and the scene
// answers of a run that nothing stopped. These are the suites the
// ThreadSanitizer build runs (./x test), beside the runners' own.
#include <doctest/doctest.h>

#include <atomic>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "levelsweep/query_json.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/replay_run.hpp"
#include "levelsweep/resume.hpp"
#include "levelsweep/scene_json.hpp"
#include "levelsweep/scene_replay.hpp"
#include "mesh_import_support.hpp"
#include "replay_support.hpp"
#include "result_support.hpp"
#include "scene_stream_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const Level& level() { return bundled_level("street_1k.lvl"); }

struct Inputs {
    ScratchDir dir{"replay_pipeline"};
    std::string binary = (dir / "q.lsq").string(), lines = (dir / "q.jsonl").string(), scene_text;

    Inputs() {
        RecordOptions o;
        o.seed = 41;
        o.count = 3 * replay_chunk_queries + 500;
        const Recorded r = record(level(), o);
        write_query_file(binary, r.queries, level().checksum());
        std::string jsonl = R"({"levelsweep_queries": 1})"
                            "\n";
        for (const Query& q : r.queries) jsonl.append(query_to_json(q).dump()).append("\n");
        scene_text = scene_of(42, 6, 6, 40, 21);
        dir.file("q.jsonl", with_scene_lines(jsonl, 43, 6, 6, 9, 40, 21));
    }
};

const Inputs& inputs() {
    static const Inputs in;
    return in;
}

// A run's outputs: the result file's bytes and the scene's answers.
struct Outputs {
    std::string results, answers;
};

// Replays `queries` on `threads` threads into `out`, stopping after `chunks`
// chunks (0: never); with a scene when `with_scene`. Resumes `out`'s partial
// file first when `resume`.
Outputs replay(const std::string& queries, unsigned threads, bool with_scene, const std::filesystem::path& out,
               std::size_t chunks = 0, bool resume = false) {
    const Quirks quirks = Quirks::faithful();
    const auto source = open_queries(queries);
    std::unique_ptr<Scene> scene = with_scene ? scene_from_text(inputs().scene_text, "scene", &level()) : nullptr;
    std::ostringstream answers;
    std::unique_ptr<SceneReplay> scene_replay =
        scene ? std::make_unique<SceneReplay>(*scene, quirks, threads, &answers) : nullptr;
    QueryRunner runner(level(), threads);
    InputDigest scene_digest;
    if (with_scene) scene_digest.add(std::as_bytes(std::span(inputs().scene_text.data(), inputs().scene_text.size())));
    const ResultFileHeader header =
        replay_result_header(level(), *source, quirks, Path::batch, best_isa(), "{}", scene_digest);
    ReplaySummary summary;
    std::unique_ptr<ResultFileWriter> writer;
    std::uint64_t first = 0;
    if (resume) {
        const Resumed r = resume_from(out.string(), header, *source, level(), quirks, scene_replay.get(), summary);
        first = r.queries;
        writer = std::make_unique<ResultFileWriter>(out, r.at);
    } else {
        writer = std::make_unique<ResultFileWriter>(out, header);
    }
    ReplayRun run{*source, runner, quirks, writer.get(), scene_replay.get(), first};
    std::atomic<std::size_t> written{
        0};  // progress (the write stage) and stop (the read and run stages) may run at once
    run.progress = [&](std::uint64_t) { ++written; };
    run.stop = [&] { return chunks != 0 && written >= chunks; };
    run_replay(run, summary);
    if (chunks == 0) writer->close();
    writer.reset();
    return {file_text(out), answers.str()};
}

// Replays `queries` on two threads into `out` with the chunks kept in
// `buffers`; the queries done after each chunk, in turn.
std::vector<std::uint64_t> replay_with(const std::string& queries, ReplayBuffers& buffers,
                                       const std::filesystem::path& out) {
    const Quirks quirks = Quirks::faithful();
    const auto source = open_queries(queries);
    QueryRunner runner(level(), 2);
    ResultFileWriter writer(
        out, replay_result_header(level(), *source, quirks, Path::batch, best_isa(), "{}", InputDigest{}));
    ReplayRun run{*source, runner, quirks, &writer};
    run.buffers = &buffers;
    std::vector<std::uint64_t> done;
    run.progress = [&](std::uint64_t n) { done.push_back(n); };  // the write stage: one chunk at a time
    ReplaySummary summary;
    run_replay(run, summary);
    writer.close();
    return done;
}

}  // namespace

TEST_SUITE("replay pipeline") {
    TEST_CASE("run_replay gives one thread's bytes on every thread count, binary and JSON Lines with scene lines") {
        const Inputs& in = inputs();
        for (const bool with_scene : {false, true}) {
            const std::string& queries = with_scene ? in.lines : in.binary;
            CAPTURE(with_scene);
            const Outputs one = replay(queries, 1, with_scene, in.dir / "one.lsr");
            CHECK(read_results(in.dir / "one.lsr").end == ResultsEnd::complete);
            if (with_scene) CHECK(one.answers.size() > 1000);
            for (const unsigned threads : {2u, 4u}) {
                CAPTURE(threads);
                const Outputs many = replay(queries, threads, with_scene, in.dir / "many.lsr");
                CHECK(many.results == one.results);
                CHECK(many.answers == one.answers);
            }
        }
    }

    TEST_CASE(
        "a run stopped after any chunk and resumed from its checkpoint ends with the bytes and scene answers of one "
        "not stopped") {
        const Inputs& in = inputs();
        for (const bool with_scene : {false, true}) {
            const std::string& queries = with_scene ? in.lines : in.binary;
            CAPTURE(with_scene);
            const Outputs whole = replay(queries, 2, with_scene, in.dir / "whole.lsr");
            for (const std::size_t chunks : {1u, 2u}) {
                CAPTURE(chunks);
                const auto out = in.dir / "stopped.lsr";
                const Outputs stopped = replay(queries, 2, with_scene, out, chunks);
                CHECK(read_results(out).end == ResultsEnd::incomplete);
                const Outputs resumed = replay(queries, 2, with_scene, out, 0, true);
                CHECK(resumed.results == whole.results);
                CHECK(resumed.answers == whole.answers);  // the scene lines before the checkpoint ran again
            }
        }
    }

    TEST_CASE("a chunk holds the queries left, and chunks kept from a shorter run grow for a longer one") {
        const Inputs& in = inputs();
        const Outputs fresh = replay(in.binary, 1, false, in.dir / "fresh.lsr");
        const auto one = in.dir / "one_query.lsq";
        RecordOptions o;
        o.seed = 5;
        o.count = 1;
        write_query_file(one, record(level(), o).queries, level().checksum());
        ReplayBuffers buffers;
        CHECK(replay_with(one.string(), buffers, in.dir / "one_query.lsr") == std::vector<std::uint64_t>{1});
        // The chunks made for one query are made again for the 3 * 4096 + 500:
        // chunks of replay_chunk_queries, the last one the 500 left.
        const std::uint64_t n = replay_chunk_queries;
        CHECK(replay_with(in.binary, buffers, in.dir / "kept.lsr") ==
              std::vector<std::uint64_t>{n, 2 * n, 3 * n, 3 * n + 500});
        CHECK(file_text(in.dir / "kept.lsr") == fresh.results);
    }
}
