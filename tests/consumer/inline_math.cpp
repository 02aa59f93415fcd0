// An embedder's program: levelsweep's inline math (vec.hpp, triangle_filters.hpp)
// and a few of its kernels over fixed pseudo-random inputs, every result
// printed as its bits. Built twice, by the project itself and by
// tests/consumer/CMakeLists.txt as a program that embeds levelsweep with clang
// and contraction requested (tests/consumer/check_consumer.cmake compares the
// two outputs): the embedder must get our bits.
#include <bit>
#include <cstdint>
#include <cstdio>
#include <random>

#include "levelsweep/triangle.hpp"
#include "levelsweep/triangle_filters.hpp"
#include "levelsweep/vec.hpp"

namespace {

using levelsweep::Vec3;

void put(float f) { std::printf("%08x ", std::bit_cast<std::uint32_t>(f)); }
void put(const Vec3& v) {
    put(v.x);
    put(v.y);
    put(v.z);
}

}  // namespace

int main() {
    // Inputs from integers (std::uniform_real_distribution's own a + (b - a) u
    // would be contracted in the embedder's build, and its inputs differ).
    std::mt19937 rng(20261201);
    auto coordinate = [&] { return static_cast<float>(static_cast<std::int32_t>(rng() % 20001) - 10000) / 997.0f; };
    auto vec = [&] { return Vec3{coordinate(), coordinate(), coordinate()}; };
    for (int i = 0; i < 20000; ++i) {
        const Vec3 a = vec(), b = vec(), c = vec(), m = vec();
        put(levelsweep::dot(a, b));
        put(levelsweep::cross(a, b));
        put(levelsweep::normalize_rsqrt(a));
        const Vec3 n = levelsweep::normalize_rsqrt(levelsweep::cross(b - a, c - a));
        const auto face =
            levelsweep::face_test(n, levelsweep::dot(n, a), levelsweep::tri_flags::two_sided, m, b - m, true);
        std::printf("%d %d %u ", face.has_value(), face && face->flipped, face ? face->marks : 0u);
        const levelsweep::WorkingTriangle t = levelsweep::prepare_triangle(a, b, c);
        const levelsweep::SphereTriangleSweep hit =
            levelsweep::sweep_sphere_triangle(t, m, 0.5f, 0.1f * (a - m), levelsweep::Quirks::faithful());
        std::printf("%d ", hit.hit);
        put(hit.fraction);
        std::printf("\n");
    }
    return 0;
}
