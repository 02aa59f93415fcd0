// levelsweep benchmarks: the result hash that shows a fast run is a correct run.
//
// FNV-1a 64 over a query's answer: its status, count, found and overflow, then
// every field of every contact written to the caller's buffer (floats by their
// bits), in buffer order. The work counters (QueryStats) are left out: the
// batch path may test triangles in a different way and must still give the
// same hash. A batch's hash runs over its queries' hashes in query order, so it
// does not depend on how the batch was split over threads.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>

#include "levelsweep/query.hpp"

namespace levelsweep::bench {

class ResultHash {
public:
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i) {
            h_ ^= (v >> (8 * i)) & 0xffu;
            h_ *= 0x100000001b3ull;
        }
    }
    void u64(std::uint64_t v) {
        u32(static_cast<std::uint32_t>(v));
        u32(static_cast<std::uint32_t>(v >> 32));
    }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
    void vec(const Vec3& v) { f32(v.x), f32(v.y), f32(v.z); }
    std::uint64_t value() const { return h_; }

private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

// Every field of one contact.
inline std::uint64_t contact_hash(const MeshContact& c) {
    ResultHash h;
    h.f32(c.fraction);
    h.f32(c.depth);
    h.vec(c.normal);
    h.vec(c.point);
    h.vec(c.direction);
    h.u32(c.triangle);
    h.u32(c.flags);
    h.u32(c.triangle_flags);
    h.u32(c.material);
    h.u32(static_cast<std::uint32_t>(c.inside_mask));
    return h.value();
}

// The answer in order: the result's words, then each contact's hash in buffer order.
inline std::uint64_t query_result_hash(const QueryResult& r, std::span<const MeshContact> contacts) {
    ResultHash h;
    h.u32(static_cast<std::uint32_t>(r.status));
    h.u32(r.count);
    h.u32(r.found);
    h.u32(r.overflow ? 1u : 0u);
    for (const MeshContact& c : contacts) h.u64(contact_hash(c));
    return h.value();
}

// The contacts as a set: the sum of their hashes, so contacts of equal fraction
// that two walks discover (and so keep, by the stable sort) in another order
// still compare equal.
inline std::uint64_t contact_set_hash(std::span<const MeshContact> contacts) {
    std::uint64_t sum = 0;
    for (const MeshContact& c : contacts) sum += contact_hash(c);
    return sum;
}

// "hash=0123456789abcdef": the benchmarks' label.
inline std::string hash_label(std::uint64_t hash) {
    char text[32];
    std::snprintf(text, sizeof text, "hash=%016llx", static_cast<unsigned long long>(hash));
    return text;
}

}  // namespace levelsweep::bench
