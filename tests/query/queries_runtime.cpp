// Spec Unit 1, "Seen at runtime" (issue #348), rebuilt on the generated street
// level: walking capsules into the 0.37 m post and the 1.3 m planter, over the
// 0.15 m kerb, and jumps onto the 0.6 m ledge against the wall.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "levelsweep/generate.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const StreetLevel& street() {
    static const StreetLevel s = generate_street_level({.seed = 1, .triangles = 1000, .cell_size = {}});
    return s;
}

const LevelFeature& feature(FeatureKind kind) {
    static std::vector<LevelFeature> keep;
    keep = street().of(kind);
    REQUIRE(!keep.empty());
    return keep.front();
}

bool in_feature(const LevelFeature& f, std::uint32_t tri) {
    return tri >= f.first_triangle && tri < f.first_triangle + f.triangle_count;
}

Vec3 centre_xy(const LevelFeature& f) { return {0.5f * (f.min.x + f.max.x), 0.5f * (f.min.y + f.max.y), 0.0f}; }

// The branch Sweep_SphereTriangle takes for this triangle (the tri-sweep-tri hook
// of the runtime logs, 0x0034ee68).
SphereTriBranch branch_for(const Level& level, std::uint32_t tri, Vec3 c, float r, Vec3 move) {
    const Vec3 n = level.normal(tri);
    const bool flipped = dot(n, c) - level.plane(tri) < 1e-6f;
    return sweep_sphere_triangle(level_triangle(level, tri, flipped), c, r, move).branch;
}

struct Walked {
    int stopped_walks = 0, corner_steps = 0, kernel_calls = 0, differing = 0;
};

// Walks a human capsule straight at a feature from 12 directions, 0.2 m per
// update, until the first contact with it; counts the corner steps the kernel
// took on the way and compares faithful with corrected answers.
Walked walk_into(const LevelFeature& target) {
    const Level& level = street().level;
    const Vec3 aim = centre_xy(target);
    Walked w;
    for (int dir = 0; dir < 12; ++dir) {
        const double a = dir * 3.14159265358979 / 6.0;
        const Vec3 step{float(-0.2 * std::cos(a)), float(-0.2 * std::sin(a)), 0.0f};
        Vec3 feet = aim + Vec3{float(2.5 * std::cos(a)), float(2.5 * std::sin(a)), 0.15f};
        for (int update = 0; update < 20; ++update) {
            const Query q = Query::capsule_sweep(feet, step);
            KernelLog log;
            const Ran faithful = run(level, q, Walk::grid, &log);
            Query corrected = q;
            corrected.settings.quirks = Quirks::corrected();
            const Ran fixed = run(level, corrected);
            if (faithful.contacts.size() != fixed.contacts.size() ||
                (!fixed.contacts.empty() && faithful.contacts[0].fraction != fixed.contacts[0].fraction))
                ++w.differing;
            for (std::uint32_t tri : log.kernel) {
                ++w.kernel_calls;
                if (branch_for(level, tri, feet + Vec3{0, 0, 0.52f}, 0.4704f, step) == SphereTriBranch::corner)
                    ++w.corner_steps;
            }
            bool stopped = false;
            for (const MeshContact& c : faithful.contacts)
                if (in_feature(target, c.triangle)) {
                    CHECK(std::fabs(c.normal.z) < 1e-6f);  // a side, not the top
                    stopped = true;
                }
            if (stopped) {
                ++w.stopped_walks;
                break;
            }
            feet = feet + step;
        }
    }
    return w;
}

}  // namespace

