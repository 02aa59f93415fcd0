// The street level generator (generate.hpp; docs/decisions.md, "Level store").
#include "levelsweep/generate.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "levelsweep/build_error.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/working_range.hpp"
#include "mesh_builder.hpp"

namespace levelsweep {

namespace {

using detail::MeshBuilder;
using detail::P;

// The block: 40 m along the street (x) by 21 m across (y).
constexpr double block_x = 40.0;
constexpr double block_y = 21.0;
constexpr double road_y = 10.0;       // the road: y 0 to 10, z 0
constexpr double kerb_height = 0.15;  // the sidewalk: y 10 to 20, z 0.15
constexpr double wall_y = 20.0;       // the wall: y 20 to 21, 4 m high
constexpr double wall_height = 4.0;
constexpr int ground_x_segments = 24;  // the road's and sidewalk's tiles along x

// Materials (the post's and the ledge's as in the game's level99, spec Unit 1 "Seen at runtime").
enum Material : std::uint16_t {
    m_road = 1,
    m_kerb = 2,
    m_sidewalk = 3,
    m_wall = 4,
    m_planter = 6,
    m_slope = 7,
    m_stairs = 8,
    m_fence = 9,
    m_special = 10,
    m_disabled = 11,
    m_crate = 12,
    m_post = 16,
    m_ledge = 41,
};

constexpr std::uint16_t enabled = tri_flags::enabled;

// A seeded x offset: a multiple of 1/16 m in [-0.5, 0.5].
double jitter(std::mt19937& rng) { return (static_cast<int>(rng() % 17) - 8) / 16.0; }
// A seeded value in [lo, hi] in 1/16 m steps.
double step16(std::mt19937& rng, double lo, double hi) {
    const auto steps = static_cast<std::uint32_t>((hi - lo) * 16.0);
    return lo + static_cast<double>(rng() % (steps + 1)) / 16.0;
}

void ground(MeshBuilder& m, std::uint32_t b, const P& o, int y_segments) {
    m.begin_feature(FeatureKind::road, b, enabled, m_road);
    m.rect(o, {block_x, 0, 0}, {0, road_y, 0}, ground_x_segments, y_segments);
    m.end_feature();
    m.begin_feature(FeatureKind::kerb, b, enabled, m_kerb);
    m.rect(o + P{0, road_y, 0}, {block_x, 0, 0}, {0, 0, kerb_height}, ground_x_segments, 1);
    m.end_feature();
    m.begin_feature(FeatureKind::sidewalk, b, enabled, m_sidewalk);
    m.rect(o + P{0, road_y, kerb_height}, {block_x, 0, 0}, {0, wall_y - road_y, 0}, ground_x_segments, y_segments);
    m.end_feature();
    m.begin_feature(FeatureKind::wall, b, enabled, m_wall);
    m.rect(o + P{0, wall_y, kerb_height}, {block_x, 0, 0}, {0, 0, wall_height - kerb_height}, ground_x_segments, 1);
    m.rect(o + P{0, wall_y, wall_height}, {block_x, 0, 0}, {0, block_y - wall_y, 0}, ground_x_segments, 1);
    m.rect(o + P{block_x, block_y, 0}, {-block_x, 0, 0}, {0, 0, wall_height}, ground_x_segments, 1);
    m.end_feature();
}

void sidewalk_features(MeshBuilder& m, std::uint32_t b, const P& o, std::mt19937& rng) {
    using F = MeshBuilder::Face;
    const double z = kerb_height;
    m.begin_feature(FeatureKind::post, b, enabled, m_post);
    const double px = 4.0 + jitter(rng);
    m.box(o + P{px - 0.185, 13.0 - 0.185, z}, o + P{px + 0.185, 13.0 + 0.185, z + 3.0},
          F::top | F::minus_x | F::plus_x | F::minus_y | F::plus_y);
    m.end_feature();
    m.begin_feature(FeatureKind::planter, b, enabled, m_planter);
    const double qx = 9.0 + jitter(rng);
    m.box(o + P{qx, 12.5, z}, o + P{qx + 1.3, 13.8, z + 1.2}, F::top | F::minus_x | F::plus_x | F::minus_y | F::plus_y);
    m.end_feature();
    m.begin_feature(FeatureKind::special, b, enabled | tri_flags::special, m_special);
    const double sx = 14.0 + jitter(rng);
    m.box(o + P{sx, 12.5, z}, o + P{sx + 1.0, 13.5, z + 1.0}, F::top | F::minus_x | F::plus_x | F::minus_y | F::plus_y);
    m.end_feature();
    m.begin_feature(FeatureKind::ledge, b, enabled, m_ledge);
    const double lx = 20.0 + jitter(rng);
    m.box(o + P{lx, wall_y - 0.61, z}, o + P{lx + 2.62, wall_y, z + 0.6}, F::top | F::minus_x | F::plus_x | F::minus_y);
    m.end_feature();
}

// A wedge from x0 rising along +x: top, the two sides, the back.
void slope(MeshBuilder& m, std::uint32_t b, const P& o, std::mt19937& rng) {
    m.begin_feature(FeatureKind::slope, b, enabled, m_slope);
    const double x0 = 3.0 + jitter(rng), x1 = x0 + 3.0, y0 = 3.0, y1 = 5.0, h = 1.5;
    const auto v = [&](double x, double y, double z) { return m.vertex(o + P{x, y, z}); };
    const std::uint32_t a = v(x0, y0, 0), bb = v(x1, y0, 0), c = v(x1, y0, h), d = v(x0, y1, 0), e = v(x1, y1, 0),
                        f = v(x1, y1, h);
    m.quad(a, c, f, d);    // the slope, facing up and towards -x
    m.triangle(a, bb, c);  // -y side
    m.triangle(d, f, e);   // +y side
    m.quad(bb, e, f, c);   // the back, +x
    m.end_feature();
}

void stairs(MeshBuilder& m, std::uint32_t b, const P& o, std::mt19937& rng) {
    constexpr int steps = 5;
    constexpr double rise = 0.18, run = 0.3, y0 = 3.0, y1 = 5.0;
    m.begin_feature(FeatureKind::stairs, b, enabled, m_stairs);
    const double x0 = 10.0 + jitter(rng);
    for (int k = 0; k < steps; ++k) {
        const double x = x0 + k * run, z0 = k * rise, z1 = (k + 1) * rise;
        m.rect(o + P{x, y1, z0}, {0, y0 - y1, 0}, {0, 0, z1 - z0}, 1, 1);  // riser, -x
        m.rect(o + P{x, y0, z1}, {run, 0, 0}, {0, y1 - y0, 0}, 1, 1);      // tread, +z
        m.rect(o + P{x, y0, 0}, {run, 0, 0}, {0, 0, z1}, 1, 1);            // -y side
        m.rect(o + P{x + run, y1, 0}, {-run, 0, 0}, {0, 0, z1}, 1, 1);     // +y side
    }
    m.rect(o + P{x0 + steps * run, y0, 0}, {0, y1 - y0, 0}, {0, 0, steps * rise}, 1, 1);  // back, +x
    LevelFeature& f = m.end_feature();
    f.steps = steps;
    f.step_rise = static_cast<float>(rise);
    f.step_run = static_cast<float>(run);
}

void road_features(MeshBuilder& m, std::uint32_t b, const P& o, std::mt19937& rng) {
    slope(m, b, o, rng);
    stairs(m, b, o, rng);
    m.begin_feature(FeatureKind::fence, b, enabled | tri_flags::two_sided, m_fence);
    m.rect(o + P{16.0 + jitter(rng), 5.0, 0}, {6.0, 0, 0}, {0, 0, 1.2}, 6, 1);
    m.end_feature();
    m.begin_feature(FeatureKind::disabled, b, 0, m_disabled);
    m.rect(o + P{25.0 + jitter(rng), 5.0, 0}, {2.0, 0, 0}, {0, 0, 2.0}, 1, 1);
    m.end_feature();
    using F = MeshBuilder::Face;
    const int crates = 2 + static_cast<int>(rng() % 3);
    for (int i = 0; i < crates; ++i) {
        m.begin_feature(FeatureKind::crate, b, enabled, m_crate);
        const double size = step16(rng, 0.5, 1.2);
        const double x = step16(rng, 30.0, 39.0 - size), y = step16(rng, 1.0, 9.0 - size);
        m.box(o + P{x, y, 0}, o + P{x + size, y + size, size},
              F::top | F::minus_x | F::plus_x | F::minus_y | F::plus_y);
        m.end_feature();
    }
}

}  // namespace

std::string_view feature_name(FeatureKind kind) {
    constexpr std::string_view names[] = {"road",    "kerb",  "sidewalk", "wall",  "ledge",    "post", "planter",
                                          "special", "slope", "stairs",   "fence", "disabled", "crate"};
    return names[static_cast<std::size_t>(kind)];
}

std::vector<LevelFeature> StreetLevel::of(FeatureKind kind) const {
    std::vector<LevelFeature> out;
    for (const LevelFeature& f : features)
        if (f.kind == kind) out.push_back(f);
    return out;
}

StreetLevel generate_street_level(const GenerateOptions& options) {
    const double target = std::max(1.0, static_cast<double>(options.triangles));
    const auto blocks = static_cast<std::uint32_t>(std::max(1.0, std::round(target / 1000.0)));
    const auto cols = static_cast<std::uint32_t>(std::ceil(std::sqrt(blocks * block_y / block_x)));
    const double extent = std::max(cols * block_x, std::ceil(static_cast<double>(blocks) / cols) * block_y);
    if (extent > working_range)
        throw LevelBuildError("a street level of " + std::to_string(options.triangles) + " triangles would span " +
                              std::to_string(static_cast<long long>(extent)) + " m, beyond the working range of " +
                              std::to_string(static_cast<long long>(working_range)) + " m (docs/decisions.md)");
    // Measured: a peak of about 250 bytes per triangle (the builder's mesh, the
    // level's arrays, the derived floats and the cell lists), at 100,000 and at
    // 1,000,000 triangles.
    constexpr std::uint64_t bytes_per_triangle = 280;
    check_memory(bytes_per_triangle * std::max<std::uint64_t>(options.triangles, 1000),
                 "a street level of " + std::to_string(options.triangles) + " triangles", "ask for fewer triangles");
    // About 1,000 triangles a block: 96 per tile row across the road and the
    // sidewalk, 192 for the kerb and wall, about 130 for the features.
    const double per_block = target / blocks;
    const int y_segments = std::clamp(static_cast<int>(std::lround((per_block - 322.0) / 96.0)), 1, 1000);

    std::mt19937 rng(options.seed);
    MeshBuilder m;
    for (std::uint32_t b = 0; b < blocks; ++b) {
        const P o{(b % cols) * block_x, (b / cols) * block_y, 0};
        ground(m, b, o, y_segments);
        sidewalk_features(m, b, o, rng);
        road_features(m, b, o, rng);
    }
    StreetLevel out{build_level(m.vertices(), m.triangles(), options.cell_size), std::move(m.features())};
    return out;
}

}  // namespace levelsweep
