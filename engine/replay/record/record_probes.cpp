// The recorder's single shapes near surfaces: strikes, overlaps, lines of
// sight and random sphere sweeps.
#include <cmath>

#include "record_episodes.hpp"

namespace levelsweep::detail {

namespace {

// The strike spheres (Unit 4, "Who reaches a car"; Unit 5): hands 0.09 m,
// head and feet 0.15 m.
constexpr float hand_radius = 0.09f;
constexpr float head_foot_radius = 0.15f;
// The push sphere (PhysicsHumanBody_PushAwayHumans 0x003425c0, Unit 4's
// callers): 2.0 m, at most 32 contacts; its centre at the human's middle (assumed 1 m up).
constexpr float push_radius = 2.0f;
constexpr float push_height = 1.0f;
// WorldObject_TryTouchPickUp (0x003955cc) takes at most 24 contacts.
constexpr std::uint32_t pickup_max = 24;
// Climb_IsSpaceClear (0x00281150): a sphere of the capsule radius, options 0xd, at most 1 contact.
constexpr std::uint32_t climb_options = 0xd;
// Line of sight from a standing human's eyes to another's chest, at most 30 m away when one is found.
constexpr float eye_height = 1.6f;
constexpr float chest_height = 1.2f;
constexpr float sight_range_sq = 30.0f * 30.0f;

}  // namespace

// A swing at a steep triangle from 0.05 to 0.7 m in front of it: up to three
// updates of 0.3 to 0.9 m each (the runtime's hand moved 0.87 m in one update),
// each from where the last one ended (Human_TestStrikes, 0x0033f110: move =
// current - previous), until the sphere reaches the surface's plane.
void strike_episode(EpisodeContext& c, std::vector<Query>& out) {
    const SurfacePoint w = c.surfaces.wall(c.rng);
    const float r = c.rng.chance(0.6f) ? hand_radius : head_foot_radius;
    const float distance = c.rng.uniform(r + 0.05f, 0.7f);
    Vec3 along = c.rng.direction();
    along = along - dot(along, w.normal) * w.normal;
    Vec3 centre = w.point + distance * w.normal + c.rng.uniform(-0.15f, 0.15f) * along;
    for (int u = 0; u < 3; ++u) {
        const Vec3 aim = 0.35f * c.rng.direction() - w.normal;
        const Vec3 move = (c.rng.uniform(0.3f, 0.9f) / std::sqrt(dot(aim, aim))) * aim;
        out.push_back(Query::sphere_sweep(centre, r, move));
        centre = centre + move;
        if (dot(w.normal, centre - w.point) < r) return;
    }
}

// One of three overlaps the game makes near surfaces, chosen at random.
void overlap_episode(EpisodeContext& c, std::vector<Query>& out) {
    QuerySettings s;
    switch (c.rng.below(3)) {
        case 0: {  // the push sphere around a standing human
            s.max_contacts = 32;
            const Vec3 feet = c.surfaces.ground(c.rng).point;
            out.push_back(Query::sphere_overlap(feet + up(push_height), push_radius, s));
            return;
        }
        case 1: {  // a pick-up's sphere resting on the floor, some sunk into it a little
            s.max_contacts = pickup_max;
            const Vec3 feet = c.surfaces.ground(c.rng).point;
            const float r = c.rng.uniform(0.15f, 0.5f);
            out.push_back(Query::sphere_overlap(feet + up(r * c.rng.uniform(0.6f, 1.1f)), r, s));
            return;
        }
        default: {  // is there room to climb: the capsule-radius sphere against a wall
            s.options = climb_options;
            s.max_contacts = 1;
            const SurfacePoint w = c.surfaces.wall(c.rng);
            out.push_back(Query::sphere_overlap(w.point + (human_radius * c.rng.uniform(0.5f, 1.2f)) * w.normal,
                                                human_radius, s));
            return;
        }
    }
}

// Can one standing human see another: the second drawn until one stands within
// 30 m (eight tries).
void ray_episode(EpisodeContext& c, std::vector<Query>& out) {
    const Vec3 eye = c.surfaces.ground(c.rng).point + up(eye_height);
    Vec3 other = c.surfaces.ground(c.rng).point;
    for (int attempt = 1; attempt < 8; ++attempt) {
        const float dx = other.x - eye.x, dy = other.y - eye.y;
        if (dx * dx + dy * dy <= sight_range_sq) break;
        other = c.surfaces.ground(c.rng).point;
    }
    out.push_back(Query::ray(eye, (other + up(chest_height)) - eye));
}

// A sphere of radius 0.1 to 0.6 m, 0.2 to 2 m above a standing point, swept
// `sweep_length` in a random direction.
void sweep_episode(EpisodeContext& c, std::vector<Query>& out) {
    const Vec3 feet = c.surfaces.ground(c.rng).point;
    const Vec3 centre = feet + up(c.rng.uniform(0.2f, 2.0f));
    const float r = c.rng.uniform(0.1f, 0.6f);
    out.push_back(Query::sphere_sweep(centre, r, c.sweep_length * c.rng.direction()));
}

}  // namespace levelsweep::detail
