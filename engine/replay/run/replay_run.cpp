#include "levelsweep/replay_run.hpp"

#include <algorithm>
#include <cstring>
#include <span>
#include <utility>
#include <stdexcept>
#include <vector>

#include "chunk_pipeline.hpp"
#include "levelsweep/aligned.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/parallel_loop.hpp"

namespace levelsweep {

namespace {

// Where a query's encoded record lies: in the byte buffer of the thread that ran it.
struct EncodedAt {
    std::size_t thread = 0, offset = 0, size = 0;
    std::size_t offset_in_chunk = 0;  // where it goes among the chunk's records
};

// One chunk of queries on its way through the pipeline, and its records:
// each encoded by the thread that ran its query, appended to that thread's
// buffer (a few growing buffers, not one per query, so that memory stays put
// from chunk to chunk). Its arrays of queries are the level store's blocks
// (levelsweep/aligned.hpp: a chunk's megabyte in whole huge pages, first
// touched at a fraction of the cost of 4 KiB pages: a replay of the czest2ctf
// trace made 2,464 page faults before, 1,410 after).
struct Chunk {
    Chunk(unsigned threads, std::size_t capacity)
        : records(capacity), queries(capacity), encoded(threads), at(capacity), tallies(threads), taken(capacity, 0) {}
    AlignedVector<QueryRecord> records;
    AlignedVector<Query> queries;
    std::vector<std::vector<std::byte>> encoded;  // one per thread of the runner
    AlignedVector<EncodedAt> at;
    std::vector<std::byte> gathered;     // the chunk's records in query order, to write at once
    std::vector<ReplaySummary> tallies;  // the chunk's answers, each thread's own
    std::vector<char> taken;             // the scene lines: not mesh queries
    std::size_t n = 0;                   // queries in the chunk
    std::uint64_t first = 0;             // the first one's index
    InputDigest input;                   // the query input read up to its end
    bool cut = false;                    // the input ended early in it
    bool dropped = false;                // read, then stopped before it ran
};

}  // namespace

struct ReplayBuffers::Impl {
    std::vector<Chunk> slots;
    std::vector<ResultRecord> scratch;  // a record per thread of the runner, to encode
};

ReplayBuffers::ReplayBuffers() : impl(new Impl) {}
ReplayBuffers::~ReplayBuffers() = default;

ReplayTally run_replay(const ReplayRun& run, ReplaySummary& summary) {
    const unsigned threads = run.runner.threads();
    ReplayBuffers own;
    ReplayBuffers::Impl& kept = run.buffers ? *run.buffers->impl : *own.impl;
    // Every field of a chunk is set again as it goes through its stages: only
    // their number, their size and the runner's thread count must fit.
    // Each made in its place: a chunk is megabytes of fresh pages, and a copy
    // of one more touched a quarter more of them (page faults: docs/performance.md).
    // A chunk holds replay_chunk_queries, or all the queries left where the
    // source counts fewer: a short replay (one query: the port's start-up)
    // does not make three chunks' pages for nothing, and the chunks' bounds,
    // hence the file's checkpoints, are the same.
    const std::uint64_t count = run.source.header().count;
    std::size_t capacity = replay_chunk_queries;
    if (count != unknown_query_count && count >= run.first_index)
        capacity = static_cast<std::size_t>(std::clamp<std::uint64_t>(count - run.first_index, 1, capacity));
    if (kept.slots.size() != 3 || kept.slots.front().encoded.size() != threads ||
        kept.slots.front().records.size() < capacity) {
        kept.slots.clear();
        kept.slots.reserve(3);
        for (int i = 0; i < 3; ++i) kept.slots.emplace_back(threads, capacity);
    }
    kept.scratch.resize(threads);
    std::vector<Chunk>& slots = kept.slots;
    std::vector<ResultRecord>& scratch = kept.scratch;
    ReplayTally tally;
    tally.done = run.first_index;
    std::uint64_t read_index = run.first_index;  // the first query of the next chunk read
    // A stop that comes while a chunk is read may cut it short (a read from a
    // pipe returns early when a signal arrives): that chunk is dropped, and
    // the file keeps whole chunks.
    const auto read_chunk = [&](Chunk& c) {
        if (run.stop()) return false;
        c.n = run.source.read(c.records);
        if (c.n == 0 || run.stop()) return false;
        c.first = read_index;
        read_index += c.n;
        c.input = run.source.consumed();
        c.cut = run.source.truncation().has_value();
        if (run.scene) run.scene->run(std::span(c.records).first(c.n), c.taken);
        for (std::size_t i = 0; i < c.n; ++i) {
            c.queries[i] = c.records[i].query;
            c.queries[i].settings.quirks = run.quirks;
            if (c.records[i].malformed) c.queries[i].settings.max_contacts = 0;  // refused at once
        }
        return true;
    };
    // Each record is made and encoded on the thread that ran its query. A
    // stop drops the chunks read ahead that have not run yet (and so every
    // later one): the file ends after the chunk that was running.
    const auto run_chunk = [&](Chunk& c) {
        c.dropped = run.stop();
        if (c.dropped) return;
        for (std::vector<std::byte>& bytes : c.encoded) bytes.clear();
        for (ReplaySummary& t : c.tallies) t = ReplaySummary{};
        run.runner.run(std::span(c.queries).first(c.n),
                       [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
                           if (run.scene && c.taken[i]) return;  // answered by the scene
                           QueryResult result = r;
                           if (c.records[i].malformed) {
                               result = QueryResult{};
                               result.status = QueryStatus::malformed;
                           }
                           const std::size_t thread = RunnerThreads::slot();
                           if (thread >= c.encoded.size())
                               throw std::logic_error("replay: a thread outside the runner's arena");
                           c.tallies[thread].add(c.queries[i].kind, result);
                           if (!run.results) return;
                           ResultRecord& record = scratch[thread];
                           record.index = c.first + i;
                           record.kind = c.queries[i].kind;
                           record.malformed = c.records[i].malformed;
                           record.result = result;
                           record.contacts.assign(contacts.begin(), contacts.end());
                           std::vector<std::byte>& bytes = c.encoded[thread];
                           const std::size_t offset = bytes.size();
                           ResultFileWriter::encode(record, bytes);
                           c.at[i] = {thread, offset, bytes.size() - offset};
                       });
    };
    // The records go out in query order, gathered (in parallel) into one
    // buffer and written at once; or, where one thread encoded them all in
    // query order (as a run on one thread does), written from its buffer: the
    // copy is a chunk's megabytes again (docs/performance.md).
    const auto write_chunk = [&](Chunk& c) {
        if (c.dropped) return;
        for (const ReplaySummary& t : c.tallies) summary += t;
        std::size_t records = 0, bytes = 0;
        bool in_one_buffer = true;  // every record in encoded[0], back to back in query order
        for (std::size_t i = 0; i < c.n; ++i) {
            if (run.scene && c.taken[i]) continue;
            if (c.records[i].malformed) {
                run.malformed(tally.done + i, c.records[i].error);
                ++tally.malformed;
            }
            ++records;
            if (!run.results) continue;
            in_one_buffer = in_one_buffer && c.at[i].thread == 0 && c.at[i].offset == bytes;
            c.at[i].offset_in_chunk = bytes;
            bytes += c.at[i].size;
        }
        tally.done += c.n;
        if (run.results && in_one_buffer && bytes == c.encoded[0].size()) {
            run.results->write_records(c.encoded[0], records);
        } else if (run.results) {
            c.gathered.resize(bytes);
            parallel_loop(0, c.n, 256, [&](const auto& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                    if (run.scene && c.taken[i]) continue;
                    const EncodedAt& at = c.at[i];
                    std::memcpy(c.gathered.data() + at.offset_in_chunk, c.encoded[at.thread].data() + at.offset,
                                at.size);
                }
            });
            run.results->write_records(c.gathered, records);
        }
        // The records first, then the checkpoint that vouches for them; but not
        // for a chunk the input ended early in, whose last record may be a
        // torn one (the checkpoint stays before it, and a resume of the whole
        // file runs the chunk again).
        if (run.results && c.cut)
            run.results->flush();
        else if (run.results)
            run.results->checkpoint({tally.done, run.results->written(), c.input});
        run.progress(tally.done);
    };
    run.runner.execute([&] { run_chunk_pipeline(slots, read_chunk, run_chunk, write_chunk); });
    return tally;
}

ResultFileHeader replay_result_header(const Level& level, const QuerySource& source, Quirks quirks, Path path, Isa isa,
                                      std::string metadata, const InputDigest& scene) {
    const QueryFileHeader& queries = source.header();
    ResultFileHeader h;
    h.level_checksum = level.checksum();
    h.quirks = quirks.bits();
    h.path = std::string(path_name(path));
    h.isa = std::string(isa_name(isa));
    h.metadata = std::move(metadata);
    h.expected_count = queries.count;  // unknown_query_count when the query file does not say
    h.scene = scene;
    h.checkpoint.input = source.consumed();  // nothing run yet: only the query file's header read
    return h;
}

std::string replay_metadata(const std::string& level, const std::string& queries, const std::string& mode,
                            const std::string& scene) {
    json m{{"level", printable_utf8(level)}, {"queries", printable_utf8(queries)}, {"mode", mode}};
    if (!scene.empty()) m["scene"] = printable_utf8(scene);
    return m.dump();
}

}  // namespace levelsweep
