// levelsweep benchmarks: the levels the query benchmarks walk, each built once
// per program on first use (so a filter that skips a level skips its setup).
#pragma once

#include <array>
#include <memory>
#include <string_view>
#include <utility>

#include "levelsweep/generate.hpp"
#include "levelsweep/level.hpp"
#include "levelsweep/level_file.hpp"

namespace levelsweep::bench {

enum class BenchLevel { street_10k, street_1m };
inline constexpr std::array<BenchLevel, 2> bench_levels = {BenchLevel::street_10k, BenchLevel::street_1m};

inline std::string_view level_name(BenchLevel level) {
    return level == BenchLevel::street_10k ? "street_10k" : "street_1m";
}

// street_10k: the bundled data/levels/street_10k.lvl (9,970 triangles).
// street_1m: generated here, `levelsweep generate --seed 3 --triangles 1000000`
// (993,560 triangles; about a second to build).
inline const Level& bench_level(BenchLevel which) {
    static std::array<std::unique_ptr<Level>, 2> levels;
    auto& slot = levels[which == BenchLevel::street_10k ? 0 : 1];
    if (!slot) {
        if (which == BenchLevel::street_10k) {
            slot = std::make_unique<Level>(load_level(LEVELSWEEP_SOURCE_DIR "/data/levels/street_10k.lvl"));
        } else {
            GenerateOptions options;
            options.seed = 3;
            options.triangles = 1'000'000;
            slot = std::make_unique<Level>(std::move(generate_street_level(options).level));
        }
    }
    return *slot;
}

}  // namespace levelsweep::bench
