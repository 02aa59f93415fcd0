// Helpers for the result file and diff suites: files as bytes, records compared
// bit for bit (independently of levelsweep's own diff), queries as JSON lines,
// and the CLI run with its standard error kept.
#pragma once

#include <doctest/doctest.h>
#include <unistd.h>
#include <zlib.h>

#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "levelsweep/mesh_query.hpp"
#include "levelsweep/replay_files.hpp"

namespace levelsweep::test {

inline void write_gzip(const std::filesystem::path& p, const std::string& bytes) {
    gzFile f = ::gzopen(p.string().c_str(), "wb");
    REQUIRE(f != nullptr);
    REQUIRE(::gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size())) == static_cast<int>(bytes.size()));
    ::gzclose(f);
}

inline std::uint32_t get_u32(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<std::size_t>(i)]);
    return v;
}
inline void put_u32(std::string& s, std::size_t at, std::uint32_t v) {
    for (std::size_t i = 0; i < 4; ++i) s[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}
inline std::uint32_t crc_of(const std::string& s, std::size_t at, std::size_t n) {
    return static_cast<std::uint32_t>(::crc32(0L, reinterpret_cast<const Bytef*>(s.data() + at), static_cast<uInt>(n)));
}

// Every record of a result file, where the read stopped, and how the records ended.
struct ReadBack {
    ResultFileHeader header;
    std::vector<ResultRecord> records;
    std::optional<ReplayFileError> truncation;
    ResultsEnd end = ResultsEnd::incomplete;
    std::uint64_t records_end = 0;
};

inline ReadBack read_results(const std::filesystem::path& p) {
    ResultFileReader reader(p);
    ReadBack back{reader.header(), {}, std::nullopt};
    ResultRecord r;
    while (reader.next(r)) back.records.push_back(r);
    back.truncation = reader.truncation();
    back.end = reader.end();
    back.records_end = reader.records_end();
    return back;
}

inline bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
inline bool same_bits(const Vec3& a, const Vec3& b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

// The first field where two contacts differ ("" when every bit agrees).
inline std::string contact_mismatch(const MeshContact& a, const MeshContact& b) {
    if (!same_bits(a.fraction, b.fraction)) return "fraction";
    if (!same_bits(a.depth, b.depth)) return "depth";
    if (!same_bits(a.normal, b.normal)) return "normal";
    if (!same_bits(a.point, b.point)) return "point";
    if (!same_bits(a.direction, b.direction)) return "direction";
    if (a.triangle != b.triangle) return "triangle";
    if (a.flags != b.flags) return "flags";
    if (a.triangle_flags != b.triangle_flags) return "triangle_flags";
    if (a.material != b.material) return "material";
    if (a.inside_mask != b.inside_mask) return "inside_mask";
    return "";
}

// The first field where a query's result (and contacts) and a stored record
// differ ("" when every field and every bit agrees).
inline std::string result_mismatch(const QueryResult& r, const std::vector<MeshContact>& contacts,
                                   const ResultRecord& rec) {
    const QueryResult& s = rec.result;
    if (r.status != s.status) return "status";
    if (r.count != s.count || contacts.size() != rec.contacts.size()) return "count";
    if (r.found != s.found) return "found";
    if (r.overflow != s.overflow) return "overflow";
    if (r.stats.cells != s.stats.cells || r.stats.entries != s.stats.entries ||
        r.stats.extra_entries != s.stats.extra_entries || r.stats.kernel_calls != s.stats.kernel_calls)
        return "stats";
    for (int b = 0; b < hit_branch_count; ++b)
        if (r.stats.hits_by_branch[b] != s.stats.hits_by_branch[b]) return "hits";
    for (std::size_t i = 0; i < contacts.size(); ++i)
        if (const std::string m = contact_mismatch(contacts[i], rec.contacts[i]); !m.empty())
            return "contact " + std::to_string(i) + " " + m;
    return "";
}

inline std::string record_mismatch(const ResultRecord& a, const ResultRecord& b) {
    if (a.index != b.index) return "index";
    if (a.kind != b.kind) return "kind";
    if (a.malformed != b.malformed) return "malformed";
    return result_mismatch(a.result, a.contacts, b);
}

// A query as a JSON line that `levelsweep query`/`replay` read back to the same floats.
inline std::string query_line(const Query& q) {
    using nlohmann::json;
    auto v = [](const Vec3& p) { return json::array({p.x, p.y, p.z}); };
    json j{{"kind", std::string(query_kind_name(q.kind))}};
    switch (q.kind) {
        case QueryKind::sphere_sweep:
            j.update({{"centre", v(q.start)}, {"radius", q.radius}, {"move", v(q.move)}});
            break;
        case QueryKind::capsule_sweep:
            j.update({{"base", v(q.start)},
                      {"radius", q.radius},
                      {"sphere_height", q.sphere_height},
                      {"step_height", q.step_height},
                      {"move", v(q.move)}});
            break;
        case QueryKind::box_sweep:
            j.update({{"centre", v(q.start)},
                      {"axes", {v(q.axes[0]), v(q.axes[1]), v(q.axes[2])}},
                      {"half", {q.half[0], q.half[1], q.half[2]}},
                      {"move", v(q.move)}});
            break;
        case QueryKind::sphere_overlap: j.update({{"centre", v(q.start)}, {"radius", q.radius}}); break;
        case QueryKind::ray: j.update({{"start", v(q.start)}, {"move", v(q.move)}}); break;
    }
    const QuerySettings& s = q.settings;
    j.update({{"options", s.options},
              {"body_flags", s.body_flags},
              {"nz_min", s.nz_min},
              {"nz_max", s.nz_max},
              {"max_contacts", s.max_contacts}});
    return j.dump() + "\n";
}

}  // namespace levelsweep::test
