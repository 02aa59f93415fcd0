// The cell walk against a brute force over every triangle, with the same
// filters and kernels: equal in corrected mode; in faithful mode the only
// differences are those the counter bug explains (docs/design.md item 4).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <set>
#include <tuple>

#include "levelsweep/generate.hpp"
#include "mesh_support.hpp"
#include "query_random.hpp"
#include "query_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// Every field, bit for bit, as a sortable key.
using ContactKey = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                              std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::int32_t>;
// With option 0x20000 the contact kept among coplanar ties of equal fraction is
// the first discovered, which differs between the walk and the brute force (and
// coplanar triangles' normals may differ in the last bit or the sign of a zero);
// only the fraction is then compared.
ContactKey key(const MeshContact& c, bool one_per_plane = false) {
    auto b = [](float f) { return std::bit_cast<std::uint32_t>(f); };
    if (one_per_plane) return {b(c.fraction), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    return {b(c.fraction), c.triangle,   b(c.depth),   b(c.normal.x),    b(c.normal.y), b(c.normal.z),
            b(c.point.x),  b(c.point.y), b(c.point.z), b(c.direction.z), c.flags,       c.inside_mask};
}
std::multiset<ContactKey> keys(const Ran& r, bool one_per_plane) {
    std::multiset<ContactKey> out;
    for (const MeshContact& c : r.contacts) out.insert(key(c, one_per_plane));
    return out;
}
bool includes(const std::multiset<ContactKey>& big, const std::multiset<ContactKey>& small) {
    return std::includes(big.begin(), big.end(), small.begin(), small.end());
}

// The box the swept shape covers, computed here from the shape alone (not by
// query_bounds, cell_range or for_each_cell, which the walk uses, so that a
// bug there cannot cancel out), shrunk by a millionth of its size so that
// rounding in the walk's own box never makes a touching triangle look missed.
Bounds swept_box(const Query& q) {
    Vec3 from = q.start, grow;
    switch (q.kind) {
        case QueryKind::sphere_sweep:
        case QueryKind::sphere_overlap: grow = {q.radius, q.radius, q.radius}; break;
        case QueryKind::capsule_sweep:
            from.z += q.sphere_height;
            grow = {q.radius, q.radius, q.radius};
            break;
        case QueryKind::box_sweep:
            for (int k = 0; k < 3; ++k) {
                grow.x += std::fabs(q.axes[k].x) * q.half[k];
                grow.y += std::fabs(q.axes[k].y) * q.half[k];
                grow.z += std::fabs(q.axes[k].z) * q.half[k];
            }
            break;
        case QueryKind::ray: break;
    }
    const Vec3 to = from + q.move;
    Bounds b{{std::min(from.x, to.x) - grow.x, std::min(from.y, to.y) - grow.y, std::min(from.z, to.z) - grow.z},
             {std::max(from.x, to.x) + grow.x, std::max(from.y, to.y) + grow.y, std::max(from.z, to.z) + grow.z}};
    const Vec3 margin = 1e-6f * (b.max - b.min);
    return {b.min + margin, b.max - margin};
}

// Whether a triangle's own bounding box meets `box` (touching counts). The
// grid lists a triangle in every cell its box reaches, so the walk over the
// cells of the swept box tests every triangle for which this holds.
bool touches(const Level& level, std::uint32_t tri, const Bounds& box) {
    for (int axis = 0; axis < 3; ++axis) {
        float lo = component(level.corner(tri, 0), axis), hi = lo;
        for (int k = 1; k < 3; ++k) {
            lo = std::min(lo, component(level.corner(tri, k), axis));
            hi = std::max(hi, component(level.corner(tri, k), axis));
        }
        if (hi < component(box.min, axis) || lo > component(box.max, axis)) return false;
    }
    return true;
}

// The contacts only the brute force finds, which the walk's cells do not
// list: each must lie on a triangle whose box misses the swept shape's (the
// walk tested every triangle that meets it), so that only a kernel's graze
// found by rounding (a round shape's, docs/decisions.md "Which triangles the
// reference tests": about the square root of float epsilon times the
// lengths, 4 mm on a 32 m ray) or the box's zero-speed reset (Unit 13,
// 0x0034aa1c) reaches it. Returns how many there were.
template <class Keys>
int count_outside_cells(const Level& level, const Query& q, const Ran& brute, const Keys& walked, bool per_plane) {
    int n = 0;
    const Bounds box = swept_box(q);
    for (const MeshContact& c : brute.contacts) {
        if (walked.count(key(c, per_plane))) continue;
        ++n;
        CHECK_MESSAGE(!touches(level, c.triangle, box), "the walk missed triangle " << c.triangle);
    }
    return n;
}

struct Tally {
    int queries = 0, with_contacts = 0, overflowed = 0, read_past_lists = 0, counter_bug_differs = 0, outside_cells = 0;
};

void differential(const Level& level, QueryKind kind, std::uint32_t seed, int count) {
    auto rng = seeded_rng(seed);
    Tally t;
    for (int i = 0; i < count; ++i) {
        // Each random query runs in corrected mode, then in faithful mode.
        Query q = random_query(rng, level, kind, Quirks::corrected());
        ++t.queries;
        for (const bool corrected : {true, false}) {
            q.settings.quirks = corrected ? Quirks::corrected() : Quirks::faithful();
            const Ran grid = run(level, q, Walk::grid);
            const Ran brute = run(level, q, Walk::brute_force);
            REQUIRE(grid.result.status == QueryStatus::ok);
            if (grid.result.overflow || brute.result.overflow) {
                ++t.overflowed;  // which 100 were kept depends on the discovery order
                continue;
            }
            if (corrected && !brute.contacts.empty()) ++t.with_contacts;
            const bool per_plane = (q.settings.options & option::one_per_plane) != 0;
            auto keys = [per_plane](const Ran& r) { return ::keys(r, per_plane); };
            if (corrected) {
                const auto grid_keys = keys(grid);
                CHECK(includes(keys(brute), grid_keys));
                t.outside_cells += count_outside_cells(level, q, brute, grid_keys, per_plane);
                CHECK(grid.result.stats.extra_entries == 0);
                continue;
            }
            // Faithful: the walk without the counter bug tests a subset of the
            // triangles the buggy walk tests, and each triangle gives the same answer.
            if (grid.result.stats.extra_entries > 0) ++t.read_past_lists;
            Query exact = q;
            exact.settings.quirks = q.settings.quirks.without(Quirk::mesh_cell_counter);
            const Ran plain = run(level, exact, Walk::grid);
            const auto buggy_keys = keys(grid), plain_keys = keys(plain), brute_keys = keys(brute);
            CHECK(includes(buggy_keys, plain_keys));
            if (buggy_keys != plain_keys) {
                ++t.counter_bug_differs;
                CHECK(grid.result.stats.extra_entries > 0);
            }
            CHECK(includes(brute_keys, buggy_keys));
            // What only the brute force finds lies on triangles away from the
            // swept shape; a box's arithmetic is linear, so for a box sweep only
            // the zero-speed reset reaches those: its false contacts on far
            // triangles. No other branch runs on a correct build.
            t.outside_cells += count_outside_cells(level, q, brute, plain_keys, per_plane);
            if (q.kind != QueryKind::box_sweep) continue;
            std::optional<std::multiset<ContactKey>> without_reset;
            for (const MeshContact& c : brute.contacts) {
                if (plain_keys.count(key(c, per_plane))) continue;
                if (!without_reset) {
                    Query no_reset = q;
                    no_reset.settings.quirks = q.settings.quirks.without(Quirk::interval_zero_speed_reset);
                    without_reset = keys(run(level, no_reset, Walk::brute_force));
                }
                CHECK(without_reset->count(key(c, per_plane)) == 0);
            }
        }
    }
    MESSAGE(query_kind_name(kind) << ": " << t.queries << " queries in both modes, " << t.with_contacts
                                  << " with contacts, " << t.overflowed
                                  << " overflowed, faithful walks reading past a list " << t.read_past_lists
                                  << ", contacts changed by the counter bug " << t.counter_bug_differs
                                  << ", brute-force-only contacts outside the cells " << t.outside_cells);
    CHECK(t.with_contacts > t.queries / 20);
    // Only the box and capsule sweeps have the counter bug (docs/design.md item 4).
    const bool has_bug = kind == QueryKind::box_sweep || kind == QueryKind::capsule_sweep;
    CHECK((t.read_past_lists > 0) == has_bug);
}

const Level& street() {
    static const Level level = generate_street_level({.seed = 11, .triangles = 1000, .cell_size = {}}).level;
    return level;
}

const Level& soup() {
    static const Level level = [] {
        std::mt19937 rng(12);
        return build_level(random_level_arrays(rng, 300, 600, -6.0f, 6.0f));
    }();
    return level;
}

}  // namespace

