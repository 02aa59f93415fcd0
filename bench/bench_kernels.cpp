// levelsweep benchmarks: the spec's kernels on their own (the reference path).
//
//   kernels/<kernel>/<cases>/<path>
//
// Each iteration runs one set of 1,024 seeded random cases through the kernel;
// items per second is kernel calls per second, and `hit%` says how many of the
// cases meet (what a case set measures depends on it: misses are cheap;
// PointTriangle_DistanceSq gives `face%` instead, the cases closest to the
// triangle's interior).
// Sweep_SphereTriangle has four sets: the cases that hit on the face, on an
// edge and past a corner (sorted by the branch the kernel itself reports), and
// the random mix they were drawn from, misses included.
//
// The wide twins of the batch path (simd/) run the same case sets on every ISA
// this CPU has (`<path>` = the ISA), through the lane probes (simd/probe): the
// cases are packed into lanes a block at a time, a cost the batch path pays
// instead as gathers from its records. `ns/pair` is nanoseconds per (query,
// triangle) pair; Sweep_BoxTriangle's wide blocks share one box and move (the
// kernel takes them once per call), so its sets give 16 triangles each box.
#include <memory>
#include <string>
#include <vector>

#include "bench_main.hpp"
#include "bench_random.hpp"
#include "levelsweep/lane_probe.hpp"
#include "levelsweep/box_sweep.hpp"
#include "levelsweep/capsule_box_sweep.hpp"
#include "levelsweep/sphere_box_sweep.hpp"
#include "levelsweep/triangle.hpp"

namespace {

using namespace levelsweep;
using namespace levelsweep::bench;

constexpr std::size_t cases_per_set = 1024;
constexpr std::uint32_t kernel_seed = 1;

// Registers kernels/<kernel>/<set>/reference over `cases`; `counted` tells
// from a result whether the case counts towards the `counter` percentage
// (hit% unless named otherwise).
template <class Case, class Run, class Counted>
void add_kernel(const std::string& kernel, const std::string& set, std::vector<Case> cases, Run run, Counted counted,
                const std::string& counter = "hit%") {
    std::size_t n = 0;
    for (const Case& c : cases) n += counted(run(c)) ? 1 : 0;
    const double percent = 100.0 * static_cast<double>(n) / static_cast<double>(cases.size());
    auto shared = std::make_shared<const std::vector<Case>>(std::move(cases));
    const std::string name = "kernels/" + kernel + "/" + set + "/reference";
    benchmark::RegisterBenchmark(name.c_str(), [shared, run, percent, counter](benchmark::State& state) {
        for (auto _ : state)
            for (const Case& c : *shared) {
                auto result = run(c);
                benchmark::DoNotOptimize(result);
            }
        state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(shared->size()));
        state.counters[counter] = percent;
    })->Unit(benchmark::kMicrosecond);
}

// Registers kernels/<kernel>/<set>/<isa> for every lane probe this CPU runs:
// `probe` runs the whole case array through one ISA's wide kernel.
template <class Lanes, class Probe>
void add_wide(const std::string& kernel, const std::string& set, std::vector<Lanes> cases, Probe probe) {
    auto shared = std::make_shared<const std::vector<Lanes>>(std::move(cases));
    for (std::size_t i = 0; i < lanes::probe_count(); ++i) {
        const lanes::LaneProbe& p = lanes::probe(i);
        if (!lanes::runnable(p)) continue;
        const std::string name = "kernels/" + kernel + "/" + set + "/" + p.isa;
        benchmark::RegisterBenchmark(name.c_str(), [shared, probe, &p](benchmark::State& state) {
            for (auto _ : state) probe(p, *shared);
            const auto pairs = static_cast<double>(shared->size());
            state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(shared->size()));
            state.counters["ns/pair"] = benchmark::Counter(
                pairs / 1e9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
            state.counters["lanes"] = static_cast<double>(p.width);
        })->Unit(benchmark::kMicrosecond);
    }
}

// A working triangle and a sphere as the lane probes take them.
lanes::SphereCase sphere_lanes(const WorkingTriangle& t, const Vec3& c, float r, const Vec3& M) {
    lanes::SphereCase s;
    for (int k = 0; k < 3; ++k) s.v[k] = xyz(t.v[k]), s.e[k] = xyz(t.e[k]);
    s.n = xyz(t.n), s.d = t.d, s.c = c, s.r = r, s.M = M, s.quirks = Quirks::faithful().bits();
    return s;
}

