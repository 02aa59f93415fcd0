// Spec Unit 4, "The pair functions": the box-box separating-axis test and the
// box-sphere test with its mirror. None of them writes into the contact.
#include <cmath>

#include "levelsweep/overlap.hpp"

namespace levelsweep {

namespace {

float component(const Vec3& v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

using Matrix3 = float[3][3];

// The original's R (0x00345eb8-0x00345ee8): the columns of A broadcast against
// the rows of B over all four rows of each box's matrix, the centre being row 3:
// R[k][m] = sum over n of A_n[k].B_n[m], summed n = 0..3 left to right.
void centre_matrix(const Box& A, const Box& B, Matrix3& R) {
    for (int k = 0; k < 3; ++k)
        for (int m = 0; m < 3; ++m)
            R[k][m] = ((component(A.axis[0], k) * component(B.axis[0], m) +
                        component(A.axis[1], k) * component(B.axis[1], m)) +
                       component(A.axis[2], k) * component(B.axis[2], m)) +
                      component(A.centre, k) * component(B.centre, m);
}

// The correct R[k][m] = A_k . B_m.
void rotation_matrix(const Box& A, const Box& B, Matrix3& R) {
    for (int k = 0; k < 3; ++k)
        for (int m = 0; m < 3; ++m) R[k][m] = dot(A.axis[k], B.axis[m]);
}

// Sums the spec leaves unparenthesised are taken left to right (docs/decisions.md).
// True when one of the fifteen Gottschalk axes separates the boxes (strict >,
// so touching boxes overlap; no epsilon is added to |R|).
bool separated(const float a[3], const float b[3], const float t[3], const Matrix3& R) {
    float absR[3][3];
    for (int k = 0; k < 3; ++k)
        for (int m = 0; m < 3; ++m) absR[k][m] = std::fabs(R[k][m]);
    for (int k = 0; k < 3; ++k)  // A's axes
        if (std::fabs(t[k]) > a[k] + ((b[0] * absR[k][0] + b[1] * absR[k][1]) + b[2] * absR[k][2])) return true;
    for (int m = 0; m < 3; ++m) {  // B's axes
        const float p = (t[0] * R[0][m] + t[1] * R[1][m]) + t[2] * R[2][m];
        if (std::fabs(p) > ((a[0] * absR[0][m] + a[1] * absR[1][m]) + a[2] * absR[2][m]) + b[m]) return true;
    }
    for (int i = 0; i < 3; ++i) {  // A_i x B_j
        const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            const float p = t[i2] * R[i1][j] - t[i1] * R[i2][j];
            const float r = ((a[i1] * absR[i2][j] + a[i2] * absR[i1][j]) + b[j1] * absR[i][j2]) + b[j2] * absR[i][j1];
            if (std::fabs(p) > r) return true;
        }
    }
    return false;
}

}  // namespace

// PhysicsOverlap_BoxBox, 0x00345dd8: t[k] = A_k . (P_B - P_A). With
// box_box_centre_matrix on, R is the original's four-row product, which is right
// only for axis-aligned boxes with A at the origin (two unit boxes at x = 100 and
// x = 101.5 are reported apart). No caller pairs two boxes, so it never shows in play.
bool physics_overlap_box_box(Contact&, const Shape& own, const Shape& other, Quirks quirks) {
    const Box& A = own.box;
    const Box& B = other.box;
    const Vec3 between = B.centre - A.centre;
    const float t[3] = {dot(A.axis[0], between), dot(A.axis[1], between), dot(A.axis[2], between)};
    Matrix3 R;
    if (quirks.has(Quirk::box_box_centre_matrix))
        centre_matrix(A, B, R);
    else
        rotation_matrix(A, B, R);
    return !separated(A.half, B.half, t, R);
}

// PhysicsOverlap_BoxSphere, 0x00346680: the centre in the box's frame, then the
// squared distance to the box, summed over k = 0..2. A centre inside gives 0 and
// always hits; touching is a hit.
bool physics_overlap_box_sphere(Contact&, const Shape& own, const Shape& other, Quirks) {
    const Box& box = own.box;
    const Sphere& sph = other.sphere;
    const Vec3 rel = sph.centre - box.centre;
    float dist_sq = 0.0f;
    for (int k = 0; k < 3; ++k) {
        const float x = dot(box.axis[k], rel);
        const float h = box.half[k];
        const float out = x < -h ? x + h : (x > h ? x - h : 0.0f);
        dist_sq = dist_sq + out * out;
    }
    return dist_sq <= sph.radius * sph.radius;
}

// PhysicsOverlap_SphereBox, 0x00346db8: the mirror; nothing is written, so
// nothing is swapped.
bool physics_overlap_sphere_box(Contact& c, const Shape& own, const Shape& other, Quirks quirks) {
    return physics_overlap_box_sphere(c, other, own, quirks);
}

}  // namespace levelsweep
