// The wide kernels against the scalar kernels, lane by lane, on every ISA this
// build has and this CPU runs (docs/design.md, "The batch path": each lane must give
// the scalar kernel's float bits). Random cases, and cases aimed at the
// branches random data rarely reaches: edge and corner steps, the capsule's
// parallel branch, grazing moves (the discriminants' zero), zero and parallel
// moves, zero-length edges (left to the scalar kernel), the zero-speed reset,
// NaN and infinite inputs.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "levelsweep/lane_probe.hpp"
#include "levelsweep/box_sweep.hpp"
#include "levelsweep/triangle.hpp"
#include "test_seed.hpp"

using namespace levelsweep;
using namespace levelsweep::lanes;

namespace {

// Fewer cases where the tests run under an emulator or the sanitizers.
int cases(int full) {
#if defined(LEVELSWEEP_SANITIZED) || defined(LEVELSWEEP_EMULATED)
    return full / 10;
#else
    return full;
#endif
}

// Bit for bit; a NaN is any NaN (which NaN an operation gives back depends on
// its operands' order, and a NaN never reaches a contact: the queries refuse
// non-finite inputs with a status).
bool same(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) || (a != a && b != b);
}

class Draw {
public:
    explicit Draw(std::uint32_t seed) : rng_(test::test_seed(seed)) {}
    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
    Vec3 vec(float lo, float hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(rng_() % n); }
    bool one_in(std::uint32_t n) { return below(n) == 0; }
    // A float that is sometimes special: zero of either sign, tiny, huge, NaN, infinite.
    float odd(float usual) {
        switch (below(40)) {
            case 0: return 0.0f;
            case 1: return -0.0f;
            case 2: return std::numeric_limits<float>::quiet_NaN();
            case 3: return std::numeric_limits<float>::infinity();
            case 4: return 1e-30f;
            case 5: return 3e37f;
            default: return usual;
        }
    }

private:
    std::mt19937 rng_;
};

// The working triangle the mesh sweeps fill for corners a, b, c, flipped
// (CollTri_Flip as level_triangle does) half the time.
WorkingTriangle working(Draw& draw, Vec3 a, Vec3 b, Vec3 c) {
    WorkingTriangle t = prepare_triangle(a, b, c);
    if (draw.one_in(2)) {
        t.v[1] = with_w(c, 1.0f), t.v[2] = with_w(b, 1.0f);
        const Vec4 e0 = t.e[0], e1 = t.e[1], e2 = t.e[2];
        t.e[0] = with_w(-xyz(e2), 1.0f), t.e[1] = with_w(-xyz(e1), 1.0f), t.e[2] = with_w(-xyz(e0), 1.0f);
        t.n = with_w(-1.0f * xyz(t.n), 1.0f);
        t.d = -t.d;
    }
    return t;
}

SphereCase sphere_case(const WorkingTriangle& t, Vec3 c, float r, Vec3 M, Quirks q) {
    SphereCase s;
    for (int k = 0; k < 3; ++k) s.v[k] = xyz(t.v[k]), s.e[k] = xyz(t.e[k]);
    s.n = xyz(t.n), s.d = t.d, s.c = c, s.r = r, s.M = M, s.quirks = q.bits();
    return s;
}

WorkingTriangle working_of(const SphereCase& s) {
    WorkingTriangle t;
    for (int k = 0; k < 3; ++k) t.v[k] = with_w(s.v[k], 1.0f), t.e[k] = with_w(s.e[k], 1.0f);
    t.n = with_w(s.n, 1.0f);
    t.d = s.d;
    return t;
}

