// The profiling hooks of QueryObserver (on_kernel_done, on_cell_done) and the
// QueryProfiler that `levelsweep profile` aggregates with.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "levelsweep/generate.hpp"
#include "levelsweep/profile.hpp"
#include "query_random.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

constexpr std::size_t no_cell = static_cast<std::size_t>(-1);

// Every hook call of one walk, and whether they came in the documented order:
// on_cell ... on_cell_done around each cell, on_kernel then on_kernel_done for
// the same triangle.
struct HookLog : QueryObserver {
    struct Done {
        std::uint32_t triangle;
        KernelBranch branch;
        bool contact;
        float value;
    };
    std::vector<std::uint32_t> started;
    std::vector<Done> done;
    std::vector<std::size_t> cells, cells_done;
    std::uint64_t cell_entries = 0;
    bool in_order = true;
    std::size_t cell = no_cell;
    bool in_kernel = false;

    void on_cell(std::size_t c) override {
        in_order = in_order && cell == no_cell;
        cell = c;
        cells.push_back(c);
    }
    void on_cell_done(std::size_t c, std::uint32_t entries) override {
        in_order = in_order && cell == c;
        cell = no_cell;
        cells_done.push_back(c);
        cell_entries += entries;
    }
    void on_kernel(std::uint32_t tri) override {
        in_order = in_order && !in_kernel;
        in_kernel = true;
        started.push_back(tri);
    }
    void on_kernel_done(std::uint32_t tri, KernelBranch branch, bool contact, float value) override {
        in_order = in_order && in_kernel && started.back() == tri;
        in_kernel = false;
        done.push_back({tri, branch, contact, value});
    }
    std::uint32_t contacts(KernelBranch b) const {
        return static_cast<std::uint32_t>(
            std::count_if(done.begin(), done.end(), [b](const Done& d) { return d.branch == b && d.contact; }));
    }
};

// The one kernel call of a query on a one-triangle level.
HookLog::Done only_call(const Level& level, const Query& q) {
    HookLog log;
    const auto r = run(level, q, Walk::grid, &log);
    REQUIRE(log.in_order);
    REQUIRE(log.done.size() == 1);
    CHECK(r.result.stats.kernel_calls == 1);
    CHECK(log.done[0].contact == (r.result.count == 1));
    return log.done[0];
}

// Unit 1's triangle T, n = (0, 0, 1).
Level level_T() { return make_level({{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}}); }

const KernelBranch contact_branches[hit_branch_count] = {KernelBranch::face, KernelBranch::edge, KernelBranch::corner,
                                                         KernelBranch::box_triangle, KernelBranch::penetration};

Level street() { return generate_street_level({5, 2000, std::nullopt}).level; }

}  // namespace

