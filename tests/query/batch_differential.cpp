// The batch path against the reference path (docs/design.md, "The batch path"):
// random queries of every kind on generated, random and real levels, each
// answered by the reference path and by the batch path on every ISA this CPU
// has, compared field by field, bit for bit (status, count, found, overflow,
// contacts by branch, every contact field), in both modes and with random
// quirk sets. The inputs lean on what random data rarely reaches: zero and
// very long moves, spheres that start exactly touching a face, moves along a
// face, starts on the grid's cell boundaries, ties on a tiled floor,
// overflowing overlaps, NaN and infinite inputs.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>

#include "batch_support.hpp"
#include "levelsweep/generate.hpp"
#if !defined(LEVELSWEEP_WITHOUT_IMPORT)  // the AArch64 build (tests/aarch64) has no importer: Assimp is not cross-built
#include "levelsweep/import.hpp"
#endif
#include "mesh_support.hpp"
#include "query_random.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

Quirks random_quirks(std::mt19937& rng) {
    switch (rng() % 10) {
        case 0:
        case 1:
        case 2:
        case 3: return Quirks::faithful();
        case 4:
        case 5:
        case 6: return Quirks::corrected();
        default: return Quirks::from_bits(static_cast<std::uint32_t>(rng()));
    }
}

// A point on a random enabled triangle and its normal (or none).
bool point_on_triangle(std::mt19937& rng, const Level& level, Vec3& p, Vec3& n) {
    for (int tries = 0; tries < 8; ++tries) {
        const auto t = static_cast<std::uint32_t>(rng() % level.triangle_count());
        n = level.normal(t);
        if (!(level.flags(t) & tri_flags::enabled) || length_sq(n) == 0.0f) continue;
        float u = uniform(rng, 0.0f, 1.0f), v = uniform(rng, 0.0f, 1.0f);
        if (u + v > 1.0f) u = 1.0f - u, v = 1.0f - v;
        const Vec3 a = level.corner(t, 0);
        p = (a + u * (level.corner(t, 1) - a)) + v * (level.corner(t, 2) - a);
        return true;
    }
    return false;
}

float cell_boundary(std::mt19937& rng, const Level& level, int axis) {
    const GridGeometry& g = level.grid().geometry();
    const auto k = static_cast<float>(rng() % (g.dims[static_cast<std::size_t>(axis)] + 1));
    return component(g.origin, axis) + k * component(g.cell_size, axis);
}

// A random query of `kind` with one of the twists the header lists, starting
// in `region` (the level's bounds by default).
Query varied_query(std::mt19937& rng, const Level& level, QueryKind kind, const Bounds& region) {
    Query q = random_query(rng, level, kind, random_quirks(rng));
    q.start = uniform_vec(rng, 0.0f, 1.0f);
    q.start = {region.min.x + q.start.x * (region.max.x - region.min.x),
               region.min.y + q.start.y * (region.max.y - region.min.y),
               region.min.z + q.start.z * (region.max.z - region.min.z)};
    if (rng() % 8 == 0) q.settings.max_contacts = 1 + static_cast<std::uint32_t>(rng() % 5);
    if (rng() % 4 == 0) q.settings.collect = Collect::closest;
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    Vec3 p, n;
    switch (rng() % 16) {
        case 0: q.move = {}; break;                                  // zero move
        case 1: q.move = uniform(rng, 5.0f, 25.0f) * q.move; break;  // very long
        case 2:  // starts touching a face, moves into it or along it
            if (kind != QueryKind::box_sweep && point_on_triangle(rng, level, p, n)) {
                const float r = kind == QueryKind::ray ? 0.0f : q.radius;
                q.start = p + r * n;
                if (kind == QueryKind::capsule_sweep) q.start.z -= q.sphere_height;
                const Vec3 along = cross(n, uniform_vec(rng, -1.0f, 1.0f));
                q.move = rng() % 2 ? along : along - n;
            }
            break;
        case 3:  // an axis-aligned move
            q.move = {0.0f, 0.0f, 0.0f};
            (rng() % 3 == 0 ? q.move.x : rng() % 2 ? q.move.y : q.move.z) = uniform(rng, -3.0f, 3.0f);
            break;
        case 4:  // on the grid's cell boundaries
            q.start = {cell_boundary(rng, level, 0), cell_boundary(rng, level, 1), cell_boundary(rng, level, 2)};
            break;
        case 5:  // an overlap big enough to find more than 100 contacts
            if (kind == QueryKind::sphere_overlap) q.radius = uniform(rng, 5.0f, 30.0f);
            break;
        case 6:  // a non-finite input
            (rng() % 2 ? q.start.y : rng() % 2 ? q.move.x : q.radius) = rng() % 2 ? nan : inf;
            break;
        case 7:  // a bad radius or extent, or no contacts wanted
            if (rng() % 2)
                q.radius = -0.5f, q.half[0] = -1.0f;
            else
                q.settings.max_contacts = 0;
            break;
        default: break;
    }
    return q;
}