// Spheres around random triangles, moving towards a point near them (every
// branch), grazing an edge, along an edge, not at all, or with odd inputs.
// Blocks of 16 share a quirk set (the kernels take it once per call).
std::vector<SphereCase> sphere_cases(std::uint32_t seed, int n) {
    Draw draw(seed);
    std::vector<SphereCase> out;
    Quirks quirks = Quirks::faithful();
    for (int i = 0; i < n; ++i) {
        if (i % 16 == 0) quirks = draw.one_in(2) ? Quirks::faithful() : Quirks::corrected();
        Vec3 a = draw.vec(-2, 2), b = draw.vec(-2, 2), c = draw.vec(-2, 2);
        if (draw.one_in(20)) c = a + 0.5f * (b - a);  // collinear: n = 0
        const WorkingTriangle t = working(draw, a, b, c);
        float r = draw.one_in(8) ? 0.0f : draw.uniform(0.05f, 1.0f);
        Vec3 centre = draw.vec(-3, 3),
             target = (a + draw.uniform(-0.5f, 1.5f) * (b - a)) + draw.uniform(-0.5f, 1.0f) * (c - a);
        Vec3 M = target - centre;
        switch (draw.below(10)) {
            case 0: M = {}; break;                             // no move
            case 1: M = draw.uniform(-2, 2) * (b - a); break;  // along an edge: the parallel branch
            case 2: {                                          // grazing edge a..b at distance r
                const Vec3 E = b - a, u = normalize_rsqrt(cross(E, draw.vec(-1, 1)));
                const Vec3 side = normalize_rsqrt(cross(E, u));
                centre = (a + draw.uniform(-0.2f, 1.2f) * E) + r * u - draw.uniform(0.5f, 2.0f) * side;
                M = draw.uniform(1.0f, 3.0f) * side + draw.uniform(-1e-6f, 1e-6f) * u;
                break;
            }
            case 3: centre = xyz(t.v[draw.below(3)]) + draw.vec(-1, 1); break;  // past a corner
            case 4: r = draw.odd(r), centre.x = draw.odd(centre.x), M.z = draw.odd(M.z); break;
            default: break;
        }
        out.push_back(sphere_case(t, centre, r, M, quirks));
    }
    return out;
}

std::string where(const char* isa, std::size_t i, const SphereCase& s) {
    std::ostringstream o;
    o.precision(9);
    o << isa << " case " << i << ": c (" << s.c.x << ", " << s.c.y << ", " << s.c.z << ") r " << s.r << " M (" << s.M.x
      << ", " << s.M.y << ", " << s.M.z << ") v0 (" << s.v[0].x << ", " << s.v[0].y << ", " << s.v[0].z << ")";
    return o.str();
}

// Runs `check` for every probe this CPU runs; fails when there is none.
template <class Check>
void on_every_isa(Check check) {
    int ran = 0;
    for (std::size_t i = 0; i < probe_count(); ++i) {
        const LaneProbe& p = probe(i);
        if (!runnable(p)) continue;
        ++ran;
        CAPTURE(p.isa);
        check(p);
    }
    CHECK(ran > 0);
}

// At most a few failure messages per check, then a count.
struct Failures {
    int count = 0;
    void add(const std::string& what) {
        if (++count <= 5) FAIL_CHECK(what);
    }
};

}  // namespace

