// The batch path's cell walk where the counter bug makes it hard (docs/design.md
// item 4, Unit 13 0x0034888c, the walking capsule 0x00347c08): levels built so
// that kernel misses walk into the next cells' count words and lists, run
// through several cells and past the last list, and find triangles only
// through those reads, and so that the walking capsule's low-triangle rule
// sits exactly on a triangle's top. Each query is answered by the reference
// path and by the batch path on every ISA, compared bit for bit; and each case
// checks, on the reference path, that its queries really reach what they are
// built for (a test that reached none of it would prove nothing). The batch
// path walks these box sweeps with the box walk (batch_box_walk.cpp: the
// reference's walk, the kernel's answers from lanes), whose lookups of the
// triangles found only through reads past a list these cases exercise.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "batch_support.hpp"
#include "query_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

// Unit 1's triangle T (test ideas), moved to `at`.
Tri unit1_triangle(const Vec3& at) { return {at, at + Vec3{4, 0, 0}, at + Vec3{0, 4, 0}}; }

// A level's triangles as they are added, one in `two_sided_one_in` (drawn
// as each is added) two-sided, the rest one-sided; all enabled; 1 m cells.
class RandomSidedLevel {
public:
    RandomSidedLevel(std::uint32_t seed, std::uint32_t two_sided_one_in) : rng_(seed), one_in_(two_sided_one_in) {}
    std::mt19937& rng() { return rng_; }
    void add(const Tri& tri) {
        const auto b = static_cast<std::uint32_t>(v_.size());
        v_.insert(v_.end(), {tri.a, tri.b, tri.c});
        TriangleRecord r;
        r.v = {b, b + 1, b + 2};
        r.flags = rng_() % one_in_ == 0 ? tri_flags::enabled | tri_flags::two_sided : tri_flags::enabled;
        t_.push_back(r);
    }
    Level build() const { return build_level(v_, t_, Vec3{1.0f, 1.0f, 1.0f}); }

private:
    std::mt19937 rng_;
    std::uint32_t one_in_;
    std::vector<Vec3> v_;
    std::vector<TriangleRecord> t_;
};

// A row of 1 m cells along x. Every fifth metre holds a copy of T at floor
// height; small tilted triangles and short walls fill the cells, over a tiled
// floor; the count words (small numbers) name copies of T.
Level row_level(std::uint32_t seed) {
    RandomSidedLevel level(seed, 7);
    std::mt19937& rng = level.rng();
    for (int i = 0; i < 8; ++i) level.add(unit1_triangle({5.0f * static_cast<float>(i), 0.0f, 0.0f}));
    // A floor of 0.5 m tiles at z -0.5: a box falling flat onto it meets many
    // at once, and the zero-speed reset gives them all the fraction 0, so the
    // order the walk finds them in (which the reads change) is the answer's.
    for (int i = 0; i < 80; ++i)
        for (int j = 0; j < 8; ++j) {
            const Vec3 p{0.5f * static_cast<float>(i), 0.5f * static_cast<float>(j) - 1.0f, -0.5f};
            level.add({p, p + Vec3{0.5f, 0, 0}, p + Vec3{0.5f, 0.5f, 0}});
            level.add({p, p + Vec3{0.5f, 0.5f, 0}, p + Vec3{0, 0.5f, 0}});
        }
    for (int i = 0; i < 160; ++i) {
        const Vec3 p{uniform(rng, 0.0f, 40.0f), uniform(rng, -1.0f, 4.0f), uniform(rng, -0.5f, 1.5f)};
        const Vec3 a = uniform_vec(rng, -0.4f, 0.4f), b = uniform_vec(rng, -0.4f, 0.4f);
        level.add({p, p + a, p + b});
        if (i % 4 == 0) level.add({p, p + Vec3{0.6f, 0.1f, 0}, p + Vec3{0, 0, 1.2f}});  // a short wall
    }
    return level.build();
}

