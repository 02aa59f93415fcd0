// The contacts of the batch path's lane results (batch_run.hpp), made as the
// reference visits make them (mesh_visits.hpp), and the lanes the wide code
// left to the scalar kernels.

#include "batch_run.hpp"
#include "mesh_visits.hpp"

namespace levelsweep::detail {

// LaneBranch is numbered as HitBranch.
static_assert(static_cast<int>(simd::LaneBranch::face) == static_cast<int>(HitBranch::face) &&
              static_cast<int>(simd::LaneBranch::edge) == static_cast<int>(HitBranch::edge) &&
              static_cast<int>(simd::LaneBranch::corner) == static_cast<int>(HitBranch::corner) &&
              static_cast<int>(simd::LaneBranch::box_triangle) == static_cast<int>(HitBranch::box_triangle) &&
              static_cast<int>(simd::LaneBranch::penetration) == static_cast<int>(HitBranch::penetration));

// The fraction contact(h) gives: an overlap's is 0 (its lane's fraction is the depth).
float BatchRun::contact_fraction(const simd::LaneHit& h) const {
    return q_.kind == QueryKind::sphere_overlap ? 0.0f : h.fraction;
}

// The contact a lane gave, as the reference visits make it (mesh_visits.hpp).
MeshContact BatchRun::contact(const simd::LaneHit& h) const {
    const std::uint32_t tri = h.slot;  // a record's slot is its triangle's index
    MeshContact c;
    c.triangle = tri;
    c.triangle_flags = level_.flags(tri);
    c.material = level_.material(tri);
    switch (q_.kind) {
        case QueryKind::sphere_overlap: {
            const Vec3 n = level_.normal(tri);
            const Vec3 v0 = level_.corner(tri, 0), v1 = level_.corner(tri, 1), v2 = level_.corner(tri, 2);
            c.depth = h.fraction;
            c.normal = dot(n, q_.start) - level_.plane(tri) < 0.0f ? -n : n;
            c.point = (v0 + h.s * (v1 - v0)) + h.t * (v2 - v0);
            return c;
        }
        case QueryKind::box_sweep:
            c.fraction = h.fraction;
            c.normal = working_normal(level_, tri, h.flipped);
            c.point = plan_.box.centre + h.fraction * q_.move;
            c.direction = direction_;
            return c;
        default:
            c.fraction = h.fraction;
            c.normal = working_normal(level_, tri, h.flipped);
            c.point = (plan_.c + h.fraction * plan_.M) - plan_.r * c.normal;
            c.direction = direction_;
            c.flags = h.marks;
            if (q_.kind == QueryKind::capsule_sweep) c.inside_mask = h.mask;
            return c;
    }
}

// A lane the wide code left to the scalar kernel (a block with few lanes
// past the filters, or a zero-length capsule edge): the reference kernel on
// the working triangle, as the reference visits call it (mesh_visits.hpp).
// Whether it gives a contact, whose data goes to h.
bool BatchRun::scalar_lane(simd::LaneHit& h) const {
    const std::uint32_t tri = h.slot;  // a record's slot is its triangle's index
    switch (q_.kind) {
        case QueryKind::sphere_overlap: {
            const Vec3 v0 = level_.corner(tri, 0), v1 = level_.corner(tri, 1), v2 = level_.corner(tri, 2);
            const auto depth = sphere_triangle_penetration(plan_.c, plan_.r, v0, v1, v2);
            if (!depth) return false;
            const PointTriangleDistance closest = point_triangle_distance_sq(plan_.c, v0, v1, v2);
            h.fraction = *depth;
            h.s = closest.s;
            h.t = closest.t;
            h.branch = simd::LaneBranch::penetration;
            return true;
        }
        case QueryKind::box_sweep: {
            const float f =
                sweep_box_triangle(plan_.box, level_triangle(level_, tri, h.flipped), plan_.M, plan_.quirks);
            if (!(f >= 0.0f && f <= 1.0f)) return false;
            h.fraction = f;
            h.branch = simd::LaneBranch::box_triangle;
            return true;
        }
        default: {
            const WorkingTriangle t = level_triangle(level_, tri, h.flipped);
            const SphereTriangleSweep hit = sweep_sphere_triangle(t, plan_.c, plan_.r, plan_.M, plan_.quirks);
            if (!(hit.hit && hit.fraction >= 0.0f && hit.fraction <= 1.0f)) return false;
            h.fraction = hit.fraction;
            h.mask = *hit.mask;
            h.branch = static_cast<simd::LaneBranch>(branch_of(hit.branch));
            return true;
        }
    }
}

}  // namespace levelsweep::detail
