// What each reader produces: vertices as read, triangles with their group and
// material names, and what was split or skipped.
#pragma once

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <span>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "levelsweep/import.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep::detail {

struct RawTriangle {
    std::array<std::uint32_t, 3> v;
    std::uint32_t group = 0;     // index into RawMesh::groups
    std::uint32_t material = 0;  // index into RawMesh::materials
};

struct RawMesh {
    std::vector<Vec3> vertices;
    std::vector<RawTriangle> triangles;
    std::vector<std::string> groups{""};
    std::vector<std::string> materials{""};
    std::size_t faces = 0;
    std::size_t polygons_split = 0;
    std::size_t skipped_elements = 0;

    // The index of a name, added on first use.
    static std::uint32_t intern(std::vector<std::string>& names, std::unordered_map<std::string, std::uint32_t>& index,
                                std::string_view name) {
        const auto [it, added] = index.try_emplace(std::string(name), static_cast<std::uint32_t>(names.size()));
        if (added) names.emplace_back(name);
        return it->second;
    }

    // A polygon of `corners` vertex indices as a fan (v0, vi, vi+1).
    void add_polygon(std::span<const std::uint32_t> corners, std::uint32_t group, std::uint32_t material) {
        ++faces;
        if (corners.size() < 3) {
            ++skipped_elements;
            return;
        }
        if (corners.size() > 3) ++polygons_split;
        for (std::size_t i = 1; i + 1 < corners.size(); ++i)
            triangles.push_back({{corners[0], corners[i], corners[i + 1]}, group, material});
    }
};

// The float32 nearest to the number `text` spells (a leading '+' allowed), or
// nothing when it is not a finite float32 (NaN, infinity, past FLT_MAX).
inline std::optional<float> parse_float(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    float f = 0.0f;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), f);
    if (end != text.data() + text.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range) {
        // from_chars leaves f alone on underflow too; the nearest float32 of a
        // number below the smallest subnormal is a signed zero (strtof's answer).
        f = std::strtof(std::string(text).c_str(), nullptr);
    } else if (ec != std::errc()) {
        return std::nullopt;
    }
    if (!std::isfinite(f)) return std::nullopt;
    return f;
}

RawMesh read_obj(const std::filesystem::path& path);
RawMesh read_ply(const std::filesystem::path& path);
RawMesh read_assimp(const std::filesystem::path& path);

}  // namespace levelsweep::detail
