// libFuzzer target: the PLY reader (mesh/import/ply_reader.cpp) on arbitrary
// bytes. Every input is read or refused with an error naming the file and
// line or byte; a mesh read is whole, and written again, as ASCII and as
// binary PLY of both byte orders, reads back the same, bit for bit. Anything
// else (a crash, a sanitizer report, another exception) is a finding.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_mesh.hpp"

namespace {

using namespace levelsweep;

enum class Order { ascii, little, big };

// The low `bytes` bytes of `bits` in the body's byte order.
void put(std::string& out, std::uint32_t bits, std::size_t bytes, Order order) {
    for (std::size_t i = 0; i < bytes; ++i) {
        const std::size_t k = order == Order::big ? bytes - 1 - i : i;
        out += static_cast<char>((bits >> (8 * k)) & 0xff);
    }
}

std::string as_ply(const detail::RawMesh& m, Order order) {
    static const char* const names[] = {"ascii", "binary_little_endian", "binary_big_endian"};
    std::string out = std::string("ply\nformat ") + names[static_cast<int>(order)] + " 1.0\nelement vertex " +
                      std::to_string(m.vertices.size()) +
                      "\nproperty float x\nproperty float y\nproperty float z\nelement face " +
                      std::to_string(m.triangles.size()) + "\nproperty list uchar uint vertex_indices\nend_header\n";
    for (const Vec3& p : m.vertices) {
        if (order == Order::ascii)
            out += fuzz::float_text(p.x) + " " + fuzz::float_text(p.y) + " " + fuzz::float_text(p.z) + "\n";
        else
            for (const float c : {p.x, p.y, p.z}) put(out, std::bit_cast<std::uint32_t>(c), 4, order);
    }
    for (const detail::RawTriangle& t : m.triangles) {
        if (order == Order::ascii) {
            out += "3 " + std::to_string(t.v[0]) + " " + std::to_string(t.v[1]) + " " + std::to_string(t.v[2]) + "\n";
        } else {
            put(out, 3, 1, order);
            for (const std::uint32_t v : t.v) put(out, v, 4, order);
        }
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fuzz::InputFile input("ply_reader", ".ply"), again("ply_reader_again", ".ply");
    const auto mesh = fuzz::read_input(detail::read_ply, input, data, size);
    if (!mesh) return 0;
    for (const Order order : {Order::ascii, Order::little, Order::big})
        fuzz::check_reads_back(detail::read_ply, again, *mesh, as_ply(*mesh, order));
    return 0;
}
