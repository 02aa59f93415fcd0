// levelsweep (private): the recorder's episodes. Each appends the queries of
// one short piece of play to `out` (at least one, at most record_episode_max);
// record.hpp describes what each kind plays.
#pragma once

#include <vector>

#include "levelsweep/query.hpp"
#include "levelsweep/portable_random.hpp"
#include "record_surfaces.hpp"

namespace levelsweep::detail {

struct EpisodeContext {
    const LevelSurfaces& surfaces;
    PortableRandom& rng;
    float sweep_length;
};

// The most queries one episode appends (a jump: two per update, 45 updates).
inline constexpr std::size_t record_episode_max = 90;

// One update of play (the brick of Unit 13 "Settling" moves by its velocity times 1/30 s).
inline constexpr float update_seconds = 1.0f / 30.0f;
// The spec gives no gravity; the earth's (docs/decisions.md, "Recorded queries").
inline constexpr float gravity = 9.8f;
// The walking human (Unit 1 "Seen at runtime"): the sphere's radius and its
// centre's height above the feet.
inline constexpr float human_radius = 0.4704f;
inline constexpr float human_sphere_height = 0.52f;

inline Vec3 up(float z) { return {0.0f, 0.0f, z}; }

void walk_episode(EpisodeContext& c, std::vector<Query>& out);
void jump_episode(EpisodeContext& c, std::vector<Query>& out);
void strike_episode(EpisodeContext& c, std::vector<Query>& out);
void fall_episode(EpisodeContext& c, std::vector<Query>& out);
void overlap_episode(EpisodeContext& c, std::vector<Query>& out);
void ray_episode(EpisodeContext& c, std::vector<Query>& out);
void sweep_episode(EpisodeContext& c, std::vector<Query>& out);

}  // namespace levelsweep::detail
