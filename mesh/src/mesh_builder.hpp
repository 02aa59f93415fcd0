// Appends vertices, triangles and feature records for the level generator.
#pragma once

#include <cstdint>
#include <vector>

#include "levelsweep/generate.hpp"
#include "levelsweep/level.hpp"

namespace levelsweep::detail {

// A point in double precision; each is rounded to float32 once, when stored.
struct P {
    double x = 0, y = 0, z = 0;
};
inline P operator+(const P& a, const P& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline P operator*(double s, const P& a) { return {s * a.x, s * a.y, s * a.z}; }

class MeshBuilder {
public:
    std::uint32_t vertex(const P& p) {
        vertices_.push_back({static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)});
        return static_cast<std::uint32_t>(vertices_.size() - 1);
    }
    // a, b, c, d counter-clockwise seen from the front: triangles (a, b, c), (a, c, d).
    void quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
        triangles_.push_back({{a, b, c}, flags_, material_});
        triangles_.push_back({{a, c, d}, flags_, material_});
    }
    void triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
        triangles_.push_back({{a, b, c}, flags_, material_});
    }

    // The rectangle o + s U + t V, s and t in [0, 1], in nu x nv quads whose
    // front faces U x V; the lattice's vertices are shared.
    void rect(const P& o, const P& u, const P& v, int nu, int nv) {
        const auto first = static_cast<std::uint32_t>(vertices_.size());
        for (int j = 0; j <= nv; ++j)
            for (int i = 0; i <= nu; ++i)
                vertex(o + (static_cast<double>(i) / nu) * u + (static_cast<double>(j) / nv) * v);
        const auto at = [&](int i, int j) { return first + static_cast<std::uint32_t>(j * (nu + 1) + i); };
        for (int j = 0; j < nv; ++j)
            for (int i = 0; i < nu; ++i) quad(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
    }

    // Box faces, each facing out; corners shared.
    enum Face : unsigned { top = 1, bottom = 2, minus_x = 4, plus_x = 8, minus_y = 16, plus_y = 32 };
    void box(const P& lo, const P& hi, unsigned faces) {
        std::uint32_t c[8];
        for (int k = 0; k < 8; ++k)
            c[k] = vertex({(k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z});
        if (faces & top) quad(c[4], c[5], c[7], c[6]);
        if (faces & bottom) quad(c[0], c[2], c[3], c[1]);
        if (faces & minus_y) quad(c[0], c[1], c[5], c[4]);
        if (faces & plus_y) quad(c[3], c[2], c[6], c[7]);
        if (faces & minus_x) quad(c[2], c[0], c[4], c[6]);
        if (faces & plus_x) quad(c[1], c[3], c[7], c[5]);
    }

    // Starts a feature: what follows gets these flags and material until end_feature.
    void begin_feature(FeatureKind kind, std::uint32_t block, std::uint16_t flags, std::uint16_t material) {
        current_ = LevelFeature{};
        current_.kind = kind;
        current_.block = block;
        current_.flags = flags_ = flags;
        current_.material = material_ = material;
        current_.first_triangle = static_cast<std::uint32_t>(triangles_.size());
    }
    LevelFeature& end_feature() {
        current_.triangle_count = static_cast<std::uint32_t>(triangles_.size()) - current_.first_triangle;
        bool first = true;
        for (std::size_t t = current_.first_triangle; t < triangles_.size(); ++t)
            for (std::uint32_t v : triangles_[t].v) {
                const Vec3& p = vertices_[v];
                current_.min = first ? p
                                     : Vec3{std::min(current_.min.x, p.x), std::min(current_.min.y, p.y),
                                            std::min(current_.min.z, p.z)};
                current_.max = first ? p
                                     : Vec3{std::max(current_.max.x, p.x), std::max(current_.max.y, p.y),
                                            std::max(current_.max.z, p.z)};
                first = false;
            }
        features_.push_back(current_);
        return features_.back();
    }

    std::size_t triangle_count() const { return triangles_.size(); }
    std::vector<Vec3>& vertices() { return vertices_; }
    std::vector<TriangleRecord>& triangles() { return triangles_; }
    std::vector<LevelFeature>& features() { return features_; }

private:
    std::vector<Vec3> vertices_;
    std::vector<TriangleRecord> triangles_;
    std::vector<LevelFeature> features_;
    LevelFeature current_;
    std::uint16_t flags_ = tri_flags::enabled;
    std::uint16_t material_ = 0;
};

}  // namespace levelsweep::detail
