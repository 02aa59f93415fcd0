// The sweep table (IPhysics +0x7c) and the overlap table (IPhysics +0x18): each
// entry is the pair function the spec names (or, outside the spec's units, our
// round-shape sweep), callable as the original's entries are; empty entries are
// empty; a segment never reaches a box.
#include <doctest/doctest.h>

#include "cli_support.hpp"
#include "levelsweep/box_sweep.hpp"
#include "levelsweep/capsule_box_sweep.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/round_sweep.hpp"
#include "levelsweep/sphere_box_sweep.hpp"
#include "pair_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;

namespace {

constexpr ShapeType B = ShapeType::box, S = ShapeType::sphere, C = ShapeType::capsule, G = ShapeType::segment;
constexpr Quirks F = Quirks::faithful();
// The spec's units alone: our round-shape entries empty.
constexpr Quirks spec_units = Quirks::faithful().with(Quirk::empty_round_sweeps);

Shape box_b_shape() { return Shape::of(box_b()); }

bool same_words(const Contact& a, const Contact& b) {
    if (a.written != b.written) return false;
    for (std::size_t off = 0; off < Contact::record_bytes; off += 4)
        if (a.word_at(off) != b.word_at(off)) return false;
    return true;
}

}  // namespace

TEST_SUITE("pair tables") {
    TEST_CASE("sweep table IPhysics +0x7c: the entries of Units 4, 5, 12 and 13, and ours outside them") {
        for (const Quirks q : {F, Quirks::corrected(), spec_units}) {
            CHECK((sweep_entry(B, B, q) == &physics_sweep_box_box));
            CHECK((sweep_entry(B, S, q) == &physics_sweep_box_sphere));
            CHECK((sweep_entry(B, C, q) == &physics_sweep_box_capsule));
            CHECK((sweep_entry(B, G, q) == &physics_sweep_box_segment));
            CHECK((sweep_entry(S, B, q) == &physics_sweep_sphere_box));
            CHECK((sweep_entry(C, B, q) == &physics_sweep_capsule_box));
            CHECK((sweep_entry(G, B, q) == &physics_sweep_segment_box));
            CHECK(sweep_entry_name(G, G, q) == "PhysicsOverlap_SegmentSegment");
            CHECK(sweep_entry_name(G, C, q) == "PhysicsOverlap_SegmentCapsule");
            CHECK(sweep_entry_name(C, G, q) == "PhysicsOverlap_CapsuleSegment");
            CHECK((sweep_entry(static_cast<ShapeType>(0), B, q) == nullptr));
            CHECK((sweep_entry(B, static_cast<ShapeType>(5), q) == nullptr));
        }
        // Ours in both modes (docs/decisions.md, "The round-shape sweeps").
        for (const Quirks q : {F, Quirks::corrected()}) {
            CHECK((sweep_entry(S, S, q) == &physics_sweep_sphere_sphere));
            CHECK((sweep_entry(S, C, q) == &physics_sweep_sphere_capsule));
            CHECK((sweep_entry(S, G, q) == &physics_sweep_sphere_segment));
            CHECK((sweep_entry(C, S, q) == &physics_sweep_capsule_sphere));
            CHECK((sweep_entry(C, C, q) == &physics_sweep_capsule_capsule));
            CHECK(sweep_entry_name(C, C, q) == "PhysicsSweep_CapsuleCapsule");
            CHECK(sweep_entry_name(G, S, q) == "PhysicsOverlap_SegmentSphere");
        }
        // The spec's units alone: those six are empty.
        for (auto [own, other] : {std::pair{S, S}, {S, C}, {C, S}, {C, C}, {S, G}, {G, S}}) {
            CHECK((sweep_entry(own, other, spec_units) == nullptr));
            CHECK(sweep_entry_name(own, other, spec_units).empty());
            CHECK((sweep_entry(own, other, Quirks::corrected().with(Quirk::empty_round_sweeps)) == nullptr));
        }
        CHECK(overlap_entry_name(G, B).empty());
        CHECK(overlap_entry_name(S, C) == "PhysicsOverlap_SphereCapsule");
    }

    TEST_CASE("sweep[4][2] (ours): the thunk to PhysicsOverlap_SegmentSphere 0x00346de0 on the stretched segment") {
        const Shape forearm = Shape::of(Segment{{0, 0, 0}, {0.4f, 0, 0}, 0.1f});
        for (const Vec4& move : {Vec4{0, 0, 0, 1}, Vec4{0, 0, 5, 1}}) {
            Contact c = fresh_contact();
            CHECK(sweep_entry(G, S, F)(c, Body{}, forearm, Body{}, sphere(0.15f, {0.5f, 0, 0}), move, F));
            CHECK(c.written == 0);
            CHECK_FALSE(sweep_entry(G, S, F)(c, Body{}, forearm, Body{}, sphere(0.15f, {0.2f, 0.3f, 0}), move, F));
        }
    }

    TEST_CASE("sweep[2][1] is PhysicsSweep_SphereBox 0x003453f8: Unit 5's face test through the table") {
        Contact through_table = fresh_contact(), direct = fresh_contact();
        const Shape hand = Shape::of(Sphere{0.09f, {0, -1.3f, 0.5f}});
        const Vec4 move{0, 0.4f, 0, 1};
        CHECK(sweep_entry(S, B, F)(through_table, Body{}, hand, Body{}, box_b_shape(), move, Quirks::faithful()));
        CHECK(physics_sweep_sphere_box(direct, Body{}, hand, Body{}, box_b_shape(), move, Quirks::faithful()));
        CHECK_NEAR(through_table.fraction, 0.525);
        CHECK(same_words(through_table, direct));
    }

    TEST_CASE("sweep[3][1] is PhysicsSweep_CapsuleBox 0x00344618: Unit 12's face test through the table") {
        Contact c = fresh_contact();
        const Shape walker = Shape::of(Capsule{0.35f, 1.8f, {-2.6f, 0.2f, 0}});
        CHECK(sweep_entry(C, B, F)(c, Body{}, walker, Body{}, box_b_shape(), {0.5f, 0, 0, 1}, Quirks::faithful()));
        CHECK_NEAR(c.fraction, 0.5);
        CHECK_VEC3_NEAR(c.other.normal, -1, 0, 0);
    }

    TEST_CASE(
        "a segment never reaches a box: sweep (4,1) 0x00345588 and (1,4) 0x00345590 return 0, contact untouched") {
        const Shape forearm = Shape::of(Segment{{-3, 0, 0.5f}, {3, 0, 0.5f}, 0.05f});
        Contact a = fresh_contact(), b = fresh_contact();
        CHECK_FALSE(
            sweep_entry(G, B, F)(a, Body{}, forearm, Body{}, box_b_shape(), {0, 0.4f, 0, 1}, Quirks::faithful()));
        CHECK_FALSE(
            sweep_entry(B, G, F)(b, Body{}, box_b_shape(), Body{}, forearm, {0, 0.4f, 0, 1}, Quirks::faithful()));
        CHECK(a.written == 0);
        CHECK(b.written == 0);
        CHECK((overlap_entry(G, B) == nullptr));
        CHECK((overlap_entry(B, G) == nullptr));
        // A hand sphere through the same box does hit (issue #72's integration test).
        Contact hand = fresh_contact();
        CHECK(sweep_entry(S, B, F)(hand, Body{}, Shape::of(Sphere{0.09f, {0, -1.3f, 0.5f}}), Body{}, box_b_shape(),
                                   {0, 0.4f, 0, 1}, Quirks::faithful()));
    }

    TEST_CASE("sweep (4,4) 0x00344300: the overlap test on the stretched segment, the move not read") {
        const Shape own = Shape::of(Segment{{0, 0, 0}, {1, 0, 0}, 0.1f});
        const Shape near = Shape::of(Segment{{0.5f, -1, 0.15f}, {0.5f, 1, 0.15f}, 0.1f});
        const Shape far = Shape::of(Segment{{0.5f, -1, 0.21f}, {0.5f, 1, 0.21f}, 0.1f});
        for (const Vec4& move : {Vec4{0, 0, 0, 1}, Vec4{0, 0, 5, 1}}) {
            Contact c = fresh_contact();
            CHECK(sweep_entry(G, G, F)(c, Body{}, own, Body{}, near, move, Quirks::faithful()));
            CHECK(c.written == 0);
            CHECK_FALSE(sweep_entry(G, G, F)(c, Body{}, own, Body{}, far, move, Quirks::faithful()));
        }
        // (4, 3) and (3, 4): Unit 4's SegmentCapsule row, both orders.
        const Shape capsule = Shape::of(Capsule{0.35f, 2.0f, {0, 0, 0}});
        const Shape seg = Shape::of(Segment{{0.3f, -0.5f, 2.2f}, {0.3f, 0.5f, 2.2f}, 0.07f});
        Contact c = fresh_contact();
        CHECK(sweep_entry(G, C, F)(c, Body{}, seg, Body{}, capsule, {0, 0, 0, 1}, Quirks::faithful()));
        CHECK(sweep_entry(C, G, F)(c, Body{}, capsule, Body{}, seg, {0, 0, 0, 1}, Quirks::faithful()));
    }

    TEST_CASE("eval: sweep[own][other] entries answer through the CLI, the empty ones included") {
        const std::string box =
            R"({"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "P": [0,0,0.5], "half": [2,1,0.5]})";
        const std::string in =
            std::string(
                R"({"kernel": "sweep[2][1]", "inputs": {"own": {"type": "sphere", "r": 0.09, "C": [0, -1.3, 0.5]}, "other": )") +
            box +
            R"(, "move": [0, 0.4, 0]}})"
            "\n" +
            R"({"kernel": "sweep[2][2]", "inputs": {"own": {"type": "sphere", "r": 0.09, "C": [0, 0, 1]}, "other": )"
            R"({"type": "sphere", "r": 0.16, "C": [1, 0, 1]}, "move": [1, 0, 0]}})"
            "\n" +
            R"({"kernel": "sweep[2][2]", "inputs": {"mode": "faithful", "quirks": ["empty_round_sweeps"]}})"
            "\n" +
            R"({"kernel": "sweep[3][1]", "inputs": {"own": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [-2.5, 0.8, 0]}, "other": )" +
            box +
            R"(, "move": [-1.0, 0.3, 0], "own_body": {"owner_flags": 67108864}}})"
            "\n";
        const auto out = json_lines(run_cli("eval -", in).out);
        REQUIRE(out.size() == 4);
        CHECK(out[0]["entry"] == "PhysicsSweep_SphereBox");
        CHECK(out[0]["return"] == true);
        CHECK_NEAR(out[0]["contact"]["fraction"].get<double>(), 0.525);
        // Ours: two spheres 1 m apart with radii 0.25 in all meet after 0.75 m.
        CHECK(out[1]["entry"] == "PhysicsSweep_SphereSphere");
        CHECK(out[1]["return"] == true);
        CHECK_NEAR(out[1]["contact"]["fraction"].get<double>(), 0.75);
        // The spec's units alone: the entry is empty.
        CHECK(out[2]["entry"].is_null());
        CHECK(out[2]["return"] == false);
        // Unit 12's negative fraction: flag 1 from an airborne owner.
        CHECK(out[3]["return"] == true);
        CHECK_NEAR(out[3]["contact"]["fraction"].get<double>(), -0.5);
    }
}
