// levelsweep (private): the per-triangle visits of the mesh queries, shared by
// the reference walk (mesh_query.cpp) and the batch path's exact cell walk
// (which hands them the entries the counter bug reads past a list), and the
// order the contacts are returned in.
// Spec: Unit 1 "Issue #150" (the sphere sweep's filters), Unit 13
// "PhysicsMesh_SweepBox", docs/design.md items 4-8; docs/query.md and
// docs/decisions.md give the rest.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "collector.hpp"
#include "levelsweep/box_sweep.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/triangle_filters.hpp"
#include "mesh_walk.hpp"

namespace levelsweep::detail {

inline Vec3 min3(const Vec3& a, const Vec3& b) { return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)}; }
inline Vec3 max3(const Vec3& a, const Vec3& b) { return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)}; }

inline bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// The capsule's swept sphere: `sphere_height` above the feet (docs/design.md item 6).
inline Vec3 capsule_sphere_centre(const Query& q) { return q.start + Vec3{0.0f, 0.0f, q.sphere_height}; }

// The flag tests of a query's settings (triangle_filters.hpp): flag 0x8 is
// skipped for a body with 0x100 or, where the query honours it, option 0x8000.
inline bool skips_special(const QuerySettings& s, bool honour_option_8000) {
    return (s.body_flags & Body::skips_special) || (honour_option_8000 && (s.options & option::skip_special));
}

// The normal of a triangle's working triangle (level_triangle: CollTri_Flip
// negates it, -1 * n), without building the rest: a contact's normal.
inline Vec3 working_normal(const Level& level, std::uint32_t tri, bool flipped) {
    const Vec3 n = level.normal(tri);
    return flipped ? -1.0f * n : n;
}

// The sphere sweeps' side and direction tests at the centre c (triangle_filters.hpp).
inline std::optional<FaceTest> sphere_face_test(const Level& level, std::uint32_t tri, const Vec3& c, const Vec3& M,
                                                const QuerySettings& s) {
    return face_test(level.normal(tri), level.plane(tri), level.flags(tri), c, M,
                     (s.options & option::mark_faces) != 0);
}

inline HitBranch branch_of(SphereTriBranch b) {
    return b == SphereTriBranch::edge     ? HitBranch::edge
           : b == SphereTriBranch::corner ? HitBranch::corner
                                          : HitBranch::face;
}

inline KernelBranch kernel_branch_of(SphereTriBranch b) {
    switch (b) {
        case SphereTriBranch::none: return KernelBranch::rejected;
        case SphereTriBranch::face: return KernelBranch::face;
        case SphereTriBranch::edge: return KernelBranch::edge;
        case SphereTriBranch::corner: return KernelBranch::corner;
    }
    return KernelBranch::rejected;
}

// What every visit shares: the level, the query's scratch and settings, and
// the bookkeeping around a kernel call (stats, observer, the gather array).
struct VisitContext {
    const Level& level;
    VisitedBits& visited;
    Gather& gather;
    QueryStats& stats;
    QueryObserver* observer;
    const QuerySettings& s;

    // The sphere sweep's first filters, which the overlap shares: not visited yet
    // (the bit is set either way), flag 0x8 with body 0x100 or option 0x8000, the
    // enabled bit, and the n.z range of options 0x4 and 0x8.
    bool first_filters(std::uint32_t tri) const {
        return !visited.test_and_set(tri) && passes_flags(level.flags(tri), skips_special(s, true)) &&
               passes_nz_range(level.normal(tri).z, s.options, s.nz_min, s.nz_max);
    }
    void kernel_call(std::uint32_t tri) const {
        ++stats.kernel_calls;
        if (observer) observer->on_kernel(tri);
    }
    void kernel_done(std::uint32_t tri, KernelBranch branch, bool contact, float value) const {
        if (observer) observer->on_kernel_done(tri, branch, contact, value);
    }
    MeshContact contact(std::uint32_t tri) const {
        MeshContact c;
        c.triangle = tri;
        c.triangle_flags = level.flags(tri);
        c.material = level.material(tri);
        return c;
    }
    void keep(const MeshContact& c, HitBranch branch) const {
        ++stats.hits_by_branch[static_cast<int>(branch)];
        gather.add(c);
    }
};

// The sphere sweep (PhysicsMesh_SweepSphere, 0x00348a50), the walking capsule
// (0x00347c08) and the ray (radius 0) share this visit. The capsule drops low
// triangles before the kernel and, faithfully, does not advance the cell
// counter on a fraction above 1; the sphere sweep counts correctly.
struct SphereVisit {
    const VisitContext& x;
    Vec3 c, M, direction;
    float r;
    bool capsule;
    float step_top = 0.0f;  // capsule: feet z + step height

    Counter operator()(std::uint32_t tri) const {
        const auto face = filters(tri);
        return face ? kernel(tri, *face) : Counter::advanced;
    }

    // The filters before the kernel (the visited bit set either way): the
    // side the kernel sees the triangle from and the marks, or nothing.
    std::optional<FaceTest> filters(std::uint32_t tri) const {
        const Level& level = x.level;
        if (!x.first_filters(tri)) return std::nullopt;
        const auto face = sphere_face_test(level, tri, c, M, x.s);
        if (!face) return std::nullopt;
        if (capsule) {
            const float top =
                std::max(std::max(level.corner(tri, 0).z, level.corner(tri, 1).z), level.corner(tri, 2).z);
            if (below_step(top, step_top)) return std::nullopt;  // a step: never reaches the kernel
        }
        return face;
    }