// What the reference path's walks reached, over a set of queries: reads past
// a list, reads of more words than the next list holds (through several cells
// or past the last), triangles first tested through such a read (their place
// in the discovery order comes from it), and contacts with those.
struct Reached {
    int queries = 0, read_past = 0, read_far = 0, found_by_reads = 0, contacts_by_reads = 0, answered_by_reads = 0;
    int differing = 0;
};

// Watches a reference walk: a kernel call on a triangle that the cell being
// walked does not list came from a read past the list.
struct ReadWatch : QueryObserver {
    explicit ReadWatch(const CellGrid& g) : grid(g) {}
    void on_cell(std::size_t c) override { cell = c; }
    void on_kernel(std::uint32_t tri) override {
        const auto list = grid.list(cell);
        if (std::find(list.begin(), list.end(), tri) == list.end()) by_reads.push_back(tri);
    }
    const CellGrid& grid;
    std::size_t cell = 0;
    std::vector<std::uint32_t> by_reads;
};

// The batch path's answers to `q` on every ISA against the reference's, and
// the words it reads past the lists (the very words the reference reads);
// the first five differences fail the case.
void compare_batch(PathPair& pair, const Query& q, const Answer& reference, int& differing) {
    for (Isa isa : batch_isas()) {
        const Answer batch = pair.batch(q, isa);
        std::string why = answer_difference(reference, batch);
        if (why.empty() && batch.result.stats.extra_entries != reference.result.stats.extra_entries)
            why = "words read past the lists " + std::to_string(batch.result.stats.extra_entries) + " vs " +
                  std::to_string(reference.result.stats.extra_entries);
        if (!why.empty() && ++differing <= 5) FAIL_CHECK(isa_name(isa) << ": " << describe(q) << ": " << why);
    }
}

// The reference and the batch path on `q` (every ISA), compared; and what the
// reference reached.
void compare(const Level& level, PathPair& pair, const Query& q, Reached& r) {
    QueryScratch scratch(level);
    Answer reference;
    reference.contacts.resize(mesh_contact_capacity);
    ReadWatch watch(level.grid());
    reference.result = run_query(level, q, reference.contacts, scratch, Walk::grid, &watch);
    reference.contacts.resize(reference.result.count);
    ++r.queries;
    r.read_past += reference.result.stats.extra_entries > 0;
    r.read_far += reference.result.stats.extra_entries > 6;
    r.found_by_reads += !watch.by_reads.empty();
    for (const MeshContact& c : reference.contacts)
        if (std::find(watch.by_reads.begin(), watch.by_reads.end(), c.triangle) != watch.by_reads.end()) {
            ++r.contacts_by_reads;
            break;
        }
    // The same walk without the bug: the reads changed the answer itself
    // (which contacts, or in what order ties are returned).
    Query exact = q;
    exact.settings.quirks = q.settings.quirks.without(Quirk::mesh_cell_counter);
    r.answered_by_reads += !answer_difference(reference, pair.reference(exact)).empty();
    compare_batch(pair, q, reference, r.differing);
}

void report(const char* what, const Reached& r) {
    MESSAGE(r.queries << " " << std::string(what) << ": " << r.read_past << " read past a list, " << r.read_far
                      << " more than 6 words past, " << r.found_by_reads << " tested a triangle first through a read, "
                      << r.contacts_by_reads << " with a contact on it, " << r.answered_by_reads
                      << " answered otherwise than without the bug");
}

