// levelsweep: deterministic gameplay-like query sets for any level
// (`levelsweep record`), so that a user without recordings of the game can
// replay something meaningful.
//
// The recorder plays short episodes, each a plausible use of the original's
// queries (geometry-kernels.txt Unit 1 "Seen at runtime", Unit 5's strikes,
// Unit 13's falling objects), and streams their queries:
//
//   walk     a human walking along a path: the walking capsule sweep (radius
//            0.4704, sphere 0.52 m above the feet) once per update, 0.1 to
//            0.25 m per update, the feet following the ground; turns at walls
//            and drop-offs.
//   jump     a ballistic arc at 1/30 s per update towards a wall or a ledge in
//            front of it: per update the walking capsule sweep (it still runs
//            in the air) and Human_PushOutInAir's sphere sweep (options 0x2004d).
//   strike   a hand (r 0.09), head or foot (r 0.15) sphere swinging 0.3 to 0.9 m
//            per update at a steep triangle nearby, from each update's centre
//            to the next.
//   fall     a box falling onto the ground, per update, then resting on it:
//            some world-aligned and falling straight down (the zero-speed quirk
//            of Sweep_BoxTriangle shows), some turned about z or tilted, drifting.
//   overlap  sphere overlaps near surfaces: the 2.0 m push sphere, pick-up
//            spheres at the floor, and Climb_IsSpaceClear's capsule-radius
//            sphere (options 0xd, one contact) against a wall.
//   ray      line of sight from one standing human's eyes to another's chest.
//   sweep    a sphere swept in a random direction over a chosen length.
//
// Standing points are sampled by area on the level's walkable triangles
// (enabled, n.z >= 0.7), walls on its steep ones (enabled, |n.z| <= 0.3), and
// the ground is followed through the level's own cell grid: only geometry is
// used, so any level works (generated or imported; docs/decisions.md,
// "Recorded queries", says what happens on a level without floors or walls).
//
// Determinism: the same level, seed and options give the same queries bit for
// bit on every platform. The only random source is std::mt19937; every draw is
// converted by our own code (no std::*_distribution), and the geometry uses only
// +, -, *, / and sqrt, which IEEE 754 rounds the same everywhere. The stream
// does not depend on the count (a shorter recording is a prefix of a longer
// one) nor on how the caller chunks it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "levelsweep/query.hpp"

namespace levelsweep {

class Level;

enum class RecordKind : std::uint8_t { walk, jump, strike, fall, overlap, ray, sweep };
inline constexpr int record_kind_count = 7;
std::string_view record_kind_name(RecordKind kind);

// The relative share of each kind, counted in queries (not episodes).
struct RecordMix {
    std::array<std::uint32_t, record_kind_count> weight{1, 1, 1, 1, 1, 1, 1};

    // "walk=3,jump=1,...": kinds not named get 0. Throws std::invalid_argument
    // for an unknown kind, a weight that is not a whole number below 2^32, a
    // kind named twice, or all weights 0.
    static RecordMix parse(std::string_view text);
    // Every kind in kind order: "walk=1,jump=1,strike=1,fall=1,overlap=1,ray=1,sweep=1".
    std::string to_string() const;
};

struct RecordOptions {
    std::uint32_t seed = 1;
    std::uint64_t count = 1000;  // queries in all
    RecordMix mix;
    float sweep_length = 2.0f;  // the random sphere sweeps' move length (finite, >= 0)
};

// Streams the queries of one recording. The level must outlive the recorder.
// Memory is bounded for any count: the level's walkable and steep triangle
// lists and one episode (at most a few dozen queries).
class QueryRecorder {
public:
    // Throws std::invalid_argument for a mix whose weights are all 0 or a
    // sweep length that is negative or not finite.
    QueryRecorder(const Level& level, const RecordOptions& options);
    ~QueryRecorder();
    QueryRecorder(const QueryRecorder&) = delete;
    QueryRecorder& operator=(const QueryRecorder&) = delete;

    // Fills up to out.size() queries (and, when `kinds` is not empty, the kind
    // each came from: kinds.size() must then be at least out.size()); returns
    // how many, 0 once `count` have been produced.
    std::size_t next(std::span<Query> out, std::span<RecordKind> kinds = {});
    std::uint64_t produced() const;
    std::uint64_t produced(RecordKind kind) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace levelsweep