    // Past the filters: the kernel and its contact.
    Counter kernel(std::uint32_t tri, const FaceTest& face) const {
        const Level& level = x.level;
        const QuerySettings& s = x.s;
        const WorkingTriangle t = level_triangle(level, tri, face.flipped);
        x.kernel_call(tri);
        const SphereTriangleSweep hit = sweep_sphere_triangle(t, c, r, M, s.quirks);
        // Both callers drop a fraction outside [0, 1] (0x00348e78, 0x0034814c).
        const bool in_range = hit.hit && hit.fraction >= 0.0f && hit.fraction <= 1.0f;
        x.kernel_done(tri, kernel_branch_of(hit.branch), in_range,
                      hit.hit ? hit.fraction : std::numeric_limits<float>::quiet_NaN());
        if (!hit.hit) return Counter::advanced;
        // The capsule's "above 1" exit skips the counter (docs/design.md item 4).
        if (!in_range) return capsule && hit.fraction > 1.0f ? Counter::not_advanced : Counter::advanced;
        MeshContact contact = x.contact(tri);
        contact.fraction = hit.fraction;
        contact.normal = xyz(t.n);
        contact.point = (c + hit.fraction * M) - r * contact.normal;
        contact.direction = direction;
        contact.flags = face.marks;
        if (capsule) contact.inside_mask = *hit.mask;
        x.keep(contact, branch_of(hit.branch));
        return Counter::advanced;
    }
};

// The box sweep's filters before its kernel: the flags (no counterpart of
// the sphere's option 0x8000, 0x003486e8-0x003486fc) and the side and
// direction tests, the side taken at the box centre (0x003487b8-0x003487ec),
// no marks. Whether a triangle of these flags, unit normal and plane reaches
// the kernel, and flipped or not.
inline std::optional<FaceTest> box_reaches_kernel(const QuerySettings& s, const Vec3& centre, const Vec3& M,
                                                  std::uint16_t flags, const Vec3& n, float d) {
    if (!passes_flags(flags, skips_special(s, false))) return std::nullopt;
    return face_test(n, d, flags, centre, M, false);
}

// PhysicsMesh_SweepBox, 0x00348530 (Unit 13).
struct BoxVisit {
    const VisitContext& x;
    Box box;
    Vec3 M, direction;

    Counter operator()(std::uint32_t tri) const {
        if (x.visited.test_and_set(tri)) return Counter::advanced;
        const Level& level = x.level;
        const auto face = box_reaches_kernel(x.s, box.centre, M, level.flags(tri), level.normal(tri), level.plane(tri));
        if (!face) return Counter::advanced;
        return kernel(tri, face->flipped, std::numeric_limits<float>::quiet_NaN());
    }

    // Past the filters: the kernel and its contact. `known`, unless NaN, is
    // the kernel's answer, computed before (the batch path's box walk).
    Counter kernel(std::uint32_t tri, bool flipped, float known) const {
        const Level& level = x.level;
        x.kernel_call(tri);
        const float f =
            std::isnan(known) ? sweep_box_triangle(box, level_triangle(level, tri, flipped), M, x.s.quirks) : known;
        const bool in_range = f >= 0.0f && f <= 1.0f;
        x.kernel_done(tri, KernelBranch::box_triangle, in_range, f);
        if (in_range) {
            MeshContact contact = x.contact(tri);
            contact.fraction = f;
            contact.normal = working_normal(level, tri, flipped);
            contact.point = box.centre + f * M;  // the box centre at contact
            contact.direction = direction;
            x.keep(contact, HitBranch::box_triangle);
            return Counter::advanced;
        }
        // The t > 1 exit, which 1e28 (no contact) takes too, skips the counter's
        // increment (0x0034888c); t < 0 counts.
        return f > 1.0f ? Counter::not_advanced : Counter::advanced;
    }
};

// The sphere overlap against the mesh (0x003473c8): SphereTriangle_Penetration
// over the walked triangles (docs/decisions.md, "Sphere overlap").
struct OverlapVisit {
    const VisitContext& x;
    Vec3 c;
    float r;

    Counter operator()(std::uint32_t tri) const {
        const Level& level = x.level;
        if (!x.first_filters(tri)) return Counter::advanced;
        const Vec3 v0 = level.corner(tri, 0), v1 = level.corner(tri, 1), v2 = level.corner(tri, 2);
        x.kernel_call(tri);
        const auto depth = sphere_triangle_penetration(c, r, v0, v1, v2);
        x.kernel_done(tri, KernelBranch::penetration, depth.has_value(),
                      depth ? *depth : std::numeric_limits<float>::quiet_NaN());
        if (!depth) return Counter::advanced;
        const PointTriangleDistance closest = point_triangle_distance_sq(c, v0, v1, v2);
        MeshContact contact = x.contact(tri);
        contact.depth = *depth;
        const Vec3 n = level.normal(tri);
        contact.normal = dot(n, c) - level.plane(tri) < 0.0f ? -n : n;  // towards the centre
        contact.point = (v0 + closest.s * (v1 - v0)) + closest.t * (v2 - v0);
        x.keep(contact, HitBranch::penetration);
        return Counter::advanced;
    }
};

}  // namespace levelsweep::detail
