// levelsweep (the build tree's, not installed): work handed to TBB's threads
// (a parallel loop, a task arena), with the order TBB keeps between threads
// told to ThreadSanitizer.
//
// Debian's libtbb is not built with ThreadSanitizer, so the happens-before
// edges its scheduler makes (a loop's caller before its bodies, its bodies
// before it returns, a serial pipeline stage's items in turn) are invisible to
// a TSan build, which would report every handoff of work as a race. Every
// place levelsweep hands work to TBB goes through these, which tell TSan of
// each edge; what TSan reports then is a race between the work itself. In any
// other build a Handoff is nothing.
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <cstddef>

#if defined(__SANITIZE_THREAD__)
#define LEVELSWEEP_TSAN_HANDOFFS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LEVELSWEEP_TSAN_HANDOFFS 1
#endif
#endif

#if defined(LEVELSWEEP_TSAN_HANDOFFS)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace levelsweep {

// What one thread did before give() happens before what another does after
// a later take() of the same Handoff.
class Handoff {
public:
#if defined(LEVELSWEEP_TSAN_HANDOFFS)
    void give() { __tsan_release(&token_); }
    void take() { __tsan_acquire(&token_); }

private:
    char token_ = 0;
#else
    void give() {}
    void take() {}
#endif
};

// body(range) over [begin, end) in grains of at least `grain`, in parallel
// (tbb::parallel_for): each call sees what the caller did before the loop,
// and the caller, once the loop returns, what every call did.
template <class Body>
void parallel_loop(std::size_t begin, std::size_t end, std::size_t grain, const Body& body) {
    Handoff before, after;
    before.give();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, grain),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                          before.take();
                          body(range);
                          after.give();
                      });
    after.take();
}

// work() on the calling thread, isolated from its other TBB work
// (tbb::this_task_arena::isolate): while work() waits for tasks of its own,
// the thread takes up none from outside it. For work that others wait on
// (a build done once for many callers): taking up one of theirs would wait
// for itself.
template <class Work>
void isolated(const Work& work) {
    tbb::this_task_arena::isolate([&] { work(); });
}

// work() on `arena`'s threads (tbb::task_arena::execute), seeing what the
// caller did before, and seen by it after.
template <class Work>
void execute_in(tbb::task_arena& arena, const Work& work) {
    Handoff before, after;
    before.give();
    arena.execute([&] {
        before.take();
        work();
        after.give();
    });
    after.take();
}

}  // namespace levelsweep