// A triangle of random corners in [-1, 1)^3, not a sliver (its area at least 0.05).
struct Corners {
    Vec3 v0, v1, v2;
};
Corners random_corners(BenchRng& rng) {
    for (;;) {
        const Corners c{rng.uniform_vec(-1, 1), rng.uniform_vec(-1, 1), rng.uniform_vec(-1, 1)};
        if (length_sq(cross(c.v1 - c.v0, c.v2 - c.v0)) >= 0.01f) return c;
    }
}
// A point of the triangle (uniform barycentric weights), moved up to `off` on each axis.
Vec3 near_triangle(BenchRng& rng, const Corners& c, float off) {
    float a = rng.unit(), b = rng.unit();
    if (a + b > 1.0f) a = 1.0f - a, b = 1.0f - b;
    return c.v0 + a * (c.v1 - c.v0) + b * (c.v2 - c.v0) + rng.uniform_vec(-off, off);
}
// A move from `from` towards `target`, falling short or going past it.
Vec3 towards(BenchRng& rng, const Vec3& from, const Vec3& target) { return rng.uniform(0.3f, 1.5f) * (target - from); }

// --- Unit 1 -------------------------------------------------------------------

struct SphereTriCase {
    WorkingTriangle t;
    Vec3 c, M;
    float r = 0.0f;
};
SphereTriangleSweep run_sphere_tri(const SphereTriCase& k) { return sweep_sphere_triangle(k.t, k.c, k.r, k.M); }

// A sphere up to 2.5 m from a random triangle, moving towards a point near it.
SphereTriCase random_sphere_tri(BenchRng& rng) {
    const Corners tri = random_corners(rng);
    SphereTriCase k;
    k.t = prepare_triangle(tri.v0, tri.v1, tri.v2);
    const Vec3 target = near_triangle(rng, tri, 0.5f);
    k.c = target + rng.move(2.5f);
    k.r = rng.uniform(0.05f, 0.5f);
    k.M = towards(rng, k.c, target);
    return k;
}

void add_sphere_triangle() {
    BenchRng rng(kernel_seed);
    std::vector<SphereTriCase> face, edge, corner, mix;
    for (int draws = 0; draws < 1'000'000; ++draws) {
        const SphereTriCase k = random_sphere_tri(rng);
        const SphereTriangleSweep s = run_sphere_tri(k);
        if (mix.size() < cases_per_set) mix.push_back(k);
        auto& bucket = s.branch == SphereTriBranch::face ? face : s.branch == SphereTriBranch::edge ? edge : corner;
        if (s.hit && bucket.size() < cases_per_set) bucket.push_back(k);
        if (face.size() == cases_per_set && edge.size() == cases_per_set && corner.size() == cases_per_set) break;
    }
    auto hit = [](const SphereTriangleSweep& s) { return s.hit; };
    auto wide = [](const std::vector<SphereTriCase>& set) {
        std::vector<lanes::SphereCase> out;
        for (const SphereTriCase& k : set) out.push_back(sphere_lanes(k.t, k.c, k.r, k.M));
        return out;
    };
    auto run_wide = [](const lanes::LaneProbe& p, const std::vector<lanes::SphereCase>& cases) {
        std::vector<lanes::SphereOut> out(cases.size());
        p.sphere_triangle(cases.data(), cases.size(), out.data());
        benchmark::DoNotOptimize(out.data());
    };
    for (auto [set, cases] :
         {std::pair{"face", &face}, std::pair{"edge", &edge}, std::pair{"corner", &corner}, std::pair{"mix", &mix}}) {
        add_wide("Sweep_SphereTriangle", set, wide(*cases), run_wide);
        add_kernel("Sweep_SphereTriangle", set, std::move(*cases), run_sphere_tri, hit);
    }
}

struct PointTriCase {
    Corners t;
    Vec3 p;
    float r = 0.0f;
};

