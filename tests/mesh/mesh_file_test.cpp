// The level file: round trips, and every kind of broken file fails cleanly
// with the offset and the reason (docs/formats.md, "The level file").
#include <doctest/doctest.h>

#include <filesystem>
#include <limits>
#include <map>
#include <unistd.h>

#include "levelsweep/level_file.hpp"
#include "mesh_file_support.hpp"
#include "mesh_support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

void check_identical(const Level& a, const Level& b) {
    const LevelArrays &x = a.arrays(), &y = b.arrays();
    CHECK(x.x == y.x);
    CHECK(x.y == y.y);
    CHECK(x.z == y.z);
    CHECK(x.i0 == y.i0);
    CHECK(x.i1 == y.i1);
    CHECK(x.i2 == y.i2);
    CHECK(x.flags == y.flags);
    CHECK(x.material == y.material);
    const GridGeometry &g = a.grid().geometry(), &h = b.grid().geometry();
    CHECK(g.origin == h.origin);
    CHECK(g.cell_size == h.cell_size);
    CHECK(g.dims == h.dims);
    CHECK(
        std::equal(a.grid().words().begin(), a.grid().words().end(), b.grid().words().begin(), b.grid().words().end()));
    CHECK(std::equal(a.grid().offsets().begin(), a.grid().offsets().end(), b.grid().offsets().begin(),
                     b.grid().offsets().end()));
    CHECK(std::equal(a.normals().z.begin(), a.normals().z.end(), b.normals().z.begin(), b.normals().z.end()));
    CHECK(std::equal(a.planes().begin(), a.planes().end(), b.planes().begin(), b.planes().end()));
    CHECK(a.checksum() == b.checksum());
}

Bytes small_file() {
    auto rng = std::mt19937(2024);
    return serialize_level(build_level(random_level_arrays(rng, 12, 20, -3.0f, 3.0f), Vec3{1.5f, 1.5f, 1.5f}));
}

// Checks that `b` fails at `offset` with a reason containing `reason`.
void check_fails(const Bytes& b, std::uint64_t offset, const std::string& reason) {
    const auto f = load_failure(b);
    REQUIRE_MESSAGE(f.has_value(), "expected: " << reason);
    CHECK_MESSAGE(f->reason.find(reason) != std::string::npos, f->what);
    CHECK_MESSAGE(f->offset == offset, f->what);
    CHECK(f->what == "test.lvl: byte " + std::to_string(f->offset) + ": " + f->reason);
}

}  // namespace

