// levelsweep benchmarks: a level in Embree 3 (Debian's libembree-dev), for the
// peer benchmarks: rays along the queries' moves, one at a time
// (rtcIntersect1) and eight at a time (rtcIntersect8). Optional: only programs
// built with Embree include this.
#pragma once

#include <embree3/rtcore.h>

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>

#include "levelsweep/level.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::bench {

// The level's enabled triangles in one static Embree scene.
class EmbreeLevel {
public:
    explicit EmbreeLevel(const Level& level) : device_(rtcNewDevice(nullptr)) {
        if (device_ == nullptr) throw std::runtime_error("Embree: rtcNewDevice failed");
        scene_ = rtcNewScene(device_);
        RTCGeometry mesh = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_TRIANGLE);
        auto* v = static_cast<float*>(rtcSetNewGeometryBuffer(mesh, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                                              3 * sizeof(float), level.vertex_count()));
        for (std::uint32_t i = 0; i < level.vertex_count(); ++i) {
            const Vec3 p = level.vertex(i);
            v[3 * i] = p.x, v[3 * i + 1] = p.y, v[3 * i + 2] = p.z;
        }
        std::uint32_t enabled = 0;
        for (std::uint32_t t = 0; t < level.triangle_count(); ++t)
            enabled += (level.flags(t) & tri_flags::mask & tri_flags::enabled) ? 1u : 0u;
        auto* idx = static_cast<std::uint32_t*>(rtcSetNewGeometryBuffer(
            mesh, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(std::uint32_t), enabled));
        for (std::uint32_t t = 0, k = 0; t < level.triangle_count(); ++t) {
            if (!(level.flags(t) & tri_flags::mask & tri_flags::enabled)) continue;
            for (int c = 0; c < 3; ++c) idx[k++] = level.corner_index(t, c);
        }
        rtcCommitGeometry(mesh);
        rtcAttachGeometry(scene_, mesh);
        rtcReleaseGeometry(mesh);
        rtcCommitScene(scene_);
    }
    ~EmbreeLevel() {
        rtcReleaseScene(scene_);
        rtcReleaseDevice(device_);
    }
    EmbreeLevel(const EmbreeLevel&) = delete;
    EmbreeLevel& operator=(const EmbreeLevel&) = delete;

    // The closest hit's fraction of the query's move, or -1.
    float ray1(const Query& q) const {
        RTCIntersectContext context;
        rtcInitIntersectContext(&context);
        RTCRayHit rh{};
        rh.ray.org_x = q.start.x, rh.ray.org_y = q.start.y, rh.ray.org_z = q.start.z;
        rh.ray.dir_x = q.move.x, rh.ray.dir_y = q.move.y, rh.ray.dir_z = q.move.z;
        rh.ray.tnear = 0.0f;
        rh.ray.tfar = 1.0f;
        rh.ray.mask = ~0u;
        rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
        rtcIntersect1(scene_, &context, &rh);
        return rh.hit.geomID != RTC_INVALID_GEOMETRY_ID ? rh.ray.tfar : -1.0f;
    }

    // Eight (or fewer) at once: fraction[k] for queries[k].
    void ray8(std::span<const Query> queries, float* fraction) const {
        RTCIntersectContext context;
        rtcInitIntersectContext(&context);
        alignas(32) RTCRayHit8 rh{};
        alignas(32) std::array<int, 8> valid{};
        for (std::size_t k = 0; k < 8; ++k) {
            const bool on = k < queries.size();
            valid[k] = on ? -1 : 0;
            const Query& q = queries[on ? k : 0];
            rh.ray.org_x[k] = q.start.x, rh.ray.org_y[k] = q.start.y, rh.ray.org_z[k] = q.start.z;
            rh.ray.dir_x[k] = q.move.x, rh.ray.dir_y[k] = q.move.y, rh.ray.dir_z[k] = q.move.z;
            rh.ray.tnear[k] = 0.0f;
            rh.ray.tfar[k] = 1.0f;
            rh.ray.mask[k] = ~0u;
            rh.hit.geomID[k] = RTC_INVALID_GEOMETRY_ID;
        }
        rtcIntersect8(valid.data(), scene_, &context, &rh);
        for (std::size_t k = 0; k < queries.size(); ++k)
            fraction[k] = rh.hit.geomID[k] != RTC_INVALID_GEOMETRY_ID ? rh.ray.tfar[k] : -1.0f;
    }

private:
    RTCDevice device_;
    RTCScene scene_ = nullptr;
};

}  // namespace levelsweep::bench
