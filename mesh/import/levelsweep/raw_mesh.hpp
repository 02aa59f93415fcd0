// levelsweep (the importers, detail): what each reader produces: vertices as
// read, triangles with their group and material names, and what was split or
// skipped. The readers' fuzz targets check it.
#pragma once

#include <algorithm>
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
#include "levelsweep/memory_limit.hpp"
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
    std::string source;  // the file, named when the mesh would pass the memory limit

    void add_vertex(const Vec3& p) {
        make_room(vertices);
        vertices.push_back(p);
    }

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
        for (std::size_t i = 1; i + 1 < corners.size(); ++i) {
            make_room(triangles);
            triangles.push_back({{corners[0], corners[i], corners[i + 1]}, group, material});
        }
    }

    // The bytes the mesh holds (its vectors' room).
    std::uint64_t bytes() const {
        return std::uint64_t{vertices.capacity()} * sizeof(Vec3) +
               std::uint64_t{triangles.capacity()} * sizeof(RawTriangle);
    }

private:
    // Before a vector of the mesh grows, the mesh with the grown vector beside
    // the old one must fit the memory limit: a mesh can outgrow its file many
    // times over (a polygon of n corners on one short line fans into n - 2
    // triangles of 20 bytes each, a binary PLY vertex of three bytes takes 12).
    template <class T>
    void make_room(std::vector<T>& v) {
        if (v.size() < v.capacity()) return;
        const std::size_t grown = std::max<std::size_t>(2 * v.capacity(), 64);
        check_memory(bytes() + std::uint64_t{grown} * sizeof(T),
                     source + ": its mesh (" + std::to_string(vertices.size()) + " vertices and " +
                         std::to_string(triangles.size()) + " triangles read so far)",
                     "import a smaller mesh");
        v.reserve(grown);
    }
};

// A word of the file as an error message quotes it: bytes outside printable
// ASCII as \xNN, at most 40 characters (a binary file read as text is no help
// to print whole).
inline std::string quote_word(std::string_view word) {
    std::string out = "'";
    for (std::size_t i = 0; i < word.size() && i < 40; ++i) {
        const auto c = static_cast<unsigned char>(word[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out + (word.size() > 40 ? "...'" : "'");
}

// Drops one leading '+' (which std::from_chars does not take); false when a
// sign follows it ("+-1" is no number).
inline bool drop_plus(std::string_view& text) {
    if (text.empty() || text.front() != '+') return true;
    text.remove_prefix(1);
    return text.empty() || (text.front() != '-' && text.front() != '+');
}

// The float32 nearest to the number `text` spells (one leading '+' allowed), or
// nothing when it is not a finite float32 (NaN, infinity, past FLT_MAX).
inline std::optional<float> parse_float(std::string_view text) {
    if (!drop_plus(text)) return std::nullopt;
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

// The double nearest to the number `text` spells (one leading '+' allowed; NaN
// and infinity are numbers here; past DBL_MAX an infinity and below the
// subnormals a signed zero, as strtod gives), or nothing for anything else.
inline std::optional<double> parse_double(std::string_view text) {
    if (!drop_plus(text)) return std::nullopt;
    double d = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
    if (end != text.data() + text.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
        return std::nullopt;
    if (ec == std::errc::result_out_of_range) d = std::strtod(std::string(text).c_str(), nullptr);
    return d;
}

RawMesh read_obj(const std::filesystem::path& path);
RawMesh read_ply(const std::filesystem::path& path);
RawMesh read_assimp(const std::filesystem::path& path);

}  // namespace levelsweep::detail
