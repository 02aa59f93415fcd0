// Reading and validating the .lvl file (docs/formats.md, "The level file").
// Every read is bounds-checked before it happens; every failure names the file,
// the byte offset and the reason.
#include <algorithm>
#include <array>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "level_file_format.hpp"
#include "levelsweep/build_error.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/little_endian.hpp"
#include "levelsweep/stored_hierarchy.hpp"
#include "file_bytes.hpp"

namespace levelsweep {

using namespace detail;

namespace {

std::string hex32(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%08" PRIx64, v);
    return buf;
}

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
    return buf;
}

std::string float_text(float f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
    return buf;
}

struct SectionInfo {
    std::uint64_t offset = 0;
    std::uint64_t bytes = 0;
    std::uint64_t count = 0;
};

class Reader {
public:
    Reader(std::span<const std::byte> bytes, const std::string& name, const LoadOptions& options)
        : b_(bytes), name_(name), verify_(options.verify_checksums) {}

    Level read() {
        check_header();
        check_table();
        check_load_memory();
        LevelArrays a;
        read_vertices(a);
        read_triangles(a);
        const GridGeometry file_grid = read_grid();
        check_grid_geometry(a, file_grid);
        Level level = adopt_lists(std::move(a), file_grid);
        return section_count_ == max_section_count ? read_hierarchy(std::move(level)) : level;
    }

private:
    [[noreturn]] void fail(std::uint64_t offset, const std::string& reason) const {
        throw LevelFileError(name_, offset, reason);
    }
    std::uint32_t u32(std::uint64_t at) const { return load_u32(b_.data() + at); }
    std::uint64_t u64(std::uint64_t at) const { return load_u64(b_.data() + at); }
    std::span<const std::byte> span(std::uint64_t at, std::uint64_t n) const { return b_.subspan(at, n); }

    void check_crc(std::uint64_t field, std::span<const std::byte> covered, const std::string& what) const {
        if (!verify_) return;
        const std::uint32_t stored = u32(field), computed = crc32_of(covered);
        if (stored != computed)
            fail(field, what + " CRC-32 mismatch: stored " + hex32(stored) + ", computed " + hex32(computed));
    }

    void check_header() {
        if (b_.size() < header_size)
            fail(b_.size(), "truncated: the file has " + std::to_string(b_.size()) + " bytes, the header needs 64");
        if (!has_level_magic(b_)) fail(at_magic, "not a level file: the magic is not \"LVLSWEEP\"");
        const std::uint32_t version = u32(at_version);
        if (version != 1 && version != level_file_version)
            fail(at_version, "unsupported version " + std::to_string(version) + " (this build reads versions 1 to " +
                                 std::to_string(level_file_version) + ")");
        if (const auto v = u32(at_header_size); v != header_size)
            fail(at_header_size, "header size " + std::to_string(v) + ", expected 64");
        section_count_ = sections_of(version);
        if (const auto v = u32(at_section_count); v != section_count_)
            fail(at_section_count, "section count " + std::to_string(v) + ", expected " +
                                       std::to_string(section_count_) + " in version " + std::to_string(version));
        if (const auto v = u32(at_table_offset); v != header_size)
            fail(at_table_offset, "section table offset " + std::to_string(v) + ", expected 64");
        if (const auto v = u64(at_file_size); v != b_.size())
            fail(at_file_size, "the header gives a file size of " + std::to_string(v) + " bytes, the file has " +
                                   std::to_string(b_.size()) + (v > b_.size() ? " (truncated)" : ""));
        for (std::size_t i = at_reserved; i < at_header_crc; ++i)
            if (b_[i] != std::byte{0}) fail(i, "reserved header byte is not zero");
        check_crc(at_header_crc, span(0, at_header_crc), "header");
    }