struct Tally {
    int queries = 0, with_contacts = 0, overflowed = 0, differing = 0;
};

void compare_paths(const Level& level, const char* name, std::uint32_t seed, int per_kind,
                   std::optional<Bounds> region = std::nullopt) {
    const Bounds where =
        region.value_or(Bounds{level.bounds_min() - Vec3{1, 1, 1}, level.bounds_max() + Vec3{1, 1, 1}});
    PathPair pair(level);
    const std::vector<Isa> isas = batch_isas();
    REQUIRE_FALSE(isas.empty());
    auto rng = seeded_rng(seed);
    for (int k = 0; k < query_kind_count; ++k) {
        const auto kind = static_cast<QueryKind>(k);
        Tally t;
        for (int i = 0; i < per_kind; ++i) {
            const Query q = varied_query(rng, level, kind, where);
            const Answer reference = pair.reference(q);
            ++t.queries;
            t.with_contacts += reference.result.count > 0;
            t.overflowed += reference.result.overflow;
            for (Isa isa : isas) {
                const Answer batch = pair.batch(q, isa);
                const std::string why = answer_difference(reference, batch);
                if (why.empty()) continue;
                if (++t.differing <= 5)
                    FAIL_CHECK(std::string(name) << ", " << isa_name(isa) << ": " << describe(q) << ": " << why);
            }
        }
        MESSAGE(std::string(name) << ", " << query_kind_name(kind) << ": " << t.queries << " queries on " << isas.size()
                                  << " ISAs, " << t.with_contacts << " with contacts, " << t.overflowed
                                  << " overflowing");
        CHECK(t.differing == 0);
        CHECK(t.with_contacts > t.queries / 20);
        if (kind == QueryKind::sphere_overlap) CHECK(t.overflowed > 0);
    }
}

const Level& street() {
    static const Level level = generate_street_level({.seed = 21, .triangles = 3000, .cell_size = {}}).level;
    return level;
}

// A soup of slivers, degenerate, duplicated and two-sided triangles, with a
// few huge ones across it.
const Level& soup() {
    static const Level level = [] {
        std::mt19937 rng(22);
        LevelArrays a = random_level_arrays(rng, 500, 2000, -8.0f, 8.0f);
        for (int i = 0; i < 6; ++i) {
            const auto base = static_cast<std::uint32_t>(a.x.size());
            for (int k = 0; k < 3; ++k) {
                const Vec3 v = uniform_vec(rng, -200.0f, 200.0f);
                a.x.push_back(v.x), a.y.push_back(v.y), a.z.push_back(v.z);
            }
            a.i0.push_back(base), a.i1.push_back(base + 1), a.i2.push_back(base + 2);
            a.flags.push_back(tri_flags::enabled | (i % 2 ? tri_flags::two_sided : 0));
            a.material.push_back(9);
        }
        return build_level(std::move(a), Vec3{3.0f, 3.0f, 3.0f});
    }();
    return level;
}

// A flat floor of 1 m squares at z = 0 and a step at z = 0.5, two triangles
// each, on cells smaller than a square: a sphere dropped on it touches several
// triangles at the same fraction, so the order of ties decides the answer.
const Level& tiled_floor() {
    static const Level level = [] {
        std::vector<Vec3> v;
        std::vector<TriangleRecord> t;
        for (int i = 0; i < 12; ++i)
            for (int j = 0; j < 12; ++j) {
                const float z = (i > 8 && j > 8) ? 0.5f : 0.0f;
                const auto b = static_cast<std::uint32_t>(v.size());
                v.insert(v.end(), {{float(i), float(j), z},
                                   {float(i + 1), float(j), z},
                                   {float(i + 1), float(j + 1), z},
                                   {float(i), float(j + 1), z}});
                TriangleRecord r1, r2;
                r1.v = {b, b + 1, b + 2};
                r2.v = {b, b + 2, b + 3};
                r2.flags = (i + j) % 3 == 0 ? tri_flags::enabled | tri_flags::two_sided : tri_flags::enabled;
                t.push_back(r1), t.push_back(r2);
            }
        return build_level(v, t, Vec3{0.4f, 0.4f, 0.4f});
    }();
    return level;
}

