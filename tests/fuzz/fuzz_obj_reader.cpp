// libFuzzer target: the OBJ reader (mesh/import/obj_reader.cpp) on arbitrary
// bytes. Every input is read or refused with an error naming the file and
// line; a mesh read is whole, and written again as plain OBJ (v lines, g and
// usemtl where the names change, one f line per triangle) reads back the
// same, bit for bit. Anything else (a crash, a sanitizer report, another
// exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_mesh.hpp"

namespace {

using namespace levelsweep;

std::string as_obj(const detail::RawMesh& m) {
    std::string out;
    for (const Vec3& p : m.vertices)
        out += "v " + fuzz::float_text(p.x) + " " + fuzz::float_text(p.y) + " " + fuzz::float_text(p.z) + "\n";
    std::uint32_t group = 0, material = 0;
    for (const detail::RawTriangle& t : m.triangles) {
        if (t.group != group) out += "g " + m.groups[group = t.group] + "\n";
        if (t.material != material) out += "usemtl " + m.materials[material = t.material] + "\n";
        out += "f " + std::to_string(t.v[0] + 1) + " " + std::to_string(t.v[1] + 1) + " " + std::to_string(t.v[2] + 1) +
               "\n";
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fuzz::InputFile input("obj_reader", ".obj"), again("obj_reader_again", ".obj");
    const auto mesh = fuzz::read_input(detail::read_obj, input, data, size);
    if (mesh) fuzz::check_reads_back(detail::read_obj, again, *mesh, as_obj(*mesh));
    return 0;
}
