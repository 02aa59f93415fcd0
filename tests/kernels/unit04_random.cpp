// Spec Unit 4, randomised: Segment_ClosestPoints against a brute-force minimum,
// PhysicsOverlap_BoxBox against a double-precision separating-axis test,
// PhysicsOverlap_CapsuleBox (corrected) against world-space circle-rectangle
// geometry, and every mirrored table entry against its original.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "levelsweep/box_sweep.hpp"
#include "levelsweep/overlap.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/segment_kernels.hpp"
#include "pair_support.hpp"
#include "reference_geometry.hpp"

using namespace levelsweep;
using namespace levelsweep::test;
using namespace levelsweep::test::pairs;
using sat_ref::D3;

namespace {

// The distance from a point to segment p + u.d, u in [0, 1], exactly (double).
double point_segment_distance(D3 q, D3 p, D3 d) {
    const double dd = sat_ref::dot(d, d);
    const double u = dd > 0 ? std::clamp(sat_ref::dot(q - p, d) / dd, 0.0, 1.0) : 0.0;
    return sat_ref::norm(q - (p + u * d));
}

Shape random_shape(ShapeType type, std::mt19937& rng) {
    const Vec3 at = uniform_vec(rng, -1.5f, 1.5f);
    switch (type) {
        case ShapeType::box: return Shape::of(randomly_oriented(box(at, uniform_vec(rng, 0.1f, 1.0f)), rng));
        case ShapeType::sphere: return sphere(uniform(rng, 0.05f, 1.0f), at);
        case ShapeType::capsule: return capsule(uniform(rng, 0.05f, 0.6f), uniform(rng, 0.0f, 2.0f), at);
        case ShapeType::segment: return segment(at, at + uniform_vec(rng, -1.5f, 1.5f), uniform(rng, 0.0f, 0.3f));
    }
    return {};
}

}  // namespace