TEST_SUITE("profile observer") {
    TEST_CASE("on_kernel_done names the sphere kernel's branch: face, edge, corner, or rejected before the mask") {
        const Level level = level_T();
        // Straight down onto the face: contact at (2 - 0.5) / 3.
        const auto face = only_call(level, Query::sphere_sweep({1, 1, 2}, 0.5f, {0, 0, -3}));
        CHECK(face.branch == KernelBranch::face);
        CHECK(face.contact);
        // Beside edge 0 (y = 0) by 0.3: the plane point is outside that edge only.
        const auto edge = only_call(level, Query::sphere_sweep({2, -0.3f, 2}, 0.5f, {0, 0, -3}));
        CHECK(edge.branch == KernelBranch::edge);
        CHECK(edge.contact);
        // Past v0 on both of its edges: the vertex region step.
        const auto corner = only_call(level, Query::sphere_sweep({-0.3f, -0.3f, 2}, 0.5f, {0, 0, -3}));
        CHECK(corner.branch == KernelBranch::corner);
        CHECK(corner.contact);
        // The plane is 4.5 away and the move 1 long: tp > 1 returns before the inside mask.
        const auto short_move = only_call(level, Query::sphere_sweep({1, 1, 5}, 0.5f, {0, 0, -1}));
        CHECK(short_move.branch == KernelBranch::rejected);
        CHECK_FALSE(short_move.contact);
        // What each computed: (2 - 0.5) / 3 = 0.5 for the face; nothing past tp > 1.
        CHECK(face.value == doctest::Approx(0.5f));
        CHECK(std::isnan(short_move.value));
    }

    TEST_CASE("PhysicsMesh_SweepSphere 0x00348e78: a kernel hit the caller drops (row 12's 1.78) is no contact") {
        const Level level = level_T();
        Query q = Query::sphere_sweep({-0.9f, -0.9f, 0.6f}, 0.5f, {0.6f, 1.2f, -0.6f});
        // The plane point (-0.8, -0.7, 0) is past v0: the corner step, which faithfully records 1.78.
        const auto faithful = only_call(level, q);
        CHECK(faithful.branch == KernelBranch::corner);
        CHECK_FALSE(faithful.contact);
        q.settings.quirks = Quirks::corrected();  // the earliest root, 0.718294, is kept
        const auto corrected = only_call(level, q);
        CHECK(corrected.branch == KernelBranch::corner);
        CHECK(corrected.contact);
        // The value is the kernel's fraction, the dropped one too (the inspector shows it).
        CHECK(faithful.value == doctest::Approx(1.78f).epsilon(0.01));
        CHECK(corrected.value == doctest::Approx(0.718294f));
    }

    TEST_CASE("on_kernel_done: box_triangle for the box sweep, penetration for the sphere overlap, hit or miss") {
        const Level level = level_T();
        const auto box_hit = only_call(level, Query::box_sweep(pairs::box({1, 1, 1}, {0.2f, 0.2f, 0.2f}), {0, 0, -2}));
        CHECK(box_hit.branch == KernelBranch::box_triangle);
        CHECK(box_hit.contact);
        // Above (3, 3), beyond the hypotenuse x + y = 4 by 1.41: the sweep down misses.
        const auto box_miss = only_call(level, Query::box_sweep(pairs::box({3, 3, 1}, {0.2f, 0.2f, 0.2f}), {0, 0, -2}));
        CHECK(box_miss.branch == KernelBranch::box_triangle);
        CHECK_FALSE(box_miss.contact);
        const auto inside = only_call(level, Query::sphere_overlap({1, 1, 0.3f}, 0.5f));
        CHECK(inside.branch == KernelBranch::penetration);
        CHECK(inside.contact);
        const auto apart = only_call(level, Query::sphere_overlap({3, 3, 0.3f}, 0.5f));
        CHECK(apart.branch == KernelBranch::penetration);
        CHECK_FALSE(apart.contact);
        CHECK(inside.value == doctest::Approx(0.2f));  // r - distance: 0.5 - 0.3
        CHECK(std::isnan(apart.value));
        CHECK(box_miss.value > 1.0f);  // the box kernel's "none" (1e28) skips the counter
        CHECK(box_hit.value >= 0.0f);
        CHECK(box_hit.value <= 1.0f);
    }

    TEST_CASE("on_kernel_done agrees with kernel_calls and hits_by_branch on random queries, both modes") {
        const Level level = street();
        auto rng = seeded_rng(20240611);
        std::uint64_t extra = 0, calls = 0;
        for (const Quirks quirks : {Quirks::faithful(), Quirks::corrected()})
            for (int i = 0; i < scaled(2000); ++i) {
                const Query q = random_query(rng, level, static_cast<QueryKind>(i % query_kind_count), quirks);
                HookLog log;
                const QueryStats s = run(level, q, Walk::grid, &log).result.stats;
                REQUIRE(log.in_order);
                CHECK(log.started.size() == s.kernel_calls);
                CHECK(log.done.size() == s.kernel_calls);
                for (int b = 0; b < hit_branch_count; ++b)
                    CHECK(log.contacts(contact_branches[b]) == s.hits_by_branch[b]);
                CHECK(log.contacts(KernelBranch::rejected) == 0u);
                // A call that gave a contact computed a fraction in [0, 1] (a depth for the overlap).
                for (const HookLog::Done& d : log.done)
                    if (d.contact && d.branch != KernelBranch::penetration) CHECK((d.value >= 0.0f && d.value <= 1.0f));
                CHECK(log.cells.size() == s.cells);
                CHECK(log.cells_done == log.cells);
                CHECK(log.cell_entries == s.entries);
                extra += s.extra_entries;
                calls += s.kernel_calls;
            }
        CHECK(calls > 1000);  // the queries reach the kernel often enough to mean something
        CHECK(extra > 0);     // and the counter bug's reads past a list's end are among the entries
    }

    TEST_CASE("the brute-force walk reports kernel calls and no cells") {
        const Level level = street();
        auto rng = seeded_rng(77);
        for (int i = 0; i < scaled(200); ++i) {
            const Query q = random_query(rng, level, static_cast<QueryKind>(i % query_kind_count), Quirks::faithful());
            HookLog log;
            const QueryStats s = run(level, q, Walk::brute_force, &log).result.stats;
            REQUIRE(log.in_order);
            CHECK(log.done.size() == s.kernel_calls);
            CHECK(log.cells.empty());
            CHECK(log.cells_done.empty());
        }
    }
}

