// levelsweep benchmarks: the same sphere sweeps and rays through Bullet.
//
//   peer/<level>/<kind>/<path>   kind: sphere_sweep or ray
//
// Bullet (Debian's float build) gets the level's enabled triangles (the only
// ones a default query can meet) in a btBvhTriangleMeshShape (quantised BVH,
// Bullet's default) in a btCollisionWorld. Each iteration runs the batch of
// bench_queries (the same seeded queries) through levelsweep's path and then
// through Bullet (convexSweepTest with a btSphereShape, closest hit; rayTest
// for rays), one thread each; the counters give both rates and the ratio
// (levelsweep / Bullet: above 1, levelsweep is faster).
//
// The answers are compared, not asserted: Bullet answers the closest hit and a
// levelsweep query every contact sorted by fraction, so levelsweep's first
// contact is compared with Bullet's hit. `both_hit` queries hit in both, and of
// those `agree` have fractions within 1e-3; `only_ours` and `only_bullet` hit in
// one alone. They are not meant to agree everywhere: the original skips a
// one-sided triangle whose plane the sphere starts behind, and one it moves
// away from, while Bullet's convex cast meets triangles from either side. For
// rays Bullet is asked to skip back faces (kF_FilterBackfaces), which is the
// original's side test (two-sided triangles aside).
#include <cmath>
#include <memory>
#include <vector>

#include "bench_levels.hpp"
#include "bench_main.hpp"
#include "paired_timing.hpp"
#include "peer_bullet.hpp"
#include "query_paths.hpp"
#include "query_sets.hpp"

namespace {

using namespace levelsweep;
using namespace levelsweep::bench;

const BulletLevel& bullet_level(BenchLevel which) {
    static std::unique_ptr<BulletLevel> levels[2];
    auto& slot = levels[which == BenchLevel::street_10k ? 0 : 1];
    if (!slot) slot = std::make_unique<BulletLevel>(bench_level(which));
    return *slot;
}

void bm_peer(benchmark::State& state, BenchLevel which, QueryKind kind, const QueryPath& path) {
    const Level& level = bench_level(which);
    const BulletLevel& bullet = bullet_level(which);
    const std::vector<Query> queries = random_queries(level, kind, queries_per_batch);
    std::vector<QuerySlot> ours(queries.size());
    std::vector<float> theirs(queries.size());
    run_paired(
        state, queries.size(), "levelsweep", [&] { path.run(level, queries, ours, 1); }, "bullet",
        [&] {
            for (std::size_t i = 0; i < queries.size(); ++i)
                theirs[i] = kind == QueryKind::ray ? bullet.ray(queries[i]) : bullet.sphere_sweep(queries[i]);
        });
    double both = 0, agree = 0, only_ours = 0, only_bullet = 0;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const bool bullet_hit = theirs[i] >= 0.0f;
        if (ours[i].hit && bullet_hit) {
            ++both;
            if (std::fabs(ours[i].closest - theirs[i]) <= 1e-3f) ++agree;
        } else if (ours[i].hit) {
            ++only_ours;
        } else if (bullet_hit) {
            ++only_bullet;
        }
    }
    state.counters["both_hit"] = both;
    state.counters["agree"] = agree;
    state.counters["only_ours"] = only_ours;
    state.counters["only_bullet"] = only_bullet;
    state.SetLabel(hash_label(summarise(ours).hash));
}

}  // namespace

int main(int argc, char** argv) {
    for (BenchLevel level : bench_levels)
        for (QueryKind kind : {QueryKind::sphere_sweep, QueryKind::ray})
            for (const QueryPath& path : query_paths()) {
                const std::string name = "peer/" + std::string(level_name(level)) + "/" +
                                         std::string(query_kind_name(kind)) + "/" + path.name;
                benchmark::RegisterBenchmark(name.c_str(), bm_peer, level, kind, path)
                    ->UseManualTime()
                    ->Unit(benchmark::kMillisecond);
            }
    return run_benchmarks(argc, argv);
}