// Points up to 0.6 m from a triangle (the penetration test's ball of radius
// 0.05 to 0.5 m meets it about half of the time), and up to 2 m for the
// distance, which visits all of Eberly's regions.
void add_point_triangle() {
    BenchRng rng(kernel_seed);
    std::vector<PointTriCase> near, wide;
    for (std::size_t i = 0; i < cases_per_set; ++i) {
        PointTriCase k;
        k.t = random_corners(rng);
        k.p = near_triangle(rng, k.t, 0.6f);
        k.r = rng.uniform(0.05f, 0.5f);
        near.push_back(k);
        k.p = near_triangle(rng, k.t, 2.0f);
        wide.push_back(k);
    }
    add_kernel(
        "SphereTriangle_Penetration", "mix", std::move(near),
        [](const PointTriCase& k) { return sphere_triangle_penetration(k.p, k.r, k.t.v0, k.t.v1, k.t.v2); },
        [](const std::optional<float>& depth) { return depth.has_value(); });
    std::vector<lanes::SphereCase> points;
    for (const PointTriCase& k : wide) {
        lanes::SphereCase c;
        c.v[0] = k.t.v0, c.v[1] = k.t.v1, c.v[2] = k.t.v2, c.c = k.p;
        points.push_back(c);
    }
    add_wide("PointTriangle_DistanceSq", "mix", std::move(points),
             [](const lanes::LaneProbe& p, const std::vector<lanes::SphereCase>& cases) {
                 std::vector<lanes::PointOut> out(cases.size());
                 p.point_triangle(cases.data(), cases.size(), out.data());
                 benchmark::DoNotOptimize(out.data());
             });
    add_kernel(
        "PointTriangle_DistanceSq", "mix", std::move(wide),
        [](const PointTriCase& k) { return point_triangle_distance_sq(k.p, k.t.v0, k.t.v1, k.t.v2); },
        [](const PointTriangleDistance& d) { return d.s > 0.0f && d.t > 0.0f && d.s + d.t < 1.0f; }, "face%");
}

// --- Unit 13 ------------------------------------------------------------------

struct BoxTriCase {
    Box box;
    WorkingTriangle t;
    Vec3 move;
};

// A randomly turned box (half extents 0.05 to 0.5 m) up to 2.5 m from a random
// triangle, moving towards a point near it.
void add_box_triangle() {
    BenchRng rng(kernel_seed);
    std::vector<BoxTriCase> cases;
    for (std::size_t i = 0; i < cases_per_set; ++i) {
        const Corners tri = random_corners(rng);
        BoxTriCase k;
        k.t = prepare_triangle(tri.v0, tri.v1, tri.v2);
        const Vec3 target = near_triangle(rng, tri, 0.5f);
        k.box = rng.box(target + rng.move(2.5f), 0.05f, 0.5f);
        k.move = towards(rng, k.box.centre, target);
        cases.push_back(k);
    }
    add_kernel(
        "Sweep_BoxTriangle", "mix", cases, [](const BoxTriCase& k) { return sweep_box_triangle(k.box, k.t, k.move); },
        [](float fraction) { return fraction != box_triangle_no_contact; });
    // The same triangles, each block of 16 swept by its first case's box and move.
    std::vector<lanes::BoxCase> shared;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        cases[i].box = cases[i - i % 16].box, cases[i].move = cases[i - i % 16].move;
        lanes::BoxCase c;
        for (int k = 0; k < 3; ++k) c.v[k] = xyz(cases[i].t.v[k]), c.e[k] = xyz(cases[i].t.e[k]);
        c.box = cases[i].box, c.move = cases[i].move, c.quirks = Quirks::faithful().bits();
        shared.push_back(c);
    }
    add_wide("Sweep_BoxTriangle", "box_per_16", std::move(shared),
             [](const lanes::LaneProbe& p, const std::vector<lanes::BoxCase>& in) {
                 std::vector<float> out(in.size());
                 p.box_triangle(in.data(), in.size(), out.data());
                 benchmark::DoNotOptimize(out.data());
             });
    add_kernel(
        "Sweep_BoxTriangle", "box_per_16", std::move(cases),
        [](const BoxTriCase& k) { return sweep_box_triangle(k.box, k.t, k.move); },
        [](float fraction) { return fraction != box_triangle_no_contact; });
}

struct BoxBoxCase {
    Box a, b;
    Vec3 move_a, move_b;
};