TEST_SUITE("mesh file") {
    TEST_CASE("round trip: build, save, load gives identical arrays") {
        auto rng = seeded_rng(1401);
        for (int round = 0; round < 6; ++round) {
            const Level level = build_level(random_level_arrays(rng, 10 + rng() % 300, rng() % 900));
            const Bytes bytes = serialize_level(level);
            CHECK(serialize_level(level) == bytes);  // deterministic
            check_identical(level, load_level_from_memory(bytes, "memory"));
        }
        check_identical(Level{}, load_level_from_memory(serialize_level(Level{}), "empty"));
    }

    TEST_CASE("round trip through a file on disk (memory-mapped)") {
        auto rng = seeded_rng(1402);
        const Level level = build_level(random_level_arrays(rng, 500, 3000));
        const auto path =
            std::filesystem::temp_directory_path() / ("levelsweep_rt_" + std::to_string(::getpid()) + ".lvl");
        save_level(level, path);
        CHECK(std::filesystem::file_size(path) == serialize_level(level).size());
        check_identical(level, load_level(path));
        std::filesystem::remove(path);
    }

    TEST_CASE("the header and the table are laid out as docs/formats.md says") {
        const Bytes b = small_file();
        const char magic[] = "LVLSWEEP";
        for (std::size_t i = 0; i < 8; ++i) CHECK(b[i] == static_cast<std::byte>(magic[i]));
        CHECK(get_le(b, 8, 4) == 1);
        CHECK(get_le(b, 12, 4) == 64);
        CHECK(get_le(b, 16, 4) == 4);
        CHECK(get_le(b, 20, 4) == 64);
        CHECK(get_le(b, 24, 8) == b.size());
        CHECK(get_le(b, 32, 8) == load_level_from_memory(b, "x").checksum());
        CHECK(get_le(b, 40, 4) == crc(b, 64, 128));
        CHECK(get_le(b, 60, 4) == crc(b, 0, 60));
        const char* ids[] = {"VERT", "TRIS", "GRID", "CELL"};
        const std::uint64_t elem[] = {12, 16, 40, 4};
        std::size_t end = 192;
        for (int s = 0; s < 4; ++s) {
            for (std::size_t i = 0; i < 4; ++i) CHECK(b[entry_at(s) + i] == static_cast<std::byte>(ids[s][i]));
            CHECK(section_offset(b, s) % 64 == 0);
            CHECK(section_offset(b, s) >= end);
            CHECK(section_bytes(b, s) == section_count(b, s) * elem[s]);
            CHECK(get_le(b, entry_at(s) + 4, 4) == crc(b, section_offset(b, s), section_bytes(b, s)));
            end = section_offset(b, s) + section_bytes(b, s);
        }
        CHECK(end == b.size());
        const Level level = load_level_from_memory(b, "x");
        CHECK(section_count(b, VERT) == level.vertex_count());
        CHECK(section_count(b, TRIS) == level.triangle_count());
        CHECK(section_count(b, GRID) == 1);
        CHECK(section_count(b, CELL) == level.grid().words().size());
        // The GRID record: origin, cell size, dims, a zero word.
        const std::size_t g = section_offset(b, GRID);
        CHECK(get_le(b, g, 4) == std::bit_cast<std::uint32_t>(level.grid().origin().x));
        CHECK(get_le(b, g + 16, 4) == std::bit_cast<std::uint32_t>(level.grid().cell_size().y));
        CHECK(get_le(b, g + 32, 4) == level.grid().nz());
        CHECK(get_le(b, g + 36, 4) == 0);
        // TRIS: i0[T], i1[T], i2[T], flags[T], material[T].
        const std::size_t t = level.triangle_count(), at = section_offset(b, TRIS);
        CHECK(get_le(b, at + 4 * (t + 5), 4) == level.corner_index(5, 1));
        CHECK(get_le(b, at + 12 * t + 2 * 7, 2) == level.flags(7));
        CHECK(get_le(b, at + 14 * t + 2 * 7, 2) == level.material(7));
        // VERT: x[V], y[V], z[V].
        CHECK(get_le(b, section_offset(b, VERT) + 4 * (2 * level.vertex_count() + 3), 4) ==
              std::bit_cast<std::uint32_t>(level.vertex(3).z));
    }

    TEST_CASE("a truncated file fails at every length, never reading past it") {
        const Bytes b = small_file();
        for (std::size_t n = 0; n < b.size(); ++n) {
            const Bytes cut(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n));
            const auto f = load_failure(cut);
            REQUIRE(f.has_value());
            if (n < 64) {
                CHECK(f->offset == n);
                CHECK(f->reason.find("truncated") != std::string::npos);
            } else if (n >= 28) {
                CHECK(f->offset == 24);  // the header's file size
                CHECK(f->reason.find("(truncated)") != std::string::npos);
            }
        }
        check_fails(Bytes(b.begin(), b.begin() + 10), 10, "truncated: the file has 10 bytes, the header needs 64");
    }

    TEST_CASE("every flipped byte is caught") {
        const Bytes b = small_file();
        auto rng = seeded_rng(1403);
        for (std::size_t i = 0; i < b.size(); ++i) {
            Bytes c = b;
            c[i] ^= static_cast<std::byte>(1u << (rng() % 8));
            const auto f = load_failure(c);
            REQUIRE_MESSAGE(f.has_value(), "flip at byte " << i);
            CHECK(!f->reason.empty());
        }
        // A flip in the vertices' payload is the VERT CRC's business.
        Bytes c = b;
        c[section_offset(b, VERT) + 5] ^= std::byte{0x10};
        check_fails(c, entry_at(VERT) + 4, "VERT CRC-32 mismatch");
        Bytes d = b;
        d[61] ^= std::byte{0x01};
        check_fails(d, 60, "header CRC-32 mismatch");
        Bytes e = b;
        e[entry_at(CELL) + 4] ^= std::byte{0x01};  // a section's stored CRC: the table CRC catches it first
        check_fails(e, 40, "section table CRC-32 mismatch");
    }

    TEST_CASE("wrong magic, version, header fields") {
        const Bytes b = small_file();
        Bytes m = b;
        m[3] = std::byte{'X'};
        check_fails(m, 0, "not a level file");
        Bytes v = b;
        set_le(v, 8, 3, 4);  // the version is read before any checksum
        check_fails(v, 8, "unsupported version 3 (this build reads versions 1 to 2)");
        Bytes v2 = b;  // a version 2 file has five sections
        set_le(v2, 8, 2, 4);
        check_fails(v2, 16, "section count 4, expected 5 in version 2");
        Bytes h = b;
        set_le(h, 12, 128, 4);
        check_fails(h, 12, "header size 128");
        Bytes s = b;
        set_le(s, 16, 5, 4);
        check_fails(s, 16, "section count 5");
        Bytes t = b;
        set_le(t, 20, 0, 4);
        check_fails(t, 20, "section table offset 0");
        Bytes r = b;
        r[50] = std::byte{7};
        check_fails(r, 50, "reserved header byte is not zero");
        Bytes extra = b;
        extra.push_back(std::byte{0});
        check_fails(extra, 24, "the file has " + std::to_string(b.size() + 1));
    }

    TEST_CASE("huge counts and sections past the end") {
        const Bytes b = small_file();
        Bytes count = b;
        set_le(count, entry_at(VERT) + 24, std::uint64_t{1} << 40, 8);
        refresh_crcs(count);
        check_fails(count, entry_at(VERT) + 24, "VERT holds");
        Bytes wrap = b;
        set_le(wrap, entry_at(TRIS) + 24, 0x1000000000000001ull, 8);  // 16 * count wraps to 16
        refresh_crcs(wrap);
        check_fails(wrap, entry_at(TRIS) + 24, "TRIS holds");
        Bytes bytes = b;
        set_le(bytes, entry_at(CELL) + 16, std::uint64_t{1} << 62, 8);
        refresh_crcs(bytes);
        check_fails(bytes, entry_at(CELL) + 16, "runs past the end of the file");
        Bytes off = b;
        set_le(off, entry_at(GRID) + 8, ~std::uint64_t{0} - 63, 8);
        refresh_crcs(off);
        check_fails(off, entry_at(GRID) + 16, "runs past the end of the file");
        Bytes dims = b;
        set_le(dims, section_offset(b, GRID) + 24, 1u << 24, 4);
        refresh_crcs(dims);
        check_fails(dims, section_offset(b, GRID) + 24, "cells, but the cell lists hold only");
        Bytes dims0 = b;
        set_le(dims0, section_offset(b, GRID) + 28, 0, 4);
        refresh_crcs(dims0);
        check_fails(dims0, section_offset(b, GRID) + 28, "grid dimension 0 is not in 1 to 2^24");
        Bytes list = b;
        const std::size_t cells_at = section_offset(b, CELL);
        set_le(list, cells_at, 0xfffffff0u, 4);  // the first cell's count
        refresh_crcs(list);
        check_fails(list, cells_at, "cell 0's count 4294967280 runs past the end of the cell lists");
    }

    TEST_CASE("bad indices, NaN floats, a bad grid") {
        const Bytes b = small_file();
        const std::size_t v = section_count(b, VERT), t = section_count(b, TRIS);
        Bytes index = b;
        const std::size_t corner2_of_3 = section_offset(b, TRIS) + 4 * (2 * t + 3);
        set_le(index, corner2_of_3, v, 4);
        refresh_crcs(index);
        check_fails(index, corner2_of_3, "triangle 3 corner 2 is vertex " + std::to_string(v) + ", out of range");

        Bytes nan = b;
        const std::size_t y_of_4 = section_offset(b, VERT) + 4 * (v + 4);
        set_f32(nan, y_of_4, std::numeric_limits<float>::quiet_NaN());
        refresh_crcs(nan);
        check_fails(nan, y_of_4, "vertex 4 y is not finite (nan)");
        Bytes inf = b;
        set_f32(inf, section_offset(b, VERT), -std::numeric_limits<float>::infinity());
        refresh_crcs(inf);
        check_fails(inf, section_offset(b, VERT), "vertex 0 x is not finite (-inf)");

        const std::size_t g = section_offset(b, GRID);
        Bytes size = b;
        set_f32(size, g + 16, -1.5f);
        refresh_crcs(size);
        check_fails(size, g + 16, "grid cell size -1.5 is not positive");
        Bytes tiny = b;
        set_f32(tiny, g + 12, 1e-30f);
        refresh_crcs(tiny);
        check_fails(tiny, g + 12, "more than 2^24 cells along an axis");
        Bytes origin = b;
        set_f32(origin, g + 4, -100.0f);
        refresh_crcs(origin);
        check_fails(origin, g + 4, "grid origin y -100 is not the vertices' minimum");
        Bytes nx = b;
        set_le(nx, g + 24, get_le(b, g + 24, 4) + 1, 4);
        refresh_crcs(nx);
        const auto f = load_failure(nx);
        REQUIRE(f.has_value());  // the structure check or the dims check, whichever sees it first
        CHECK(f->offset >= g);
    }

    TEST_CASE("cell lists that are not the triangles' cells") {
        const Bytes b = small_file();
        const Level level = load_level_from_memory(b, "x");
        const std::size_t at = section_offset(b, CELL);
        // Find a list with an entry and point it at another triangle.
        std::size_t word = 0;
        for (std::size_t c = 0; c < level.grid().cell_count(); ++c)
            if (!level.grid().list(c).empty()) {
                word = level.grid().list_offset(c) + 1;
                break;
            }
        REQUIRE(word > 0);
        Bytes other = b;
        const std::uint32_t t = level.grid().word(word);
        set_le(other, at + 4 * word, t == 0 ? 1 : 0, 4);
        refresh_crcs(other);
        check_fails(other, at + 4 * word, "list differs from the cells of the triangles");
        Bytes range = b;
        set_le(range, at + 4 * word, level.triangle_count(), 4);
        refresh_crcs(range);
        check_fails(range, at + 4 * word, "out of range (" + std::to_string(level.triangle_count()) + " triangles)");
    }

    TEST_CASE("bad checksums") {
        const Bytes b = small_file();
        Bytes content = b;
        set_le(content, 32, get_le(b, 32, 8) ^ 1, 8);
        refresh_crcs(content);
        check_fails(content, 32, "content checksum mismatch");
        Bytes table = b;
        set_le(table, 40, get_le(b, 40, 4) ^ 0x80, 4);
        set_le(table, 60, crc(table, 0, 60), 4);
        check_fails(table, 40, "section table CRC-32 mismatch");
        Bytes section = b;
        set_le(section, entry_at(GRID) + 4, 0, 4);
        set_le(section, 40, crc(section, 64, 128), 4);
        set_le(section, 60, crc(section, 0, 60), 4);
        check_fails(section, entry_at(GRID) + 4, "GRID CRC-32 mismatch");
        Bytes padding = b;
        padding[section_offset(b, TRIS) - 1] = std::byte{1};
        refresh_crcs(padding);
        if (section_offset(b, TRIS) > section_offset(b, VERT) + section_bytes(b, VERT))
            check_fails(padding, section_offset(b, TRIS) - 1, "padding byte before TRIS is not zero");
    }

    TEST_CASE("random mutations with the checksums unchecked never crash") {
        const Bytes b = small_file();
        auto rng = seeded_rng(1404);
        int loaded = 0;
        for (int i = 0; i < scaled(20000); ++i) {
            Bytes c = b;
            const int edits = 1 + static_cast<int>(rng() % 4);
            for (int e = 0; e < edits; ++e) c[rng() % c.size()] = static_cast<std::byte>(rng());
            if (rng() % 8 == 0) c.resize(rng() % c.size());
            if (!load_failure(c, LoadOptions{false})) ++loaded;
        }
        MESSAGE(loaded << " mutated files still loaded");
    }

    TEST_CASE("a missing file is an error naming it") {
        try {
            (void)load_level("/nonexistent/level.lvl");
            FAIL("loaded a missing file");
        } catch (const LevelFileError& e) {
            CHECK(e.file() == "/nonexistent/level.lvl");
            CHECK(e.reason().find("cannot open") != std::string::npos);
        }
    }
}

