// Spec Unit 4: the overlap table (IPhysics +0x18) and IPhysics_OverlapShape
// (0x0033ebb8) over a candidate list: the gather box, "Segment never reaches a
// box", "Query order", the words the query writes and its caps.
#include <vector>

#include "levelsweep/overlap.hpp"
#include "levelsweep/overlap_query.hpp"
#include "levelsweep/pair_tables.hpp"
#include "pair_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;

namespace {

constexpr ShapeType all_types[] = {ShapeType::box, ShapeType::sphere, ShapeType::capsule, ShapeType::segment};

// Function pointers compared outside doctest's expression capture (it cannot print them).
bool entry_is(OverlapFn got, OverlapFn want) { return got == want; }

OverlapBody body(std::uint32_t owner, std::vector<BodyShape> chain) { return OverlapBody{owner, std::move(chain)}; }

std::vector<Contact> slots(std::size_t n) {
    std::vector<Contact> out(n);
    for (Contact& c : out) c.fill(leftover);
    return out;
}

// The car of issue #72: two boxes, the body (box 1) and the cabin above it.
OverlapBody car_body(std::uint32_t owner) {
    return body(owner, {{11, Shape::of(box({0, 0, 0.5f}, {2, 1, 0.5f}))},
                        {12, Shape::of(box({0, 0, 1.25f}, {1, 0.8f, 0.25f}))}});
}

}  // namespace