// Large triangles over 1 m cells: a floor of 3 m triangles, walls 4 m long
// and 2.5 m high along both axes, steep ramps, and small debris, so that
// most triangles are listed in several cells and a query's box mostly starts
// inside their cells rather than at their lowest.
Level spanning_level(std::uint32_t seed) {
    RandomSidedLevel level(seed, 9);
    std::mt19937& rng = level.rng();
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            const Vec3 p{3.0f * static_cast<float>(i), 3.0f * static_cast<float>(j), 0.0f};
            level.add({p, p + Vec3{3, 0, 0}, p + Vec3{3, 3, 0}});
            level.add({p, p + Vec3{3, 3, 0}, p + Vec3{0, 3, 0}});
        }
    for (int i = 0; i < 24; ++i) {
        const Vec3 p{uniform(rng, 0.0f, 10.0f), uniform(rng, 0.0f, 10.0f), uniform(rng, -0.3f, 0.5f)};
        const Vec3 along = i % 2 ? Vec3{uniform(rng, 2.0f, 4.0f), 0, 0} : Vec3{0, uniform(rng, 2.0f, 4.0f), 0};
        level.add({p, p + along, p + Vec3{0, 0, 2.5f}});
        level.add({p + along, p + along + Vec3{0, 0, 2.5f}, p + Vec3{0, 0, 2.5f}});
    }
    for (int i = 0; i < 12; ++i) {
        const Vec3 p{uniform(rng, 0.0f, 10.0f), uniform(rng, 0.0f, 10.0f), 0.0f};
        level.add({p, p + Vec3{2.5f, 0.3f, 1.5f}, p + Vec3{0.2f, 2.5f, 1.2f}});
    }
    for (int i = 0; i < 120; ++i) {
        const Vec3 p{uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 2.0f)};
        level.add({p, p + uniform_vec(rng, -0.6f, 0.6f), p + uniform_vec(rng, -0.6f, 0.6f)});
    }
    return level.build();
}

// spanning_level's kind of triangles under a grid 2 km tall (a triangle at
// its top): the cell walk's 16-bit tops (CellWalkData::tops) then step some
// 3 cm, so that a capsule's step often falls within one step of a top.
Level tall_level(std::uint32_t seed) {
    RandomSidedLevel level(seed, 9);
    std::mt19937& rng = level.rng();
    for (int i = 0; i < 40; ++i) {
        const Vec3 p{uniform(rng, 0.0f, 10.0f), uniform(rng, 0.0f, 10.0f), uniform(rng, -0.3f, 1.5f)};
        const Vec3 along = i % 2 ? Vec3{uniform(rng, 1.0f, 4.0f), 0, 0} : Vec3{0, uniform(rng, 1.0f, 4.0f), 0};
        const float high = uniform(rng, 0.1f, 2.5f);  // walls and kerbs
        level.add({p, p + along, p + Vec3{0, 0, high}});
        level.add({p + along, p + along + Vec3{0, 0, high}, p + Vec3{0, 0, high}});
    }
    for (int i = 0; i < 80; ++i) {
        const Vec3 p{uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 2.0f)};
        level.add({p, p + uniform_vec(rng, -0.6f, 0.6f), p + uniform_vec(rng, -0.6f, 0.6f)});
    }
    level.add({{0, 0, 2000}, {1, 0, 2000}, {0, 1, 2000}});
    return level.build();
}

// A triangle's highest corner: the walking capsule's step rule reads it.
float top_of(const Level& level, std::uint32_t tri) {
    return std::max({level.corner(tri, 0).z, level.corner(tri, 1).z, level.corner(tri, 2).z});
}

// A contact of the reference's answer on a triangle that the query's walk
// reads first in a cell that is not the triangle's lowest (its cells start
// below the query's on some axis), and one on a triangle listed in more than
// one cell of the query's box (read again after it was found).
struct Spanned {
    int queries = 0, entered_inside = 0, listed_again = 0, differing = 0;
};

void compare_spanning(const Level& level, PathPair& pair, const Query& q, Spanned& s) {
    const Answer reference = pair.reference(q);
    const GridGeometry& g = level.grid().geometry();
    const Bounds b = query_bounds(q);
    const CellRange walked = g.cell_range(b.min, b.max);
    ++s.queries;
    bool inside = false, again = false;
    for (const MeshContact& c : reference.contacts) {
        const CellRange own =
            g.triangle_cells(level.corner(c.triangle, 0), level.corner(c.triangle, 1), level.corner(c.triangle, 2));
        std::uint32_t shared = 1;
        for (std::size_t a = 0; a < 3; ++a) {
            inside = inside || own.lo[a] < walked.lo[a];
            const std::uint32_t lo = std::max(own.lo[a], walked.lo[a]), hi = std::min(own.hi[a], walked.hi[a]);
            shared *= hi >= lo ? hi - lo + 1 : 0;
        }
        again = again || shared > 1;
    }
    s.entered_inside += inside;
    s.listed_again += again;
    compare_batch(pair, q, reference, s.differing);
}

}  // namespace

