// Spec Unit 4, the static shape-pair overlaps: every "Test ideas" row with the
// values the spec gives, the kernels' edge cases, and each quirk (faithful and
// corrected). Rows come from geometry-kernels.txt, Unit 4, "Test ideas".
#include <cmath>

#include "levelsweep/overlap.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/segment_kernels.hpp"
#include "pair_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;

namespace {

constexpr Quirks faithful = Quirks::faithful();
constexpr Quirks corrected = Quirks::corrected();

// A test that writes nothing: the hit, and the whole slot left as it was.
bool silent(OverlapFn fn, const Shape& own, const Shape& other, Quirks q = faithful) {
    Contact c = fresh_contact();
    const bool hit = fn(c, own, other, q);
    CHECK(c.untouched(0, Contact::record_bytes));
    CHECK(c.word_at(offs::fraction) == leftover);
    return hit;
}

// |w + s.d1 - t.d2|^2 for the parameters Segment_ClosestPoints returned.
float gap_sq(const Vec3& d1, const Vec3& d2, const Vec3& w, SegmentParams p) {
    const Vec3 g = (w + p.s * d1) - p.t * d2;
    return dot(g, g);
}

const float rsqrt2 = 1.0f / std::sqrt(2.0f);

// The car-like box of the CapsuleBox rows: centre (0, 0, 0.5), half (2, 1, 0.5).
const Shape car = Shape::of(box({0, 0, 0.5f}, {2, 1, 0.5f}));
Shape walker(Vec3 base) { return capsule(0.35f, 2.0f, base); }

}  // namespace

