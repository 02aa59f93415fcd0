// Helpers for the mesh query suites: small hand-built levels and a runner.
#pragma once

#include <initializer_list>
#include <optional>
#include <vector>

#include "levelsweep/level.hpp"
#include "levelsweep/mesh_query.hpp"

namespace levelsweep::test {

struct Tri {
    Vec3 a, b, c;
    std::uint16_t flags = tri_flags::enabled;
};

inline Level make_level(std::initializer_list<Tri> tris, std::optional<Vec3> cell_size = std::nullopt) {
    std::vector<Vec3> v;
    std::vector<TriangleRecord> t;
    for (const Tri& tri : tris) {
        const auto base = static_cast<std::uint32_t>(v.size());
        v.insert(v.end(), {tri.a, tri.b, tri.c});
        TriangleRecord r;
        r.v = {base, base + 1, base + 2};
        r.flags = tri.flags;
        t.push_back(r);
    }
    return build_level(v, t, cell_size);
}

struct Ran {
    QueryResult result;
    std::vector<MeshContact> contacts;
};

inline Ran run(const Level& level, const Query& q, Walk walk = Walk::grid, QueryObserver* observer = nullptr) {
    QueryScratch scratch(level);
    Ran r;
    r.contacts.resize(mesh_contact_capacity);
    r.result = run_query(level, q, r.contacts, scratch, walk, observer);
    r.contacts.resize(r.result.count);
    return r;
}

// Counts the kernel calls per triangle of a walk.
struct KernelLog : QueryObserver {
    std::vector<std::uint32_t> kernel;
    std::vector<std::size_t> cells;
    void on_cell(std::size_t cell) override { cells.push_back(cell); }
    void on_kernel(std::uint32_t tri) override { kernel.push_back(tri); }
    bool reached(std::uint32_t tri) const {
        for (auto t : kernel)
            if (t == tri) return true;
        return false;
    }
};

}  // namespace levelsweep::test
