// Lane-by-lane access to the wide kernels of one ISA, for the lane tests and
// the kernel benchmarks.
//
// Each ISA's probe (lane_probe_<isa>.cpp, compiled with that ISA's flags, like
// simd/batch_<isa>.cpp) runs a wide kernel over arrays of cases, a block of
// lanes at a time, and writes each lane's outputs; the tests compare them with
// the scalar kernel's, bit for bit. Plain data only crosses between the probe
// and the tests (simd/README.md says why).
#pragma once

#include <cstddef>
#include <cstdint>

#include "levelsweep/shapes.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::lanes {

// A working triangle and a moving sphere (Sweep_SphereTriangle, SphereSweep_Edge,
// Ray_InfiniteCylinder: v[0] and e[0] are A and E for the edge functions).
struct SphereCase {
    Vec3 v[3], e[3], n;
    float d = 0.0f;
    Vec3 c, M;
    float r = 0.0f;
    std::uint32_t quirks = 0;
};

struct SphereOut {
    bool hit = false, mask_written = false, scalar = false;
    float fraction = 0.0f;
    std::int32_t mask = 0, branch = 0;
};

struct RootsOut {
    float count = 0.0f, r0 = 0.0f, r1 = 0.0f;
    bool scalar = false;
};

// Sweep_IntervalOverlap's inputs and the window after it.
struct IntervalCase {
    float first = 0.0f, last = 0.0f, v = 0.0f, a_min = 0.0f, a_max = 0.0f, b_min = 0.0f, b_max = 0.0f;
    bool reset = true;
};

struct IntervalOut {
    float first = 0.0f, last = 0.0f;
    bool separated = false;
};

// A box moving against a triangle (Sweep_BoxTriangle), or a point and a
// triangle (PointTriangle_DistanceSq: c and v).
struct BoxCase {
    Vec3 v[3], e[3];
    Box box;
    Vec3 move;
    std::uint32_t quirks = 0;
};

struct PointOut {
    float q = 0.0f, s = 0.0f, t = 0.0f;
};

struct LaneProbe {
    const char* isa;
    std::size_t width;
    void (*sphere_triangle)(const SphereCase* cases, std::size_t n, SphereOut* out);
    void (*sphere_edge)(const SphereCase* cases, std::size_t n, SphereOut* out);
    void (*cylinder)(const SphereCase* cases, std::size_t n, RootsOut* out);
    void (*interval)(const IntervalCase* cases, std::size_t n, IntervalOut* out);
    void (*box_triangle)(const BoxCase* cases, std::size_t n, float* fraction);
    void (*point_triangle)(const SphereCase* cases, std::size_t n, PointOut* out);
};

// The probes of every ISA this build has lane code for (whether or not this
// CPU can run them: see runnable()).
std::size_t probe_count();
const LaneProbe& probe(std::size_t i);
// Whether this CPU runs probe i's instructions.
bool runnable(const LaneProbe& p);

}  // namespace levelsweep::lanes