// Two randomly turned boxes (half extents 0.2 to 1 m) up to 3 m apart; a moves
// towards b, b moves up to 1 m anywhere.
void add_box_box() {
    BenchRng rng(kernel_seed);
    std::vector<BoxBoxCase> cases;
    for (std::size_t i = 0; i < cases_per_set; ++i) {
        BoxBoxCase k;
        k.a = rng.box({0, 0, 0}, 0.2f, 1.0f);
        k.b = rng.box(rng.uniform_vec(-3.0f, 3.0f), 0.2f, 1.0f);
        k.move_a = towards(rng, k.a.centre, k.b.centre);
        k.move_b = rng.move(1.0f);
        cases.push_back(k);
    }
    add_kernel(
        "Sweep_BoxBox", "mix", std::move(cases),
        [](const BoxBoxCase& k) { return sweep_box_box(k.a, k.move_a, k.b, k.move_b); }, [](bool met) { return met; });
}

// --- Units 5 and 12 -----------------------------------------------------------

struct SphereBoxCase {
    Box box;
    Vec3 centre, move;
    float r = 0.0f;
};

// A randomly turned box (half extents 0.2 to 1.5 m) at the origin; a sphere
// (radius 0.05 to 0.5 m) up to 4 m away on each axis, moving towards a point
// up to 1.5 m from the box's centre.
void add_sphere_box() {
    BenchRng rng(kernel_seed);
    std::vector<SphereBoxCase> cases;
    for (std::size_t i = 0; i < cases_per_set; ++i) {
        SphereBoxCase k;
        k.box = rng.box({0, 0, 0}, 0.2f, 1.5f);
        k.centre = rng.uniform_vec(-4.0f, 4.0f);
        k.r = rng.uniform(0.05f, 0.5f);
        k.move = towards(rng, k.centre, rng.uniform_vec(-1.5f, 1.5f));
        cases.push_back(k);
    }
    add_kernel(
        "Sweep_SphereOrientedBox", "mix", std::move(cases),
        [](const SphereBoxCase& k) { return sweep_sphere_oriented_box(k.r, 1.0f, k.box, {}, k.centre, k.move); },
        [](const SphereBoxSweep& s) { return s.hit; });
}

struct CapsuleBoxCase {
    Shape capsule, box;
    Vec4 move;
};

// An upright box turned about z (footprint half extents 0.2 to 2.5 m) at the
// origin; a human capsule (radius 0.2 to 0.6 m, 1.8 m tall) up to 4 m away on
// x and y, walking towards a point up to 2 m from the box's centre.
void add_capsule_box() {
    BenchRng rng(kernel_seed);
    std::vector<CapsuleBoxCase> cases;
    for (std::size_t i = 0; i < cases_per_set; ++i) {
        float cx, sy, n2;
        do cx = rng.uniform(-1, 1), sy = rng.uniform(-1, 1), n2 = cx * cx + sy * sy;
        while (n2 > 1.0f || n2 < 1e-4f);
        const float s = 1.0f / std::sqrt(n2);
        Box b;
        b.axis[0] = {s * cx, s * sy, 0.0f};
        b.axis[1] = {-(s * sy), s * cx, 0.0f};
        b.half[0] = rng.uniform(0.2f, 2.5f);
        b.half[1] = rng.uniform(0.2f, 2.5f);
        b.half[2] = rng.uniform(0.2f, 1.0f);
        Capsule c;
        c.radius = rng.uniform(0.2f, 0.6f);
        c.height = 1.8f;
        c.base = {rng.uniform(-4.0f, 4.0f), rng.uniform(-4.0f, 4.0f), 0.0f};
        const Vec3 target{rng.uniform(-2.0f, 2.0f), rng.uniform(-2.0f, 2.0f), 0.0f};
        cases.push_back({Shape::of(c), Shape::of(b), with_w(towards(rng, c.base, target), 1.0f)});
    }
    add_kernel(
        "PhysicsSweep_CapsuleBox", "mix", std::move(cases),
        [](const CapsuleBoxCase& k) {
            Contact contact;
            const bool hit = physics_sweep_capsule_box(contact, Body{}, k.capsule, Body{}, k.box, k.move);
            return hit ? contact.fraction : -1.0f;
        },
        [](float fraction) { return fraction >= 0.0f; });
}

}  // namespace

int main(int argc, char** argv) {
    add_sphere_triangle();
    add_box_triangle();
    add_point_triangle();
    add_sphere_box();
    add_capsule_box();
    add_box_box();
    return run_benchmarks(argc, argv);
}