TEST_SUITE("unit04 overlap") {
    // ---- The kernels ----------------------------------------------------------

    TEST_CASE("Segment_ClosestParam 0x0034ac08: clamped projection, k == d.d gives 1, zero d gives 0") {
        const Vec3 p0{1, 0, 0}, d{2, 0, 0};
        CHECK(segment_closest_param(p0, d, {2, 5, 0}) == 0.5f);
        CHECK(segment_closest_param(p0, d, {0, 1, 0}) == 0.0f);   // k < 0
        CHECK(segment_closest_param(p0, d, {3, 0, 0}) == 1.0f);   // k == d.d: the division, 1
        CHECK(segment_closest_param(p0, d, {9, 0, 0}) == 1.0f);   // d.d < k
        CHECK(segment_closest_param(p0, {}, {9, 9, 9}) == 0.0f);  // degenerate: k = 0, no division
    }

    TEST_CASE("Segment_ClosestPoint 0x0034acc8: p0 + t.d with w = 1") {
        const Vec4 q = segment_closest_point({1, 2, 3}, {0, 0, 4}, {7, 7, 4});
        CHECK_VEC3_NEAR(q, 1, 2, 4);
        CHECK(q.w == 1.0f);
        CHECK_VEC3_NEAR(segment_closest_point({1, 2, 3}, {0, 0, 4}, {0, 0, -5}), 1, 2, 3);
    }

    TEST_CASE("Segment_ClosestPoints 0x0034ad50: the parameters of the spec's rows") {
        // SegmentSegment, parallel: own (0,0,0)-(1,0,0), other (0.5,0.1,0)-(1.5,0.1,0).
        SegmentParams p = segment_closest_points({1, 0, 0}, {1, 0, 0}, {-0.5f, -0.1f, 0});
        CHECK_NEAR(p.s, 0.5);
        CHECK_NEAR(p.t, 0.0);
        // Parallel and apart: other (2,0.1,0)-(3,0.1,0): s = 1, t = 0, distance^2 1.01.
        p = segment_closest_points({1, 0, 0}, {1, 0, 0}, {-2, -0.1f, 0});
        CHECK_NEAR(p.s, 1.0);
        CHECK_NEAR(p.t, 0.0);
        CHECK_NEAR(gap_sq({1, 0, 0}, {1, 0, 0}, {-2, -0.1f, 0}, p), 1.01);
        // SegmentCapsule: d1 = (0,1,0), d2 = (0,0,2), w = (0.3,-0.5,2.2): s = 0.5, t = 1,
        // closest (0.3,0,2.2) and (0,0,2), distance^2 0.13.
        p = segment_closest_points({0, 1, 0}, {0, 0, 2}, {0.3f, -0.5f, 2.2f});
        CHECK_NEAR(p.s, 0.5);
        CHECK_NEAR(p.t, 1.0);
        CHECK_NEAR(gap_sq({0, 1, 0}, {0, 0, 2}, {0.3f, -0.5f, 2.2f}, p), 0.13);
        // Both zero: s = t = 0, no division.
        p = segment_closest_points({}, {}, {1, 2, 3});
        CHECK(p.s == 0.0f);
        CHECK(p.t == 0.0f);
        // A degenerate first segment is handled correctly: s = 0, t clamped from e/c.
        p = segment_closest_points({}, {0, 0, 4}, {0, 0, 1});  // p1 = p2 + (0,0,1)
        CHECK(p.s == 0.0f);
        CHECK_NEAR(p.t, 0.25);
        p = segment_closest_points({}, {0, 0, 4}, {0, 0, 9});
        CHECK_NEAR(p.t, 1.0);
    }

    TEST_CASE("Segment_ClosestPoints 0x0034ad50: the parallel test is absolute (two 0.20 m forearms)") {
        // Two 0.2 m segments at angle theta, 0.05 apart in z, crossing at s = 0.97 and
        // t = 0.5. a.c.sin^2(theta) < 1e-6 below about 1.4 degrees: then the parallel
        // branch gives s = 0, t = e/c < 0, clamped to t = 0 and s recomputed for seg2's
        // start: s = -d/a.
        const double pi = 3.14159265358979323846;
        auto params = [&](double degrees) {
            const double th = degrees * pi / 180.0;
            const Vec3 d1{0.2f, 0, 0}, d2{float(0.2 * std::cos(th)), float(0.2 * std::sin(th)), 0};
            const Vec3 p1{-0.194f, 0, 0}, p2{-0.5f * d2.x, -0.5f * d2.y, 0.05f};
            return segment_closest_points(d1, d2, p1 - p2);
        };
        const SegmentParams near_parallel = params(1.3);
        CHECK_NEAR(near_parallel.s, (0.194 - 0.1 * std::cos(1.3 * pi / 180.0)) / 0.2);
        CHECK(near_parallel.t == 0.0f);
        // D just above 1e-6: the general branch finds s = 0.97 (sN = 0.97 D > 1e-6),
        // while tN = 0.5 D < 1e-6 falls under the same absolute threshold and rounds to 0.
        const SegmentParams crossing = params(1.5);
        CHECK_NEAR_TOL(crossing.s, 0.97, 1e-3);
        CHECK(crossing.t == 0.0f);
        CHECK(segment_epsilon == 1e-6f);
        CHECK(std::bit_cast<std::uint32_t>(segment_epsilon) == 0x358637bdu);
    }

    TEST_CASE("Segment_ClosestPoints 0x0034ad50 quirk segment_degenerate_second: s stays 0") {
        // The SegmentSegment row's degenerate other (0.9,0.05,0)-(0.9,0.05,0): w = (-0.9,-0.05,0).
        const Vec3 d1{1, 0, 0}, w{-0.9f, -0.05f, 0};
        const SegmentParams f = segment_closest_points(d1, {}, w, faithful);
        CHECK(f.s == 0.0f);
        CHECK(f.t == 0.0f);
        CHECK_NEAR(gap_sq(d1, {}, w, f), 0.8125);
        // Corrected: s is the clamped projection of the point on the first segment.
        const SegmentParams c = segment_closest_points(d1, {}, w, corrected);
        CHECK_NEAR(c.s, 0.9);
        CHECK(c.t == 0.0f);
        CHECK_NEAR(gap_sq(d1, {}, w, c), 0.0025);
        // Corrected clamps: a point beyond either end.
        CHECK_NEAR(segment_closest_points(d1, {}, {-3, 0, 0}, corrected).s, 1.0);
        CHECK(segment_closest_points(d1, {}, {2, 0, 0}, corrected).s == 0.0f);
    }

    TEST_CASE("CapsuleBox_CornerCircle 0x0034a2d0: touching hits with depth 0, the depth is squared") {
        // (x + hx, y + hy) = (-3, -4): distance 5.
        const auto touching = capsule_box_corner_circle(-4, -5, 5, 1, 1);
        REQUIRE(touching.has_value());
        CHECK(*touching == 0.0f);
        CHECK_FALSE(capsule_box_corner_circle(-4, -5, 4.9f, 1, 1).has_value());
        const auto deep = capsule_box_corner_circle(-4, -5, 6, 1, 1);
        REQUIRE(deep.has_value());
        CHECK_NEAR(*deep, 11.0);  // r^2 - distance^2 = 36 - 25, in m^2
    }

    TEST_CASE("CapsuleBox_SideInterval 0x0034a6a0: r minus the gap, touching hits with depth 0, y unread") {
        const auto touching = capsule_box_side_interval(-3, 0, 1, 2, 1);
        REQUIRE(touching.has_value());
        CHECK(*touching == 0.0f);
        CHECK_FALSE(capsule_box_side_interval(-3, 0, 0.9f, 2, 1).has_value());
        const auto deep = capsule_box_side_interval(-2.5f, 1e9f, 1, 2, -7);
        REQUIRE(deep.has_value());
        CHECK_NEAR(*deep, 0.5);
    }

    // ---- The pair functions: the spec's rows ------------------------------------

    TEST_CASE("PhysicsOverlap_SphereSphere 0x00345d58: touching hits, the slot is unchanged") {
        const Shape own = sphere(0.5f, {0, 0, 0});
        CHECK(silent(physics_overlap_sphere_sphere, own, sphere(0.5f, {1, 0, 0})));
        CHECK_FALSE(silent(physics_overlap_sphere_sphere, own, sphere(0.5f, {1.001f, 0, 0})));
        CHECK(silent(physics_overlap_sphere_sphere, own, sphere(0.5f, {0, 0, 0})));  // coincident centres
    }

    TEST_CASE("PhysicsOverlap_CapsuleCapsule 0x00346388: horizontal normal, depth, inclusive vertical, strict sides") {
        const Shape own = capsule(0.35f, 2.0f, {0, 0, 0});
        const std::uint64_t writes =
            words(offs::own_normal, 16) | words(offs::other_normal, 16) | words(offs::depth, 4);
        {
            Contact c = fresh_contact();
            REQUIRE(physics_overlap_capsule_capsule(c, own, capsule(0.35f, 2.0f, {0.5f, 0, 1.0f}), faithful));
            CHECK_VEC3_NEAR(c.own.normal, 1, 0, 0);
            CHECK(c.own.normal.w == 1.0f);
            CHECK_VEC3_NEAR(c.other.normal, -1, 0, 0);
            CHECK(c.other.normal.w == 1.0f);
            CHECK_NEAR(c.depth, 0.2);
            CHECK(c.written == writes);  // +0x80 and +0x90 are not written
        }
        {
            // Same axis: the constant (0, 1, 0, 1) and the full sum of the radii.
            Contact c = fresh_contact();
            REQUIRE(physics_overlap_capsule_capsule(c, own, capsule(0.35f, 2.0f, {0, 0, 1.5f}), faithful));
            CHECK_VEC3_NEAR(c.own.normal, 0, 1, 0);
            CHECK(c.own.normal.w == 1.0f);
            CHECK_VEC3_NEAR(c.other.normal, 0, -1, 0);
            CHECK(c.other.normal.w == 1.0f);
            CHECK_NEAR(c.depth, 0.7);
            CHECK(c.written == writes);
        }
        Contact c = fresh_contact();
        CHECK(physics_overlap_capsule_capsule(c, own, capsule(0.35f, 2.0f, {0.5f, 0, 2.0f}), faithful));  // ends touch
        CHECK(silent(physics_overlap_capsule_capsule, own, capsule(0.35f, 2.0f, {0.7f, 0, 0})) ==
              false);  // sides touch
        CHECK(silent(physics_overlap_capsule_capsule, own, capsule(0.35f, 2.0f, {0.5f, 0, 2.01f})) == false);
    }

    TEST_CASE("PhysicsOverlap_SegmentSegment 0x00346500: the spec's rows, nothing written") {
        const Shape own = segment({0, 0, 0}, {1, 0, 0}, 0.1f);
        auto other_at = [](float z) { return segment({0.5f, -1, z}, {0.5f, 1, z}, 0.1f); };
        CHECK(silent(physics_overlap_segment_segment, own, other_at(0.15f)));
        CHECK(silent(physics_overlap_segment_segment, own, other_at(0.2f)));  // 0.2 = 0.1 + 0.1: inclusive
        CHECK_FALSE(silent(physics_overlap_segment_segment, own, other_at(0.21f)));
        CHECK(silent(physics_overlap_segment_segment, own, segment({0.5f, 0.1f, 0}, {1.5f, 0.1f, 0}, 0.1f)));
        CHECK_FALSE(silent(physics_overlap_segment_segment, own, segment({2, 0.1f, 0}, {3, 0.1f, 0}, 0.1f)));
    }

    TEST_CASE("PhysicsOverlap_SegmentSegment 0x00346500 quirk segment_degenerate_second: a point 0.05 away misses") {
        const Shape own = segment({0, 0, 0}, {1, 0, 0}, 0.1f);
        const Shape point = segment({0.9f, 0.05f, 0}, {0.9f, 0.05f, 0}, 0.1f);
        CHECK_FALSE(silent(physics_overlap_segment_segment, own, point, faithful));  // distance^2 0.8125
        CHECK(silent(physics_overlap_segment_segment, own, point, corrected));       // the true distance 0.05
        // The mirror measures the point against the whole segment either way.
        CHECK(silent(physics_overlap_segment_segment, point, own, faithful));
    }

    TEST_CASE("PhysicsOverlap_BoxSphere 0x00346680 and PhysicsOverlap_SphereBox 0x00346db8: the spec's rows") {
        const Shape cube = Shape::of(box({0, 0, 0}, {1, 1, 1}));
        const Box turned = box({0, 0, 0}, {1, 0.5f, 0.5f}, {rsqrt2, rsqrt2, 0}, {-rsqrt2, rsqrt2, 0});
        struct Row {
            Shape b;
            Shape s;
            bool hit;
        };
        const Row rows[] = {
            {cube, sphere(0.5f, {1.5f, 0, 0}), true},  // touching
            {cube, sphere(0.5f, {1.51f, 0, 0}), false},
            {cube, sphere(0.01f, {0.2f, 0.3f, 0}), true},  // inside
            {cube, sphere(0.7f, {1.5f, 1.5f, 0}), false},  // distance^2 0.5 > 0.49
            {cube, sphere(0.75f, {1.5f, 1.5f, 0}), true},
            {Shape::of(turned), sphere(0.4f, {0, 1, 0}), true},  // distance^2 0.0429
            {Shape::of(turned), sphere(0.2f, {0, 1, 0}), false},
        };
        for (const Row& r : rows) {
            CHECK(silent(physics_overlap_box_sphere, r.b, r.s) == r.hit);
            CHECK(silent(physics_overlap_sphere_box, r.s, r.b) == r.hit);
        }
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808: faces, corners and the centre over the box") {
        struct Row {
            Vec3 base;
            Vec3 normal;
            float w;  // NaN: w not written (corner normals)
            double depth;
        };
        const float no_w = std::nanf("");
        const Row rows[] = {
            {{0, -1.2f, 0}, {0, -1, 0}, 1.0f, 0.15},                 // face
            {{2.2f, 1.2f, 0}, {rsqrt2, rsqrt2, 0}, no_w, 0.0425},    // corner (+, +): 0.1225 - 0.08 (m^2)
            {{-2.2f, 1.2f, 0}, {-rsqrt2, rsqrt2, 0}, no_w, 0.0425},  // corner (-, +)
            {{0.5f, 0.2f, 0}, {1, 0, 0}, 1.0f, 1.85},                // over the box: x < y false
        };
        for (const Row& r : rows) {
            CAPTURE(r.base.x);
            CAPTURE(r.base.y);
            Contact c = fresh_contact();
            REQUIRE(physics_overlap_capsule_box(c, walker(r.base), car, faithful));
            CHECK_VEC3_NEAR(c.other.normal, r.normal.x, r.normal.y, r.normal.z);
            CHECK_NEAR(c.depth, r.depth);
            std::uint64_t writes = words(offs::other_normal, 12) | words(offs::depth, 4);
            if (!std::isnan(r.w)) {
                CHECK(c.other.normal.w == r.w);
                writes |= words(offs::other_normal + 12, 4);
            }
            CHECK(c.written == writes);  // nothing in the own half, no +0x80, +0x90
        }
        // Misses write nothing: a gap of 0.36 at a face, distance^2 0.18 at a corner.
        CHECK_FALSE(silent(physics_overlap_capsule_box, walker({0, -1.36f, 0}), car));
        CHECK_FALSE(silent(physics_overlap_capsule_box, walker({2.3f, 1.3f, 0}), car));
        // x = +-hx is in the middle column (strict boundaries): over the box, +A_i.
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, walker({2.0f, 0.5f, 0}), car, faithful));
        CHECK_VEC3_NEAR(c.other.normal, 1, 0, 0);
        CHECK_NEAR(c.depth, 0.35);
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808: heights are not read (the pair still hits 50 m up)") {
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, walker({0, -1.2f, 50}), car, faithful));
        CHECK_VEC3_NEAR(c.other.normal, 0, -1, 0);
        CHECK_NEAR(c.depth, 0.15);
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808 quirk capsule_box_opposite_corner: the (-,-) normal") {
        const Shape cap = walker({-2.2f, -1.2f, 0});
        Contact f = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(f, cap, car, faithful));
        // normalize(-4.2, -2.2, 0), not (-0.7071, -0.7071, 0); the depth is right.
        CHECK_NEAR_TOL(f.other.normal.x, -0.8858, 5e-5);  // the spec's four decimals
        CHECK_NEAR_TOL(f.other.normal.y, -0.4640, 5e-5);
        CHECK(f.other.normal.z == 0.0f);
        CHECK_NEAR_TOL(f.other.normal.x, -4.2 / std::sqrt(4.2 * 4.2 + 2.2 * 2.2), 1e-6);
        CHECK_NEAR(f.depth, 0.0425);
        CHECK(f.untouched(offs::other_normal + 12, 4));
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, cap, car, faithful.without(Quirk::capsule_box_opposite_corner)));
        CHECK_VEC3_NEAR(c.other.normal, -rsqrt2, -rsqrt2, 0);
        CHECK_NEAR(c.depth, 0.0425);
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808 quirk capsule_box_corner_axes01: corners use A0 and A1") {
        // A box whose first axis is the vertical one (u = 0, i = 1, j = 2), with the
        // car's footprint: hx = h1 = 2 along x, hy = h2 = 1 along y.
        const Shape upright_a0 = Shape::of(box({0, 0, 0.5f}, {0.5f, 2, 1}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}));
        const Shape cap = walker({2.2f, 1.2f, 0});
        Contact f = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(f, cap, upright_a0, faithful));
        CHECK_VEC3_NEAR(f.other.normal, rsqrt2, 0, rsqrt2);  // 0.2 A0 + 0.2 A1: tilted up
        CHECK_NEAR(f.depth, 0.0425);
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, cap, upright_a0, faithful.without(Quirk::capsule_box_corner_axes01)));
        CHECK_VEC3_NEAR(c.other.normal, rsqrt2, rsqrt2, 0);  // 0.2 A_i + 0.2 A_j
        // The faces use A_i and A_j either way.
        Contact face = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(face, walker({0, -1.2f, 0}), upright_a0, faithful));
        CHECK_VEC3_NEAR(face.other.normal, 0, -1, 0);
        CHECK_NEAR(face.depth, 0.15);
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808 quirk capsule_box_overlap_face_choice: signed x < y") {
        Contact f = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(f, walker({-1.5f, 0.1f, 0}), car, faithful));
        CHECK_VEC3_NEAR(f.other.normal, 0, 1, 0);  // x < y: +A_j, though -x is nearest
        CHECK(f.other.normal.w == 1.0f);
        CHECK_NEAR(f.depth, 1.25);  // 1 - 0.1 + 0.35
        const Quirks q = faithful.without(Quirk::capsule_box_overlap_face_choice);
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, walker({-1.5f, 0.1f, 0}), car, q));
        CHECK_VEC3_NEAR(c.other.normal, -1, 0, 0);  // the nearest face, -x
        CHECK(c.other.normal.w == 1.0f);
        CHECK_NEAR(c.depth, 0.85);  // 2 - 1.5 + 0.35
        Contact d = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(d, walker({0.5f, 0.2f, 0}), car, q));
        CHECK_VEC3_NEAR(d.other.normal, 0, 1, 0);  // +y is nearer than +x
        CHECK_NEAR(d.depth, 1.15);                 // 1 - 0.2 + 0.35
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808 quirk capsule_box_overlap_squared_depth: corner depth in m^2") {
        const Quirks q = faithful.without(Quirk::capsule_box_overlap_squared_depth);
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(c, walker({2.2f, 1.2f, 0}), car, q));
        CHECK_NEAR(c.depth, 0.35 - std::sqrt(0.08));  // metres
        // The (-, -) corner's depth is measured from the true corner with either normal.
        Contact d = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(d, walker({-2.2f, -1.2f, 0}), car, q));
        CHECK_NEAR(d.depth, 0.35 - std::sqrt(0.08));
        // Faces were in metres already.
        Contact e = fresh_contact();
        REQUIRE(physics_overlap_capsule_box(e, walker({0, -1.2f, 0}), car, q));
        CHECK_NEAR(e.depth, 0.15);
    }

    TEST_CASE("PhysicsOverlap_BoxCapsule 0x00346d18: the halves swapped, +0x50 the capsule-side normal") {
        Contact c = fresh_contact();
        REQUIRE(physics_overlap_box_capsule(c, car, walker({0, -1.2f, 0}), faithful));
        CHECK_VEC3_NEAR(c.own.normal, 0, -1, 0);  // the box's outward normal, towards the capsule
        CHECK(c.own.normal.w == 1.0f);
        CHECK_NEAR(c.depth, 0.15);
        // Undefined in the original (stack leftovers); ours: the negated box normal.
        CHECK_VEC3_NEAR(c.other.normal, 0, 1, 0);
        CHECK(c.other.normal.w == 1.0f);
        CHECK(c.written == (words(offs::own_normal, 16) | words(offs::other_normal, 16) | words(offs::depth, 4)));
        // A corner: the box normal has no w, so neither has ours.
        Contact k = fresh_contact();
        REQUIRE(physics_overlap_box_capsule(k, car, walker({2.2f, 1.2f, 0}), faithful));
        CHECK_VEC3_NEAR(k.own.normal, rsqrt2, rsqrt2, 0);
        CHECK_VEC3_NEAR(k.other.normal, -rsqrt2, -rsqrt2, 0);
        CHECK(k.untouched(offs::own_normal + 12, 4));
        CHECK(k.untouched(offs::other_normal + 12, 4));
        CHECK_NEAR(k.depth, 0.0425);
        // The bytes swapped in from the other half are the slot's leftovers.
        CHECK(k.word_at(offs::own_owner) == leftover);
        CHECK(k.word_at(offs::other_local) == leftover);
        // A miss writes nothing and swaps nothing.
        CHECK_FALSE(silent(physics_overlap_box_capsule, car, walker({0, -1.36f, 0})));
    }

    TEST_CASE("PhysicsOverlap_SegmentSphere 0x00346de0 and PhysicsOverlap_SphereSegment 0x00346eb0: the spec's rows") {
        const Shape seg = segment({0, 0, 0}, {0.4f, 0, 0}, 0.1f);
        const Shape point = segment({0, 0, 0}, {0, 0, 0}, 0.1f);
        struct Row {
            Shape seg;
            Shape s;
            bool hit;
        };
        const Row rows[] = {
            {seg, sphere(0.15f, {0.5f, 0, 0}), true},      // distance 0.1 to the end
            {seg, sphere(0.15f, {0.2f, 0.3f, 0}), false},  // 0.09 > 0.0625
            {seg, sphere(0.25f, {0.2f, 0.3f, 0}), true},
            {point, sphere(0.1f, {0.2f, 0, 0}), true},  // a zero-length segment is a sphere; touching
        };
        for (const Row& r : rows) {
            CHECK(silent(physics_overlap_segment_sphere, r.seg, r.s) == r.hit);
            CHECK(silent(physics_overlap_sphere_segment, r.s, r.seg) == r.hit);
        }
    }

    TEST_CASE("PhysicsOverlap_CapsuleSphere 0x00346ed8 and PhysicsOverlap_SphereCapsule 0x00346f90: rounded ends") {
        const Shape cap = capsule(0.35f, 2.0f, {0, 0, 0});
        struct Row {
            Shape s;
            bool hit;
        };
        const Row rows[] = {
            {sphere(0.1f, {0, 0, 2.3f}), true},   // closest (0,0,2): 0.09 <= 0.2025
            {sphere(0.1f, {0, 0, -0.3f}), true},  // below the base
            {sphere(0.1f, {0.46f, 0, 1}), false},
            {sphere(2.0f, {1.5f, 0, 1}), true},  // the push sphere
        };
        for (const Row& r : rows) {
            CHECK(silent(physics_overlap_capsule_sphere, cap, r.s) == r.hit);
            CHECK(silent(physics_overlap_sphere_capsule, r.s, cap) == r.hit);
        }
        // h = 0 is a sphere at B.
        CHECK(silent(physics_overlap_capsule_sphere, capsule(0.35f, 0, {0, 0, 0}), sphere(0.1f, {0, 0.45f, 0})));
        CHECK_FALSE(silent(physics_overlap_capsule_sphere, capsule(0.35f, 0, {0, 0, 0}), sphere(0.1f, {0, 0.46f, 0})));
    }

    TEST_CASE(
        "PhysicsOverlap_SegmentCapsule 0x00346fb8 and PhysicsOverlap_CapsuleSegment 0x00347148: the spec's rows") {
        const Shape cap = capsule(0.35f, 2.0f, {0, 0, 0});
        const Shape low = segment({0.3f, -0.5f, 2.2f}, {0.3f, 0.5f, 2.2f}, 0.07f);   // 0.13 <= 0.1764
        const Shape high = segment({0.3f, -0.5f, 2.4f}, {0.3f, 0.5f, 2.4f}, 0.07f);  // 0.25 > 0.1764
        CHECK(silent(physics_overlap_segment_capsule, low, cap));
        CHECK(silent(physics_overlap_capsule_segment, cap, low));
        CHECK_FALSE(silent(physics_overlap_segment_capsule, high, cap));
        CHECK_FALSE(silent(physics_overlap_capsule_segment, cap, high));
    }

    TEST_CASE("PhysicsOverlap_BoxBox 0x00345dd8: touching boxes overlap") {
        const Shape a = Shape::of(box({0, 0, 0}, {1, 1, 1}));
        CHECK(silent(physics_overlap_box_box, a, Shape::of(box({1.9f, 0, 0}, {1, 1, 1}))));
        CHECK(silent(physics_overlap_box_box, a, Shape::of(box({2.0f, 0, 0}, {1, 1, 1}))));
        CHECK_FALSE(silent(physics_overlap_box_box, a, Shape::of(box({2.1f, 0, 0}, {1, 1, 1}))));
    }

    TEST_CASE("PhysicsOverlap_BoxBox 0x00345dd8 quirk box_box_centre_matrix: boxes away from the origin") {
        // Unit boxes at x = 100 and x = 101.5 overlap by 0.5 m; the original's
        // R[0][0] = 1 + 100 x 101.5 = 10151 reports them separated.
        const Shape a = Shape::of(box({100, 0, 0}, {1, 1, 1}));
        const Shape b = Shape::of(box({101.5f, 0, 0}, {1, 1, 1}));
        CHECK_FALSE(silent(physics_overlap_box_box, a, b, faithful));
        CHECK(silent(physics_overlap_box_box, a, b, faithful.without(Quirk::box_box_centre_matrix)));
        // A at the origin: the original's matrix is right for axis-aligned boxes.
        const Shape o = Shape::of(box({0, 0, 0}, {1, 1, 1}));
        CHECK(silent(physics_overlap_box_box, o, Shape::of(box({1.5f, 0, 0}, {1, 1, 1})), faithful));
    }
}
