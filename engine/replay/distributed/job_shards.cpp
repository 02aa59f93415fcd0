// A job's shards (job_shards.hpp): their names, their header, and the quick
// look a job's plan takes at them.
#include "levelsweep/job_shards.hpp"

#include <algorithm>
#include <charconv>
#include <system_error>

#include "levelsweep/json_io.hpp"
#include "shard_identity.hpp"

namespace levelsweep {

namespace {

// What a shard records of its replay and its range, as one JSON object.
std::string shard_metadata(const ShardKey& key, const QueryRange& range) {
    const InputDigest& h = key.query_head;
    json m{{"levelsweep_shard", 1},
           {"output", printable_utf8(key.output)},
           {"queries", printable_utf8(key.queries)},
           {"first", range.first},
           {"end", range.end},
           {"query_bytes", key.query_bytes},
           {"query_head", {{"bytes", h.bytes}, {"crc32", h.crc32}, {"adler32", h.adler32}}}};
    return m.dump();
}

// A quick look: the header is this replay's for the range, and the file ends
// with a trailer that counts the range's records.
bool looks_complete(const std::filesystem::path& file, const ShardKey& key, const QueryRange& range) {
    try {
        const ResultFileReader reader(file);
        if (!detail::is_shard_of(reader.header(), key, range)) return false;
    } catch (const ReplayFileError&) {
        return false;
    }
    const auto count = ResultFileReader::trailer_count(file);
    return count && *count == range.size();
}

}  // namespace

std::optional<QueryRange> detail::range_of_shard_name(const std::string& name, std::size_t replay,
                                                      const std::string& suffix) {
    const std::string tail = ".lsr" + suffix;
    if (name.size() < 4 + tail.size() || name[0] != 'q' || !name.ends_with(tail)) return std::nullopt;
    const char* p = name.data() + 1;
    const char* end = name.data() + name.size() - tail.size();
    QueryRange r{replay, 0, 0};
    auto [dash, e1] = std::from_chars(p, end, r.first);
    if (e1 != std::errc{} || dash == end || *dash != '-') return std::nullopt;
    auto [stop, e2] = std::from_chars(dash + 1, end, r.end);
    if (e2 != std::errc{} || stop != end || r.end <= r.first) return std::nullopt;
    return r;
}

bool detail::is_shard_of(const ResultFileHeader& h, const ShardKey& key, const QueryRange& range) {
    return h.version == result_file_version && h.level_checksum == key.level_checksum && h.quirks == key.quirks &&
           h.path == key.path && h.expected_count == range.size() && h.scene.bytes == 0 &&
           h.metadata == shard_metadata(key, range);
}

std::filesystem::path shard_folder(const std::string& output) { return std::filesystem::path(output + ".shards"); }

std::filesystem::path shard_path(const std::string& output, const QueryRange& range) {
    std::string name = "q";  // appended, not added: GCC 12 warns falsely on this chain of operator+
    name.append(std::to_string(range.first)).append("-").append(std::to_string(range.end)).append(".lsr");
    return shard_folder(output) / name;
}

ResultFileHeader shard_header(const ShardKey& key, const QueryRange& range, const std::string& isa) {
    ResultFileHeader h;
    h.level_checksum = key.level_checksum;
    h.quirks = key.quirks;
    h.path = key.path;
    h.isa = isa;
    h.metadata = shard_metadata(key, range);
    h.expected_count = range.size();
    h.checkpoint.queries = range.first;  // no query of the range read yet
    return h;
}

ShardScan scan_shards(std::size_t replay, const ShardKey& key, std::uint64_t count) {
    ShardScan scan;
    const std::filesystem::path folder = shard_folder(key.output);
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error)) {
        if (count > 0) scan.missing.push_back({replay, 0, count});
        return scan;
    }
    std::vector<QueryRange> complete;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const auto range = detail::range_of_shard_name(entry.path().filename().string(), replay);
        if (!range) continue;  // not a shard's name: not the job's file
        if (range->end <= count && entry.is_regular_file(error) && looks_complete(entry.path(), key, *range))
            complete.push_back(*range);
        else
            scan.partial.push_back(entry.path());
    }
    std::sort(complete.begin(), complete.end(), [](const QueryRange& a, const QueryRange& b) {
        return a.first < b.first || (a.first == b.first && a.end > b.end);
    });
    std::uint64_t at = 0;
    for (const QueryRange& r : complete) {
        if (r.first < at) {  // overlaps one kept before it (a run with other ranges): not needed
            scan.partial.push_back(shard_path(key.output, r));
            continue;
        }
        if (r.first > at) scan.missing.push_back({replay, at, r.first});
        scan.done.push_back(r);
        at = r.end;
    }
    if (at < count) scan.missing.push_back({replay, at, count});
    return scan;
}

void remove_shards(const std::string& output) {
    const std::filesystem::path folder = shard_folder(output);
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error)) return;
    std::vector<std::filesystem::path> ours;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string name = entry.path().filename().string();
        if (detail::range_of_shard_name(name, 0) || detail::range_of_shard_name(name, 0, detail::damaged_shard_suffix))
            ours.push_back(entry.path());
    }
    for (const auto& file : ours) std::filesystem::remove(file);
    std::filesystem::remove(folder, error);  // only when nothing else is in it
}

}  // namespace levelsweep
