// The world's bodies: adding, posing (PhysicsSphere_Pose 0x00342b08's previous
// position and reset flag), switching (0x004f11c8), moving and removing them,
// and the statuses bad input gets.
#include <cmath>
#include <limits>

#include "world_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::world;

namespace {

// A human with a right-hand strike sphere (bone 19, r 0.09), switched off.
BodyDesc striker(std::uint32_t owner, Vec3 hand) {
    BodyDesc d = human(owner, {0, 0, 0});
    d.strikes.push_back({19, sphere(0.09f, hand), shape_flag::strike});
    return d;
}

constexpr ShapeRef hand{Chain::strikes, 0};

}  // namespace

TEST_SUITE("world bodies") {
    TEST_CASE("World::add_body keeps what it is given, and remove_body makes every handle stale") {
        World w;
        const BodyId a = add(w, car(9));
        const BodyId b = add(w, human(20, {5, 0, 0}));
        CHECK(w.body_count() == 2);
        const auto va = w.body(a);
        REQUIRE(va);
        CHECK(va->owner == 9);
        CHECK(va->flags == 0x2211a);
        CHECK(va->type == body_type::object);
        REQUIRE(va->chain.size() == 2);
        CHECK(va->chain[1].id == 12);
        CHECK_VEC3_NEAR(va->bounds.min, -2, -1, 0);  // box 1 and the cabin, united
        CHECK_VEC3_NEAR(va->bounds.max, 2, 1.081, 1.5);
        CHECK(w.remove_body(a) == WorldStatus::ok);
        CHECK_FALSE(w.body(a));
        CHECK(w.remove_body(a) == WorldStatus::unknown_body);
        CHECK(w.body_count() == 1);
        // The slot is reused, under a new generation: the old handle stays stale.
        const BodyId c = add(w, human(21, {9, 0, 0}));
        CHECK(c.slot == a.slot);
        CHECK_FALSE(c == a);
        CHECK_FALSE(w.body(a));
        REQUIRE(w.body(c));
        CHECK(view(w, c).owner == 21);
        CHECK(w.pose_shape(a, {}, capsule(0.35f, 1.8f, {0, 0, 0})) == WorldStatus::unknown_body);
        CHECK(w.move_body(a, {1, 0, 0}) == WorldStatus::unknown_body);
        CHECK(w.enable_shape(a, hand, true) == WorldStatus::unknown_body);
        CHECK(w.set_body_words(a, 0, 0, 0) == WorldStatus::unknown_body);
        CHECK(w.body(b));
    }

    TEST_CASE("World::add_body refuses bad shapes with a status and leaves the world unchanged") {
        World w;
        const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
        const float big = std::numeric_limits<float>::max();
        const auto refused = [&](const Shape& s) {
            BodyDesc d;
            d.chain.push_back({1, s});
            const World::Added a = w.add_body(d);
            CHECK(w.body_count() == 0);
            return a.status;
        };
        CHECK(refused(sphere(nan, {0, 0, 0})) == WorldStatus::non_finite);
        CHECK(refused(sphere(1, {0, inf, 0})) == WorldStatus::non_finite);
        CHECK(refused(sphere(-0.1f, {0, 0, 0})) == WorldStatus::negative_radius);
        CHECK(refused(capsule(0.3f, -1, {0, 0, 0})) == WorldStatus::negative_radius);
        CHECK(refused(segment({0, 0, 0}, {1, 0, nan}, 0.1f)) == WorldStatus::non_finite);
        CHECK(refused(Shape::of(box({0, 0, 0}, {1, 0, 1}))) == WorldStatus::bad_extent);
        CHECK(refused(Shape::of(box({0, 0, 0}, {1, 1, 1}, {nan, 0, 0}))) == WorldStatus::non_finite);
        // Finite values whose bounds pass float range.
        CHECK(refused(sphere(big, {big, 0, 0})) == WorldStatus::non_finite);
        // Beyond the kernels' working range (+-16384 m): a status of its own.
        CHECK(refused(sphere(1, {16384.5f, 0, 0})) == WorldStatus::out_of_range);
        CHECK(refused(Shape::of(box({0, 0, -16400}, {1, 1, 1}))) == WorldStatus::out_of_range);
        Shape odd = sphere(1, {0, 0, 0});
        odd.type = static_cast<ShapeType>(9);
        CHECK(refused(odd) == WorldStatus::bad_type);
        // A bad strike shape is refused too.
        BodyDesc d = human(1, {0, 0, 0});
        d.strikes.push_back({19, sphere(nan, {0, 0, 0}), shape_flag::strike});
        CHECK(w.add_body(d).status == WorldStatus::non_finite);
        CHECK(w.body_count() == 0);
        // Just inside the working range is a body.
        BodyDesc inside;
        inside.chain.push_back({1, sphere(1, {16383.0f, 0, 0})});
        CHECK(w.add_body(inside).status == WorldStatus::ok);
    }

    TEST_CASE("PhysicsSphere_Pose 0x00342b08: a pose keeps the centre before it as the previous one") {
        World w;
        const BodyId id = add(w, striker(20, {56.75f, 41.42f, 1}));
        // Added: the previous position starts at the current one.
        const auto p0 = w.previous_position(id, hand);
        REQUIRE(p0);
        CHECK_VEC3_NEAR(*p0, 56.75, 41.42, 1);
        REQUIRE(w.pose_shape(id, hand, sphere(0.09f, {40.6391f, 46.1587f, 1})) == WorldStatus::ok);
        REQUIRE(w.pose_shape(id, hand, sphere(0.09f, {41.1509f, 45.4583f, 1})) == WorldStatus::ok);
        const auto p = w.previous_position(id, hand);
        REQUIRE(p);
        CHECK_VEC3_NEAR(*p, 40.6391, 46.1587, 1);  // the centre of the update before (strike_prev, update 33)
        REQUIRE(w.body(id));
        CHECK_VEC3_NEAR(view(w, id).strikes[0].shape.sphere.centre, 41.1509, 45.4583, 1);
        CHECK(view(w, id).strikes[0].flags == shape_flag::strike);
    }

    TEST_CASE(
        "PhysicsSphere_Pose 0x00342b08 and 0x004f11c8: switching on sets 0x11, and the first pose after it has "
        "previous = current") {
        World w;
        const BodyId id = add(w, striker(20, {56.75f, 41.42f, 1}));  // a stale centre from elsewhere in the level
        REQUIRE(w.enable_shape(id, hand, true) == WorldStatus::ok);
        REQUIRE(w.body(id));
        CHECK(view(w, id).strikes[0].flags == 0x13u);  // +0x32 = 0x0013 in the runtime log
        REQUIRE(w.pose_shape(id, hand, sphere(0.09f, {40.6391f, 46.1587f, 1})) == WorldStatus::ok);
        const auto p = w.previous_position(id, hand);
        REQUIRE(p);
        CHECK_VEC3_NEAR(*p, 40.6391, 46.1587, 1);     // previous = current: a zero move, not from (56.75, 41.42)
        CHECK(view(w, id).strikes[0].flags == 0x3u);  // 0x10 cleared by the pose
        // The next pose moves on from there.
        REQUIRE(w.pose_shape(id, hand, sphere(0.09f, {41.1509f, 45.4583f, 1})) == WorldStatus::ok);
        const auto q = w.previous_position(id, hand);
        REQUIRE(q);
        CHECK_VEC3_NEAR(*q, 40.6391, 46.1587, 1);
        // Switching off clears 0x1 only.
        REQUIRE(w.enable_shape(id, hand, false) == WorldStatus::ok);
        CHECK(view(w, id).strikes[0].flags == 0x2u);
    }

    TEST_CASE("World::pose_shape refuses another type, a bad index and a bad pose, changing nothing") {
        World w;
        const BodyId id = add(w, striker(20, {1, 0, 1}));
        CHECK(w.pose_shape(id, hand, Shape::of(box({0, 0, 0}, {1, 1, 1}))) == WorldStatus::bad_shape);
        CHECK(w.pose_shape(id, {Chain::strikes, 1}, sphere(0.09f, {0, 0, 0})) == WorldStatus::bad_shape);
        CHECK(w.pose_shape(id, hand, sphere(-1, {0, 0, 0})) == WorldStatus::negative_radius);
        CHECK(w.enable_shape(id, {Chain::collision, 3}, true) == WorldStatus::bad_shape);
        const std::vector<Shape> one{capsule(0.35f, 1.8f, {0, 0, 0})};
        CHECK(w.pose_body(id, one, {}) == WorldStatus::bad_shape);  // the strike chain's count differs
        REQUIRE(w.body(id));
        CHECK_VEC3_NEAR(view(w, id).strikes[0].shape.sphere.centre, 1, 0, 1);
        const auto p = w.previous_position(id, hand);
        REQUIRE(p);
        CHECK_VEC3_NEAR(*p, 1, 0, 1);
        CHECK_FALSE(w.previous_position(id, {Chain::strikes, 1}));
    }

    TEST_CASE("World::pose_body refuses a shape posed as another type in either chain (bad_shape), changing nothing") {
        World w;
        const BodyId id = add(w, striker(20, {1, 0, 1}));
        const std::vector<Shape> chain{capsule(0.35f, 1.8f, {4, 0, 0})}, strikes{sphere(0.09f, {4, 0, 1})};
        const std::vector<Shape> boxed{Shape::of(box({4, 0, 1}, {1, 1, 1}))};
        CHECK(w.pose_body(id, boxed, strikes) == WorldStatus::bad_shape);  // the capsule posed as a box
        CHECK(w.pose_body(id, chain, std::vector<Shape>{segment({4, 0, 1}, {4.2f, 0, 1}, 0.05f)}) ==
              WorldStatus::bad_shape);  // the hand posed as a segment
        Shape odd = sphere(0.09f, {4, 0, 1});
        odd.type = static_cast<ShapeType>(7);
        CHECK(w.pose_body(id, chain, std::vector<Shape>{odd}) == WorldStatus::bad_shape);  // no type at all
        CHECK(w.pose_shape(id, hand, odd) == WorldStatus::bad_shape);
        const BodyView v = view(w, id);
        CHECK(v.chain[0].shape.type == ShapeType::capsule);
        CHECK_VEC3_NEAR(v.chain[0].shape.capsule.base, 0, 0, 0);
        CHECK_VEC3_NEAR(v.strikes[0].shape.sphere.centre, 1, 0, 1);
        REQUIRE(w.pose_body(id, chain, strikes) == WorldStatus::ok);  // the same types are taken
    }

    TEST_CASE("World::move_body moves every shape, re-posed by the pose rule, and its world box") {
        World w;
        BodyDesc d = striker(20, {0.4f, 0, 1.2f});
        d.strikes.push_back({18, segment({0.2f, 0, 1.2f}, {0.4f, 0, 1.2f}, 0.05f), shape_flag::strike});
        const BodyId id = add(w, d);
        REQUIRE(w.move_body(id, {2, 1, 0}) == WorldStatus::ok);
        const auto v = w.body(id);
        REQUIRE(v);
        CHECK_VEC3_NEAR(v->chain[0].shape.capsule.base, 2, 1, 0);
        CHECK_VEC3_NEAR(v->strikes[1].shape.segment.end, 2.4, 1, 1.2);
        CHECK_VEC3_NEAR(v->bounds.min, 1.65, 0.65, -0.35);
        const auto seg_prev = w.previous_position(id, {Chain::strikes, 1});
        REQUIRE(seg_prev);
        CHECK_VEC3_NEAR(*seg_prev, 0.2, 0, 1.2);  // a segment's position is its start
        const auto capsule_prev = w.previous_position(id, {Chain::collision, 0});
        REQUIRE(capsule_prev);
        CHECK_VEC3_NEAR(*capsule_prev, 0, 0, 0);  // a capsule's is its base
        // A box's is its centre.
        const BodyId crate = add(w, box_object(9, 0, box({1, 2, 3}, {0.5f, 0.5f, 0.5f})));
        REQUIRE(w.move_body(crate, {1, 0, 0}) == WorldStatus::ok);
        const auto box_prev = w.previous_position(crate, {});
        REQUIRE(box_prev);
        CHECK_VEC3_NEAR(*box_prev, 1, 2, 3);
        CHECK(w.set_previous_position(crate, {}, {7, 7, 7}) == WorldStatus::ok);
        const auto restored = w.previous_position(crate, {});
        REQUIRE(restored);
        CHECK_VEC3_NEAR(*restored, 7, 7, 7);
        CHECK(w.set_previous_position(crate, {Chain::strikes, 0}, {7, 7, 7}) == WorldStatus::bad_shape);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        CHECK(w.move_body(id, {nan, 0, 0}) == WorldStatus::non_finite);
        CHECK_VEC3_NEAR(view(w, id).chain[0].shape.capsule.base, 2, 1, 0);
    }

    TEST_CASE("World::pose_body poses both chains at once and moves the body's world box") {
        World w;
        const BodyId id = add(w, striker(20, {0.4f, 0, 1.2f}));
        const std::vector<Shape> chain{capsule(0.35f, 1.8f, {10, 0, 0})};
        const std::vector<Shape> strikes{sphere(0.09f, {10.4f, 0, 1.2f})};
        REQUIRE(w.pose_body(id, chain, strikes) == WorldStatus::ok);
        REQUIRE(w.body(id));
        CHECK_VEC3_NEAR(view(w, id).bounds.min, 9.65, -0.35, -0.35);
        const auto p = w.previous_position(id, hand);
        REQUIRE(p);
        CHECK_VEC3_NEAR(*p, 0.4, 0, 1.2);
        // The gather finds it where it is now.
        CHECK(gather(w, box_query({9, -1, 0}, {9.7f, 1, 1})).size() == 1);
        CHECK(gather(w, box_query({-1, -1, 0}, {1, 1, 1})).empty());
    }
}