    void check_table() {
        const std::size_t table_size = section_count_ * entry_size;
        if (b_.size() < header_size + table_size)
            fail(b_.size(), "truncated: the section table needs bytes 64 to " +
                                std::to_string(header_size + table_size) + ", the file has " +
                                std::to_string(b_.size()));
        check_crc(at_table_crc, span(header_size, table_size), "section table");
        std::uint64_t end = header_size + table_size;
        for (std::size_t s = 0; s < section_count_; ++s) {
            const std::uint64_t e = header_size + s * entry_size;
            const std::string id = section_ids[s];
            for (std::size_t i = 0; i < 4; ++i)
                if (b_[e + entry_id + i] != static_cast<std::byte>(id[i]))
                    fail(e + entry_id, "section " + std::to_string(s) + " is not \"" + id +
                                           "\" (sections: VERT, TRIS, GRID, CELL, and BVH8 in version 2)");
            SectionInfo& info = sections_[s];
            info = {u64(e + entry_offset), u64(e + entry_bytes), u64(e + entry_count)};
            if (info.offset % section_alignment != 0)
                fail(e + entry_offset, id + " offset " + std::to_string(info.offset) + " is not a multiple of 64");
            if (info.offset < end)
                fail(e + entry_offset, id + " offset " + std::to_string(info.offset) +
                                           " overlaps what precedes it (ends at " + std::to_string(end) + ")");
            if (info.offset > b_.size() || info.bytes > b_.size() - info.offset)
                fail(e + entry_bytes, id + " (" + std::to_string(info.bytes) + " bytes at " +
                                          std::to_string(info.offset) + ") runs past the end of the file (" +
                                          std::to_string(b_.size()) + " bytes)");
            const std::uint64_t elem = element_bytes[s];
            if (info.count > info.bytes / elem || info.count * elem != info.bytes)
                fail(e + entry_count, id + " holds " + std::to_string(info.bytes) + " bytes, but its count " +
                                          std::to_string(info.count) + " needs " + std::to_string(elem) +
                                          " bytes each");
            for (std::uint64_t i = end; i < info.offset; ++i)
                if (b_[i] != std::byte{0}) fail(i, "padding byte before " + id + " is not zero");
            check_crc(e + entry_crc, span(info.offset, info.bytes), id);
            end = info.offset + info.bytes;
        }
        if (end != b_.size()) fail(end, std::to_string(b_.size() - end) + " bytes after the last section");
        if (sections_[vert].count > max_level_elements)
            fail(header_size + vert * entry_size + entry_count, "more than 2^31 - 1 vertices");
        if (sections_[tris].count > max_level_elements)
            fail(header_size + tris * entry_size + entry_count, "more than 2^31 - 1 triangles");
        if (sections_[grid].count != 1) fail(header_size + grid * entry_size + entry_count, "GRID count is not 1");
        if (sections_[cell].count >= no_triangle)
            fail(header_size + cell * entry_size + entry_count, "more than 2^32 - 2 cell-list words");
    }

    // Before any array is allocated: the arrays, the derived per-triangle floats
    // and the rebuilt grid (its offsets and the lists), from the table's counts
    // and the grid's dimensions as stored (not yet checked, so at most the lists' words).
    void check_load_memory() const {
        const std::uint64_t at = sections_[grid].offset, words = sections_[cell].count;
        std::uint64_t cells = 1;
        for (std::size_t k = 0; k < 3; ++k) cells = std::min(cells * u32(at + grid_dims + 4 * k), words);
        const std::uint64_t v = sections_[vert].count, t = sections_[tris].count;
        // The stored hierarchy's words, and its check's box and mark a node and mark a triangle.
        const std::uint64_t hierarchy =
            section_count_ == max_section_count ? sections_[hier].bytes + 32 * sections_[hier].count + t : 0;
        check_memory(12 * v + (16 + 16) * t + 4 * (words + cells) + hierarchy, name_ + ": loading the level",
                     "use a machine with more memory");
    }

    void read_vertices(LevelArrays& a) const {
        const SectionInfo& s = sections_[vert];
        const std::size_t n = s.count;
        const std::array axes{&a.x, &a.y, &a.z};
        for (std::size_t k = 0; k < 3; ++k) {
            axes[k]->resize(n);
            for (std::size_t v = 0; v < n; ++v) {
                const std::uint64_t at = s.offset + 4 * (k * n + v);
                const float f = load_f32(b_.data() + at);
                if (!std::isfinite(f))
                    fail(at, "vertex " + std::to_string(v) + " " + "xyz"[k] + " is not finite (" + float_text(f) + ")");
                (*axes[k])[v] = f;
            }
        }
    }

    void read_triangles(LevelArrays& a) const {
        const SectionInfo& s = sections_[tris];
        const std::size_t n = s.count;
        const std::uint64_t vertices = sections_[vert].count;
        const std::array corners{&a.i0, &a.i1, &a.i2};
        for (std::size_t k = 0; k < 3; ++k) {
            corners[k]->resize(n);
            for (std::size_t t = 0; t < n; ++t) {
                const std::uint64_t at = s.offset + 4 * (k * n + t);
                const std::uint32_t v = u32(at);
                if (v >= vertices)
                    fail(at, "triangle " + std::to_string(t) + " corner " + std::to_string(k) + " is vertex " +
                                 std::to_string(v) + ", out of range (" + std::to_string(vertices) + " vertices)");
                (*corners[k])[t] = v;
            }
        }
        a.flags.resize(n);
        a.material.resize(n);
        for (std::size_t t = 0; t < n; ++t) {
            a.flags[t] = load_u16(b_.data() + s.offset + 12 * n + 2 * t);
            a.material[t] = load_u16(b_.data() + s.offset + 14 * n + 2 * t);
        }
    }

