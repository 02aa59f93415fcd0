// Comparing two results of a query and explaining a difference by reruns with
// quirk switches toggled (levelsweep/result_diff.hpp, docs/diff.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "levelsweep/level_file.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/result_diff.hpp"
#include "query_random.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

constexpr std::uint32_t bit(DiffAspect a) { return 1u << static_cast<unsigned>(a); }
constexpr std::uint32_t bit(Quirk q) { return 1u << static_cast<unsigned>(q); }

ResultRecord two_contacts() {
    ResultRecord r;
    r.index = 12;
    r.kind = QueryKind::capsule_sweep;
    r.result.found = 2;
    r.result.count = 2;
    for (int i = 0; i < 2; ++i) {
        MeshContact c;
        c.fraction = 0.25f + 0.5f * static_cast<float>(i);
        c.depth = 0.0f;
        c.normal = {0.0f, -0.6f, 0.8f};
        c.point = {1.5f, 2.25f, -0.75f};
        c.direction = {0.0f, 1.0f, 0.0f};
        c.triangle = 40 + static_cast<std::uint32_t>(i);
        c.flags = 0x10;
        c.triangle_flags = 0x3;
        c.material = 7;
        c.inside_mask = 5;
        r.contacts.push_back(c);
    }
    return r;
}

// The two-cell level of the counter-bug suite: T = (0,0,0), (4,0,0), (0,4,0)
// alone in cell 0, a far triangle in cell 1.
Level two_cell_level(float shift = 0.0f) {
    return make_level({{{0, 0, shift}, {4, 0, shift}, {0, 4, shift}}, {{10, 0, 0}, {11, 0, 0}, {10, 1, 0}}},
                      Vec3{6.0f, 100.0f, 100.0f});
}

// Unit 1 row 11's sweep past T's corner: the capsule list's first root (0.476954)
// rather than the earliest (0.295703).
Query corner_sphere() { return Query::sphere_sweep({-0.4f, -0.6f, 0.6f}, 0.5f, {-0.2f, 1.8f, -1.4f}); }

// An axis-aligned box dropped flat onto T: the zero-speed axes reset the window to [0, 1].
Query flat_box() {
    Box b;
    b.half[0] = b.half[1] = b.half[2] = 0.5f;
    b.centre = {1, 1, 2};
    return Query::box_sweep(b, {0, 0, -3});
}

// The counter-bug suite's capsule (Unit 1 row 12's missed contact): its kernel
// returns 1.78, a fraction above 1, so the faithful walk reads cell 1's list.
Query counter_capsule() {
    Query q = Query::capsule_sweep({-0.9f, -0.9f, 0.6f - 0.52f}, {0.6f, 1.2f, -0.6f}, 0.5f);
    q.step_height = -0.1f;  // let T through the low-triangle rule
    return q;
}

struct Pair {
    ResultRecord a, b;
};

// Results as a replay makes them: the queries run on the batch runner with
// `quirks`, each answer copied from the runner's sink, not by rerun_query, the
// call explain_difference itself repeats (so that an explanation is a finding,
// not an identity). The reference path, whose work counters explain compares.
std::vector<ResultRecord> replayed(const Level& level, std::vector<Query> queries, Quirks quirks) {
    for (Query& q : queries) q.settings.quirks = quirks;
    std::vector<ResultRecord> out(queries.size());
    QueryRunner runner(level, 1, Path::reference);
    runner.run(queries, [&](std::size_t i, const QueryResult& r, std::span<const MeshContact> contacts) {
        out[i].index = i;
        out[i].kind = queries[i].kind;
        out[i].result = r;
        out[i].contacts.assign(contacts.begin(), contacts.end());
    });
    return out;
}

Pair faithful_and(const Level& level, const Query& q, Quirks b_quirks) {
    return {replayed(level, {q}, Quirks::faithful())[0], replayed(level, {q}, b_quirks)[0]};
}

}  // namespace

