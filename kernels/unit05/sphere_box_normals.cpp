// Spec Unit 5: SphereBox_ToBoxSpace and the three feature-normal tables it reads.

#include "levelsweep/spec_constants.hpp"
#include "levelsweep/sphere_box_sweep.hpp"

namespace levelsweep {

namespace {

// The table constants at the bit patterns read from the executable: the hex wins
// over the spec's decimals (spec_constants.hpp).
const float a = spec::table_a;
const float b = spec::table_b;

// Face table 0x00512930 (all w = 0).
const Vec4 face_table[6] = {{0, 1, 0, 0}, {1, 0, 0, 0}, {0, -1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, -1, 0}};

// Edge table 0x00512990 as the original has it. Joined with the kernel's index
// choice, entries 4-7 (the edges along y) have x the wrong way round.
const Vec4 edge_table[12] = {{-a, a, 0, 0}, {a, a, 0, 0},  {a, -a, 0, 0},  {-a, -a, 0, 0},
                             {a, 0, a, 0},  {a, 0, -a, 0}, {-a, 0, -a, 0}, {-a, 0, a, 0},
                             {0, a, a, 0},  {0, a, -a, 0}, {0, -a, -a, 0}, {0, -a, a, 0}};
// Corrected: entries 4-7 as the index choice means them, (s0, s2) = (-, -), (-, +), (+, -), (+, +).
const Vec4 edge_table_corrected[12] = {{-a, a, 0, 0},  {a, a, 0, 0},  {a, -a, 0, 0},  {-a, -a, 0, 0},
                                       {-a, 0, -a, 0}, {-a, 0, a, 0}, {a, 0, -a, 0},  {a, 0, a, 0},
                                       {0, a, a, 0},   {0, a, -a, 0}, {0, -a, -a, 0}, {0, -a, a, 0}};

// Corner table 0x00512a50 as the original has it: entries 1, 3, 5, 7 are not
// the outward normals of the corners the kernel's index means.
const Vec4 corner_table[8] = {{-b, b, b, 0},  {-b, b, -b, 0},  {b, b, -b, 0},  {b, b, b, 0},
                              {-b, -b, b, 0}, {-b, -b, -b, 0}, {b, -b, -b, 0}, {b, -b, b, 0}};
// Corrected: (s0, s1, s2) = (-,+,+), (+,+,+), (+,+,-), (-,+,-), (-,-,+), (+,-,+), (+,-,-), (-,-,-).
const Vec4 corner_table_corrected[8] = {{-b, b, b, 0},  {b, b, b, 0},  {b, b, -b, 0},  {-b, b, -b, 0},
                                        {-b, -b, b, 0}, {b, -b, b, 0}, {b, -b, -b, 0}, {-b, -b, -b, 0}};

// Any other type: the constant (0, 1, 0, 1) at 0x00511730.
const Vec4 other_type{0, 1, 0, 1};

Vec4 table_entry(int type, int index, bool faithful) {
    if (type == sphere_box_face && index >= 0 && index < 6) return face_table[index];
    if (type == sphere_box_edge && index >= 0 && index < 12)
        return faithful ? edge_table[index] : edge_table_corrected[index];
    if (type == sphere_box_corner && index >= 0 && index < 8)
        return faithful ? corner_table[index] : corner_table_corrected[index];
    return other_type;
}

// acc + row.s, lane by lane.
Vec4 add_scaled(const Vec4& acc, const Vec4& row, float s) {
    return {acc.x + row.x * s, acc.y + row.y * s, acc.z + row.z * s, acc.w + row.w * s};
}

}  // namespace

// SphereBox_ToBoxSpace, 0x0034baf0: out = A0.nx + A1.ny + A2.nz + (0, 0, 0, 1).nw
// in all four lanes (the rows' w taken as 0), summed in that order. The name is
// the wrong way round: it turns a box-frame normal into the world. An index past
// its table never comes from the kernel; it reads as "any other type" rather
// than out of bounds.
Vec4 sphere_box_to_box_space(const Box& box, int type, int index, Quirks quirks) {
    const Vec4 n = table_entry(type, index, quirks.has(Quirk::sphere_box_normal_tables));
    Vec4 out{box.axis[0].x * n.x, box.axis[0].y * n.x, box.axis[0].z * n.x, 0.0f * n.x};
    out = add_scaled(out, with_w(box.axis[1], 0.0f), n.y);
    out = add_scaled(out, with_w(box.axis[2], 0.0f), n.z);
    return add_scaled(out, Vec4{0.0f, 0.0f, 0.0f, 1.0f}, n.w);
}

}  // namespace levelsweep
