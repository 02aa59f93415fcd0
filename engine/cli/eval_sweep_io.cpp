#include "eval_sweep_io.hpp"

#include <stdexcept>
#include <string>

namespace levelsweep::cli {

namespace {
[[noreturn]] void bad(const char* key, const char* what) {
    throw std::invalid_argument(std::string("input \"") + key + "\": " + what);
}
}  // namespace

Vec4 read_move(const json& obj, const char* key) {
    const Vec3 v = read_vec3(obj, key);
    const json& a = obj.at(key);
    if (a.size() == 4 && !a[3].is_number()) bad(key, "expected a number for w");
    return with_w(v, a.size() == 4 ? a[3].get<float>() : 1.0f);
}

int read_int(const json& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    return read_int_or(obj, key, 0);
}

void read_vec2(const json& obj, const char* key, float& x, float& y) {
    if (!obj.is_object() || !obj.contains(key)) bad(key, "missing");
    const json& v = obj.at(key);
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) bad(key, "expected [x, y]");
    x = v[0].get<float>();
    y = v[1].get<float>();
}

}  // namespace levelsweep::cli
