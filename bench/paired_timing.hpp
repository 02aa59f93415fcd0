// levelsweep benchmarks: two ways of doing the same work, compared in one run.
//
// Each iteration runs both on the same query batch, one after the other, on
// the calling thread, timing each by that thread's CPU time (as Google
// Benchmark times a one-thread benchmark), so that other work on a busy
// machine (this one has 2 cores shared by several builds) counts for neither,
// and what remains of it slows both alike. The benchmark's time is their sum
// (register it with UseManualTime); the counters give each one's rate
// (`<name>_qps`, queries per second) and the ratio of the two rates (`ratio`,
// first / second: above 1, the first is faster).
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <ctime>
#include <string>

namespace levelsweep::bench {

// The calling thread's CPU time in seconds (POSIX).
inline double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

template <class F>
double seconds_of(F&& work) {
    const double start = thread_cpu_seconds();
    work();
    return thread_cpu_seconds() - start;
}

template <class First, class Second>
void run_paired(benchmark::State& state, std::size_t queries_per_iteration, const std::string& first_name,
                First&& first, const std::string& second_name, Second&& second) {
    double first_s = 0.0, second_s = 0.0;
    for (auto _ : state) {
        const double a = seconds_of(first);
        const double b = seconds_of(second);
        first_s += a;
        second_s += b;
        state.SetIterationTime(a + b);
    }
    const double queries = static_cast<double>(queries_per_iteration) * static_cast<double>(state.iterations());
    state.counters[first_name + "_qps"] = queries / first_s;
    state.counters[second_name + "_qps"] = queries / second_s;
    state.counters["ratio"] = second_s / first_s;
}

}  // namespace levelsweep::bench
