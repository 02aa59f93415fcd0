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

// Seconds per benchmark unless --benchmark_min_time says otherwise: enough for
// stable figures on the batches below, short enough that `./x bench` runs every
// program in a few minutes on 2 cores. (Google Benchmark 1.7.1 takes a plain
// number of seconds; a MinTime() set on a registration would override the flag.)
inline constexpr std::string_view default_min_time = "--benchmark_min_time=0.2";

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