TEST_SUITE("queries runtime scenarios") {
    TEST_CASE("corner_post: walking into the 0.37 m post never runs the corner step") {
        const Walked w = walk_into(feature(FeatureKind::post));
        MESSAGE("post: " << w.kernel_calls << " kernel calls, " << w.stopped_walks << " walks stopped");
        CHECK(w.stopped_walks == 12);  // every walk is stopped by the post
        CHECK(w.corner_steps == 0);
        CHECK(w.differing == 0);  // no late or missed contact
    }

    TEST_CASE("corner_planter: walking into the 1.3 m planter never runs the corner step") {
        const Walked w = walk_into(feature(FeatureKind::planter));
        MESSAGE("planter: " << w.kernel_calls << " kernel calls, " << w.stopped_walks << " walks stopped");
        CHECK(w.stopped_walks == 12);
        CHECK(w.corner_steps == 0);
        CHECK(w.differing == 0);
    }

    TEST_CASE("corner_kerb: the walking capsule sweep 0x00347c08 never takes a kerb to the kernel") {
        const Level& level = street().level;
        const LevelFeature& kerb = feature(FeatureKind::kerb);
        const float x = 0.5f * (kerb.min.x + kerb.max.x);
        int kerb_calls_walking = 0, kerb_calls_in_air = 0;
        // Walk at 60 % over the kerb: 0.15 m per update from the road onto the sidewalk.
        for (float y = kerb.min.y - 1.5f; y < kerb.min.y + 1.5f; y += 0.15f) {
            const Vec3 feet{x, y, y < kerb.min.y ? 0.0f : kerb.max.z};  // the snap lifts the feet
            KernelLog walking, air;
            run(level, Query::capsule_sweep(feet, {0, 0.15f, 0}), Walk::grid, &walking);
            // The mesh-only sphere sweep of Human_PushOutInAir (no 0.25 m rule).
            run(level, Query::sphere_sweep(feet + Vec3{0, 0, 0.52f}, 0.4704f, {0, 0.15f, -0.05f}), Walk::grid, &air);
            for (auto t : walking.kernel) kerb_calls_walking += in_feature(kerb, t);
            for (auto t : air.kernel) kerb_calls_in_air += in_feature(kerb, t);
        }
        CHECK(kerb_calls_walking == 0);
        CHECK(kerb_calls_in_air > 0);
    }

    TEST_CASE("corner_ledge: jumps onto the 0.6 m ledge land on it from 1.5 m, hit its face from 0.5 m") {
        const Level& level = street().level;
        const LevelFeature& ledge = feature(FeatureKind::ledge);
        const float x = 0.5f * (ledge.min.x + ledge.max.x);
        const float face_y = ledge.min.y;
        const float top = ledge.max.z;
        struct Landing {
            bool on_top = false, on_face = false;
            int differing = 0;
        };
        auto jump = [&](float before) {
            // Take off from the sidewalk at 2.4 m/s forward and 4 m/s up, 30 updates a
            // second: from 1.5 m the apex clears the ledge's edge and the fall meets its top.
            Vec3 feet{x, face_y - before, ledge.min.z};
            const float dt = 1.0f / 30.0f;
            float vy = 2.4f, vz = 4.0f;
            Landing l;
            for (int update = 0; update < 60; ++update) {
                const Vec3 move{0, vy * dt, vz * dt - 0.5f * 9.8f * dt * dt};
                const Query q = Query::sphere_sweep(feet + Vec3{0, 0, 0.52f}, 0.4704f, move);
                const Ran hit = run(level, q);
                Query corrected = q;
                corrected.settings.quirks = Quirks::corrected();
                const Ran fixed = run(level, corrected);
                if (hit.contacts.size() != fixed.contacts.size()) ++l.differing;
                if (!hit.contacts.empty()) {
                    const MeshContact& c = hit.contacts[0];
                    if (in_feature(ledge, c.triangle) && c.normal.z > 0.99f) l.on_top = true;
                    if (in_feature(ledge, c.triangle) && c.normal.y < -0.99f) l.on_face = true;
                    break;
                }
                feet = feet + move;
                vz -= 9.8f * dt;
            }
            return l;
        };
        const Landing far = jump(1.5f);
        CHECK(far.on_top);
        CHECK_FALSE(far.on_face);
        CHECK(far.differing == 0);
        const Landing near = jump(0.5f);
        CHECK(near.on_face);
        CHECK_FALSE(near.on_top);
        CHECK(top > ledge.min.z + 0.59f);
    }
}
