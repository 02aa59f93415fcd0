// levelsweep (the build tree's, not installed): work handed to TBB's threads
// (a parallel loop, a task arena), with the order TBB keeps between threads
// told to ThreadSanitizer; and a runner of one thread, which runs the same
// work on the calling thread without TBB at all.
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
#include <mutex>

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

namespace detail {
// Set while the calling thread runs a one-thread runner's work
// (RunnerThreads::execute): the loops below then run on it, in order.
inline thread_local bool on_one_thread = false;

// Sets on_one_thread for a scope, and puts it back after.
class OneThreadScope {
public:
    explicit OneThreadScope(bool one) : outer_(on_one_thread) { on_one_thread = one; }
    ~OneThreadScope() { on_one_thread = outer_; }
    OneThreadScope(const OneThreadScope&) = delete;
    OneThreadScope& operator=(const OneThreadScope&) = delete;

private:
    bool outer_;
};
}  // namespace detail

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
// On a one-thread runner's thread: body([begin, end)) there, once.
template <class Body>
void parallel_loop(std::size_t begin, std::size_t end, std::size_t grain, const Body& body) {
    if (detail::on_one_thread) {
        if (begin < end) body(tbb::blocked_range<std::size_t>(begin, end, grain));
        return;
    }
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
    if (detail::on_one_thread) return work();  // nothing else runs there to take up
    tbb::this_task_arena::isolate([&] { work(); });
}

// The threads a runner (QueryRunner, WorldRunner) runs its work on: a TBB
// arena of that many, or for one, the calling thread itself, without TBB.
// TBB's scheduler costs a process about 1.9 ms to start on the VMs measured,
// most of it loading tbbmalloc (docs/performance.md), which a run on one
// thread (a small replay, a benchmark's) would pay for nothing.
class RunnerThreads {
public:
    // Started here, so that no later run allocates for it.
    explicit RunnerThreads(unsigned count) : count_(count), arena_(static_cast<int>(count)) {
        if (count_ > 1) arena_.initialize();
    }

    unsigned count() const { return count_; }

    // work() on these threads (tbb::task_arena::execute), seeing what the
    // caller did before, and seen by it after. On one thread, callers from
    // several threads take turns, as they would for an arena's one slot.
    template <class Work>
    void execute(const Work& work) {
        const detail::OneThreadScope scope(count_ == 1);
        if (count_ == 1) {
            const std::lock_guard turn(one_);
            return work();
        }
        Handoff before, after;
        before.give();
        arena_.execute([&] {
            before.take();
            work();
            after.give();
        });
        after.take();
    }

    // The slot of the thread running this runner's work, below count(): one
    // per thread at a time (tbb::this_task_arena::current_thread_index).
    static std::size_t slot() {
        return detail::on_one_thread ? 0 : static_cast<std::size_t>(tbb::this_task_arena::current_thread_index());
    }

private:
    unsigned count_;
    tbb::task_arena arena_;     // never initialised for one thread
    std::recursive_mutex one_;  // one thread's turn (work may run a batch inside: replay's pipeline does)
};

}  // namespace levelsweep
