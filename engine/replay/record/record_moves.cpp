// The recorder's humans on the move: walks along the ground and jumps at walls
// and ledges (geometry-kernels.txt, Unit 1, "Seen at runtime").
#include <cmath>
#include <optional>

#include "record_episodes.hpp"

namespace levelsweep::detail {

namespace {

// How far the feet follow the ground in one update: up a kerb (0.15 m) or a
// stair, down a step; more than that is a wall or a drop-off.
constexpr float step_up = 0.45f;
constexpr float step_down = 0.6f;
// Where a walker looks for a wall ahead: knee and chest, so that posts, ledges
// and walls turn it while a kerb (under the capsule's 0.25 m rule) does not.
constexpr float probe_heights[2] = {0.3f, 0.9f};
// Human_PushOutInAir's mesh-only sphere sweep through IPhysics_CollideShape
// (0x0021aa14, options 0x2004d): Unit 1, "A jump takes a second path to the kernel".
constexpr std::uint32_t air_sweep_options = 0x2004d;
constexpr int jump_updates_max = 45;

Vec3 unit_xy(const Vec3& v) { return (1.0f / std::sqrt(v.x * v.x + v.y * v.y)) * Vec3{v.x, v.y, 0.0f}; }

// A horizontal unit heading turned by about `amount` radians.
Vec3 turned(const Vec3& h, float amount) { return unit_xy(h + amount * Vec3{-h.y, h.x, 0.0f}); }

// The heading after walking into a wall of normal n: mirrored off it, a little at random.
Vec3 bounced(const Vec3& h, const Vec3& n, PortableRandom& rng) {
    const float amount = rng.uniform(-0.5f, 0.5f);
    if (!(n.x * n.x + n.y * n.y > 1e-4f)) return turned(-h, amount);
    const Vec3 nh = unit_xy(n);
    const Vec3 mirrored = h - (2.0f * dot(h, nh)) * nh;
    return turned(mirrored, amount);
}

std::optional<SurfacePoint> wall_ahead(const LevelSurfaces& s, const Vec3& feet, const Vec3& heading, float reach) {
    for (float h : probe_heights) {
        const Vec3 from = feet + up(h);
        if (auto wall = s.obstacle(from, from + reach * heading)) return wall;
    }
    return std::nullopt;
}

struct Start {
    Vec3 feet;
    Vec3 heading;
};

// On the ground `near` to `far` metres in front of a wall, facing it; or any
// standing point and heading when eight walls give no ground in front.
Start facing_wall(EpisodeContext& c, float near, float far) {
    for (int attempt = 0; attempt < 8; ++attempt) {
        const SurfacePoint w = c.surfaces.wall(c.rng);
        const float distance = c.rng.uniform(near, far);
        if (!(w.normal.x * w.normal.x + w.normal.y * w.normal.y > 1e-4f)) continue;
        const Vec3 away = unit_xy(w.normal);
        const Vec3 at = w.point + distance * away;
        if (auto ground = c.surfaces.ground_below(at.x, at.y, w.point.z + 0.3f, w.point.z - 4.0f))
            return {{at.x, at.y, *ground}, -away};
    }
    const Vec3 feet = c.surfaces.ground(c.rng).point;
    return {feet, c.rng.direction_xy()};
}

}  // namespace

// Capsule sweeps at 0.1 to 0.25 m per update along a gently turning path; the
// feet follow the ground. Half the walks start anywhere, half 1 to 4 m in
// front of a wall and head for it (as the runtime's walks into a post, a
// planter and over a kerb into the wall behind). Into a wall or over a
// drop-off the sweep still runs (and meets the wall) but the walker turns
// instead of moving; four such bumps in a row end the walk.
void walk_episode(EpisodeContext& c, std::vector<Query>& out) {
    Start start{};
    if (c.rng.chance(0.5f)) {
        start = facing_wall(c, 1.0f, 4.0f);
    } else {
        start.feet = c.surfaces.ground(c.rng).point;
        start.heading = c.rng.direction_xy();
    }
    Vec3 feet = start.feet, heading = start.heading;
    const float stride = c.rng.uniform(0.1f, 0.25f);
    const std::uint32_t updates = 12 + c.rng.below(29);
    int bumps = 0;
    for (std::uint32_t u = 0; u < updates && bumps < 4; ++u) {
        heading = turned(heading, c.rng.uniform(-0.15f, 0.15f));
        const Vec3 step = stride * heading;
        const auto wall = wall_ahead(c.surfaces, feet, heading, stride + human_radius);
        const auto ground =
            wall ? std::nullopt
                 : c.surfaces.ground_below(feet.x + step.x, feet.y + step.y, feet.z + step_up, feet.z - step_down);
        if (!ground) {
            out.push_back(Query::capsule_sweep(feet, step));
            heading = wall ? bounced(heading, wall->normal, c.rng) : turned(-heading, c.rng.uniform(-0.5f, 0.5f));
            ++bumps;
            continue;
        }
        const Vec3 next{feet.x + step.x, feet.y + step.y, *ground};
        out.push_back(Query::capsule_sweep(feet, next - feet));
        feet = next;
        bumps = 0;
    }
}

// A ballistic arc, one update at a time: the walking capsule sweep (it still
// runs in the air) and the air sphere sweep of the capsule's radius at the
// same centre. Ends after the update that reaches a wall or comes down onto
// the ground, or after 1.5 s.
void jump_episode(EpisodeContext& c, std::vector<Query>& out) {
    // The runtime's jumps left the ground 2.8, 1.5, 1.0 and 0.5 m before the ledge.
    const Start t = facing_wall(c, 0.5f, 3.0f);
    Vec3 velocity = c.rng.uniform(2.5f, 5.5f) * t.heading;
    velocity.z = c.rng.uniform(3.5f, 5.0f);
    QuerySettings air;
    air.options = air_sweep_options;
    const Vec3 fall = up(-0.5f * gravity * update_seconds * update_seconds);
    Vec3 feet = t.feet;
    for (int u = 0; u < jump_updates_max; ++u) {
        const Vec3 move = update_seconds * velocity + fall;
        const Vec3 centre = feet + up(human_sphere_height);
        out.push_back(Query::capsule_sweep(feet, move));
        out.push_back(Query::sphere_sweep(centre, human_radius, move, air));
        const Vec3 next = feet + move;
        const bool walled = c.surfaces.obstacle(centre, centre + move + human_radius * t.heading).has_value();
        const bool landed = c.surfaces.ground_below(next.x, next.y, feet.z, next.z).has_value();
        if (walled || landed) return;
        feet = next;
        velocity.z -= gravity * update_seconds;
    }
}

}  // namespace levelsweep::detail
