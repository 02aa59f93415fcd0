// levelsweep: queries against the level mesh (the reference path).
//
// One call per query, like the original's entries: the caller owns the
// contact buffer and a QueryScratch (visited bits and the 100-contact gather
// array), so a query allocates nothing. The same structs carry the batch path's
// and the replay files' queries and results.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "levelsweep/quirks.hpp"
#include "levelsweep/shapes.hpp"
#include "levelsweep/spec_constants.hpp"
#include "levelsweep/vec.hpp"

namespace levelsweep {

class Level;

enum class QueryKind : std::uint8_t { sphere_sweep, capsule_sweep, box_sweep, sphere_overlap, ray };
inline constexpr int query_kind_count = 5;
std::string_view query_kind_name(QueryKind kind);

// The option word's bits (option::) and option 0x40's marks (mark::):
// levelsweep/spec_constants.hpp.

// What a query returns: every contact (the original's gather, sorted and
// capped), or only the closest, the first contact of that very list, as a
// closest-hit query of a general-purpose engine does. A closest query's result
// has count = found = 1 (or 0 without a contact), overflow false and no
// contacts by branch; the batch path may then stop early where it is provably
// safe (docs/query.md).
enum class Collect : std::uint8_t { all, closest };
std::string_view collect_name(Collect c);

// What every query carries besides its shape.
struct QuerySettings {
    std::uint32_t options = 0;         // option:: bits
    std::uint32_t body_flags = 0;      // the querying body's flags (+0x40); 0x100 skips flag-0x8 triangles
    float nz_min = -0.65f;             // first threshold (f12), used with option 0x4
    float nz_max = 0.0f;               // second threshold (f13), used with option 0x8
    std::uint32_t max_contacts = 100;  // 0 is refused with a status
    Collect collect = Collect::all;
    Quirks quirks = Quirks::faithful();
};

// One query of any kind: a flat record, so that the batch path and the replay
// files carry every kind in one fixed layout. Build one with the factories.
struct Query {
    QueryKind kind = QueryKind::sphere_sweep;
    Vec3 start;           // sphere centre, capsule feet, box centre or ray start
    Vec3 move;            // the whole displacement (zero for an overlap)
    float radius = 0.0f;  // sphere, capsule and overlap
    // Capsule (docs/design.md item 6): one sphere of the capsule's radius swept
    // `sphere_height` above the feet; triangles whose highest corner is below
    // feet z + `step_height` never reach the kernel.
    float sphere_height = 0.52f;
    float step_height = 0.25f;
    Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};  // box rows A0, A1, A2
    float half[3] = {0.0f, 0.0f, 0.0f};                // box half extents
    QuerySettings settings;

    static Query sphere_sweep(const Vec3& centre, float radius, const Vec3& move, const QuerySettings& s = {});
    // The walking capsule of a human: radius 0.4704, sphere 0.52 m above the feet.
    static Query capsule_sweep(const Vec3& feet, const Vec3& move, float radius = 0.4704f, const QuerySettings& s = {});
    static Query box_sweep(const Box& box, const Vec3& move, const QuerySettings& s = {});
    static Query sphere_overlap(const Vec3& centre, float radius, const QuerySettings& s = {});
    // Line of sight from `start` to `start + move`: the sphere sweep with radius 0.
    static Query ray(const Vec3& start, const Vec3& move, const QuerySettings& s = {});

    Box box() const;  // the box of a box sweep
};

// One contact against the level (the fields of the original's 0xc0 record that
// a mesh query writes; docs/query.md lists which query writes which).
struct MeshContact {
    float fraction = 0.0f;             // +0x80
    float depth = 0.0f;                // +0x88: sphere overlap only
    Vec3 normal;                       // +0x50: unit, flipped towards the shape when two-sided
    Vec3 point;                        // +0x90
    Vec3 direction;                    // +0x10: unit(move), zero for a zero move
    std::uint32_t triangle = 0;        // +0xb4
    std::uint32_t flags = 0;           // +0xb0: option 0x40 marks (sphere sweep), else 0
    std::uint16_t triangle_flags = 0;  // the triangle's flags word
    std::uint16_t material = 0;
    std::int32_t inside_mask = -1;  // capsule sweep: the kernel's inside mask (+0x14); -1 when not written
};

enum class QueryStatus : std::uint8_t {
    ok,
    non_finite,         // a NaN or infinite input
    negative_radius,    // a radius (or a height) below 0
    bad_extent,         // a box with a zero or negative half extent
    zero_max_contacts,  // max_contacts of 0
    malformed,          // replay files only: the query record could not be read
    out_of_range,       // the swept shape reaches beyond the kernels' working range (working_range.hpp)
};
inline constexpr int query_status_count = static_cast<int>(QueryStatus::out_of_range) + 1;
std::string_view query_status_name(QueryStatus s);

// Which kernel branch a hit came from (for summaries and profiles).
enum class HitBranch : std::uint8_t { face, edge, corner, box_triangle, penetration };
inline constexpr int hit_branch_count = 5;
std::string_view hit_branch_name(HitBranch b);

// Which branch a kernel call took, contact or not (for profiles): the sphere
// kernel's early rejection (no step ran: a return before the inside mask, or a
// mask of 0), its face, edge and corner steps; the box-triangle sweep; the
// sphere overlap's penetration test. A call that gives a contact is counted in
// hits_by_branch under the HitBranch of the same name.
enum class KernelBranch : std::uint8_t { rejected, face, edge, corner, box_triangle, penetration };
inline constexpr int kernel_branch_count = 6;
std::string_view kernel_branch_name(KernelBranch b);

// How much work a query did.
struct QueryStats {
    std::uint32_t cells = 0;          // cells visited
    std::uint32_t entries = 0;        // list entries read
    std::uint32_t extra_entries = 0;  // of those, read past a list's end (the counter bug)
    std::uint32_t kernel_calls = 0;   // triangles that reached the kernel
    std::uint32_t hits_by_branch[hit_branch_count] = {};
};

struct QueryResult {
    QueryStatus status = QueryStatus::ok;
    std::uint32_t count = 0;  // contacts written to the caller's buffer
    std::uint32_t found = 0;  // contacts gathered (at most 100) before the cap to max_contacts
    bool overflow = false;    // more than 100 contacts: the first 100 found were kept
    QueryStats stats;
};

}  // namespace levelsweep
