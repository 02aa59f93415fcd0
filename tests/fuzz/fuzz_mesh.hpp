// libFuzzer targets: what the OBJ and PLY readers' targets share. A mesh a
// reader accepts must be whole (every corner one of its vertices, every
// coordinate finite, every name one it holds), and must read back the same
// when written again in the reader's own format: then nothing the reader
// accepted was guessed at.
#pragma once

#include <bit>
#include <cmath>
#include <cstdio>
#include <optional>
#include <exception>
#include <filesystem>
#include <string>

#include "fuzz_input.hpp"
#include "levelsweep/import.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/raw_mesh.hpp"

namespace levelsweep::fuzz {

inline void check_mesh(const detail::RawMesh& m) {
    for (const Vec3& p : m.vertices) check(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
    for (const detail::RawTriangle& t : m.triangles) {
        for (const std::uint32_t v : t.v) check(v < m.vertices.size());
        check(t.group < m.groups.size() && t.material < m.materials.size());
    }
    check(m.triangles.size() >= m.faces);  // no face was skipped: one of fewer than three corners is refused
}

// The same vertices bit for bit, the same triangles with the same names.
inline void check_same(const detail::RawMesh& a, const detail::RawMesh& b) {
    check(a.vertices.size() == b.vertices.size() && a.triangles.size() == b.triangles.size());
    const auto same = [](float x, float y) {
        return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y);
    };
    for (std::size_t i = 0; i < a.vertices.size(); ++i) {
        const Vec3 &p = a.vertices[i], &q = b.vertices[i];
        check(same(p.x, q.x) && same(p.y, q.y) && same(p.z, q.z));
    }
    for (std::size_t i = 0; i < a.triangles.size(); ++i) {
        const detail::RawTriangle &s = a.triangles[i], &t = b.triangles[i];
        check(s.v == t.v);
        check(a.groups[s.group] == b.groups[t.group] && a.materials[s.material] == b.materials[t.material]);
    }
}

// Reads `file` with `read`: the mesh, or nothing when the reader refused it
// with one of its errors (ImportError, or MemoryLimitError), which name the
// file. Any other exception is a finding.
template <class Read>
std::optional<detail::RawMesh> read_or_refuse(Read read, const std::filesystem::path& file) {
    try {
        detail::RawMesh m = read(file);
        check_mesh(m);
        return m;
    } catch (const ImportError& e) {
        check(std::string(e.what()).starts_with(file.string() + ":"));
    } catch (const MemoryLimitError& e) {
        check(std::string(e.what()).starts_with(file.string() + ":"));
    }
    return std::nullopt;
}

// The fuzzer's input, written to `input` and read from there.
template <class Read>
std::optional<detail::RawMesh> read_input(Read read, const InputFile& input, const std::uint8_t* data,
                                          std::size_t size) {
    input.write(data, size);
    return read_or_refuse(read, input.path());
}

// `text`, a mesh written again, read by `read` from the file `again`: the same mesh.
template <class Read>
void check_reads_back(Read read, const InputFile& again, const detail::RawMesh& mesh, const std::string& text) {
    again.write(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    const auto back = read_or_refuse(read, again.path());
    check(back.has_value());
    check_same(mesh, *back);
}

// A float32 as text that reads back to the same bits.
inline std::string float_text(float f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
    return buf;
}

}  // namespace levelsweep::fuzz