TEST_SUITE("unit04 overlap") {
    TEST_CASE("overlap table IPhysics +0x18: every entry is its pair function, (4,1) and (1,4) are empty") {
        using T = ShapeType;
        CHECK(entry_is(overlap_entry(T::box, T::box), physics_overlap_box_box));
        CHECK(entry_is(overlap_entry(T::box, T::sphere), physics_overlap_box_sphere));
        CHECK(entry_is(overlap_entry(T::box, T::capsule), physics_overlap_box_capsule));
        CHECK(entry_is(overlap_entry(T::box, T::segment), nullptr));
        CHECK(entry_is(overlap_entry(T::sphere, T::box), physics_overlap_sphere_box));
        CHECK(entry_is(overlap_entry(T::sphere, T::sphere), physics_overlap_sphere_sphere));
        CHECK(entry_is(overlap_entry(T::sphere, T::capsule), physics_overlap_sphere_capsule));
        CHECK(entry_is(overlap_entry(T::sphere, T::segment), physics_overlap_sphere_segment));
        CHECK(entry_is(overlap_entry(T::capsule, T::box), physics_overlap_capsule_box));
        CHECK(entry_is(overlap_entry(T::capsule, T::sphere), physics_overlap_capsule_sphere));
        CHECK(entry_is(overlap_entry(T::capsule, T::capsule), physics_overlap_capsule_capsule));
        CHECK(entry_is(overlap_entry(T::capsule, T::segment), physics_overlap_capsule_segment));
        CHECK(entry_is(overlap_entry(T::segment, T::box), nullptr));
        CHECK(entry_is(overlap_entry(T::segment, T::sphere), physics_overlap_segment_sphere));
        CHECK(entry_is(overlap_entry(T::segment, T::capsule), physics_overlap_segment_capsule));
        CHECK(entry_is(overlap_entry(T::segment, T::segment), physics_overlap_segment_segment));
        // Type values outside 1..4 are never used as an index.
        for (ShapeType t : all_types) {
            CHECK(entry_is(overlap_entry(static_cast<ShapeType>(0), t), nullptr));
            CHECK(entry_is(overlap_entry(t, static_cast<ShapeType>(5)), nullptr));
            CHECK(entry_is(overlap_entry(static_cast<ShapeType>(0xffffffffu), t), nullptr));
        }
    }

    TEST_CASE("world_bounds: the gather box of each shape type") {
        const ShapeBounds b = world_bounds(Shape::of(rotated(box({1, 2, 3}, {2, 1, 0.5f}), {0, 0, 1}, 90)));
        CHECK_VEC3_NEAR(b.min, 0, 0, 2.5);  // a quarter turn about z swaps the x and y extents
        CHECK_VEC3_NEAR(b.max, 2, 4, 3.5);
        const ShapeBounds s = world_bounds(sphere(0.5f, {1, 2, 3}));
        CHECK_VEC3_NEAR(s.min, 0.5, 1.5, 2.5);
        CHECK_VEC3_NEAR(s.max, 1.5, 2.5, 3.5);
        const ShapeBounds c = world_bounds(capsule(0.35f, 2, {1, 2, 3}));
        CHECK_VEC3_NEAR(c.min, 0.65, 1.65, 2.65);  // the rounded ends reach r below B and above B.z + h
        CHECK_VEC3_NEAR(c.max, 1.35, 2.35, 5.35);
        const ShapeBounds g = world_bounds(segment({1, 2, 3}, {-1, 4, 3}, 0.1f));
        CHECK_VEC3_NEAR(g.min, -1.1, 1.9, 2.9);
        CHECK_VEC3_NEAR(g.max, 1.1, 4.1, 3.1);
        // Touching boxes overlap; a gap on any one axis separates.
        CHECK(bounds_overlap(s, {{1.5f, 0, 0}, {9, 9, 9}}));
        CHECK_FALSE(bounds_overlap(s, {{1.51f, 0, 0}, {9, 9, 9}}));
        CHECK_FALSE(bounds_overlap(s, {{0, 0, 3.6f}, {9, 9, 9}}));
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: a capsule 50 m above a box is rejected by the gather box") {
        // PhysicsOverlap_CapsuleBox alone hits (heights are not read) ...
        const Shape high = capsule(0.35f, 2.0f, {0, -1.2f, 50});
        const Shape car = Shape::of(box({0, 0, 0.5f}, {2, 1, 0.5f}));
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, high, car, Quirks::faithful()));
        // ... but through the whole query the candidate's world box is 50 m below.
        const std::vector<OverlapBody> bodies{body(2, {{7, car}})};
        std::vector<Contact> out = slots(4);
        CHECK(iphysics_overlap_shape(out, OverlapQuery{1, 3, high, 32}, bodies) == 0);
        CHECK(out[0].untouched(0, Contact::record_bytes));
        // At ground level the same query finds it, with the pair's +0x50 and +0x88.
        out = slots(4);
        REQUIRE(iphysics_overlap_shape(out, OverlapQuery{1, 3, capsule(0.35f, 2.0f, {0, -1.2f, 0}), 32}, bodies) == 1);
        CHECK_VEC3_NEAR(out[0].other.normal, 0, -1, 0);
        CHECK_NEAR(out[0].depth, 0.15);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: a segment never reaches a box (issue #72)") {
        const std::vector<OverlapBody> cars{car_body(9)};
        // The hand strike sphere (bone 19, r 0.09) inside box 1 hits it.
        std::vector<Contact> out = slots(4);
        const OverlapQuery hand{1, 19, sphere(0.09f, {1.0f, 0.2f, 0.6f}), 32};
        REQUIRE(iphysics_overlap_shape(out, hand, cars) == 1);
        CHECK(out[0].other.owner == 9);
        CHECK(out[0].other.shape == 11);
        // The forearm segment (bone 18) through the same box: no table entry, no contact.
        out = slots(4);
        const OverlapQuery forearm{1, 18, segment({0.8f, 0.2f, 0.6f}, {1.2f, 0.2f, 0.6f}, 0.05f), 32};
        CHECK(iphysics_overlap_shape(out, forearm, cars) == 0);
        CHECK(out[0].untouched(0, Contact::record_bytes));
        // And a box querying a segment body: (1, 4) is empty too.
        out = slots(4);
        const std::vector<OverlapBody> arm{body(5, {{18, forearm.shape}})};
        CHECK(iphysics_overlap_shape(out, OverlapQuery{9, 11, cars[0].chain[0].shape, 32}, arm) == 0);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: contacts come in discovery order (Query order)") {
        // The 2.0 m push sphere over two humans' capsules: both pushed, in list order.
        const Shape push = sphere(2.0f, {0, 0, 1});
        const OverlapBody left = body(21, {{210, capsule(0.35f, 1.8f, {-1, 0, 0})}});
        const OverlapBody right = body(22, {{220, capsule(0.35f, 1.8f, {1.5f, 0, 0})}});
        for (const bool swapped : {false, true}) {
            CAPTURE(swapped);
            const std::vector<OverlapBody> bodies = swapped ? std::vector{right, left} : std::vector{left, right};
            std::vector<Contact> out = slots(4);
            REQUIRE(iphysics_overlap_shape(out, OverlapQuery{20, 200, push, 32}, bodies) == 2);
            CHECK(out[0].other.owner == bodies[0].owner);
            CHECK(out[1].other.owner == bodies[1].owner);
        }
        // Within a body, the shape chain's order.
        const std::vector<OverlapBody> cars{car_body(9)};
        std::vector<Contact> out = slots(4);
        REQUIRE(iphysics_overlap_shape(out, OverlapQuery{1, 2, sphere(0.3f, {0, 0, 1.0f}), 32}, cars) == 2);
        CHECK(out[0].other.shape == 11);
        CHECK(out[1].other.shape == 12);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: +0xb4 = 0 and the owner and shape words, nothing else") {
        const std::vector<OverlapBody> bodies{body(21, {{210, capsule(0.35f, 1.8f, {1, 0, 0})}})};
        std::vector<Contact> out = slots(2);
        REQUIRE(iphysics_overlap_shape(out, OverlapQuery{20, 200, sphere(2.0f, {0, 0, 1}), 32}, bodies) == 1);
        const Contact& c = out[0];
        CHECK(c.own.owner == 20);
        CHECK(c.own.shape == 200);
        CHECK(c.other.owner == 21);
        CHECK(c.other.shape == 210);
        CHECK(c.triangle == 0u);
        // SphereCapsule writes nothing, so these five words are all the contact holds.
        CHECK(c.written == (words(offs::own_owner, 8) | words(offs::other_owner, 8) | words(offs::triangle, 4)));
        CHECK(c.word_at(offs::fraction) == leftover);  // +0x80 is never written: no sort key
        CHECK(out[1].untouched(0, Contact::record_bytes));
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: the querying owner's bodies are excluded") {
        const std::vector<OverlapBody> bodies{body(20, {{201, capsule(0.35f, 1.8f, {0, 0, 0})}}),
                                              body(21, {{210, capsule(0.35f, 1.8f, {1, 0, 0})}})};
        std::vector<Contact> out = slots(4);
        REQUIRE(iphysics_overlap_shape(out, OverlapQuery{20, 200, sphere(2.0f, {0, 0, 1}), 32}, bodies) == 1);
        CHECK(out[0].other.owner == 21);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: capped at max, at 50 slots and at the output's size") {
        std::vector<OverlapBody> crowd;
        for (std::uint32_t k = 0; k < 60; ++k)
            crowd.push_back(body(100 + k, {{k, sphere(0.1f, {0.01f * float(k), 0, 0})}}));
        const Shape probe = sphere(1.0f, {0, 0, 0});
        std::vector<Contact> out = slots(64);
        CHECK(iphysics_overlap_shape(out, OverlapQuery{1, 2, probe, 0}, crowd) == 0);  // max 0: nothing tested
        CHECK(out[0].untouched(0, Contact::record_bytes));
        CHECK(iphysics_overlap_shape(out, OverlapQuery{1, 2, probe, -3}, crowd) == 0);
        REQUIRE(iphysics_overlap_shape(out, OverlapQuery{1, 2, probe, 5}, crowd) == 5);
        CHECK(out[4].other.owner == 104);  // the first five found
        CHECK(out[5].untouched(0, Contact::record_bytes));
        CHECK(iphysics_overlap_shape(out, OverlapQuery{1, 2, probe, 64}, crowd) == overlap_query_slots);
        CHECK(out[49].other.owner == 149);
        CHECK(out[50].untouched(0, Contact::record_bytes));
        std::vector<Contact> small = slots(3);
        CHECK(iphysics_overlap_shape(small, OverlapQuery{1, 2, probe, 32}, crowd) == 3);
    }

    TEST_CASE("IPhysics_OverlapShape 0x0033ebb8: NaN shapes are gathered by nobody and crash nothing") {
        const float nan = std::nanf("");
        const std::vector<OverlapBody> bodies{body(2, {{1, sphere(nan, {0, 0, 0})}}),
                                              body(3, {{1, Shape::of(box({nan, 0, 0}, {1, 1, 1}))}}), body(4, {}),
                                              body(5, {{1, sphere(0.5f, {0, 0, 0})}})};
        std::vector<Contact> out = slots(4);
        CHECK(iphysics_overlap_shape(out, OverlapQuery{1, 2, sphere(0.5f, {0.2f, 0, 0}), 8}, bodies) == 1);
        CHECK(out[0].other.owner == 5);
        CHECK(iphysics_overlap_shape(out, OverlapQuery{1, 2, sphere(0.5f, {nan, 0, 0}), 8}, bodies) == 0);
    }
}