    GridGeometry read_grid() const {
        const std::uint64_t at = sections_[grid].offset;
        GridGeometry g;
        float f[6];
        for (std::size_t i = 0; i < 6; ++i) {
            f[i] = load_f32(b_.data() + at + 4 * i);
            if (!std::isfinite(f[i]))
                fail(at + 4 * i, "grid " + std::string(i < 3 ? "origin" : "cell size") + " is not finite");
            if (i >= 3 && !(f[i] > 0.0f)) fail(at + 4 * i, "grid cell size " + float_text(f[i]) + " is not positive");
        }
        g.origin = {f[0], f[1], f[2]};
        g.cell_size = {f[3], f[4], f[5]};
        std::uint64_t cells = 1;
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t n = u32(at + grid_dims + 4 * k);
            if (n == 0 || n > max_cells_per_axis)
                fail(at + grid_dims + 4 * k, "grid dimension " + std::to_string(n) + " is not in 1 to 2^24");
            g.dims[k] = n;
            cells *= n;
        }
        if (u32(at + grid_reserved) != 0) fail(at + grid_reserved, "reserved grid word is not zero");
        if (cells > sections_[cell].count)
            fail(at + grid_dims, "the grid has " + std::to_string(cells) + " cells, but the cell lists hold only " +
                                     std::to_string(sections_[cell].count) + " words");
        return g;
    }

    // The lists' structure: a count then that many in-range indices, cell after
    // cell, ending exactly at the end of the section.
    void check_lists(const GridGeometry& g, std::size_t triangles) const {
        const SectionInfo& s = sections_[cell];
        std::uint64_t pos = 0;
        for (std::size_t c = 0; c < g.cell_count(); ++c) {
            if (pos >= s.count)
                fail(s.offset + 4 * pos, "the cell lists end before cell " + std::to_string(c) + "'s count");
            const std::uint32_t count = u32(s.offset + 4 * pos);
            if (count > s.count - pos - 1)
                fail(s.offset + 4 * pos, "cell " + std::to_string(c) + "'s count " + std::to_string(count) +
                                             " runs past the end of the cell lists");
            for (std::uint64_t i = pos + 1; i <= pos + count; ++i)
                if (const std::uint32_t t = u32(s.offset + 4 * i); t >= triangles)
                    fail(s.offset + 4 * i, "cell " + std::to_string(c) + " lists triangle " + std::to_string(t) +
                                               ", out of range (" + std::to_string(triangles) + " triangles)");
            pos += 1 + std::uint64_t{count};
        }
        if (pos != s.count)
            fail(s.offset + 4 * pos, std::to_string(s.count - pos) + " words after the last cell's list");
    }

    // The grid must be the one the builder makes for these triangles and this
    // cell size: origin at the vertices' minimum, the dims that follow (here),
    // and the lists word for word (adopt_lists).
    void check_grid_geometry(const LevelArrays& a, const GridGeometry& file_grid) const {
        const std::uint64_t grid_at = sections_[grid].offset;
        const auto [lo, hi] = vertex_bounds(a);
        GridGeometry expected;
        try {
            expected = grid_geometry_for(lo, hi, file_grid.cell_size);
        } catch (const LevelBuildError& e) {
            fail(grid_at + grid_cell_size, e.what());
        }
        for (int k = 0; k < 3; ++k) {
            if (std::bit_cast<std::uint32_t>(component(file_grid.origin, k)) !=
                std::bit_cast<std::uint32_t>(component(lo, k)))
                fail(grid_at + grid_origin + 4 * static_cast<std::uint64_t>(k),
                     std::string("grid origin ") + "xyz"[k] + " " + float_text(component(file_grid.origin, k)) +
                         " is not the vertices' minimum " + float_text(component(lo, k)));
            const auto uk = static_cast<std::size_t>(k);
            if (file_grid.dims[uk] != expected.dims[uk])
                fail(grid_at + grid_dims + 4 * uk,
                     std::string("grid n") + "xyz"[k] + " is " + std::to_string(file_grid.dims[uk]) +
                         ", the bounds and cell size give " + std::to_string(expected.dims[uk]));
        }
    }

