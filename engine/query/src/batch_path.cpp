// The batch path's generic side: the query's plan (reach, filters, shape), the
// choice between the pruned search and the exact cell walk, and the contacts
// made of the per-ISA code's lane results, in the reference path's order
// (batch_query.hpp, DESIGN.md "The batch path").
#include "levelsweep/batch_path.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "levelsweep/packed_level.hpp"
#include "levelsweep/lane_abi.hpp"
#include "mesh_visits.hpp"

namespace levelsweep {

namespace detail {
// simd/isa.cpp: the entry points of an instruction set, or null when this
// build or this CPU has none for it.
const BatchIsaTable* batch_isa_table(Isa isa);
}  // namespace detail

namespace {

using detail::BatchBuffers;
using detail::BatchData;
using detail::BatchPlan;
using detail::EntryOutcome;
using detail::LaneHit;

// The widest SIMD block any ISA evaluates at once (AVX-512's sixteen lanes).
constexpr std::size_t max_block = 16;

// The exact cell walk evaluates a cell's list in lanes when it is longer than this.
constexpr std::uint32_t short_list = 6;

// How far past a triangle's box the batch path still looks. The reference
// kernels decide a graze by differences of squares (the capsule's wall
// discriminant a1^2 - a2.a0, the end spheres', the segment's at the start,
// Eberly's q), whose rounding moves the graze by about sqrt(eps) times the
// distances involved: a ray 4 m from an edge's start is found to touch the
// edge when it passes 1.7 mm from it. Those distances are at most the move, the
// radius and the triangle's own extent (from the point of the graze to the
// edge's start), so a triangle is looked at when its box, grown by the shape,
// by 4e-3 (about 10 sqrt(eps)) of those lengths and by an absolute term for the
// rounding of the coordinates themselves, meets the swept segment: no triangle
// left out can graze the shape in the reference kernels either.
constexpr float rel_margin = 4e-3f;

float abs_margin(const BatchData& data, const Query& q) {
    float scale = data.extent;
    for (const Vec3& p : {q.start, q.start + q.move})
        scale = std::max({scale, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    return 1e-4f + 2e-5f * scale;
}

float length_of(const Vec3& v) { return std::sqrt(dot(v, v)); }

// Orthonormal to within 1e-3: a box whose world bounds are what its axes and
// half extents say.
bool orthonormal(const Box& b) {
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (std::fabs(dot(b.axis[i], b.axis[j]) - (i == j ? 1.0f : 0.0f)) > 1e-3f) return false;
    return true;
}

// The world box of a cell range.
Bounds cells_box(const GridGeometry& g, const CellRange& r) {
    Bounds b;
    for (int a = 0; a < 3; ++a) {
        const auto k = static_cast<std::size_t>(a);
        const float o = component(g.origin, a), s = component(g.cell_size, a);
        const float lo = r.lo[k] == 0 ? -std::numeric_limits<float>::infinity() : o + static_cast<float>(r.lo[k]) * s;
        const float hi = r.hi[k] + 1 == g.dims[k] ? std::numeric_limits<float>::infinity()
                                                  : o + static_cast<float>(r.hi[k] + 1) * s;
        (a == 0 ? b.min.x : a == 1 ? b.min.y : b.min.z) = lo;
        (a == 0 ? b.max.x : a == 1 ? b.max.y : b.max.z) = hi;
    }
    return b;
}

// A sweep's reach: the segment from c along M, every triangle box grown by
// `grow` and the relative margin.
void set_segment_reach(BatchPlan& p, const Vec3& grow, float size) {
    p.grow = grow;
    p.rel_margin = rel_margin;
    p.size = size;
    const Vec3 end = p.c + p.M;
    p.reach_lo = detail::min3(p.c, end);
    p.reach_hi = detail::max3(p.c, end);
    // The slab test prunes what the segment's bounds alone let through only
    // where the move is long beside the shape; for a short move it is work for
    // nothing.
    p.slab = length_of(p.M) > 2.0f * std::max({grow.x, grow.y, grow.z});
    for (int a = 0; a < 3; ++a) {
        const float m = component(p.M, a);
        p.slab_axis[a] = std::fabs(m) > 1e-30f;
        (a == 0 ? p.inv_move.x : a == 1 ? p.inv_move.y : p.inv_move.z) = p.slab_axis[a] ? 1.0f / m : 0.0f;
    }
}

BatchPlan make_plan(const BatchLevel& level, const Query& q) {
    const detail::BatchData& data = level.data();
    const QuerySettings& s = q.settings;
    BatchPlan p;
    p.kind = q.kind;
    p.options = s.options;
    p.body_flags = s.body_flags;
    p.nz_min = s.nz_min;
    p.nz_max = s.nz_max;
    p.quirks = s.quirks;
    p.honour_option_8000 = q.kind != QueryKind::box_sweep;
    p.M = q.move;
    const float m = abs_margin(data, q);
    switch (q.kind) {
        case QueryKind::sphere_sweep:
        case QueryKind::ray: {
            p.c = q.start;
            p.r = q.kind == QueryKind::ray ? 0.0f : q.radius;
            p.marking = (s.options & option::mark_faces) != 0;
            set_segment_reach(p, (p.r + m) * Vec3{1, 1, 1}, length_of(p.M) + p.r);
            break;
        }
        case QueryKind::capsule_sweep: {
            p.c = detail::capsule_sphere_centre(q);
            p.r = q.radius;
            p.capsule = true;
            p.step_top = q.start.z + q.step_height;
            p.marking = (s.options & option::mark_faces) != 0;
            set_segment_reach(p, (p.r + m) * Vec3{1, 1, 1}, length_of(p.M) + p.r);
            break;
        }
        case QueryKind::sphere_overlap: {
            p.c = q.start;
            p.r = q.radius;
            p.grow = (p.r + m) * Vec3{1, 1, 1};
            p.rel_margin = rel_margin;
            p.size = p.r;
            p.reach_lo = p.reach_hi = p.c;
            break;
        }
        case QueryKind::box_sweep: {
            p.box = q.box();
            p.c = p.box.centre;
            if (s.quirks.has(Quirk::mesh_cell_counter)) break;  // the exact walk: no reach
            Vec3 extent;
            for (int k = 0; k < 3; ++k) {
                const Vec3 a = q.axes[k];
                extent = extent + Vec3{std::fabs(a.x) * q.half[k], std::fabs(a.y) * q.half[k], std::fabs(a.z) * q.half[k]};
            }
            if (!s.quirks.has(Quirk::interval_zero_speed_reset) && orthonormal(p.box)) {
                // A contact is a true touch of the swept box: within its bounds.
                set_segment_reach(p, 1.01f * extent + Vec3{m, m, m},
                                  length_of(p.M) + std::max({extent.x, extent.y, extent.z}));
            } else {
                // The reset (or a skewed box) can give a contact on any triangle the
                // walk tests: every triangle listed in the query's cells.
                const Bounds qb = query_bounds(q);
                const Bounds cells = cells_box(level.level().grid().geometry(),
                                               level.level().grid().cell_range(qb.min, qb.max));
                p.reach_lo = cells.min;
                p.reach_hi = cells.max;
                p.grow = Vec3{m, m, m};
            }
            break;
        }
    }
    return p;
}

// The contacts of the pruned path, kept as the reference's gather keeps them:
// the first 100 in discovery order (the smallest ranks), overflow beyond.
class RankedContacts {
public:
    void clear() { size_ = 0, overflow_ = false; }
    void add(std::uint64_t rank, const MeshContact& c) {
        if (size_ < mesh_contact_capacity) {
            ranks_[size_] = rank;
            contacts_[size_++] = c;
            return;
        }
        overflow_ = true;
        const auto worst = std::max_element(ranks_.begin(), ranks_.end()) - ranks_.begin();
        if (rank < ranks_[static_cast<std::size_t>(worst)]) {
            ranks_[static_cast<std::size_t>(worst)] = rank;
            contacts_[static_cast<std::size_t>(worst)] = c;
        }
    }
    // The kept contacts in discovery order (an insertion sort by rank: a query
    // has a few contacts, at most 100).
    std::span<MeshContact> in_discovery_order() {
        for (std::size_t i = 1; i < size_; ++i) {
            const std::uint64_t rank = ranks_[i];
            const MeshContact c = contacts_[i];
            std::size_t j = i;
            for (; j > 0 && ranks_[j - 1] > rank; --j) {
                ranks_[j] = ranks_[j - 1];
                contacts_[j] = contacts_[j - 1];
            }
            ranks_[j] = rank;
            contacts_[j] = c;
        }
        return {contacts_.data(), size_};
    }
    bool overflow() const { return overflow_; }

private:
    std::array<std::uint64_t, mesh_contact_capacity> ranks_{};
    std::array<MeshContact, mesh_contact_capacity> contacts_{};
    std::size_t size_ = 0;
    bool overflow_ = false;
};

}  // namespace

struct BatchScratch::Impl {
    explicit Impl(const BatchLevel& level)
        : reference(level.level()),
          candidates(level.level().triangle_count() + max_block),
          candidate_entry(candidates.size()),
          survivors(candidates.size()),
          survivor_bits(candidates.size()),
          survivor_entry(candidates.size()),
          stack(level.node_count() + 1),
          hits(candidates.size()) {
        std::uint32_t longest = 0;
        const CellGrid& grid = level.level().grid();
        for (std::size_t cell = 0; cell < grid.cell_count(); ++cell)
            longest = std::max(longest, static_cast<std::uint32_t>(grid.list(cell).size()));
        entry_slots.resize(longest + max_block);
        entry_outcomes.resize(entry_slots.size());
        entry_hits.resize(entry_slots.size());
    }

    QueryScratch reference;  // the reference path (Isa::scalar), and the exact walk's visited bits and gather
    std::vector<std::uint32_t> candidates;
    std::vector<float> candidate_entry;
    std::vector<std::uint32_t> survivors, survivor_bits;
    std::vector<float> survivor_entry;
    std::vector<std::uint32_t> stack;
    std::vector<LaneHit> hits;
    std::vector<std::uint32_t> entry_slots;
    std::vector<EntryOutcome> entry_outcomes;
    std::vector<LaneHit> entry_hits;
    RankedContacts ranked;
};

BatchScratch::BatchScratch(const BatchLevel& level) : impl_(std::make_unique<Impl>(level)) {}
BatchScratch::~BatchScratch() = default;

std::string_view path_name(Path path) { return path == Path::batch ? "batch" : "reference"; }

std::optional<Path> path_from_name(std::string_view name) {
    if (name == "reference") return Path::reference;
    if (name == "batch") return Path::batch;
    return std::nullopt;
}

namespace {

// One query on the batch path, with its plan, scratch and result.
class BatchRun {
public:
    BatchRun(const BatchLevel& level, const Query& q, BatchScratch::Impl& scratch, const detail::BatchIsaTable& isa,
             QueryResult& result)
        : level_(level.level()),
          data_(level.data()),
          q_(q),
          s_(scratch),
          isa_(isa),
          result_(result),
          plan_(make_plan(level, q)),
          direction_(normalize_rsqrt(q.move)) {}

    std::span<MeshContact> run(bool& overflow) {
        const bool counter_bug = q_.settings.quirks.has(Quirk::mesh_cell_counter) &&
                                 (q_.kind == QueryKind::box_sweep || q_.kind == QueryKind::capsule_sweep);
        if (counter_bug) return walk(overflow);
        return pruned(overflow);
    }

private:
    // The contact a lane gave, as the reference visits make it (mesh_visits.hpp).
    MeshContact contact(const LaneHit& h) const {
        const std::uint32_t tri = std::bit_cast<std::uint32_t>(data_.record_at(h.slot)[detail::record::triangle]);
        MeshContact c;
        c.triangle = tri;
        c.triangle_flags = level_.flags(tri);
        c.material = level_.material(tri);
        const Vec3 n = level_.normal(tri);
        switch (q_.kind) {
            case QueryKind::sphere_overlap: {
                const Vec3 v0 = level_.corner(tri, 0), v1 = level_.corner(tri, 1), v2 = level_.corner(tri, 2);
                c.depth = h.fraction;
                c.normal = dot(n, q_.start) - level_.plane(tri) < 0.0f ? -n : n;
                c.point = (v0 + h.s * (v1 - v0)) + h.t * (v2 - v0);
                return c;
            }
            case QueryKind::box_sweep:
                c.fraction = h.fraction;
                c.normal = h.flipped ? -1.0f * n : n;
                c.point = plan_.box.centre + h.fraction * q_.move;
                c.direction = direction_;
                return c;
            default:
                c.fraction = h.fraction;
                c.normal = h.flipped ? -1.0f * n : n;
                c.point = (plan_.c + h.fraction * plan_.M) - plan_.r * c.normal;
                c.direction = direction_;
                c.flags = h.marks;
                if (plan_.capsule) c.inside_mask = h.mask;
                return c;
        }
    }

    // A lane the wide code left to the scalar kernel (a block with few lanes
    // past the filters, or a zero-length capsule edge): the reference kernel on
    // the working triangle, as the reference visits call it (mesh_visits.hpp).
    // Returns its effect on the counter; a contact's data goes to h.
    EntryOutcome scalar_lane(LaneHit& h) const {
        const std::uint32_t tri = std::bit_cast<std::uint32_t>(data_.record_at(h.slot)[detail::record::triangle]);
        switch (q_.kind) {
            case QueryKind::sphere_overlap: {
                const Vec3 v0 = level_.corner(tri, 0), v1 = level_.corner(tri, 1), v2 = level_.corner(tri, 2);
                const auto depth = sphere_triangle_penetration(plan_.c, plan_.r, v0, v1, v2);
                if (!depth) return EntryOutcome::advanced;
                const PointTriangleDistance closest = point_triangle_distance_sq(plan_.c, v0, v1, v2);
                h.fraction = *depth;
                h.s = closest.s;
                h.t = closest.t;
                h.branch = static_cast<std::uint8_t>(HitBranch::penetration);
                return EntryOutcome::contact;
            }
            case QueryKind::box_sweep: {
                const float f = sweep_box_triangle(plan_.box, level_triangle(level_, tri, h.flipped), plan_.M, plan_.quirks);
                if (f > 1.0f) return EntryOutcome::not_advanced;
                if (!(f >= 0.0f && f <= 1.0f)) return EntryOutcome::advanced;
                h.fraction = f;
                h.branch = static_cast<std::uint8_t>(HitBranch::box_triangle);
                return EntryOutcome::contact;
            }
            default: {
                const WorkingTriangle t = level_triangle(level_, tri, h.flipped);
                const SphereTriangleSweep hit = sweep_sphere_triangle(t, plan_.c, plan_.r, plan_.M, plan_.quirks);
                const bool in_range = hit.hit && hit.fraction >= 0.0f && hit.fraction <= 1.0f;
                if (!hit.hit) return EntryOutcome::advanced;
                if (!in_range)
                    return plan_.capsule && hit.fraction > 1.0f ? EntryOutcome::not_advanced : EntryOutcome::advanced;
                h.fraction = hit.fraction;
                h.mask = *hit.mask;
                h.branch = static_cast<std::uint8_t>(detail::branch_of(hit.branch));
                return EntryOutcome::contact;
            }
        }
    }

    void count_hit(const LaneHit& h) { ++result_.stats.hits_by_branch[h.branch]; }

    // The pruned path: the hierarchy's candidates, filtered and evaluated in
    // lanes; each contact ranked by where the reference walk finds it.
    std::span<MeshContact> pruned(bool& overflow) {
        BatchBuffers buf;
        buf.candidates = s_.candidates.data();
        buf.candidate_entry = s_.candidate_entry.data();
        buf.survivors = s_.survivors.data();
        buf.survivor_bits = s_.survivor_bits.data();
        buf.survivor_entry = s_.survivor_entry.data();
        buf.stack = s_.stack.data();
        buf.hits = s_.hits.data();
        isa_.select(data_, plan_, buf);
        s_.ranked.clear();
        if (q_.settings.collect == Collect::closest && buf.survivor_count <= mesh_contact_capacity)
            sweep_closest(buf);
        else
            sweep_all(buf);
        result_.stats.cells = buf.nodes_visited;
        result_.stats.entries = buf.candidate_count;
        result_.stats.kernel_calls = buf.kernel_calls;
        overflow = s_.ranked.overflow();
        return s_.ranked.in_discovery_order();
    }

    void sweep_all(BatchBuffers& buf) {
        isa_.sweep(data_, plan_, buf, 0, buf.survivor_count);
        for (std::size_t i = 0; i < buf.hit_count; ++i) collect(buf.hits[i]);
    }

    // A closest query: the survivors in the order their grown boxes start along
    // the move, a few at a time, until the next one starts after the best
    // contact so far (no contact with it can come earlier, docs/query.md).
    // With at most 100 survivors no more than 100 contacts exist, so the full
    // query would not overflow and its first contact is the earliest one.
    void sweep_closest(BatchBuffers& buf) {
        const std::size_t n = buf.survivor_count;
        // Sort the survivors by entry (an insertion sort: at most 100), stable.
        for (std::size_t i = 1; i < n; ++i) {
            const float e = buf.survivor_entry[i];
            const std::uint32_t slot = buf.survivors[i], bits = buf.survivor_bits[i];
            std::size_t j = i;
            for (; j > 0 && buf.survivor_entry[j - 1] > e; --j) {
                buf.survivor_entry[j] = buf.survivor_entry[j - 1];
                buf.survivors[j] = buf.survivors[j - 1];
                buf.survivor_bits[j] = buf.survivor_bits[j - 1];
            }
            buf.survivor_entry[j] = e, buf.survivors[j] = slot, buf.survivor_bits[j] = bits;
        }
        const std::size_t chunk = std::max<std::size_t>(4, isa_.width / 2);
        std::optional<float> best;
        for (std::size_t begin = 0; begin < n; begin += chunk) {
            if (best && buf.survivor_entry[begin] > *best) break;
            const std::size_t first_hit = buf.hit_count;
            isa_.sweep(data_, plan_, buf, begin, std::min(n, begin + chunk));
            for (std::size_t i = first_hit; i < buf.hit_count; ++i)
                if (const std::optional<float> f = collect(buf.hits[i]); f && (!best || *f < *best)) best = f;
        }
    }

    // Ranks a lane's contact by where the reference walk finds it and keeps
    // it; its fraction, or nothing when there is no contact or the reference
    // walk never tests the triangle.
    std::optional<float> collect(LaneHit& h) {
        if (h.scalar && scalar_lane(h) != EntryOutcome::contact) return std::nullopt;
        const GridGeometry& g = level_.grid().geometry();
        if (!walked_) {  // the first contact: most queries have none
            const Bounds qb = query_bounds(q_);
            walked_ = g.cell_range(qb.min, qb.max);
        }
        const float* r = data_.record_at(h.slot);
        // The cells the grid lists the triangle in, where the walk's meet them.
        CellRange met;
        for (std::size_t a = 0; a < 3; ++a) {
            met.lo[a] = std::max(std::bit_cast<std::uint32_t>(r[detail::record::cells_lo + a]), walked_->lo[a]);
            met.hi[a] = std::min(std::bit_cast<std::uint32_t>(r[detail::record::cells_hi + a]), walked_->hi[a]);
        }
        // The reference walk finds the contact in the first cell of `met` it
        // visits: `met`'s low corner for a walk over the whole box (x, y, z
        // order), the first cell of the ray's segment walk within `met`.
        std::optional<std::size_t> first;
        if (q_.kind != QueryKind::ray) {
            if (!met.empty()) first = g.cell_index(met.lo[0], met.lo[1], met.lo[2]);
        } else {
            detail::for_each_segment_cell(g, met, q_.start, q_.move,
                                          [&](std::uint32_t ix, std::uint32_t iy, std::uint32_t iz) {
                                              first = g.cell_index(ix, iy, iz);
                                              return true;
                                          });
        }
        if (!first) return std::nullopt;  // the reference walk never tests it
        const auto tri = std::bit_cast<std::uint32_t>(r[detail::record::triangle]);
        count_hit(h);
        s_.ranked.add((std::uint64_t{*first} << 32) | tri, contact(h));
        return h.fraction;
    }

    // The exact cell walk (box and walking capsule sweeps with the counter
    // bug), as the reference walks (mesh_walk.hpp): each cell's list evaluated
    // in lanes, then the words the bug reads past the list's end, evaluated a
    // block ahead and taken one by one, in order, until the counter catches up.
    std::span<MeshContact> walk(bool& overflow) {
        QueryStats& stats = result_.stats;
        detail::Gather gather(s_.reference.gathered);
        VisitedBits& visited = s_.reference.visited;
        visited.reset();
        const CellGrid& grid = level_.grid();
        const std::uint32_t triangles = level_.triangle_count();
        std::uint32_t* slots = s_.entry_slots.data();
        EntryOutcome* outcomes = s_.entry_outcomes.data();
        LaneHit* hits = s_.entry_hits.data();
        // One entry's effect on the counter, contacts gathered in order.
        auto take = [&](EntryOutcome o, LaneHit& h) {
            if (o == EntryOutcome::scalar) o = scalar_lane(h);
            if (o != EntryOutcome::filtered) ++stats.kernel_calls;
            if (o == EntryOutcome::contact) {
                count_hit(h);
                gather.add(contact(h));
            }
            return o == EntryOutcome::not_advanced ? detail::Counter::not_advanced : detail::Counter::advanced;
        };
        const detail::VisitContext context{level_, visited, gather, stats, nullptr, q_.settings};
        const detail::BoxVisit box_visit{context, plan_.box, q_.move, direction_};
        const detail::SphereVisit capsule_visit{context, plan_.c, q_.move, direction_, plan_.r, true, plan_.step_top};
        auto nothing = [](auto...) {};
        const Bounds qb = query_bounds(q_);
        grid.for_each_cell(grid.cell_range(qb.min, qb.max), [&](std::size_t cell) {
            std::size_t pos = grid.list_offset(cell);
            const std::uint32_t count = grid.word(pos);
            // A short list costs less one entry at a time, through the reference
            // visits themselves (the same answers by construction).
            if (count <= short_list) {
                if (q_.kind == QueryKind::box_sweep)
                    detail::walk_cell(grid, cell, true, stats, box_visit, nothing, nothing);
                else
                    detail::walk_cell(grid, cell, true, stats, capsule_visit, nothing, nothing);
                return;
            }
            ++pos;
            ++stats.cells;
            std::size_t n = 0;
            for (std::uint32_t i = 0; i < count; ++i) {
                const std::uint32_t tri = grid.word(pos++);
                ++stats.entries;
                if (!visited.test_and_set(tri)) slots[n++] = data_.slot_of[tri];
            }
            isa_.evaluate(data_, plan_, slots, n, outcomes, hits);
            std::uint32_t counter = count;
            for (std::size_t i = 0; i < n; ++i)
                if (take(outcomes[i], hits[i]) == detail::Counter::not_advanced) --counter;
            // Each miss left the counter behind: read on past the list (DESIGN.md
            // item 4), one entry more per miss among those too.
            while (counter < count) {
                // As many words as the counter still lacks (more follow when some miss).
                const std::size_t ahead = std::min<std::size_t>(max_block, count - counter);
                std::array<std::uint32_t, max_block> words;
                std::size_t valid = 0;
                for (std::size_t k = 0; k < ahead; ++k) {
                    words[k] = grid.word(pos + k);
                    if (words[k] < triangles) slots[valid++] = data_.slot_of[words[k]];
                }
                isa_.evaluate(data_, plan_, slots, valid, outcomes, hits);
                for (std::size_t k = 0, v = 0; k < ahead && counter < count; ++k) {
                    ++pos;
                    ++stats.entries;
                    ++stats.extra_entries;
                    const bool evaluated = words[k] < triangles;
                    const std::size_t at = v;
                    v += evaluated ? 1 : 0;
                    if (visited.test_and_set(words[k])) {  // seen before, or no triangle: skipped
                        ++counter;
                        continue;
                    }
                    if (take(outcomes[at], hits[at]) == detail::Counter::advanced) ++counter;
                }
            }
        });
        visited.reset();
        overflow = gather.overflow();
        return gather.contacts();
    }

    const Level& level_;
    const detail::BatchData& data_;
    const Query& q_;
    BatchScratch::Impl& s_;
    const detail::BatchIsaTable& isa_;
    QueryResult& result_;
    const BatchPlan plan_;
    const Vec3 direction_;
    std::optional<CellRange> walked_;  // the cells of the query's box (query_bounds), which the reference walks
};

}  // namespace

QueryResult run_query_batch(const BatchLevel& level, const Query& q, std::span<MeshContact> out, BatchScratch& scratch,
                            Isa isa) {
    const detail::BatchIsaTable* table = detail::batch_isa_table(isa);
    if (isa == Isa::scalar) return run_query(level.level(), q, out, scratch.impl().reference);
    if (table == nullptr)
        throw std::invalid_argument("ISA " + std::string(isa_name(isa)) + " is not available on this machine");
    QueryResult result;
    result.status = validate_query(q);
    if (result.status != QueryStatus::ok) return result;
    bool overflow = false;
    std::span<MeshContact> found = BatchRun(level, q, scratch.impl(), *table, result).run(overflow);
    detail::finish_query(level.level(), q, found, overflow, out, result);
    return result;
}

}  // namespace levelsweep