// A floor of 0.25 m squares on 2.5 m cells, gently rolling (so faces, edges
// and corners all meet a sphere), with two-sided, special and disabled
// triangles among them: a sphere near it has tens of triangles past the
// filters in a walk of a few cells.
const Level& fine_floor() {
    static const Level level = [] {
        std::vector<Vec3> v;
        std::vector<TriangleRecord> t;
        constexpr int n = 40;
        const auto height = [](int i, int j) { return 0.05f * std::sin(0.7f * float(i)) * std::cos(0.5f * float(j)); };
        for (int i = 0; i <= n; ++i)
            for (int j = 0; j <= n; ++j) v.push_back({0.25f * float(i), 0.25f * float(j), height(i, j)});
        const auto at = [](int i, int j) { return static_cast<std::uint32_t>(i * (n + 1) + j); };
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const std::uint16_t kinds[] = {tri_flags::enabled, tri_flags::enabled | tri_flags::two_sided,
                                               tri_flags::enabled | tri_flags::special, 0};
                TriangleRecord a, b;
                a.v = {at(i, j), at(i + 1, j), at(i + 1, j + 1)};
                b.v = {at(i, j), at(i + 1, j + 1), at(i, j + 1)};
                a.flags = (i * 7 + j) % 11 == 0 ? kinds[(i + j) % 4] : tri_flags::enabled;
                b.flags = (i + j * 5) % 13 == 0 ? kinds[(i * j) % 4] : tri_flags::enabled;
                t.push_back(a), t.push_back(b);
            }
        return build_level(v, t, Vec3{2.5f, 2.5f, 2.5f});
    }();
    return level;
}

}  // namespace

