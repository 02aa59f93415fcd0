// The recorder's falling boxes (geometry-kernels.txt, Unit 13: a loose
// object's box sweeps the level each update, PhysicsMesh_SweepBox 0x00348530).
#include <cmath>

#include "record_episodes.hpp"

namespace levelsweep::detail {

namespace {

constexpr int fall_updates_max = 12;

// A unit quaternion (x, y, z, w) from the unit 4-ball, as rotation rows.
void tilt(Box& b, PortableRandom& rng) {
    float q[4], len_sq;
    do {
        for (float& v : q) v = rng.uniform(-1.0f, 1.0f);
        len_sq = (q[0] * q[0] + q[1] * q[1]) + (q[2] * q[2] + q[3] * q[3]);
    } while (!(len_sq > 0.01f && len_sq <= 1.0f));
    const float s = 1.0f / std::sqrt(len_sq);
    const float x = q[0] * s, y = q[1] * s, z = q[2] * s, w = q[3] * s;
    b.axis[0] = {1.0f - 2.0f * (y * y + z * z), 2.0f * (x * y - z * w), 2.0f * (x * z + y * w)};
    b.axis[1] = {2.0f * (x * y + z * w), 1.0f - 2.0f * (x * x + z * z), 2.0f * (y * z - x * w)};
    b.axis[2] = {2.0f * (x * z - y * w), 2.0f * (y * z + x * w), 1.0f - 2.0f * (x * x + y * y)};
}

struct FallingBox {
    Box box;
    Vec3 velocity;
};

// Half extents 0.1 to 0.6 m. Two in five world-aligned and falling straight
// down: every horizontal axis then has exactly zero speed, Sweep_BoxTriangle's
// window reset (Unit 13, "What the quirk does"). One in five turned about z,
// the rest tilted at random; those drift sideways up to 0.5 m/s, as the brick
// of "Settling" does.
FallingBox falling_box(PortableRandom& rng) {
    FallingBox f;
    for (float& h : f.box.half) h = rng.uniform(0.1f, 0.6f);
    f.velocity = up(-rng.uniform(1.0f, 5.0f));
    const float shape = rng.unit();
    if (shape < 0.4f) return f;
    if (shape < 0.6f) {
        const Vec3 h = rng.direction_xy();
        f.box.axis[0] = h;
        f.box.axis[1] = {-h.y, h.x, 0.0f};
    } else {
        tilt(f.box, rng);
    }
    f.velocity.x = rng.uniform(-0.5f, 0.5f);
    f.velocity.y = rng.uniform(-0.5f, 0.5f);
    return f;
}

// How far the box reaches below its centre.
float reach_down(const Box& b) {
    return (b.half[0] * std::fabs(b.axis[0].z) + b.half[1] * std::fabs(b.axis[1].z)) +
           b.half[2] * std::fabs(b.axis[2].z);
}

}  // namespace

// The last updates of a fall: from up to 0.5 m above a standing point at 1 to
// 5 m/s downwards, one box sweep per update until the box reaches the ground,
// then one to three updates resting on it, each sweeping one update of
// gravity into the floor.
void fall_episode(EpisodeContext& c, std::vector<Query>& out) {
    const Vec3 ground = c.surfaces.ground(c.rng).point;
    FallingBox f = falling_box(c.rng);
    const float reach = reach_down(f.box);
    f.box.centre = ground + up(reach + c.rng.uniform(0.0f, 0.5f));
    const Vec3 fall = up(-0.5f * gravity * update_seconds * update_seconds);
    for (int u = 0; u < fall_updates_max; ++u) {
        const Vec3 move = update_seconds * f.velocity + fall;
        out.push_back(Query::box_sweep(f.box, move));
        f.box.centre = f.box.centre + move;
        f.velocity.z -= gravity * update_seconds;
        if (f.box.centre.z - reach <= ground.z) break;
    }
    const Vec3 at = f.box.centre;
    const auto floor = c.surfaces.ground_below(at.x, at.y, ground.z + 0.5f, ground.z - 1.0f);
    f.box.centre.z = (floor ? *floor : ground.z) + reach;
    const std::uint32_t rests = 1 + c.rng.below(3);
    for (std::uint32_t r = 0; r < rests; ++r)
        out.push_back(Query::box_sweep(f.box, up(-gravity * update_seconds * update_seconds)));
}

}  // namespace levelsweep::detail
