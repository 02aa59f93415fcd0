// Writing the .lvl file (docs/formats.md, "The level file").
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "level_file_format.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/build_error.hpp"
#include "levelsweep/little_endian.hpp"
#include "levelsweep/stored_hierarchy.hpp"

namespace levelsweep {

using namespace detail;

namespace {

void write_payload(ByteWriter& w, Section s, const Level& level, std::span<const std::uint32_t> hierarchy) {
    const LevelArrays& a = level.arrays();
    switch (s) {
        case vert:
            for (const auto* f : {&a.x, &a.y, &a.z})
                for (float v : *f) w.f32(v);
            break;
        case tris:
            for (const auto* i : {&a.i0, &a.i1, &a.i2})
                for (std::uint32_t v : *i) w.u32(v);
            for (std::uint16_t v : a.flags) w.u16(v);
            for (std::uint16_t v : a.material) w.u16(v);
            break;
        case grid: {
            const GridGeometry& g = level.grid().geometry();
            for (const Vec3& v : {g.origin, g.cell_size}) {
                w.f32(v.x);
                w.f32(v.y);
                w.f32(v.z);
            }
            for (std::uint32_t n : g.dims) w.u32(n);
            w.u32(0);
            break;
        }
        case cell:
            for (std::uint32_t v : level.grid().words()) w.u32(v);
            break;
        case hier:
            for (std::uint32_t v : hierarchy) w.u32(v);
            break;
    }
}

std::uint64_t element_count(Section s, const Level& level, std::span<const std::uint32_t> hierarchy) {
    switch (s) {
        case vert: return level.vertex_count();
        case tris: return level.triangle_count();
        case grid: return 1;
        case cell: return level.grid().words().size();
        case hier: return hierarchy.size() / stored_hierarchy::node_words;
    }
    return 0;
}

// Writes the bytes, every step checked.
void write_file(const std::vector<std::byte>& bytes, const std::filesystem::path& path) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!f) throw LevelFileError(path.string(), 0, std::string("cannot open for writing: ") + std::strerror(errno));
    if (std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size() || std::fflush(f.get()) != 0)
        throw LevelFileError(path.string(), 0, std::string("cannot write: ") + std::strerror(errno));
    if (std::fclose(f.release()) != 0)  // checked too: some file systems report a failed write only here
        throw LevelFileError(path.string(), 0, std::string("cannot write: ") + std::strerror(errno));
}

// The file's bytes with `hierarchy`, which the caller has checked against the level.
std::vector<std::byte> serialize_checked(const Level& level, std::span<const std::uint32_t> hierarchy) {
    // Version 1 without a hierarchy, so that earlier readers read it.
    const std::uint32_t version = hierarchy.empty() ? 1 : level_file_version;
    const std::size_t sections = sections_of(version), table_size = sections * entry_size;
    ByteWriter w;
    w.text(level_file_magic, sizeof level_file_magic);
    w.u32(version);
    w.u32(header_size);
    w.u32(static_cast<std::uint32_t>(sections));
    w.u32(header_size);  // the table follows the header
    w.u64(0);            // file size, patched below
    w.u64(level.checksum());
    w.u32(0);  // table CRC, patched below
    w.zeros(at_header_crc - at_reserved);
    w.u32(0);  // header CRC, patched below
    w.zeros(table_size);

    for (std::size_t s = 0; s < sections; ++s) {
        w.zeros((section_alignment - w.size() % section_alignment) % section_alignment);
        const std::size_t start = w.size();
        write_payload(w, static_cast<Section>(s), level, hierarchy);
        const std::size_t entry = header_size + s * entry_size;
        for (std::size_t i = 0; i < 4; ++i) w.bytes()[entry + entry_id + i] = static_cast<std::byte>(section_ids[s][i]);
        w.patch(entry + entry_crc, crc32_of(std::span(w.bytes()).subspan(start, w.size() - start)), 4);
        w.patch(entry + entry_offset, start, 8);
        w.patch(entry + entry_bytes, w.size() - start, 8);
        w.patch(entry + entry_count, element_count(static_cast<Section>(s), level, hierarchy), 8);
    }
    const std::span<const std::byte> all(w.bytes());
    w.patch(at_file_size, w.size(), 8);
    w.patch(at_table_crc, crc32_of(all.subspan(header_size, table_size)), 4);
    w.patch(at_header_crc, crc32_of(all.subspan(0, at_header_crc)), 4);
    return std::move(w.bytes());
}

}  // namespace

// The level's own hierarchy was checked when its file was loaded; one given is checked here.
std::vector<std::byte> serialize_level(const Level& level) {
    return serialize_checked(level, stored_hierarchy::words_of(level.stored_hierarchy()));
}

std::vector<std::byte> serialize_level(const Level& level, std::span<const std::uint32_t> hierarchy) {
    if (const auto f = hierarchy.empty() ? std::nullopt : find_hierarchy_fault(hierarchy, level))
        throw LevelBuildError("the hierarchy to store: word " + std::to_string(f->word) + ": " + f->reason);
    return serialize_checked(level, hierarchy);
}

void save_level(const Level& level, const std::filesystem::path& path) { write_file(serialize_level(level), path); }

void save_level(const Level& level, const std::filesystem::path& path, std::span<const std::uint32_t> hierarchy) {
    write_file(serialize_level(level, hierarchy), path);
}

}  // namespace levelsweep
