// levelsweep: the shape and body records the pair kernels read.
//
// Field comments give the original's offsets (spec Unit 4, "The shape fields
// read"; Unit 5, "Records and conventions"; Unit 12, "Records and calls").
#pragma once

#include <cstdint>

#include "levelsweep/vec.hpp"

namespace levelsweep {

enum class ShapeType : std::uint32_t { box = 1, sphere = 2, capsule = 3, segment = 4 };

// Type 1. The kernels read the rows as a matrix whose rows 0-2 are the unit axes
// and row 3 the centre; nothing normalises or orthogonalises them.
struct Box {
    float half[3] = {0.0f, 0.0f, 0.0f};                // +0x40, +0x44, +0x48: half extents h0, h1, h2
    Vec3 axis[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};  // +0x50, +0x60, +0x70: A0, A1, A2
    Vec3 centre;                                       // +0x80: P (w 1)
};

// Type 2.
struct Sphere {
    float radius = 0.0f;  // +0x40: r
    Vec3 centre;          // +0x50: C
};

// Type 3: upright; base B at the feet, height h above it.
struct Capsule {
    float radius = 0.0f;  // +0x40: r
    float height = 0.0f;  // +0x44: h
    Vec3 base;            // +0x50: B (+0x58 is base z)
};

// The capsule's axis, B to B + (0, 0, h): the constant (0, 0, 1, 1) at
// 0x00511740 scaled by h (Unit 4, PhysicsOverlap_SegmentCapsule).
inline Vec3 capsule_axis(const Capsule& cap) { return cap.height * Vec3{0.0f, 0.0f, 1.0f}; }

// Type 4: from S to E with radius r (+0x64, the length, is never read).
struct Segment {
    Vec3 start;           // +0x40: S
    Vec3 end;             // +0x50: E
    float radius = 0.0f;  // +0x60: r
};

// One shape of any type, as the pair tables receive it.
struct Shape {
    ShapeType type = ShapeType::sphere;
    Box box;
    Sphere sphere;
    Capsule capsule;
    Segment segment;

    static Shape of(const Box& b) {
        Shape s;
        s.type = ShapeType::box;
        s.box = b;
        return s;
    }
    static Shape of(const Sphere& b) {
        Shape s;
        s.type = ShapeType::sphere;
        s.sphere = b;
        return s;
    }
    static Shape of(const Capsule& b) {
        Shape s;
        s.type = ShapeType::capsule;
        s.capsule = b;
        return s;
    }
    static Shape of(const Segment& b) {
        Shape s;
        s.type = ShapeType::segment;
        s.segment = b;
        return s;
    }
};

// What the sweep kernels read of a body and its owner (Unit 12, "Records and calls").
struct Body {
    static constexpr std::uint32_t block_humans = 0x4;          // body +0x40 BLOCKHUMANS
    static constexpr std::uint32_t skips_special = 0x100;       // body +0x40: skips flag-0x8 triangles
    static constexpr std::uint32_t owner_airborne = 0x4000000;  // owner object flags +0x54

    std::uint32_t flags = 0;               // body +0x40
    std::uint32_t owner_object_flags = 0;  // owner +0x54 (via vtable +0x50/+0x54)
    bool owner_landing = false;            // owner state flag 0x2000000000 (0x00227f40)
};

}  // namespace levelsweep