TEST_SUITE("diff compare") {
    TEST_CASE("each field of a result is its own aspect, and the description names it") {
        struct Change {
            DiffAspect aspect;
            std::function<void(ResultRecord&)> apply;
        };
        const Change changes[] = {
            {DiffAspect::index, [](ResultRecord& r) { r.index = 13; }},
            {DiffAspect::kind, [](ResultRecord& r) { r.kind = QueryKind::sphere_sweep; }},
            {DiffAspect::status, [](ResultRecord& r) { r.result.status = QueryStatus::bad_extent; }},
            {DiffAspect::status, [](ResultRecord& r) { r.malformed = true; }},
            {DiffAspect::found, [](ResultRecord& r) { r.result.found = 3; }},
            {DiffAspect::overflow, [](ResultRecord& r) { r.result.overflow = true; }},
            {DiffAspect::fraction, [](ResultRecord& r) { r.contacts[1].fraction = 0.75002f; }},
            {DiffAspect::depth, [](ResultRecord& r) { r.contacts[0].depth = 0.125f; }},
            {DiffAspect::normal, [](ResultRecord& r) { r.contacts[1].normal.z = std::nextafter(0.8f, 1.0f); }},
            {DiffAspect::point, [](ResultRecord& r) { r.contacts[0].point.y = 2.5f; }},
            {DiffAspect::direction, [](ResultRecord& r) { r.contacts[0].direction.x = -0.0f; }},
            {DiffAspect::triangle, [](ResultRecord& r) { r.contacts[1].triangle = 44; }},
            {DiffAspect::flags, [](ResultRecord& r) { r.contacts[0].flags = 0x20; }},
            {DiffAspect::triangle_flags, [](ResultRecord& r) { r.contacts[0].triangle_flags = 0xb; }},
            {DiffAspect::material, [](ResultRecord& r) { r.contacts[1].material = 8; }},
            {DiffAspect::inside_mask, [](ResultRecord& r) { r.contacts[1].inside_mask = -1; }},
        };
        const ResultRecord a = two_contacts();
        CHECK_FALSE(compare_results(a, a).any());
        for (const Change& c : changes) {
            CAPTURE(diff_aspect_name(c.aspect));
            ResultRecord b = a;
            c.apply(b);
            const ResultDiff d = compare_results(a, b);
            CHECK(d.aspects == bit(c.aspect));
            CHECK(describe_difference(a, b, d).find(diff_aspect_name(c.aspect)) != std::string::npos);
            CHECK(compare_results(b, a).aspects == d.aspects);  // symmetric
        }
    }

    TEST_CASE("fractions agree within the tolerance, every other float bit for bit") {
        const ResultRecord a = two_contacts();
        ResultRecord b = a;
        b.contacts[0].fraction = 0.2500009f;  // 0.9e-6 away
        CHECK_FALSE(compare_results(a, b).any());
        CHECK(compare_results(a, b, {0.0, false}).aspects == bit(DiffAspect::fraction));
        b.contacts[0].fraction = 0.2500021f;  // 2.1e-6 away
        CHECK(compare_results(a, b).aspects == bit(DiffAspect::fraction));
        CHECK_FALSE(compare_results(a, b, {1e-5, false}).any());

        ResultRecord z = a, nz = a;  // +0 and -0
        z.contacts[0].fraction = 0.0f;
        nz.contacts[0].fraction = -0.0f;
        CHECK_FALSE(compare_results(z, nz, {0.0, false}).any());  // a fraction is a number
        nz.contacts[0].normal.x = -0.0f;
        CHECK(compare_results(z, nz).aspects == bit(DiffAspect::normal));  // a normal is a bit pattern

        const float nan = std::numeric_limits<float>::quiet_NaN();
        ResultRecord p = a, q = a;
        p.contacts[1].depth = q.contacts[1].depth = nan;
        p.contacts[1].fraction = q.contacts[1].fraction = nan;
        CHECK_FALSE(compare_results(p, q).any());  // the same NaN
        q.contacts[1].depth = std::bit_cast<float>(std::bit_cast<std::uint32_t>(nan) | 1u);
        CHECK(compare_results(p, q).aspects == bit(DiffAspect::depth));
        q.contacts[1].fraction = 0.75f;
        CHECK(compare_results(p, q).has(DiffAspect::fraction));  // NaN against a number
    }

    TEST_CASE("a longer contact list is a count difference, the common contacts are still compared") {
        ResultRecord a = two_contacts(), b = two_contacts();
        a.contacts.push_back(a.contacts[1]);
        a.result.count = 3;
        b.contacts[1].point.x = 1.75f;
        const ResultDiff d = compare_results(a, b);
        CHECK(d.aspects == (bit(DiffAspect::count) | bit(DiffAspect::point)));
        CHECK(d.first_contact == 1);
        CHECK(d.first_contact_aspects == bit(DiffAspect::point));
        const std::string text = describe_difference(a, b, d);
        CHECK(text.find("count 3 vs 2") != std::string::npos);
        CHECK(text.find("contact 1: point (1.5, 2.25, -0.75) vs (1.75, 2.25, -0.75)") != std::string::npos);
    }

    TEST_CASE("the work counters differ only when asked for") {
        const ResultRecord a = two_contacts();
        ResultRecord b = a;
        b.result.stats.extra_entries = 2;
        CHECK_FALSE(compare_results(a, b).any());
        CHECK(compare_results(a, b, {1e-6, true}).aspects == bit(DiffAspect::stats));
        b = a;
        b.result.stats.hits_by_branch[static_cast<int>(HitBranch::edge)] = 1;
        CHECK(compare_results(a, b, {1e-6, true}).aspects == bit(DiffAspect::stats));
    }

    TEST_CASE("Sweep_IntervalOverlap 0x0034aa1c: the flat box drop is explained by interval_zero_speed_reset alone") {
        const Level level = two_cell_level();
        QueryScratch scratch(level);
        const Pair p = faithful_and(level, flat_box(), Quirks::corrected());
        REQUIRE(p.a.contacts.size() == 1);
        REQUIRE(p.b.contacts.size() == 1);
        CHECK(p.a.contacts[0].fraction == 0.0f);    // the window reset to [0, 1]
        CHECK_NEAR(p.b.contacts[0].fraction, 0.5);  // the box's bottom (z 1.5) meets T after 1.5 of 3
        const ResultDiff d = compare_results(p.a, p.b);
        CHECK(d.has(DiffAspect::fraction));
        const Explanation e =
            explain_difference(level, flat_box(), p.a, p.b, Quirks::faithful(), Quirks::corrected(), scratch);
        CHECK(e.reproduces_a);
        CHECK(e.switches == bit(Quirk::interval_zero_speed_reset));
        CHECK(e.b_set_reproduces_b);
    }

    TEST_CASE("SphereSweep_Edge 0x0034e3b8: the sweep past T's corner is explained by sphere_edge_root_order alone") {
        const Level level = two_cell_level();
        QueryScratch scratch(level);
        const Pair p = faithful_and(level, corner_sphere(), Quirks::corrected());
        REQUIRE(p.a.contacts.size() == 1);
        REQUIRE(p.b.contacts.size() == 1);
        CHECK_NEAR(p.a.contacts[0].fraction, 0.476954);  // Unit 1 row 11, the late root
        CHECK_NEAR(p.b.contacts[0].fraction, 0.295703);
        const Explanation e =
            explain_difference(level, corner_sphere(), p.a, p.b, Quirks::faithful(), Quirks::corrected(), scratch);
        CHECK(e.reproduces_a);
        CHECK(e.switches == bit(Quirk::sphere_edge_root_order));
        CHECK(e.b_set_reproduces_b);
    }

    TEST_CASE(
        "walking capsule sweep 0x00347c08, the counter bug: no contact changes, the work counters, by "
        "mesh_cell_counter") {
        const Level level = two_cell_level();
        QueryScratch scratch(level);
        const Quirks b_quirks = Quirks::faithful().without(Quirk::mesh_cell_counter);
        const Pair p = faithful_and(level, counter_capsule(), b_quirks);
        CHECK(p.a.contacts.empty());
        CHECK(p.a.result.stats.extra_entries > 0);
        CHECK(p.b.result.stats.extra_entries == 0);
        CHECK_FALSE(compare_results(p.a, p.b).any());
        const DiffOptions stats{1e-6, true};
        CHECK(compare_results(p.a, p.b, stats).aspects == bit(DiffAspect::stats));
        const Explanation e =
            explain_difference(level, counter_capsule(), p.a, p.b, Quirks::faithful(), b_quirks, scratch, stats);
        CHECK(e.reproduces_a);
        CHECK(e.switches == bit(Quirk::mesh_cell_counter));
        CHECK(e.b_set_reproduces_b);
    }

    TEST_CASE("a rerun on another level does not reproduce A, and nothing is attributed") {
        const Level level = two_cell_level(), other = two_cell_level(0.25f);
        QueryScratch other_scratch(other);
        const Pair p = faithful_and(level, corner_sphere(), Quirks::corrected());
        const Explanation e = explain_difference(other, corner_sphere(), p.a, p.b, Quirks::faithful(),
                                                 Quirks::corrected(), other_scratch);
        CHECK_FALSE(e.reproduces_a);
        CHECK(e.switches == 0);
        CHECK_FALSE(e.b_set_reproduces_b);
    }

    TEST_CASE("random queries on the street level: sets one switch apart differ only by that switch") {
        const Level level = load_level(std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl");
        QueryScratch scratch(level);
        auto rng = seeded_rng(4417);
        // Every query drawn; a scaled run replays them a tenth at a time, on
        // past the first tenth while a switch has changed fewer than three
        // (sphere_edge_root_order changes about one query in 80: at 300, none
        // under seed 27 in the sanitized build).
        constexpr int full = 3000;
        std::vector<Query> queries;
        for (int i = 0; i < full; ++i) {
            Query q = random_query(rng, level, static_cast<QueryKind>(i % query_kind_count), Quirks::faithful());
            if (q.kind == QueryKind::box_sweep && i % 2 == 0) {  // axis-aligned and falling: the zero-speed axes
                q.axes[0] = {1, 0, 0};
                q.axes[1] = {0, 1, 0};
                q.axes[2] = {0, 0, 1};
                q.move = {0, 0, -uniform(rng, 0.5f, 3.0f)};
            }
            queries.push_back(q);
        }
        struct Case {
            Quirk quirk;
            bool stats;
        };
        for (const Case c : {Case{Quirk::interval_zero_speed_reset, false}, Case{Quirk::sphere_edge_root_order, false},
                             Case{Quirk::mesh_cell_counter, true}}) {
            CAPTURE(quirk_name(c.quirk));
            const Quirks b_quirks = Quirks::faithful().without(c.quirk);
            const DiffOptions options{1e-6, c.stats};
            int drawn = 0, differing = 0;
            while (keep_drawing(drawn, full, differing >= 3)) {
                const int n = std::min(scaled(full), full - drawn);
                const std::vector<Query> part(queries.begin() + drawn, queries.begin() + drawn + n);
                drawn += n;
                const std::vector<ResultRecord> a_all = replayed(level, part, Quirks::faithful());
                const std::vector<ResultRecord> b_all = replayed(level, part, b_quirks);
                for (std::size_t i = 0; i < part.size(); ++i) {
                    const ResultRecord &a = a_all[i], &b = b_all[i];
                    if (!compare_results(a, b, options).any()) continue;
                    ++differing;
                    const Explanation e =
                        explain_difference(level, part[i], a, b, Quirks::faithful(), b_quirks, scratch, options);
                    CHECK(e.reproduces_a);
                    CHECK((e.switches & bit(c.quirk)) != 0);
                    CHECK(e.b_set_reproduces_b);
                    // A B no quirk set gives (its first contact moved by a metre, or
                    // a contact made up where there was none) is explained by nothing.
                    ResultRecord forged = b;
                    if (forged.contacts.empty()) {
                        forged.contacts.push_back(MeshContact{});
                        forged.result.count = forged.result.found = 1;
                    }
                    forged.contacts[0].point.x += 1.0f;
                    const Explanation none =
                        explain_difference(level, part[i], a, forged, Quirks::faithful(), b_quirks, scratch, options);
                    CHECK(none.reproduces_a);
                    CHECK(none.switches == 0);
                    CHECK_FALSE(none.b_set_reproduces_b);
                }
            }
            MESSAGE(quirk_name(c.quirk) << " changes " << differing << " of " << drawn << " queries");
            CHECK(differing > 0);
        }
    }
}
