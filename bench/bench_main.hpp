// levelsweep benchmarks: the main every bench_* program ends with.
//
// Each program registers its benchmarks at run time (the levels and query sets
// are built lazily, so a --benchmark_filter that skips a level skips its setup)
// and then hands the command line to Google Benchmark, adding a short default
// minimum time when the command line gives none.
#pragma once

#include <benchmark/benchmark.h>

#include <string>
#include <string_view>
#include <vector>

namespace levelsweep::bench {

// Seconds per benchmark unless --benchmark_min_time says otherwise: at least
// two iterations of the slowest batch (brute force, ~0.2 s), and about 30 s
// for every program of `./x bench` on 2 cores. Kept here, not as MinTime() on
// each registration, because that would override the flag. (Google Benchmark
// 1.7.1 takes a plain number of seconds.)
inline constexpr std::string_view default_min_time = "--benchmark_min_time=0.5";

inline int run_benchmarks(int argc, char** argv) {
    std::vector<char*> args(argv, argv + argc);
    bool min_time_given = false;
    for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]).starts_with("--benchmark_min_time")) min_time_given = true;
    std::string min_time(default_min_time);
    if (!min_time_given) args.push_back(min_time.data());
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

}  // namespace levelsweep::bench