TEST_SUITE("unit04 overlap") {
    TEST_CASE("Segment_ClosestPoints 0x0034ad50 (corrected) against a brute-force minimum over (s, t)") {
        auto rng = seeded_rng(0x5e61u);
        const int n = scaled(6000);
        int general = 0, near_parallel = 0, checked = 0;
        for (int k = 0; k < n; ++k) {
            const int kind = k % 10;  // 0: zero second segment, 1: a 1e-4-scale one, else general
            const Vec3 p1 = uniform_vec(rng, -1, 1), p2 = uniform_vec(rng, -1, 1);
            const Vec3 d1 = uniform_vec(rng, -1, 1);
            Vec3 d2 = uniform_vec(rng, -1, 1);
            if (kind == 0) d2 = {};
            if (kind == 1) d2 = 1e-4f * d2;
            const Vec3 w = p1 - p2;
            if (kind >= 2) {
                ++general;
                // Under the absolute thresholds (D < 1e-6 parallel; |sN|, |tN| < 1e-6 rounded
                // to 0) a near-parallel pair gets a nearby but not the nearest pair.
                const double a = sat_ref::dot(sat_ref::d3(d1), sat_ref::d3(d1)),
                             b = sat_ref::dot(sat_ref::d3(d1), sat_ref::d3(d2)),
                             c = sat_ref::dot(sat_ref::d3(d2), sat_ref::d3(d2));
                if (a * c - b * b < 1e-4 || a < 0.04 || c < 0.04) {
                    ++near_parallel;
                    continue;
                }
            }
            const SegmentParams p = segment_closest_points(d1, d2, w, Quirks::corrected());
            REQUIRE(p.s >= 0.0f);
            REQUIRE(p.s <= 1.0f);
            REQUIRE(p.t >= 0.0f);
            REQUIRE(p.t <= 1.0f);
            const D3 P1 = sat_ref::d3(p1), P2 = sat_ref::d3(p2), D1 = sat_ref::d3(d1), D2 = sat_ref::d3(d2);
            const double got = sat_ref::norm((P1 + double(p.s) * D1) - (P2 + double(p.t) * D2));
            // The distance to the second segment is convex along the first.
            const auto [s_best, best] =
                sat_ref::convex_min([&](double s) { return point_segment_distance(P1 + s * D1, P2, D2); }, 0, 1);
            (void)s_best;
            CAPTURE(k);
            CHECK(got <= best + (kind == 1 ? 2e-4 : 1e-5));
            ++checked;
            if (kind == 0) {  // the quirk, for comparison: s stays 0
                const SegmentParams f = segment_closest_points(d1, d2, w, Quirks::faithful());
                CHECK(f.s == 0.0f);
                CHECK(f.t == 0.0f);
            }
        }
        MESSAGE("checked " << checked << ", skipped " << near_parallel << " near-parallel of " << general
                           << " general");
        CHECK(near_parallel * 20 < general);
    }

    TEST_CASE("PhysicsOverlap_BoxBox 0x00345dd8 (corrected) against a double-precision separating-axis test") {
        auto rng = seeded_rng(0xb0b0u);
        const int n = scaled(5000);
        int hits = 0, near_touching = 0, aligned_checked = 0, quirk_differs = 0;
        for (int k = 0; k < n; ++k) {
            const Vec3 a_at = uniform_vec(rng, -50, 50);
            const Box a = randomly_oriented(box(a_at, uniform_vec(rng, 0.1f, 1.5f)), rng);
            const Box b = randomly_oriented(box(a_at + uniform_vec(rng, -3, 3), uniform_vec(rng, 0.1f, 1.5f)), rng);
            const sat_ref::RBox ra = sat_ref::rbox(a), rb = sat_ref::rbox(b);
            const double gap = sat_ref::box_box_gap(ra, rb, {}, sat_ref::box_box_axes(ra, rb));
            if (std::fabs(gap) < 1e-4) {
                ++near_touching;
                continue;
            }
            Contact c = fresh_contact();
            const bool hit = physics_overlap_box_box(c, Shape::of(a), Shape::of(b), Quirks::corrected());
            CAPTURE(k);
            CAPTURE(gap);
            CHECK(hit == (gap <= 0));
            hits += hit;
            CHECK(c.untouched(0, Contact::record_bytes));
            Contact f = fresh_contact();
            quirk_differs += physics_overlap_box_box(f, Shape::of(a), Shape::of(b), Quirks::faithful()) != hit;
            // Sweep_BoxBox with no motion is the same static test (Unit 13).
            CHECK(sweep_box_box(a, {}, b, {}) == hit);
            // The original's matrix is right for axis-aligned boxes with A at the origin.
            const Box ao = box({}, {a.half[0], a.half[1], a.half[2]});
            const Box bo = box(b.centre - a.centre, {b.half[0], b.half[1], b.half[2]});
            const sat_ref::RBox rao = sat_ref::rbox(ao), rbo = sat_ref::rbox(bo);
            const double aligned_gap = sat_ref::box_box_gap(rao, rbo, {}, sat_ref::box_box_axes(rao, rbo));
            if (std::fabs(aligned_gap) >= 1e-4) {
                Contact d = fresh_contact();
                CHECK(physics_overlap_box_box(d, Shape::of(ao), Shape::of(bo), Quirks::faithful()) ==
                      (aligned_gap <= 0));
                ++aligned_checked;
            }
        }
        MESSAGE(hits << " overlapping of " << n << ", " << near_touching << " near-touching skipped, "
                     << aligned_checked << " aligned checked; the original's matrix differs in " << quirk_differs);
        CHECK(quirk_differs > 0);
        CHECK(hits > n / 10);
        CHECK(hits < n - n / 10);
        CHECK(near_touching * 100 < n);
    }

    TEST_CASE("PhysicsOverlap_CapsuleBox 0x00346808 (corrected) against world-space circle-rectangle geometry") {
        auto rng = seeded_rng(0xcab0u);
        const int n = scaled(5000);
        int hits = 0, corners = 0, ambiguous = 0;
        for (int k = 0; k < n; ++k) {
            // An upright box turned about z, its vertical axis in a random row (so i, j vary).
            const double yaw = uniform(rng, -3.1416f, 3.1416f);
            const Vec3 h1{float(std::cos(yaw)), float(std::sin(yaw)), 0}, h2{-h1.y, h1.x, 0}, up{0, 0, 1};
            std::array<Vec3, 3> rows{h1, h2, up};
            const int vertical = k % 3;
            std::swap(rows[2], rows[vertical]);
            const Box b = box(uniform_vec(rng, -2, 2), uniform_vec(rng, 0.2f, 2.0f), rows[0], rows[1], rows[2]);
            const float r = uniform(rng, 0.05f, 0.8f);
            Vec3 base = b.centre + uniform_vec(rng, -3.5f, 3.5f);
            // The footprint rectangle in world x, y: half widths along h1 and h2.
            int i1 = 0, i2 = 0;
            for (int a = 0; a < 3; ++a) {
                if (b.axis[a] == h1) i1 = a;
                if (b.axis[a] == h2) i2 = a;
            }
            const double w1 = b.half[i1], w2 = b.half[i2];
            if (k % 4 == 3) {
                // Beyond a corner of the footprint by less than r on both axes: the
                // corner's own answer (a hit within r of it, π/4 of these), which
                // the draws above reach only now and then.
                const float s1 = rng() % 2 ? 1.0f : -1.0f, s2 = rng() % 2 ? 1.0f : -1.0f;
                const float a1 = uniform(rng, 0.0f, r), a2 = uniform(rng, 0.0f, r);
                base = b.centre + (s1 * (b.half[i1] + a1)) * h1 + (s2 * (b.half[i2] + a2)) * h2 +
                       Vec3{0.0f, 0.0f, base.z - b.centre.z};
            }
            const D3 rel{double(base.x) - b.centre.x, double(base.y) - b.centre.y, 0};
            const D3 H1 = sat_ref::d3(h1), H2 = sat_ref::d3(h2);
            const double u = sat_ref::dot(rel, H1), v = sat_ref::dot(rel, H2);
            const double cu = std::clamp(u, -w1, w1), cv = std::clamp(v, -w2, w2);
            const bool inside = std::fabs(u) <= w1 && std::fabs(v) <= w2;
            const double dist = std::hypot(u - cu, v - cv);
            const double margin = 1e-4;
            const bool near_edge = std::fabs(std::fabs(u) - w1) < margin || std::fabs(std::fabs(v) - w2) < margin;
            const bool near_reach = std::fabs(dist - r) < margin;
            const bool near_tie = inside && std::fabs((w1 - std::fabs(u)) - (w2 - std::fabs(v))) < margin;
            if (near_edge || near_reach || near_tie) {
                ++ambiguous;
                continue;
            }
            Contact c = fresh_contact();
            const bool hit = physics_overlap_capsule_box(c, capsule(r, 1.8f, base), Shape::of(b), Quirks::corrected());
            CAPTURE(k);
            REQUIRE(hit == (inside || dist <= r));
            if (!hit) {
                CHECK(c.untouched(0, Contact::record_bytes));
                continue;
            }
            ++hits;
            D3 normal;
            double depth;
            double normal_tol = 1e-5;
            if (inside) {  // the nearest face
                const bool along_1 = w1 - std::fabs(u) <= w2 - std::fabs(v);
                normal = along_1 ? (u < 0 ? -1.0 : 1.0) * H1 : (v < 0 ? -1.0 : 1.0) * H2;
                depth = (along_1 ? w1 - std::fabs(u) : w2 - std::fabs(v)) + r;
            } else {  // from the rectangle's nearest point towards the capsule's axis
                normal = (1.0 / dist) * ((u - cu) * H1 + (v - cv) * H2);
                depth = r - dist;
                // The float offset's rounding (~5e-7) turns the direction by that over dist.
                normal_tol += 1e-6 / dist;
                corners += (u - cu != 0) && (v - cv != 0);
            }
            CHECK_NEAR_TOL(c.other.normal.x, normal.x, normal_tol);
            CHECK_NEAR_TOL(c.other.normal.y, normal.y, normal_tol);
            CHECK_NEAR_TOL(c.other.normal.z, normal.z, normal_tol);
            CHECK_NEAR_TOL(c.depth, depth, 2e-5);
        }
        MESSAGE(hits << " hits (" << corners << " at corners) of " << n << ", " << ambiguous
                     << " on a boundary skipped");
        CHECK(corners > n / 10);  // a fifth of the cases are built at a corner
        CHECK(ambiguous * 50 < n);
    }

    TEST_CASE("overlap table mirrors answer as their originals with the arguments swapped") {
        auto rng = seeded_rng(0x3177u);
        const ShapeType types[] = {ShapeType::box, ShapeType::sphere, ShapeType::capsule, ShapeType::segment};
        const int n = scaled(2000);
        int compared = 0, hits = 0;
        for (ShapeType a : types) {
            for (ShapeType b : types) {
                const OverlapFn fwd = overlap_entry(a, b), back = overlap_entry(b, a);
                if (a == b || fwd == nullptr) continue;
                REQUIRE(bool(back));
                for (int k = 0; k < n; ++k) {
                    const Shape x = random_shape(a, rng), y = random_shape(b, rng);
                    for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
                        Contact cf = fresh_contact(), cb = fresh_contact();
                        const bool hf = fwd(cf, x, y, q), hb = back(cb, y, x, q);
                        CHECK(hf == hb);
                        ++compared;
                        hits += hf;
                        if (!hf || (a != ShapeType::box && b != ShapeType::box) ||
                            (a != ShapeType::capsule && b != ShapeType::capsule))
                            continue;
                        // Box-capsule: the same record, halves swapped, the box normal in the
                        // querying box's half and its negation in the capsule's.
                        const Contact& capsule_first = a == ShapeType::capsule ? cf : cb;
                        const Contact& box_first = a == ShapeType::capsule ? cb : cf;
                        CHECK(std::bit_cast<std::uint32_t>(box_first.depth) ==
                              std::bit_cast<std::uint32_t>(capsule_first.depth));
                        CHECK(xyz(box_first.own.normal) == xyz(capsule_first.other.normal));
                        CHECK(xyz(box_first.other.normal) == -xyz(capsule_first.other.normal));
                    }
                }
            }
        }
        MESSAGE(compared << " mirrored pairs compared, " << hits << " hits");
        CHECK(hits > compared / 10);
    }
}