TEST_SUITE("batch counter bug") {
    TEST_CASE("box sweeps whose misses read into the next cells and past the last list: batch = reference") {
        const Level level = row_level(31);
        PathPair pair(level);
        auto rng = seeded_rng(32);
        Reached r;
        // Until three had their answer changed by the reads (about one sweep in
        // a hundred: a tenth of them alone, under the sanitizers, may hold none).
        for (int i = 0; keep_drawing(i, 3000, r.answered_by_reads >= 3); ++i) {
            Box b;
            for (float& h : b.half) h = uniform(rng, 0.05f, 0.6f);
            b.centre = {uniform(rng, -0.5f, 40.5f), uniform(rng, -1.0f, 4.0f), uniform(rng, -0.5f, 2.0f)};
            if (rng() % 3 == 0) {  // turned about z: the zero-speed reset on a falling box
                const float a = uniform(rng, 0.0f, 6.3f);
                b.axis[0] = {std::cos(a), std::sin(a), 0};
                b.axis[1] = {-std::sin(a), std::cos(a), 0};
            }
            Vec3 move = rng() % 2 ? Vec3{0, 0, -uniform(rng, 0.1f, 2.0f)} : uniform_vec(rng, -1.5f, 1.5f);
            if (i % 4 == 3) {
                // Falling onto a copy of T among the tiles: the zero-speed reset's
                // ties there are where the reads change the answer itself, which
                // the draws above reach about once in 300 sweeps.
                b.centre = {5.0f * static_cast<float>(rng() % 8) + uniform(rng, -0.4f, 0.4f), uniform(rng, -0.5f, 3.0f),
                            uniform(rng, 0.3f, 2.0f)};
                move = {0, 0, -uniform(rng, 0.7f, 2.0f)};
            }
            compare(level, pair, Query::box_sweep(b, move), r);
        }
        report("box sweeps", r);
        CHECK(r.differing == 0);
        CHECK(r.read_past > r.queries / 4);
        CHECK(r.read_far > 0);
        CHECK(r.found_by_reads > 0);
        CHECK(r.contacts_by_reads > 0);
        CHECK(r.answered_by_reads > 0);
    }

    TEST_CASE("walking capsules whose fractions above 1 read into the next cells: batch = reference") {
        // Unit 1's row 12 (a missed corner contact: the kernel returns 1.783594)
        // on each copy of T, turned and moved a little, so that most sweeps leave
        // the counter behind.
        const Level level = row_level(33);
        PathPair pair(level);
        auto rng = seeded_rng(34);
        Reached r;
        for (int i = 0; i < scaled(3000); ++i) {
            const Vec3 at{5.0f * static_cast<float>(rng() % 8), 0.0f, 0.0f};
            const Vec3 centre = at + Vec3{-0.9f, -0.9f, 0.6f} + uniform_vec(rng, -0.15f, 0.15f);
            Query q = Query::capsule_sweep(centre - Vec3{0, 0, 0.52f},
                                           Vec3{0.6f, 1.2f, -0.6f} + uniform_vec(rng, -0.2f, 0.2f), 0.5f);
            q.step_height = rng() % 2 ? -0.1f : uniform(rng, -0.2f, 1.0f);  // the floor through the step rule, or not
            compare(level, pair, q, r);
        }
        report("walking capsules", r);
        CHECK(r.differing == 0);
        CHECK(r.read_past > r.queries / 10);
        CHECK(r.found_by_reads > 0);
    }

    TEST_CASE("reads past the last list: the word array's end reads as no triangle, on both paths") {
        // One cell, then the two of a row, the last one's list ending the words:
        // a box beside each triangle misses it and reads on, past the end.
        const Level one = make_level({{{0.1f, 0, 0}, {0.4f, 0, 0}, {0.1f, 0.3f, 0}}}, Vec3{10.0f, 10.0f, 10.0f});
        const Level two =
            make_level({{{0.1f, 0, 0}, {0.4f, 0, 0}, {0.1f, 0.3f, 0}}, {{1.2f, 0, 0}, {1.8f, 0, 0}, {1.2f, 0.6f, 0}}},
                       Vec3{1.0f, 10.0f, 10.0f});
        for (const Level* level : {&one, &two}) {
            PathPair pair(*level);
            Box b;
            b.half[0] = b.half[1] = b.half[2] = 0.1f;
            b.centre = {level == &one ? 0.25f : 1.5f, 0.8f, 0.5f};
            const Query q = Query::box_sweep(b, {0, 0, -1});
            const Answer reference = pair.reference(q);
            CHECK(reference.result.stats.extra_entries > 0);
            for (Isa isa : batch_isas()) {
                const Answer batch = pair.batch(q, isa);
                CHECK(answer_difference(reference, batch) == "");
                CHECK(batch.result.stats.extra_entries == reference.result.stats.extra_entries);
            }
        }
    }

    TEST_CASE("the walking capsule's step rule on a triangle's top: on it the triangle is tested, a float below not") {
        // A wall whose top is at z 1; the capsule's step top (feet z + step
        // height) exactly there, and one float above it.
        const Level level = make_level({{{0, 0, 0}, {0, 2, 0}, {0, 0, 1}, tri_flags::enabled}}, Vec3{1, 1, 1});
        PathPair pair(level);
        for (const float step_top : {1.0f, std::nextafter(1.0f, 2.0f)}) {
            CAPTURE(step_top);
            Query q = Query::capsule_sweep({0.8f, 0.5f, 0.0f}, {-0.6f, 0.0f, 0.0f}, 0.4704f);
            q.step_height = step_top;  // the feet at z 0
            const Answer reference = pair.reference(q);
            CHECK(reference.result.count == (step_top == 1.0f ? 1u : 0u));  // the wall, or nothing
            for (Isa isa : batch_isas()) CHECK(answer_difference(reference, pair.batch(q, isa)) == "");
        }
    }

    TEST_CASE("the walking capsule passes over a cell by its 16-bit top only where float32 would") {
        // The batch walk keeps each cell's top as a 16-bit step of the grid's
        // z range (CellWalkData::tops), rounded down, and the capsule's step
        // on the same scale. A second triangle 10 km up makes one step of that
        // scale some 15 cm: steps within it of the wall's top (z 1) must
        // still test the wall exactly as the reference's float comparison.
        const Level level = make_level({{{0, 0, 0}, {0, 2, 0}, {0, 0, 1}, tri_flags::enabled},
                                        {{5, 5, 10000}, {6, 5, 10000}, {5, 6, 10000}, tri_flags::enabled}},
                                       Vec3{1, 1, 1});
        PathPair pair(level);
        const float below = std::nextafter(1.0f, 0.0f), above = std::nextafter(1.0f, 2.0f);
        for (const float step_top : {0.8f, 0.95f, below, 1.0f, above, 1.05f, 1.2f}) {
            CAPTURE(step_top);
            Query q = Query::capsule_sweep({0.8f, 0.5f, 0.0f}, {-0.6f, 0.0f, 0.0f}, 0.4704f);
            q.step_height = step_top;  // the feet at z 0
            const Answer reference = pair.reference(q);
            CHECK(reference.result.count == (step_top <= 1.0f ? 1u : 0u));  // the wall, or nothing
            for (Isa isa : batch_isas()) CHECK(answer_difference(reference, pair.batch(q, isa)) == "");
        }
    }

    TEST_CASE("walking capsules whose step is within one 16-bit step of a triangle's top: batch = reference") {
        // On tall_level a cell's top and the capsule's step share a step of
        // the 16-bit scale (about 3 cm) often; there the batch walk must walk
        // the cell and let each entry's float test decide, as the reference
        // does. Each capsule's step is put at a random triangle's top, a
        // float either side of it, or up to 6 cm off.
        const Level level = tall_level(43);
        PathPair pair(level);
        auto rng = seeded_rng(44);
        int queries = 0, differing = 0, near_step = 0;
        const GridGeometry& g = level.grid().geometry();
        const float quantum = static_cast<float>(g.dims[2]) * g.cell_size.z / 65533.0f;  // one step of the scale
        for (int i = 0; keep_drawing(i, 3000, near_step >= 3); ++i) {
            const Vec3 feet{uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 12.0f), uniform(rng, -0.5f, 1.5f)};
            const Vec3 move{uniform(rng, -1.0f, 1.0f), uniform(rng, -1.0f, 1.0f), uniform(rng, -0.1f, 0.1f)};
            const auto tri = static_cast<std::uint32_t>(rng() % (level.triangle_count() - 1));
            const float top = top_of(level, tri);
            float step_top = top;
            switch (i % 4) {
                case 1: step_top = std::nextafter(top, 0.0f); break;
                case 2: step_top = std::nextafter(top, 10.0f); break;
                case 3: step_top = top + uniform(rng, -0.06f, 0.06f); break;
                default: break;
            }
            Query q = Query::capsule_sweep(feet, move, 0.4704f);
            q.step_height = step_top - feet.z;
            const Answer reference = pair.reference(q);
            ++queries;
            const float step = feet.z + q.step_height;  // the walk's own sum
            for (const MeshContact& c : reference.contacts) {
                if (top_of(level, c.triangle) - step <
                    quantum) {  // a contact on a triangle within one step above the capsule's
                    ++near_step;
                    break;
                }
            }
            compare_batch(pair, q, reference, differing);
        }
        MESSAGE(queries << " walking capsules, " << near_step
                        << " with a contact on a triangle whose top is within one 16-bit step above the step");
        CHECK(differing == 0);
        CHECK(near_step >= 3);
    }

    TEST_CASE("walks over triangles listed in many cells, the query's box starting inside them: batch = reference") {
        // The batch walk reads an entry only in the cell where the walk meets
        // its triangle first (CellWalkData::first_on): the lowest of the
        // triangle's cells within the query's, which is the query's own low
        // cell on an axis where the triangle starts below it. Walking capsules
        // (faithful, so with reads past a list, and corrected), sphere sweeps
        // and overlaps among large floors, walls and ramps.
        const Level level = spanning_level(41);
        PathPair pair(level);
        auto rng = seeded_rng(42);
        Spanned s;
        for (int i = 0; i < scaled(3000); ++i) {
            const Vec3 at{uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 12.0f), uniform(rng, 0.0f, 0.6f)};
            const Vec3 move = uniform_vec(rng, -1.0f, 1.0f);
            Query q;
            switch (i % 4) {
                case 0:
                case 1:
                    q = Query::capsule_sweep(at, move, uniform(rng, 0.2f, 0.6f));
                    q.step_height = uniform(rng, -0.2f, 0.8f);
                    if (i % 4 == 1) q.settings.quirks = q.settings.quirks.without(Quirk::mesh_cell_counter);
                    break;
                case 2: q = Query::sphere_sweep(at + Vec3{0, 0, 0.5f}, uniform(rng, 0.05f, 0.6f), move); break;
                default: q = Query::sphere_overlap(at, uniform(rng, 0.1f, 1.2f)); break;
            }
            compare_spanning(level, pair, q, s);
        }
        MESSAGE(s.queries << " queries: " << s.entered_inside
                          << " with a contact on a triangle whose cells start below the query's, " << s.listed_again
                          << " on a triangle listed in several of the query's cells");
        CHECK(s.differing == 0);
        CHECK(s.entered_inside > s.queries / 10);
        CHECK(s.listed_again > s.queries / 10);
    }
}