TEST_SUITE("mesh file") {
    TEST_CASE("the hand-broken files of the fuzz seed corpus fail with their reasons, the valid ones load") {
        const std::filesystem::path dir =
            std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "fuzz_level_file";
        const std::map<std::string, std::string> broken{
            {"broken_truncated.lvl", "(truncated)"},
            {"broken_version.lvl", "unsupported version 3"},
            {"broken_hierarchy_box.lvl", "BVH8: node 0 child 0: the box is not triangle"},
            {"broken_flipped.lvl", "VERT CRC-32 mismatch"},
            {"broken_huge_count.lvl", "count 1099511627776 needs 12 bytes each"},
            {"broken_index.lvl", "out of range (4 vertices)"},
            {"broken_nan.lvl", "is not finite (nan)"},
            {"broken_cell_list.lvl", "differs from the cells of the triangles"},
        };
        std::size_t valid = 0, failed = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("valid_", 0) == 0) {
                CHECK_NOTHROW((void)load_level(entry.path()));
                ++valid;
                continue;
            }
            REQUIRE_MESSAGE(broken.count(name) == 1, name << " has no expected reason here");
            try {
                (void)load_level(entry.path());
                FAIL(name << " loaded");
            } catch (const LevelFileError& e) {
                CHECK_MESSAGE(e.reason().find(broken.at(name)) != std::string::npos, e.what());
                CHECK(e.file() == entry.path().string());
                ++failed;
            }
        }
        CHECK(valid == 4);
        CHECK(failed == broken.size());
    }
}
