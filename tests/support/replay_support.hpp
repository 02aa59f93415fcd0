// Helpers for the query file and record suites: files as bytes, small query
// files, reading every record, and the CLI with its standard error kept apart.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "levelsweep/level_file.hpp"
#include "levelsweep/record.hpp"
#include "levelsweep/replay_files.hpp"
#include "mesh_file_support.hpp"

namespace levelsweep::test {

inline Bytes read_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Bytes b(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) b[i] = static_cast<std::byte>(s[i]);
    return b;
}

inline void write_bytes(const std::filesystem::path& path, const Bytes& b, std::size_t length) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(length));
}
inline void write_bytes(const std::filesystem::path& path, const Bytes& b) { write_bytes(path, b, b.size()); }

// The file gzipped through zlib (as `gzip` would).
inline void gzip_to(const std::filesystem::path& path, const Bytes& b) {
    gzFile f = ::gzopen(path.string().c_str(), "wb");
    ::gzwrite(f, b.data(), static_cast<unsigned>(b.size()));
    ::gzclose(f);
}

// A bundled street level, loaded once per test process.
inline const Level& bundled_level(const std::string& name) {
    static std::map<std::string, Level> loaded;
    auto it = loaded.find(name);
    if (it == loaded.end())
        it = loaded.emplace(name, load_level(std::filesystem::path(LEVELSWEEP_SOURCE_DIR) / "data" / "levels" / name))
                 .first;
    return it->second;
}

// `count` recorded queries of a level (and each one's kind).
struct Recorded {
    std::vector<Query> queries;
    std::vector<RecordKind> kinds;
};
inline Recorded record(const Level& level, const RecordOptions& options) {
    QueryRecorder recorder(level, options);
    Recorded r;
    r.queries.resize(options.count);
    r.kinds.resize(options.count);
    r.queries.resize(recorder.next(r.queries, r.kinds));
    r.kinds.resize(r.queries.size());
    return r;
}

inline void write_query_file(const std::filesystem::path& path, const std::vector<Query>& queries,
                             std::uint64_t checksum = 0, const std::string& metadata = "") {
    QueryFileWriter w(path, checksum, metadata);
    for (const Query& q : queries) w.write(q);
    w.close();
}

// Every record a reader gives, in chunks of `chunk`.
inline std::vector<QueryRecord> read_all(QueryFileReader& reader, std::size_t chunk = 5) {
    std::vector<QueryRecord> all, part(chunk);
    while (const std::size_t n = reader.read(part))
        all.insert(all.end(), part.begin(), part.begin() + static_cast<long>(n));
    return all;
}

inline std::array<std::byte, query_record_bytes> encoded(const Query& q) {
    std::array<std::byte, query_record_bytes> b;
    encode_query_record(q, b);
    return b;
}

// `levelsweep <args>` with standard output and standard error apart.
inline CliRun run_cli_apart(const std::string& args, const std::filesystem::path& scratch) {
    const auto err_path = scratch / "stderr.txt";
    const CliResult run =
        run_shell(std::string(LEVELSWEEP_CLI_PATH) + " " + args + " </dev/null 2>" + err_path.string());
    return {run.exit_code, run.out, file_text(err_path)};
}

}  // namespace levelsweep::test