TEST_SUITE("batch differential") {
    // A sphere sweep walks without its kernel and runs it after on the
    // triangles past the filters, in lanes where there are several
    // (batch_cell_walk.cpp): their contacts in the walk's order, ties, marks,
    // the 100-contact buffer's overflow and the options on the result.
    TEST_CASE("sphere sweeps near a floor: the kernels of many triangles in lanes, on every ISA") {
        const Level& level = fine_floor();
        PathPair pair(level);
        auto rng = seeded_rng(608);
        int queries = 0, in_lanes = 0, contacts = 0, overflowed = 0, differing = 0;
        for (int i = 0; i < scaled(4000); ++i) {
            QuerySettings s;
            s.quirks = random_quirks(rng);
            if (i % 3 == 0) s.options |= option::mark_faces;
            if (i % 5 == 0) s.options |= option::nz_min | option::nz_max, s.nz_min = -0.5f, s.nz_max = 0.9995f;
            if (i % 7 == 0) s.options |= option::one_per_plane;
            if (i % 4 == 0) s.options |= option::skip_special;
            if (i % 9 == 0) s.max_contacts = 1 + static_cast<std::uint32_t>(rng() % 5);
            if (i % 6 == 0) s.collect = Collect::closest;
            const float r = i % 2 ? uniform(rng, 0.05f, 0.3f) : uniform(rng, 0.3f, 1.6f);
            const Vec3 start{uniform(rng, 1.5f, 8.5f), uniform(rng, 1.5f, 8.5f), r + uniform(rng, -0.05f, 0.2f)};
            Vec3 move{uniform(rng, -0.8f, 0.8f), uniform(rng, -0.8f, 0.8f), -uniform(rng, 0.0f, 1.2f)};
            if (i % 10 == 0) move.z = 0.0f;  // along the floor
            if (i % 2) move = 0.1f * move;   // a small sphere's short move: a few triangles
            const Query q = Query::sphere_sweep(start, r, move, s);
            const Answer reference = pair.reference(q);
            ++queries;
            contacts += reference.result.count > 0;
            overflowed += reference.result.overflow;
            bool lanes = false;
            for (Isa isa : batch_isas()) {
                const Answer batch = pair.batch(q, isa);
                lanes = batch.result.stats.kernel_calls >= 4;  // the batch path's own count: its survivors
                const std::string why = answer_difference(reference, batch);
                if (!why.empty() && ++differing <= 5) FAIL_CHECK(isa_name(isa) << ": " << describe(q) << ": " << why);
            }
            in_lanes += lanes;
        }
        MESSAGE(queries << " sphere sweeps, " << in_lanes << " with 4 or more kernel calls on the batch path, "
                        << contacts << " with contacts, " << overflowed << " overflowing");
        CHECK(differing == 0);
        CHECK(in_lanes > queries / 4);
        CHECK(in_lanes < queries - queries / 10);  // and the others one by one
        CHECK(contacts > queries / 2);
        CHECK(overflowed > 0);
    }

    // An overlap of 4 m or more on the fine floor covers more cells than the
    // cell walk takes (batch_plan.cpp) and touches hundreds of triangles,
    // which the hierarchy finds out of the walk's order: the batch path must
    // keep the hundred the reference walk finds first (collector.hpp,
    // RankedContacts: a heap once full), for all contacts and for the
    // closest.
    TEST_CASE("overlaps of hundreds of triangles keep the reference's first hundred, on every ISA") {
        const Level& level = fine_floor();
        PathPair pair(level);
        auto rng = seeded_rng(5150);
        int queries = 0, overflowed = 0, differing = 0;
        for (int i = 0; i < scaled(200); ++i) {
            QuerySettings s;
            s.quirks = random_quirks(rng);
            if (i % 3 == 0) s.collect = Collect::closest;
            if (i % 4 == 0) s.options |= option::skip_special;
            const float r = uniform(rng, 4.0f, 8.0f);
            const Vec3 centre{uniform(rng, -2.0f, 12.0f), uniform(rng, -2.0f, 12.0f), uniform(rng, -3.0f, 3.0f)};
            const Query q = Query::sphere_overlap(centre, r, s);
            const Answer reference = pair.reference(q);
            ++queries;
            overflowed += reference.result.overflow;
            for (Isa isa : batch_isas()) {
                const std::string why = answer_difference(reference, pair.batch(q, isa));
                if (!why.empty() && ++differing <= 5) FAIL_CHECK(isa_name(isa) << ": " << describe(q) << ": " << why);
            }
        }
        MESSAGE(queries << " overlaps, " << overflowed << " overflowing");
        CHECK(differing == 0);
        CHECK(overflowed > queries / 2);
    }

    // A closest query against the first contact of the same query for all
    // contacts, on the reference path and on every ISA of the batch path. A
    // tie for the first fraction (two triangles met at the same moment) must
    // give the earlier found, as the full list's stable sort does.
    struct ClosestCounts {
        int with_contacts = 0, tied = 0, long_moves = 0;
    };
    ClosestCounts check_closest_is_first(const Level& level, std::uint32_t seed, int queries) {
        PathPair pair(level);
        auto rng = seeded_rng(seed);
        ClosestCounts n;
        for (int i = 0; i < queries; ++i) {
            const auto kind = static_cast<QueryKind>(i % query_kind_count);
            Query q = random_query(rng, level, kind, i % 2 ? Quirks::faithful() : Quirks::corrected());
            if (i % 3 == 0) q.move = uniform(rng, 5.0f, 20.0f) * q.move, ++n.long_moves;  // many candidates
            const Answer all = pair.reference(q);
            q.settings.collect = Collect::closest;
            const Answer reference = pair.reference(q);
            REQUIRE(reference.result.status == all.result.status);
            CHECK(reference.result.count == std::min<std::uint32_t>(all.result.count, 1));
            CHECK(reference.result.found == reference.result.count);
            CHECK_FALSE(reference.result.overflow);
            if (all.result.count > 0) {
                ++n.with_contacts;
                if (all.contacts.size() > 1 && all.contacts[1].fraction == all.contacts[0].fraction) ++n.tied;
                REQUIRE(reference.contacts.size() == 1);
                CHECK(contact_mismatch(reference.contacts[0], all.contacts[0]) == "");
            }
            for (Isa isa : batch_isas()) {
                const std::string why = answer_difference(reference, pair.batch(q, isa));
                CHECK_MESSAGE(why.empty(), isa_name(isa) << ": " << describe(q) << ": " << why);
            }
        }
        MESSAGE(n.with_contacts << " closest queries with a contact, " << n.tied << " of them tied for the first, "
                                << n.long_moves << " queries long");
        return n;
    }

    TEST_CASE("a closest query gives the first contact of the full query, on both paths") {
        const ClosestCounts n = check_closest_is_first(street(), 605, scaled(30000));
        CHECK(n.with_contacts > scaled(30000) / 10);
        CHECK(n.tied > 0);
    }

    TEST_CASE("a closest query gives the first contact of the full query: ties on a tiled floor") {
        const ClosestCounts n = check_closest_is_first(tiled_floor(), 609, scaled(10000));
        CHECK(n.with_contacts > scaled(10000) / 10);
        CHECK(n.tied > 0);
    }

    // The route (batch_plan.cpp, batch_route): a move of many cells searches the
    // hierarchy, where a closest query stops at its first contact. Were such
    // moves walked cell by cell, every entry of their boxes would be read and
    // closest would run every kernel call all-contacts runs (the slowdown of
    // the long sets docs/performance.md, "The route", records).
    TEST_CASE("long sphere sweeps and rays search the hierarchy: closest runs fewer kernels than all-contacts") {
        PathPair pair(street());
        auto rng = seeded_rng(606);
        for (Isa isa : batch_isas()) {
            CAPTURE(isa_name(isa));
            std::uint64_t all_calls = 0, closest_calls = 0, reference_calls = 0;
            int several_contacts = 0;
            // 1,600 queries: about 180 with several contacts under any seed
            // (400 gave 34 to 56 over ten seeds, test_seed.hpp).
            for (int i = 0; i < 1600; ++i) {
                const QueryKind kind = i % 2 ? QueryKind::sphere_sweep : QueryKind::ray;
                Query q = random_query(rng, street(), kind, Quirks::faithful());
                const float length = std::sqrt(dot(q.move, q.move));
                if (!(length > 0.0f)) continue;
                // 4 to 10 m: tens to hundreds of the street's cells, few for the hierarchy.
                q.move = (uniform(rng, 4.0f, 10.0f) / length) * q.move;
                const Answer all = pair.batch(q, isa);
                reference_calls += pair.reference(q).result.stats.kernel_calls;
                q.settings.collect = Collect::closest;
                const Answer closest = pair.batch(q, isa);
                REQUIRE(answer_difference(closest, pair.reference(q)) == "");
                all_calls += all.result.stats.kernel_calls;
                closest_calls += closest.result.stats.kernel_calls;
                several_contacts += all.result.count > 1 ? 1 : 0;
            }
            MESSAGE(isa_name(isa) << ": kernel calls, reference " << reference_calls << ", batch all-contacts "
                                  << all_calls << ", batch closest " << closest_calls << "; " << several_contacts
                                  << " queries with more than one contact");
            REQUIRE(several_contacts > 40);
            CHECK(all_calls < reference_calls);
            CHECK(closest_calls < all_calls);
        }
    }

    // A box sweep whose walk tests every entry (the counter bug, the zero-speed
    // reset, a skewed box) walks as the reference does, every read of it, its
    // filters and kernel answered before the walk, the kernel in lanes
    // (batch_box_walk.cpp): the answers, and the walk's own counts (cells,
    // entries, reads past a list, kernel calls), are the reference's.
    TEST_CASE("faithful box sweeps: the reference's walk and counts, the kernel in lanes, on every ISA") {
        struct Place {
            const Level* level;
            const char* name;
            Bounds region;  // where the boxes start
        };
        const auto around = [](const Level& l) { return Bounds{l.bounds_min(), l.bounds_max()}; };
        for (const Place& place :
             {Place{&street(), "street", around(street())}, Place{&soup(), "soup", Bounds{{-8, -8, -8}, {8, 8, 8}}},
              Place{&tiled_floor(), "floor", around(tiled_floor())}}) {
            const Level& level = *place.level;
            PathPair pair(level);
            auto rng = seeded_rng(607);
            int queries = 0, contacts = 0, past_lists = 0, reset_told = 0, many_kernels = 0, differing = 0;
            // Until three had their answer changed by the zero-speed reset (about
            // one in a hundred on the floor: a tenth alone may hold none).
            for (int i = 0; keep_drawing(i, 3000, reset_told >= 3); ++i) {
                Query q = random_query(rng, level, QueryKind::box_sweep, Quirks::faithful());
                const Vec3 at = uniform_vec(rng, 0.0f, 1.0f), lo = place.region.min, hi = place.region.max;
                q.start = {lo.x + at.x * (hi.x - lo.x), lo.y + at.y * (hi.y - lo.y), lo.z + at.z * (hi.z - lo.z)};
                if (i % 4 == 1) q.settings.quirks = Quirks::from_bits(static_cast<std::uint32_t>(rng()));
                const Vec3 half = uniform_vec(rng, 0.05f, i % 3 == 0 ? 3.0f : 0.6f);
                switch (i % 5) {
                    case 0:  // axis-aligned, moving along one axis: speeds of exactly 0 (the reset)
                        q.axes[0] = {1, 0, 0}, q.axes[1] = {0, 1, 0}, q.axes[2] = {0, 0, 1};
                        q.move = {};
                        (i % 3 == 0 ? q.move.x : i % 3 == 1 ? q.move.y : q.move.z) = uniform(rng, -3.0f, 3.0f);
                        break;
                    case 1:  // skewed: axes neither unit nor square
                        q.axes[0] = uniform_vec(rng, -1.0f, 1.0f), q.axes[1] = uniform_vec(rng, -1.0f, 1.0f);
                        break;
                    case 2: q.move = {}; break;  // no move at all
                    default: break;
                }
                q.half[0] = half.x, q.half[1] = half.y, q.half[2] = half.z;
                const Answer reference = pair.reference(q);
                const QueryStats& r = reference.result.stats;
                // (Without either quirk, and square, the box takes the route batch_route
                // chooses, whose counts are its own.)
                const bool walks_every_entry = q.settings.quirks.has(Quirk::mesh_cell_counter) ||
                                               q.settings.quirks.has(Quirk::interval_zero_speed_reset);
                Query no_reset = q;
                no_reset.settings.quirks = q.settings.quirks.without(Quirk::interval_zero_speed_reset);
                ++queries;
                contacts += reference.result.count > 0;
                past_lists += r.extra_entries > 0;
                many_kernels += r.kernel_calls > 4;  // lanes (the wide code leaves a block of 2 to the scalar kernel)
                reset_told += answer_difference(reference, pair.reference(no_reset)) != "";
                for (Isa isa : batch_isas()) {
                    const Answer batch = pair.batch(q, isa);
                    const QueryStats& b = batch.result.stats;
                    std::string why = answer_difference(reference, batch);
                    if (why.empty() && walks_every_entry &&
                        (b.cells != r.cells || b.entries != r.entries || b.extra_entries != r.extra_entries ||
                         b.kernel_calls != r.kernel_calls))
                        why = "the walk's counts differ";
                    if (!why.empty() && ++differing <= 5)
                        FAIL_CHECK(std::string(place.name)
                                   << ", " << isa_name(isa) << ": " << describe(q) << ": " << why);
                }
            }
            MESSAGE(std::string(place.name)
                    << ": " << queries << " box sweeps, " << contacts << " with contacts, " << past_lists
                    << " reading past a list, " << many_kernels << " with more than " << 4 << " kernel calls, "
                    << reset_told << " whose answer the zero-speed reset changes");
            CHECK(differing == 0);
            CHECK(contacts > queries / 10);
            CHECK(past_lists > queries / 10);
            CHECK(many_kernels > queries / 10);
            CHECK(reset_told > 0);
        }
    }

    TEST_CASE("batch path = reference path: a generated street, every kind, every ISA") {
        compare_paths(street(), "street", 601, scaled(60000));
    }
    TEST_CASE("batch path = reference path: a soup of slivers, degenerate, huge and two-sided triangles") {
        compare_paths(soup(), "soup", 602, scaled(50000), Bounds{{-9, -9, -9}, {9, 9, 9}});
    }
    TEST_CASE("batch path = reference path: ties on a tiled floor") {
        compare_paths(tiled_floor(), "floor", 603, scaled(30000));
    }
#if !defined(LEVELSWEEP_WITHOUT_IMPORT)
    TEST_CASE("batch path = reference path: the real level dm6ish") {
        static const Level level = import_level(shared_level("dm6ish_m_zup.obj")).level;
        compare_paths(level, "dm6ish", 604, scaled(60000));
    }
#endif
}