TEST_SUITE("queries differential") {
    TEST_CASE("grid walk vs brute force: sphere sweeps") {
        differential(street(), QueryKind::sphere_sweep, 501, scaled(100000));
        differential(soup(), QueryKind::sphere_sweep, 502, scaled(20000));
    }
    TEST_CASE("grid walk vs brute force: capsule sweeps") {
        differential(street(), QueryKind::capsule_sweep, 503, scaled(100000));
        differential(soup(), QueryKind::capsule_sweep, 504, scaled(20000));
    }
    TEST_CASE("grid walk vs brute force: box sweeps") {
        differential(street(), QueryKind::box_sweep, 505, scaled(100000));
        differential(soup(), QueryKind::box_sweep, 506, scaled(20000));
    }
    TEST_CASE("grid walk vs brute force: sphere overlaps") {
        differential(street(), QueryKind::sphere_overlap, 507, scaled(100000));
        differential(soup(), QueryKind::sphere_overlap, 508, scaled(20000));
    }
    TEST_CASE("grid walk vs brute force: rays") {
        differential(street(), QueryKind::ray, 509, scaled(100000));
        differential(soup(), QueryKind::ray, 510, scaled(20000));
    }
}

TEST_SUITE("queries differential") {
    TEST_CASE("rays walk only the cells their segment crosses, and still find every contact") {
        // Rays snapped to the grid's lines and planes (where rounding decides the
        // cell), axis-aligned and diagonal, long and short, against the brute
        // force. A ray in a cell's face meets its box's cells on one side only,
        // as the box walk does; the brute force may also find a graze on a
        // triangle just across the face (a ray 32 m long in the face z = 16/15 m
        // of this street, the top edge of a wall 4 mm below it, with other
        // seeds: count_outside_cells).
        const Level& level = street();
        const GridGeometry& g = level.grid().geometry();
        auto rng = seeded_rng(511);
        auto snapped = [&](int axis) {
            const auto n = g.dims[static_cast<std::size_t>(axis)];
            const float k = static_cast<float>(rng() % (n + 1));
            return component(g.origin, axis) + k * component(g.cell_size, axis) +
                   (rng() % 3 == 0 ? uniform(rng, -0.5f, 0.5f) : 0.0f);
        };
        std::uint64_t ray_cells = 0, box_cells = 0;
        int with_contacts = 0, grazes = 0;
        for (int i = 0; i < scaled(20000); ++i) {
            const Vec3 start{snapped(0), snapped(1), snapped(2)};
            Vec3 move{snapped(0) - start.x, snapped(1) - start.y, snapped(2) - start.z};
            if (rng() % 2 == 0) {  // axis-aligned or in an axis plane
                if (rng() % 2) move.x = 0;
                if (rng() % 2) move.y = 0;
                if (rng() % 2) move.z = 0;
            }
            Query q = Query::ray(start, move);
            q.settings.quirks = i % 2 ? Quirks::faithful() : Quirks::corrected();
            const Ran walk = run(level, q, Walk::grid), brute = run(level, q, Walk::brute_force);
            const auto walk_keys = keys(walk, false);
            CHECK(includes(keys(brute, false), walk_keys));
            grazes += count_outside_cells(level, q, brute, walk_keys, false);
            with_contacts += !brute.contacts.empty();
            ray_cells += walk.result.stats.cells;
            const Bounds b = query_bounds(q);
            const CellRange r = level.grid().cell_range(b.min, b.max);
            if (!r.empty())
                box_cells += std::uint64_t{r.hi[0] - r.lo[0] + 1} * (r.hi[1] - r.lo[1] + 1) * (r.hi[2] - r.lo[2] + 1);
        }
        MESSAGE(
            "rays with contacts " << with_contacts << " (and " << grazes
                                  << " grazes the brute force finds on triangles outside their cells); cells walked "
                                  << ray_cells << " against " << box_cells << " in their boxes");
        CHECK(with_contacts > scaled(20000) / 10);
        CHECK(ray_cells * 4 < box_cells);
    }
}