TEST_SUITE("simd lanes") {
    TEST_CASE("Sweep_SphereTriangle 0x0034ee60: every lane gives the scalar kernel's hit, fraction, mask and branch") {
        const std::vector<SphereCase> in = sphere_cases(701, cases(300000));
        on_every_isa([&](const LaneProbe& p) {
            std::vector<SphereOut> out(in.size());
            p.sphere_triangle(in.data(), in.size(), out.data());
            Failures fail;
            int branches[4] = {}, scalar = 0;
            for (std::size_t i = 0; i < in.size(); ++i) {
                const SphereTriangleSweep s = sweep_sphere_triangle(working_of(in[i]), in[i].c, in[i].r, in[i].M,
                                                                    Quirks::from_bits(in[i].quirks));
                const SphereOut& w = out[i];
                if (w.scalar) {  // left to the scalar kernel: the batch path runs exactly that
                    ++scalar;
                    continue;
                }
                ++branches[static_cast<int>(s.branch)];
                const bool agree = w.hit == s.hit && (!s.hit || same(w.fraction, s.fraction)) &&
                                   w.mask_written == s.mask.has_value() && (!s.mask || w.mask == *s.mask) &&
                                   w.branch == static_cast<int>(s.branch);
                if (!agree)
                    fail.add(where(p.isa, i, in[i]) + ": wide hit " + std::to_string(w.hit) + " fraction " +
                             std::to_string(w.fraction) + " mask " + std::to_string(w.mask) + " branch " +
                             std::to_string(w.branch) + ", scalar hit " + std::to_string(s.hit) + " fraction " +
                             std::to_string(s.fraction) + " branch " + std::to_string(static_cast<int>(s.branch)));
            }
            MESSAGE(std::string(p.isa) << ": none " << branches[0] << ", face " << branches[1] << ", edge "
                                       << branches[2] << ", corner " << branches[3] << ", scalar lanes " << scalar);
            CHECK(fail.count == 0);
            for (int b : branches) CHECK(b > static_cast<int>(in.size()) / 100);
        });
    }

    // SphereSweep_VertexRegion (0x0034e5d0) picks the corner's edge by
    // `speed != 0` and, when it is not, by the signs; a NaN in the move makes
    // speed NaN, and C++'s != is true for it (the scalar kernel sweeps edge
    // k + 2, here touching at 0). xsimd's != on AVX and AVX-512 is ordered,
    // false for NaN: the lanes took the other edge and missed (found by the
    // test above under other seeds). The case is such a move against a sphere
    // past corner 1; mesh queries refuse a NaN move, the lanes must still agree.
    TEST_CASE("SphereSweep_VertexRegion 0x0034e5d0 with a NaN in the move: every lane takes the scalar kernel's edge") {
        SphereCase in;
        in.c = {-0x1.b8736p-1f, -0x1.4e41a8p+0f, 0x1.6d18ep-2f};
        in.r = 0x1.cff662p-2f;
        in.M = {0x1.bcb68p-6f, -0x1.c8eef8p-2f, std::numeric_limits<float>::quiet_NaN()};
        in.v[0] = {-0x1.2a2ee8p+0f, -0x1.e0548ap+0f, 0x1.8c49p-6f};
        in.v[1] = {-0x1.a25888p-2f, -0x1.60fb6cp+0f, 0x1.cc46p-3f};
        in.v[2] = {0x1.81373p+0f, -0x1.436c8cp+0f, 0x1.104308p-1f};
        in.e[0] = {0x1.83318cp-1f, 0x1.fd6478p-2f, 0x1.9abcep-3f};
        in.e[1] = {0x1.e9cd52p+0f, 0x1.d8eep-4f, 0x1.3a631p-2f};
        in.e[2] = {-0x1.55b30cp+1f, -0x1.39cffcp-1f, -0x1.03e0cp-1f};
        in.n = {0x1.2b1dc2p-3f, 0x1.5dd614p-3f, -0x1.f2e6dep-1f};
        in.d = -0x1.074446p-1f;
        in.quirks = Quirks::faithful().bits();
        const SphereTriangleSweep s =
            sweep_sphere_triangle(working_of(in), in.c, in.r, in.M, Quirks::from_bits(in.quirks));
        REQUIRE(s.branch == SphereTriBranch::corner);
        REQUIRE(s.hit);
        CHECK(s.fraction == 0.0f);
        on_every_isa([&](const LaneProbe& p) {
            SphereOut w;
            p.sphere_triangle(&in, 1, &w);
            CHECK_FALSE(w.scalar);
            CHECK(w.hit == s.hit);
            CHECK(same(w.fraction, s.fraction));
            CHECK(w.branch == static_cast<int>(s.branch));
        });
    }

    TEST_CASE(
        "SphereSweep_Edge 0x0034e3b8 and Ray_InfiniteCylinder 0x0034d938: roots, their order and the hit, lane by "
        "lane") {
        std::vector<SphereCase> in = sphere_cases(702, cases(300000));
        for (std::size_t i = 0; i < in.size(); i += 37) in[i].e[0] = {};  // zero-length edges: the ball at A
        on_every_isa([&](const LaneProbe& p) {
            std::vector<RootsOut> roots(in.size());
            std::vector<SphereOut> edge(in.size());
            p.cylinder(in.data(), in.size(), roots.data());
            p.sphere_edge(in.data(), in.size(), edge.data());
            Failures fail;
            int two = 0, parallel = 0, scalar = 0, hits = 0;
            for (std::size_t i = 0; i < in.size(); ++i) {
                const SphereCase& c = in[i];
                const CapsuleRoots s = ray_infinite_cylinder(c.r, c.c, c.M, c.v[0], c.e[0]);
                if (roots[i].scalar) {
                    ++scalar;
                    CHECK(dot(c.e[0], c.e[0]) == 0.0f);  // only a zero-length edge is left to the scalar kernel
                    continue;
                }
                two += s.count == 2;
                const Vec3 M = c.M;
                const float m = std::sqrt(dot(M, M));
                parallel += m > 0.0f && std::fabs(dot(M, c.e[0])) >= 0.999f * m * std::sqrt(dot(c.e[0], c.e[0]));
                bool agree = static_cast<int>(roots[i].count) == s.count;
                if (agree && s.count > 0) agree = same(roots[i].r0, s.roots[0]);
                if (agree && s.count > 1) agree = same(roots[i].r1, s.roots[1]);
                if (!agree)
                    fail.add(where(p.isa, i, c) + ": wide roots " + std::to_string(roots[i].count) + " [" +
                             std::to_string(roots[i].r0) + ", " + std::to_string(roots[i].r1) + "], scalar " +
                             std::to_string(s.count) + " [" + std::to_string(s.roots[0]) + ", " +
                             std::to_string(s.roots[1]) + "]");
                const EdgeSweep e = sphere_sweep_edge(c.v[0], c.e[0], c.c, c.r, c.M, Quirks::from_bits(c.quirks));
                if (edge[i].scalar) continue;
                hits += e.hit;
                if (edge[i].hit != e.hit || (e.hit && !same(edge[i].fraction, *e.fraction)))
                    fail.add(where(p.isa, i, c) + ": edge sweep wide " + std::to_string(edge[i].hit) + " " +
                             std::to_string(edge[i].fraction) + ", scalar " + std::to_string(e.hit));
            }
            MESSAGE(std::string(p.isa) << ": two roots " << two << ", moves along the edge " << parallel
                                       << ", edge hits " << hits << ", zero-length edges left to the scalar kernel "
                                       << scalar);
            CHECK(fail.count == 0);
            CHECK(two > static_cast<int>(in.size()) / 100);
            CHECK(parallel > static_cast<int>(in.size()) / 1000);
            CHECK(scalar > 0);
        });
    }

    TEST_CASE(
        "Sweep_IntervalOverlap 0x0034a8d0: the window and the verdict, lane by lane, the zero-speed reset included") {
        Draw draw(704);
        std::vector<IntervalCase> in;
        int resets = 0;
        for (int i = 0; i < cases(300000); ++i) {
            IntervalCase c;
            c.reset = (i / 16) % 2 == 0;
            c.a_min = draw.uniform(-2, 2), c.a_max = c.a_min + (draw.one_in(4) ? 0.0f : draw.uniform(0, 2));
            c.b_min = draw.uniform(-3, 3), c.b_max = c.b_min + draw.uniform(0, 2);
            c.v = draw.one_in(4) ? (draw.one_in(2) ? 0.0f : -0.0f) : draw.odd(draw.uniform(-4, 4));
            c.first = draw.one_in(3) ? 0.0f : draw.uniform(-1, 1.2f);
            c.last = draw.one_in(3) ? box_triangle_open_window : draw.uniform(-0.5f, 2.0f);
            resets += c.reset && c.v == 0.0f && !(c.b_max < c.a_min) && !(c.a_max < c.b_min);
            in.push_back(c);
        }
        on_every_isa([&](const LaneProbe& p) {
            std::vector<IntervalOut> out(in.size());
            p.interval(in.data(), in.size(), out.data());
            Failures fail;
            for (std::size_t i = 0; i < in.size(); ++i) {
                const IntervalCase& c = in[i];
                float first = c.first, last = c.last;
                const Quirks q = c.reset ? Quirks::faithful() : Quirks::corrected();
                const bool separated =
                    sweep_interval_overlap(first, last, 1.0f, c.v, c.a_min, c.a_max, c.b_min, c.b_max, q);
                if (out[i].separated != separated || !same(out[i].first, first) || !same(out[i].last, last))
                    fail.add(std::string(p.isa) + " case " + std::to_string(i) + ": wide " +
                             std::to_string(out[i].separated) + " [" + std::to_string(out[i].first) + ", " +
                             std::to_string(out[i].last) + "], scalar " + std::to_string(separated) + " [" +
                             std::to_string(first) + ", " + std::to_string(last) + "]");
            }
            CHECK(fail.count == 0);
        });
        MESSAGE(resets << " of " << in.size() << " cases take the zero-speed reset");
        CHECK(resets > static_cast<int>(in.size()) / 100);
    }

    TEST_CASE(
        "Sweep_BoxTriangle 0x0034d5d0: every lane gives the scalar kernel's fraction, turned and axis-aligned boxes") {
        Draw draw(705);
        std::vector<BoxCase> in;
        const int n = cases(200000);
        Box box;
        Vec3 move;
        Quirks quirks;
        int axis_aligned = 0;
        for (int i = 0; i < n; ++i) {
            if (i % 16 == 0) {  // a new box, move and quirk set for the next 16 triangles
                box = Box{};
                for (float& h : box.half) h = draw.uniform(0.05f, 1.0f);
                box.centre = draw.vec(-2, 2);
                const bool aligned = draw.one_in(2);
                axis_aligned += aligned;
                if (!aligned) {  // rows of a random rotation
                    const Vec3 x = normalize_rsqrt(draw.vec(-1, 1));
                    const Vec3 y = normalize_rsqrt(cross(x, draw.vec(-1, 1)));
                    box.axis[0] = x, box.axis[1] = y, box.axis[2] = cross(x, y);
                }
                move = draw.vec(-3, 3);
                if (aligned && draw.one_in(2)) move.x = move.y = 0.0f;  // falling straight: zero-speed axes
                if (draw.one_in(10)) move = {};
                quirks = draw.one_in(2) ? Quirks::faithful() : Quirks::corrected();
            }
            BoxCase c;
            Vec3 a = draw.vec(-3, 3), b = a + draw.vec(-2, 2), d = a + draw.vec(-2, 2);
            if (draw.one_in(4)) b.z = d.z = a.z;  // flat: edges along the aligned box's axes
            const WorkingTriangle t = prepare_triangle(a, b, d);
            for (int k = 0; k < 3; ++k) c.v[k] = xyz(t.v[k]), c.e[k] = xyz(t.e[k]);
            c.box = box, c.move = move, c.quirks = quirks.bits();
            in.push_back(c);
        }
        on_every_isa([&](const LaneProbe& p) {
            std::vector<float> out(in.size());
            p.box_triangle(in.data(), in.size(), out.data());
            Failures fail;
            int contacts = 0;
            for (std::size_t i = 0; i < in.size(); ++i) {
                WorkingTriangle t;
                for (int k = 0; k < 3; ++k) t.v[k] = with_w(in[i].v[k], 1.0f), t.e[k] = with_w(in[i].e[k], 1.0f);
                const float s = sweep_box_triangle(in[i].box, t, in[i].move, Quirks::from_bits(in[i].quirks));
                contacts += s <= 1.0f;
                if (!same(out[i], s))
                    fail.add(std::string(p.isa) + " case " + std::to_string(i) + ": wide " + std::to_string(out[i]) +
                             ", scalar " + std::to_string(s));
            }
            MESSAGE(std::string(p.isa) << ": " << contacts << " contacts of " << in.size());
            CHECK(fail.count == 0);
            CHECK(contacts > static_cast<int>(in.size()) / 20);
        });
        CHECK(axis_aligned > 0);
    }

    TEST_CASE("PointTriangle_DistanceSq 0x0034e840: q, s and t in every region, lane by lane") {
        const std::vector<SphereCase> in = sphere_cases(706, cases(300000));
        on_every_isa([&](const LaneProbe& p) {
            std::vector<PointOut> out(in.size());
            p.point_triangle(in.data(), in.size(), out.data());
            Failures fail;
            for (std::size_t i = 0; i < in.size(); ++i) {
                const PointTriangleDistance s = point_triangle_distance_sq(in[i].c, in[i].v[0], in[i].v[1], in[i].v[2]);
                if (!same(out[i].q, s.distance_sq) || !same(out[i].s, s.s) || !same(out[i].t, s.t))
                    fail.add(where(p.isa, i, in[i]) + ": wide q " + std::to_string(out[i].q) + ", scalar " +
                             std::to_string(s.distance_sq));
            }
            CHECK(fail.count == 0);
        });
    }
}
