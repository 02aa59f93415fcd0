// The stored hierarchy of a version 2 level file (docs/formats.md, "The
// stored hierarchy"): it round-trips beside the level, leaves the content
// checksum alone, and every way it can be wrong for its level fails the load
// at its word with the reason (and the writer refuses it).
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "levelsweep/build_error.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/triangle_filters.hpp"
#include "mesh_file_support.hpp"
#include "mesh_support.hpp"
#include "stored_hierarchy_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

Level test_level(std::uint32_t seed) {
    auto rng = std::mt19937(seed);
    return build_level(random_level_arrays(rng, 30, 40, -3.0f, 3.0f), Vec3{1.5f, 1.5f, 1.5f});
}

std::size_t enabled_count(const Level& level) {
    std::size_t n = 0;
    for (std::uint32_t t = 0; t < level.triangle_count(); ++t) n += passes_flags(level.flags(t), false);
    return n;
}

// The file of `level` with `words` patched into its stored hierarchy (the
// writer would refuse them), its CRCs made right again.
Bytes file_with(const Level& level, const Words& valid, const Words& words) {
    Bytes b = serialize_level(level, valid);
    REQUIRE(sections_in(b) == 5);
    REQUIRE(section_bytes(b, BVH8) == 4 * words.size());
    for (std::size_t i = 0; i < words.size(); ++i) set_le(b, section_offset(b, BVH8) + 4 * i, words[i], 4);
    refresh_crcs(b);
    return b;
}

}  // namespace