    // The lists as the file holds them, when they are the builder's
    // (CellGrid::adopt: one pass, no rebuild); otherwise the rebuild and a
    // word-by-word comparison say exactly where they differ.
    Level adopt_lists(LevelArrays a, const GridGeometry& file_grid) const {
        const SectionInfo& s = sections_[cell];
        AlignedVector<std::uint32_t> words(static_cast<std::size_t>(s.count));
        for (std::size_t i = 0; i < words.size(); ++i) words[i] = u32(s.offset + 4 * i);
        std::optional<CellGrid> adopted = CellGrid::adopt(file_grid, std::move(words), a.x, a.y, a.z, a.i0, a.i1, a.i2);
        if (!adopted) {
            // Only a file whose lists are wrong pays for saying where: their
            // shape first (check_lists), then word against rebuilt word.
            check_lists(file_grid, a.i0.size());
            return build_and_compare(std::move(a), file_grid);
        }
        return checked(detail::assemble_level(std::move(a), std::move(*adopted)));
    }

    // The stored hierarchy, checked against the level it stands beside.
    // Each node's words as their values (the section is whole nodes: check_table).
    Level read_hierarchy(Level level) const {
        const SectionInfo& s = sections_[hier];
        AlignedVector<stored_hierarchy::Node> nodes(static_cast<std::size_t>(s.count));
        auto* out = reinterpret_cast<std::byte*>(nodes.data());
        if constexpr (std::endian::native == std::endian::little) {
            if (s.bytes != 0) std::memcpy(out, b_.data() + s.offset, static_cast<std::size_t>(s.bytes));
        } else {
            for (std::size_t i = 0; i < s.bytes / 4; ++i) {
                const std::uint32_t word = u32(s.offset + 4 * i);
                std::memcpy(out + 4 * i, &word, 4);
            }
        }
        if (const auto f = find_hierarchy_fault(std::span<const stored_hierarchy::Node>(nodes), level))
            fail(s.offset + 4 * f->word, "BVH8: " + f->reason);
        return detail::with_stored_hierarchy(std::move(level), std::move(nodes));
    }

    Level checked(Level level) const {
        if (verify_ && level.checksum() != u64(at_content_checksum))
            fail(at_content_checksum, "content checksum mismatch: stored " + hex64(u64(at_content_checksum)) +
                                          ", computed " + hex64(level.checksum()));
        return level;
    }

    // The rebuilt lists against the file's, word by word: the first that
    // differs names the cell and the word.
    Level build_and_compare(LevelArrays a, const GridGeometry& file_grid) const {
        const GridGeometry expected = grid_geometry_for(file_grid.origin, vertex_bounds(a).max, file_grid.cell_size);
        const SectionInfo& s = sections_[cell];
        const std::uint64_t needed = CellGrid::words_needed(expected, a.x, a.y, a.z, a.i0, a.i1, a.i2);
        if (needed != s.count)
            fail(header_size + cell * entry_size + entry_count, "the cell lists hold " + std::to_string(s.count) +
                                                                    " words, the triangles' cells need " +
                                                                    std::to_string(needed));

        Level level = build_level(std::move(a), file_grid.cell_size);
        const auto words = level.grid().words();
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (u32(s.offset + 4 * i) == words[i]) continue;
            const auto offsets = level.grid().offsets();
            const auto c =
                static_cast<std::size_t>(std::upper_bound(offsets.begin(), offsets.end(), i) - offsets.begin() - 1);
            fail(s.offset + 4 * i,
                 "cell " + std::to_string(c) + "'s list differs from the cells of the triangles (word " +
                     std::to_string(u32(s.offset + 4 * i)) + ", expected " + std::to_string(words[i]) + ")");
        }
        return checked(std::move(level));
    }

    std::span<const std::byte> b_;
    const std::string& name_;
    bool verify_;
    std::size_t section_count_ = 0;  // this file's version's
    std::array<SectionInfo, max_section_count> sections_{};
};

}  // namespace

Level load_level_from_memory(std::span<const std::byte> bytes, const std::string& name, const LoadOptions& options) {
    return Reader(bytes, name, options).read();
}

Level load_level(const std::filesystem::path& path, const LoadOptions& options) {
    const FileBytes file(path);
    return load_level_from_memory(file.bytes(), path.string(), options);
}

}  // namespace levelsweep