namespace {

// A shape of `type` with one field (or none) replaced by NaN, +inf or -inf.
Shape poisoned_shape(ShapeType type, std::mt19937& rng) {
    Shape s = random_shape(type, rng);
    const float bad[] = {std::nanf(""), INFINITY, -INFINITY};
    const float v = bad[rng() % 3];
    float* fields[] = {&s.box.half[1],     &s.box.axis[2].z,  &s.box.centre.x,   &s.sphere.radius,
                       &s.sphere.centre.y, &s.capsule.radius, &s.capsule.base.x, &s.capsule.height,
                       &s.segment.start.z, &s.segment.end.x,  &s.segment.radius};
    const std::size_t pick = rng() % (std::size(fields) + 2);  // sometimes nothing is poisoned
    if (pick < std::size(fields)) *fields[pick] = v;
    return s;
}

// The words each pair function may write (spec Unit 4, "Summary for the implementer").
std::uint64_t allowed_words(ShapeType own, ShapeType other) {
    const std::uint64_t own_n = words(offs::own_normal, 16), other_n = words(offs::other_normal, 16),
                        depth = words(offs::depth, 4);
    if (own == ShapeType::capsule && other == ShapeType::capsule) return own_n | other_n | depth;
    if (own == ShapeType::capsule && other == ShapeType::box) return other_n | depth;
    if (own == ShapeType::box && other == ShapeType::capsule) return own_n | other_n | depth;
    return 0;
}

}  // namespace

TEST_SUITE("unit04 overlap") {
    TEST_CASE("overlap table with NaN and infinite fields: no crash, and only the allowed words written") {
        auto rng = seeded_rng(0xbadu);
        const ShapeType types[] = {ShapeType::box, ShapeType::sphere, ShapeType::capsule, ShapeType::segment};
        const int n = scaled(1000);
        int hits = 0, calls = 0;
        for (ShapeType a : types)
            for (ShapeType b : types) {
                const OverlapFn fn = overlap_entry(a, b);
                if (fn == nullptr) continue;
                for (int k = 0; k < n; ++k) {
                    const Shape x = poisoned_shape(a, rng), y = poisoned_shape(b, rng);
                    for (const Quirks q : {Quirks::faithful(), Quirks::corrected()}) {
                        Contact c = fresh_contact();
                        hits += fn(c, x, y, q);
                        ++calls;
                        CHECK((c.written & ~allowed_words(a, b)) == 0);
                    }
                }
            }
        MESSAGE(calls << " calls, " << hits << " hits");
        CHECK(hits > 0);
    }
}