TEST_SUITE("mesh file") {
    TEST_CASE("a stored hierarchy round-trips in a version 2 file, beside an unchanged checksum") {
        for (std::uint32_t seed = 1; seed <= 20; ++seed) {
            const Level level = test_level(seed);
            const Words h = two_level_hierarchy(level);
            CAPTURE(seed);
            REQUIRE(!h.empty());
            const Bytes v1 = serialize_level(level), v2 = serialize_level(level, h);
            CHECK(get_le(v1, 8, 4) == 1);
            CHECK(sections_in(v1) == 4);
            CHECK(get_le(v2, 8, 4) == 2);
            CHECK(std::string(reinterpret_cast<const char*>(v2.data() + entry_at(BVH8)), 4) == "BVH8");
            CHECK(section_count(v2, BVH8) == h.size() / sh::node_words);
            CHECK(section_offset(v2, BVH8) % 64 == 0);
            CHECK(get_le(v2, 32, 8) == get_le(v1, 32, 8));  // the content checksum leaves the hierarchy out
            const Level back = load_level_from_memory(v2, "test.lvl");
            CHECK(back.checksum() == level.checksum());
            CHECK(sh::words_of(back.stored_hierarchy()) == h);
            CHECK(load_level_from_memory(v1, "test.lvl").stored_hierarchy().empty());
            // A loaded level saved again keeps the hierarchy its file stored, unless told otherwise.
            CHECK(serialize_level(back) == v2);
            CHECK(serialize_level(back, {}) == v1);
            CHECK(back.memory_bytes() == level.memory_bytes() + 4 * h.size());
        }
    }

    TEST_CASE("a level without enabled triangles stores no hierarchy") {
        const Level empty;
        CHECK(!find_hierarchy_fault(Words{}, empty));
        CHECK(get_le(serialize_level(empty), 8, 4) == 1);
        Words one(sh::node_words);
        CHECK(find_hierarchy_fault(one, empty)->reason == "the level has no enabled triangle, so no node");
    }

    TEST_CASE("every way a stored hierarchy can be wrong fails the load at its word") {
        const Level level = test_level(7);
        const Words h = two_level_hierarchy(level);
        REQUIRE(enabled_count(level) > 8);         // two leaf nodes at least
        const std::size_t leaf0 = sh::node_words;  // node 1, the first node of leaves
        const std::uint32_t t0 = h[leaf0 + sh::child], t1 = h[leaf0 + sh::child + 1];
        std::uint32_t disabled = 0;
        while (passes_flags(level.flags(disabled), false)) ++disabled;
        REQUIRE(disabled < level.triangle_count());
        struct Case {
            const char* name;
            std::function<void(Words&)> patch;
            std::size_t word;  // where the load fails
            std::string reason;
        };
        const std::vector<Case> cases{
            {"a leaf's box not its triangle's", [&](Words& w) { w[leaf0 + sh::hi + 8] = bits(99.0f); }, leaf0 + sh::lo,
             "node 1 child 0: the box is not triangle " + std::to_string(t0) + "'s"},
            {"a NaN in a leaf's box", [&](Words& w) { w[leaf0 + sh::lo] = bits(std::nanf("")); }, leaf0 + sh::lo,
             "the box is not triangle"},
            {"a count above one", [&](Words& w) { w[leaf0 + sh::count] = 2; }, leaf0 + sh::count,
             "node 1 child 0: count 2, not 0 or 1"},
            {"a triangle in two leaves", [&](Words& w) { w[leaf0 + sh::child + 1] = t0; }, leaf0 + sh::child + 1,
             "triangle " + std::to_string(t0) + " is in two leaves"},
            {"a disabled triangle", [&](Words& w) { w[leaf0 + sh::child] = disabled; }, leaf0 + sh::child,
             "is triangle " + std::to_string(disabled) + ", not an enabled triangle"},
            {"a triangle past the last", [&](Words& w) { w[leaf0 + sh::child] = level.triangle_count(); },
             leaf0 + sh::child, "not an enabled triangle"},
            {"an enabled triangle in no leaf",
             [&](Words& w) {
                 set_child(w, 1, 1, NodeBox{}, sh::no_child, 0);
                 // the parent's box stays the union of what is left only by chance: make it so
                 NodeBox all;
                 for (std::size_t c = 0; c < 8; ++c)
                     if (w[leaf0 + sh::count + c] == 1) all.add(triangle_box(level, w[leaf0 + sh::child + c]));
                 set_child(w, 0, 0, all, 1, 0);
             },
             h.size(), "enabled triangle " + std::to_string(t1) + " is in no leaf"},
            {"an empty child with a box", [&](Words& w) { w[sh::lo + 7] = bits(0.0f); }, sh::lo + 7,
             "node 0 child 7: empty, but its box is not (+inf, -inf)"},
            {"a child node before its parent",
             [&](Words& w) { w[leaf0 + sh::count + 7] = 0, w[leaf0 + sh::child + 7] = 0; }, leaf0 + sh::child + 7,
             "node 1 child 7 is node 0, not one after it"},
            {"a child node past the last", [&](Words& w) { w[sh::child] = 99; }, sh::child,
             "node 0 child 0 is node 99, not one after it"},
            {"a node with two parents", [&](Words& w) { w[sh::child + 1] = 1; }, sh::child + 1,
             "node 0 child 1: node 1 has another parent"},
            {"a node's box in its parent not its children's union", [&](Words& w) { w[sh::hi] = bits(50.0f); }, leaf0,
             "node 1: its box in its parent is not the union of its children's"},
        };
        for (const Case& c : cases) {
            CAPTURE(c.name);
            Words w = h;
            c.patch(w);
            const auto fault = find_hierarchy_fault(w, level);
            REQUIRE(fault.has_value());
            CHECK(fault->word == c.word);
            CHECK_MESSAGE(fault->reason.find(c.reason) != std::string::npos, fault->reason);
            CHECK_THROWS_AS((void)serialize_level(level, w), LevelBuildError);
            const Bytes b = file_with(level, h, w);
            const auto f = load_failure(b);
            REQUIRE(f.has_value());
            CHECK(f->offset == section_offset(b, BVH8) + 4 * c.word);
            CHECK(f->reason == "BVH8: " + fault->reason);
        }
    }

    TEST_CASE("a stored hierarchy's nodes: not whole, none, or one no parent names") {
        const Level level = test_level(3);
        const Words h = two_level_hierarchy(level);
        CHECK(find_hierarchy_fault(Words(h.begin(), h.end() - 1), level)->reason ==
              "the hierarchy is not a whole number of 256-byte nodes");
        Words orphan = h;
        orphan.resize(h.size() + sh::node_words);
        for (std::size_t c = 0; c < 8; ++c)
            set_child(orphan, orphan.size() / sh::node_words - 1, c, NodeBox{}, sh::no_child, 0);
        const auto f = find_hierarchy_fault(orphan, level);
        REQUIRE(f.has_value());
        CHECK(f->word == h.size());
        CHECK(f->reason.find("is the child of no earlier node") != std::string::npos);
        // A version 2 file whose BVH8 holds no node, for a level with enabled triangles.
        Bytes b = serialize_level(level, h);
        const std::size_t at = section_offset(b, BVH8);
        b.resize(at);
        set_le(b, entry_at(BVH8) + 16, 0, 8);
        set_le(b, entry_at(BVH8) + 24, 0, 8);
        set_le(b, 24, b.size(), 8);
        refresh_crcs(b);
        const auto none = load_failure(b);
        REQUIRE(none.has_value());
        CHECK(none->offset == at);
        CHECK(none->reason.find("BVH8: no node, but the level has") != std::string::npos);
        // A BVH8 whose bytes are not whole nodes fails at the table, before any word is read.
        Bytes part = serialize_level(level, h);
        set_le(part, entry_at(BVH8) + 16, section_bytes(part, BVH8) - 4, 8);
        refresh_crcs(part);
        const auto t = load_failure(part);
        REQUIRE(t.has_value());
        CHECK(t->reason.find("needs 256 bytes each") != std::string::npos);
    }
}
