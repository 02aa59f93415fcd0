// levelsweep (private): a replay's chunks through three stages that overlap (TBB's
// parallel_pipeline): read (and decode), run, write. Each stage takes the
// chunks one at a time and in order, so the file gets what a chunk-by-chunk
// loop writes; with more than one thread the next chunk is read and the last
// one written while the current one runs (the run itself is parallel over the
// chunk's queries). The caller runs it on the threads that run the queries
// (QueryRunner::execute), so that the stages and the queries share them; on a
// runner of one thread, which starts no TBB, it is that loop itself.
#pragma once

#include <oneapi/tbb/parallel_pipeline.h>

#include "levelsweep/parallel_loop.hpp"

#include <cstddef>
#include <vector>

namespace levelsweep {

// `slots` are the chunks in flight (at most slots.size()); read(chunk) fills
// one and returns false at the end (the chunk is then not run), run(chunk) and
// write(chunk) take it on. An exception in a stage stops the pipeline and is
// rethrown here once the chunks in flight have left their stages.
template <class Chunk, class Read, class Run, class Write>
void run_chunk_pipeline(std::vector<Chunk>& slots, Read&& read, Run&& run, Write&& write) {
    if (detail::on_one_thread) {
        for (std::size_t next = 0;; ++next) {
            Chunk& c = slots[next % slots.size()];
            if (!read(c)) return;
            run(c);
            write(c);
        }
    }
    // A slot comes back round only after its chunk was written: chunks leave the
    // last stage in order, and no more than slots.size() are in flight.
    std::size_t next = 0;
    // The orders the pipeline keeps, for ThreadSanitizer (parallel_loop.hpp):
    // each stage takes its chunks in turn, and each chunk its stages in turn.
    // The read stage takes its turn before it picks its slot: `next` is the
    // stage's own state, and a thread that took the stage over writes it.
    Handoff stages[3];
    std::vector<Handoff> chunks(slots.size());
    const auto take_chunk = [&](Chunk& c) { chunks[static_cast<std::size_t>(&c - slots.data())].take(); };
    const auto enter = [&](int stage, Chunk& c) {
        stages[stage].take();
        take_chunk(c);
    };
    const auto leave = [&](int stage, Chunk& c) {
        chunks[static_cast<std::size_t>(&c - slots.data())].give();
        stages[stage].give();
    };
    for (Handoff& h : stages) h.give();
    for (Handoff& h : chunks) h.give();
    tbb::parallel_pipeline(
        slots.size(),
        tbb::make_filter<void, Chunk*>(tbb::filter_mode::serial_in_order, [&](tbb::flow_control& fc) -> Chunk* {
            stages[0].take();
            Chunk& c = slots[next++ % slots.size()];
            take_chunk(c);
            const bool more = read(c);
            leave(0, c);
            if (more) return &c;
            fc.stop();
            return nullptr;
        }) & tbb::make_filter<Chunk*, Chunk*>(tbb::filter_mode::serial_in_order, [&](Chunk* c) {
            enter(1, *c);
            run(*c);
            leave(1, *c);
            return c;
        }) & tbb::make_filter<Chunk*, void>(tbb::filter_mode::serial_in_order, [&](Chunk* c) {
            enter(2, *c);
            write(*c);
            leave(2, *c);
        }));
    for (Handoff& h : stages) h.take();
}

}  // namespace levelsweep
