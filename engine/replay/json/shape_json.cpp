#include "levelsweep/shape_json.hpp"

#include <string>

namespace levelsweep {

namespace {
ShapeType read_type(const json& shape, const char* key) {
    if (!shape.contains("type")) bad_input(key, "missing \"type\"");
    const json& t = shape.at("type");
    if (t == "box" || t == 1) return ShapeType::box;
    if (t == "sphere" || t == 2) return ShapeType::sphere;
    if (t == "capsule" || t == 3) return ShapeType::capsule;
    if (t == "segment" || t == 4) return ShapeType::segment;
    bad_input(key, "\"type\" must be box, sphere, capsule or segment (1-4)");
}
}  // namespace

Shape read_shape(const json& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key) || !obj.at(key).is_object()) bad_input(key, "expected a shape object");
    const json& s = obj.at(key);
    switch (read_type(s, key)) {
        case ShapeType::box: return Shape::of(read_box(s));
        case ShapeType::sphere: return Shape::of(Sphere{read_float(s, "r"), read_vec3(s, "C")});
        case ShapeType::capsule: return Shape::of(Capsule{read_float(s, "r"), read_float(s, "h"), read_vec3(s, "B")});
        case ShapeType::segment: return Shape::of(Segment{read_vec3(s, "S"), read_vec3(s, "E"), read_float(s, "r")});
    }
    bad_input(key, "unknown shape type");
}

}  // namespace levelsweep