TEST_SUITE("profile aggregation") {
    TEST_CASE("PhysicsMesh_SweepBox 0x0034888c: the counter bug's reads count in the column being walked") {
        // Two cells along x; the word array is [1, 0, 1, 1] (tests/queries_counter_bug.cpp).
        const Level level =
            make_level({{{0.1f, 0, 0}, {0.4f, 0, 0}, {0.1f, 0.3f, 0}}, {{1.2f, 0, 0}, {1.8f, 0, 0}, {1.2f, 0.6f, 0}}},
                       Vec3{1.0f, 10.0f, 10.0f});
        REQUIRE(level.grid().nx() == 2);
        REQUIRE(level.grid().ny() == 1);
        Query q = Query::box_sweep(pairs::box({0.25f, 0.6f, 0.5f}, {0.1f, 0.1f, 0.1f}), {0, 0, -1});

        QueryProfiler faithful(level.grid());
        faithful.end_query(q.kind, run(level, q, Walk::grid, &faithful).result);
        // Cell 0's list (1 entry), then cell 1's count word and index: 3 entries, 2 kernel calls.
        CHECK(faithful.column_cost()[0] == 5u);
        CHECK(faithful.column_cost()[1] == 0u);
        CHECK(faithful.column_kernel_seconds()[1] == 0.0);
        CHECK(faithful.branch(KernelBranch::box_triangle).calls == 2u);

        q.settings.quirks = Quirks::faithful().without(Quirk::mesh_cell_counter);
        QueryProfiler corrected(level.grid());
        corrected.end_query(q.kind, run(level, q, Walk::grid, &corrected).result);
        CHECK(corrected.column_cost()[0] == 2u);  // 1 entry, 1 kernel call
        CHECK(corrected.column_cost()[1] == 0u);
    }

    TEST_CASE("a query's cost lands in the column of the cells it walks") {
        const Level level = street();
        const CellGrid& g = level.grid();
        const Vec3 at = g.origin() + Vec3{10.5f * g.cell_size().x, 7.5f * g.cell_size().y, 0.2f};
        const Query q = Query::sphere_overlap(at, 0.1f * g.cell_size().x);
        QueryProfiler p(g);
        const QueryResult r = run(level, q, Walk::grid, &p).result;
        p.end_query(q.kind, r);
        REQUIRE(r.stats.cells == 1);
        REQUIRE(r.stats.entries > 0);
        const std::size_t column = std::size_t{10} * g.ny() + 7;
        CHECK(p.column_cost()[column] == std::uint64_t{r.stats.entries} + r.stats.kernel_calls);
        CHECK(std::accumulate(p.column_cost().begin(), p.column_cost().end(), std::uint64_t{0}) ==
              p.column_cost()[column]);
    }

    TEST_CASE("the profiler's sums equal the queries' stats: columns, histograms, branches and statuses") {
        const Level level = street();
        auto rng = seeded_rng(4242);
        QueryProfiler p(level.grid());
        QueryScratch scratch(level);
        std::vector<MeshContact> out(mesh_contact_capacity);
        std::uint64_t work = 0, calls = 0, hits = 0, refused = 0;
        std::array<std::uint64_t, query_kind_count> per_kind{};
        for (int i = 0; i < scaled(3000); ++i) {
            const auto kind = static_cast<QueryKind>(rng() % query_kind_count);
            Query q = random_query(rng, level, kind, i % 2 ? Quirks::faithful() : Quirks::corrected());
            if (i % 97 == 0 && kind != QueryKind::ray && kind != QueryKind::box_sweep) {
                q.radius = -1.0f;  // refused: no work, still one query of its kind
                ++refused;
            }
            const QueryResult r = run_query(level, q, out, scratch, Walk::grid, &p);
            p.end_query(kind, r);
            p.add_query_time(kind, 1e-6);
            work += std::uint64_t{r.stats.entries} + r.stats.kernel_calls;
            calls += r.stats.kernel_calls;
            for (auto h : r.stats.hits_by_branch) hits += h;
            ++per_kind[static_cast<std::size_t>(kind)];
        }
        CHECK(std::accumulate(p.column_cost().begin(), p.column_cost().end(), std::uint64_t{0}) == work);
        for (int k = 0; k < query_kind_count; ++k) {
            const KindProfile& kp = p.kind(static_cast<QueryKind>(k));
            CHECK(kp.queries == per_kind[static_cast<std::size_t>(k)]);
            CHECK(kp.seconds.size() == kp.queries);
            std::uint64_t n = 0, sum_calls = 0, n_entries = 0, sum_entries = 0;
            for (const auto& [v, c] : kp.kernel_calls_per_query) {
                n += c;
                sum_calls += v * c;
            }
            for (const auto& [v, c] : kp.entries_per_query) {
                n_entries += c;
                sum_entries += v * c;
            }
            CHECK(n == kp.queries);
            CHECK(n_entries == kp.queries);
            CHECK(sum_calls == kp.kernel_calls);
            CHECK(sum_entries == kp.entries);
        }
        std::uint64_t branch_calls = 0, branch_contacts = 0;
        for (int b = 0; b < kernel_branch_count; ++b) {
            branch_calls += p.branch(static_cast<KernelBranch>(b)).calls;
            branch_contacts += p.branch(static_cast<KernelBranch>(b)).contacts;
            CHECK(p.branch(static_cast<KernelBranch>(b)).seconds >= 0.0);
        }
        CHECK(branch_calls == calls);
        CHECK(branch_contacts == hits);
        CHECK(refused > 0);
        CHECK(p.statuses()[static_cast<std::size_t>(QueryStatus::negative_radius)] == refused);
        CHECK(p.statuses()[static_cast<std::size_t>(QueryStatus::ok)] + refused ==
              static_cast<std::uint64_t>(scaled(3000)));
    }

    TEST_CASE("summarize_times: count, total, mean and nearest-rank p50 and p99") {
        std::vector<double> t(100);
        std::iota(t.begin(), t.end(), 1.0);
        std::shuffle(t.begin(), t.end(), std::mt19937(3));
        const TimeSummary s = summarize_times(t);
        CHECK(s.count == 100u);
        CHECK(s.total == 5050.0);
        CHECK(s.mean == 50.5);
        CHECK(s.p50 == 50.0);
        CHECK(s.p99 == 99.0);
        const std::vector<double> one{7.0};
        CHECK(summarize_times(one).p50 == 7.0);
        CHECK(summarize_times(one).p99 == 7.0);
        CHECK(summarize_times({}).count == 0u);
        CHECK(summarize_times({}).p99 == 0.0);
    }
}
