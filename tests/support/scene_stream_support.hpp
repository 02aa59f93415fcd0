// A scene and a stream of queries with scene lines among them, for the tests
// that replay, interrupt and resume `replay --scene`: humans (a capsule, a
// striking sphere) and crates (boxes) scattered over a street level, and mesh
// query lines (a recording, as JSON Lines) with world queries and edits
// between them that move, add and remove bodies, so that an answer depends on
// every edit before it.
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace levelsweep::test {

inline std::string scene_number(std::mt19937& rng, float lo, float hi) {
    const float f = lo + (hi - lo) * static_cast<float>(rng() % 10000) / 10000.0f;
    std::ostringstream out;
    out << f;
    return out.str();
}

// `humans` humans (ids from 1) and `crates` crates (ids from 10000) over x in
// [0, width], y in [0, depth].
inline std::string scene_of(std::uint32_t seed, int humans, int crates, float width, float depth) {
    std::mt19937 rng(seed);
    std::string s = R"({"levelsweep_scene": 1, "owners": [{"id": 1, "sweep_targets": "0x8"}, {"id": 2}], "bodies": [)";
    for (int i = 0; i < humans + crates; ++i) {
        const std::string x = scene_number(rng, 0, width), y = scene_number(rng, 0, depth);
        if (i) s += ",\n";
        if (i < humans) {
            s.append(R"({"id": )")
                .append(std::to_string(1 + i))
                .append(R"(, "owner": 1, "flags": "0x2", "type": "0x40", "chain": [)")
                .append(R"({"id": 100, "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [)")
                .append(x)
                .append(", ")
                .append(y)
                .append(R"(, 0]}}], "strikes": [{"id": 101, "shape": {"type": "sphere", "r": 0.09, "C": [)")
                .append(x)
                .append(", ")
                .append(y)
                .append(R"(, 1]}}]})");
        } else {
            s.append(R"({"id": )")
                .append(std::to_string(10000 + i))
                .append(R"(, "owner": 2, "flags": "0x4", "type": "0x8", "chain": [)")
                .append(
                    R"({"id": 200, "shape": {"type": "box", "A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1], "P": [)")
                .append(x)
                .append(", ")
                .append(y)
                .append(R"(, 0.5], "half": [0.5, 0.5, 0.5]}}]})");
        }
    }
    return s + "]}";
}

// The mesh query lines of `jsonl` (a header line first, kept in place), with
// a scene line after every `every`-th: sweeps of the humans, strikes,
// gathers and overlaps, and edits that move humans, remove crates and add
// new ones. Ids refer to scene_of(seed, humans, crates, ...)'s bodies.
inline std::string with_scene_lines(const std::string& jsonl, std::uint32_t seed, int humans, int crates, int every,
                                    float width, float depth) {
    std::mt19937 rng(seed);
    std::istringstream in(jsonl);
    std::string out, line;
    int n = 0, added = 0;
    while (std::getline(in, line)) {
        out.append(line).append("\n");
        if (line.find("levelsweep_queries") != std::string::npos || ++n % every != 0) continue;
        const std::string human = std::to_string(1 + rng() % static_cast<std::uint32_t>(humans));
        const std::string x = scene_number(rng, 0, width), y = scene_number(rng, 0, depth);
        switch (rng() % 8) {
            case 0:
                out.append(R"({"kind": "sweep_human", "body": )")
                    .append(human)
                    .append(R"(, "move": [)")
                    .append(scene_number(rng, -2, 2))
                    .append(", ")
                    .append(scene_number(rng, -2, 2))
                    .append(", 0], \"options\": 1}\n");
                break;
            case 1: out.append(R"({"kind": "strikes", "body": )").append(human).append("}\n"); break;
            case 2: {
                const float cx = std::stof(x), cy = std::stof(y);
                out.append(R"({"kind": "gather", "box": {"min": [)")
                    .append(std::to_string(cx - 4))
                    .append(", ")
                    .append(std::to_string(cy - 4))
                    .append(R"(, -1], "max": [)")
                    .append(std::to_string(cx + 4))
                    .append(", ")
                    .append(std::to_string(cy + 4))
                    .append(", 3]}}\n");
                break;
            }
            case 3:
                out.append(R"({"kind": "overlap_shape", "shape": {"type": "sphere", "r": 2, "C": [)")
                    .append(x)
                    .append(", ")
                    .append(y)
                    .append(R"(, 1]}, "options": "0x12", "max": 32})")
                    .append("\n");
                break;
            case 4:
            case 5:
                out.append(R"({"kind": "move_body", "body": )")
                    .append(human)
                    .append(R"(, "move": [)")
                    .append(scene_number(rng, -1, 1))
                    .append(", ")
                    .append(scene_number(rng, -1, 1))
                    .append(", 0]}\n");
                break;
            case 6:
                out.append(R"({"kind": "remove_body", "body": )")
                    .append(std::to_string(10000 + humans + rng() % static_cast<std::uint32_t>(crates)))
                    .append("}\n");
                break;
            default:
                out.append(R"({"kind": "add_body", "body": {"id": )")
                    .append(std::to_string(20000 + added++))
                    .append(
                        R"(, "owner": 2, "flags": "0x4", "type": "0x8", "chain": [{"id": 200, "shape": {"type": "box", )")
                    .append(R"("A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1], "P": [)")
                    .append(x)
                    .append(", ")
                    .append(y)
                    .append(R"(, 0.5], "half": [0.4, 0.4, 0.4]}}]}})")
                    .append("\n");
        }
    }
    return out;
}

}  // namespace levelsweep::test
