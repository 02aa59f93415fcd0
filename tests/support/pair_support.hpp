// Builders for the shape-pair tests of Units 4 and 13: shapes from the spec's
// field names, rotated boxes, and contacts filled with a known pattern.
#pragma once

#include <cmath>
#include <random>

#include "levelsweep/contact.hpp"
#include "levelsweep/shapes.hpp"
#include "support.hpp"

namespace levelsweep::test::pairs {

// Stand-in for the original's stack leftovers: every word of a fresh contact.
inline constexpr std::uint32_t leftover = 0x5eedf00du;

inline Contact fresh_contact() {
    Contact c;
    c.fill(leftover);
    return c;
}

inline Shape sphere(float r, Vec3 C) { return Shape::of(Sphere{r, C}); }
inline Shape capsule(float r, float h, Vec3 B) { return Shape::of(Capsule{r, h, B}); }
inline Shape segment(Vec3 S, Vec3 E, float r) { return Shape::of(Segment{S, E, r}); }

inline Box box(Vec3 P, Vec3 half, Vec3 A0 = {1, 0, 0}, Vec3 A1 = {0, 1, 0}, Vec3 A2 = {0, 0, 1}) {
    Box b;
    b.half[0] = half.x;
    b.half[1] = half.y;
    b.half[2] = half.z;
    b.axis[0] = A0;
    b.axis[1] = A1;
    b.axis[2] = A2;
    b.centre = P;
    return b;
}

// Units 5 and 12's box B: centre (0, 0, 0.5), axes identity, half (2, 1, 0.5),
// so its faces are x = +-2, y = +-1, z = 0 and 1.
inline Box box_b() { return box({0, 0, 0.5f}, {2, 1, 0.5f}); }

// The box's axes rotated by `degrees` about `axis` (need not be unit): A_k is the
// rotation of the k-th world axis (Rodrigues' formula in double, then rounded).
inline Box rotated(Box b, Vec3 axis, double degrees) {
    const double n = std::sqrt(double(axis.x) * axis.x + double(axis.y) * axis.y + double(axis.z) * axis.z);
    const double x = axis.x / n, y = axis.y / n, z = axis.z / n;
    const double th = degrees * 3.14159265358979323846 / 180.0, c = std::cos(th), s = std::sin(th), C = 1.0 - c;
    const double R[3][3] = {{c + x * x * C, x * y * C - z * s, x * z * C + y * s},
                            {y * x * C + z * s, c + y * y * C, y * z * C - x * s},
                            {z * x * C - y * s, z * y * C + x * s, c + z * z * C}};
    for (int k = 0; k < 3; ++k) b.axis[k] = {float(R[0][k]), float(R[1][k]), float(R[2][k])};
    return b;
}

// A uniformly random orientation (a normalised Gaussian quaternion).
inline Box randomly_oriented(Box b, std::mt19937& rng) {
    std::normal_distribution<double> g(0.0, 1.0);
    double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
    const double n = std::sqrt(w * w + x * x + y * y + z * z);
    w /= n, x /= n, y /= n, z /= n;
    const double R[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                            {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                            {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    for (int k = 0; k < 3; ++k) b.axis[k] = {float(R[0][k]), float(R[1][k]), float(R[2][k])};
    return b;
}

// The written-mask bits of a byte range, to compare Contact::written with exactly
// the words a function should write.
inline std::uint64_t words(std::size_t offset, std::size_t bytes) { return Contact::word_mask(offset, bytes); }

}  // namespace levelsweep::test::pairs
