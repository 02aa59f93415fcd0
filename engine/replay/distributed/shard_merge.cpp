// The merge of a replay's shards into its output (job_shards.hpp). Every
// shard is read whole and checked (each record's CRC and index, its trailer,
// its checkpoint over the range's bytes); its records go to the output as the
// writer encodes them, so the output holds the bytes `replay` writes: the
// records do not depend on where they were run, and the header and the
// checkpoints are `replay`'s own.
#include <algorithm>

#include "levelsweep/job_shards.hpp"
#include "shard_identity.hpp"

namespace levelsweep {

namespace {

// Records are handed to the writer a few megabytes at a time.
constexpr std::size_t merge_buffer_bytes = std::size_t{4} << 20;

// Copies the records of one shard, checked, to `out`; false when the shard
// does not read whole (its records up to the damage are written: each is
// whole and in its place, and the output's checkpoint stays before them).
bool copy_shard(const std::filesystem::path& file, const ShardKey& key, const QueryRange& range, ResultFileWriter& out,
                MergeResult& m, InputDigest& range_digest) {
    std::vector<std::byte> buffer;
    std::uint64_t buffered = 0;
    const auto flush = [&] {
        out.write_records(buffer, buffered);
        m.records += buffered;
        buffer.clear();
        buffered = 0;
    };
    try {
        ResultFileReader reader(file);
        const ResultFileHeader& h = reader.header();
        if (!detail::is_shard_of(h, key, range)) return false;
        ResultRecord record;
        for (std::uint64_t index = range.first; reader.next(record); ++index) {
            if (record.index != index || index >= range.end) break;
            ResultFileWriter::encode(record, buffer);
            ++buffered;
            m.summary.add(record.kind, record.result);
            if (buffer.size() >= merge_buffer_bytes) flush();
        }
        flush();
        // Whole: its trailer after exactly the range's records, and a last
        // checkpoint that vouches for all of them, over the range's bytes.
        const ResultCheckpoint& at = h.checkpoint;
        if (reader.end() != ResultsEnd::complete || reader.records_read() != range.size() || at.queries != range.end ||
            at.records != range.size() || at.input.bytes != range.size() * query_record_bytes)
            return false;
        range_digest = at.input;
        return true;
    } catch (const ReplayFileError&) {
        flush();
        return false;
    }
}

// `ranges` with `extra` put in its place, neighbours joined.
std::vector<QueryRange> with_range(std::vector<QueryRange> ranges, const QueryRange& extra) {
    ranges.push_back(extra);
    std::sort(ranges.begin(), ranges.end(), [](const QueryRange& a, const QueryRange& b) { return a.first < b.first; });
    std::vector<QueryRange> joined;
    for (const QueryRange& r : ranges) {
        if (!joined.empty() && joined.back().end == r.first)
            joined.back().end = r.end;
        else
            joined.push_back(r);
    }
    return joined;
}

}  // namespace

MergeResult merge_shards(std::size_t replay, const ShardKey& key, std::uint64_t count, const InputDigest& head,
                         ResultFileWriter& out) {
    const ShardScan scan = scan_shards(replay, key, count);
    MergeResult m;
    m.missing = scan.missing;
    InputDigest read = head;  // the query file's bytes a replay has read when it reaches `at`
    std::uint64_t at = 0;
    for (const QueryRange& shard : scan.done) {
        if (shard.first != at) break;  // a gap: the output ends before it
        const std::filesystem::path file = shard_path(key.output, shard);
        InputDigest range_digest;
        if (!copy_shard(file, key, shard, out, m, range_digest)) {
            std::filesystem::path aside = file;
            aside += detail::damaged_shard_suffix;
            std::filesystem::rename(file, aside);
            m.set_aside.push_back(aside.string());
            m.missing = with_range(m.missing, shard);
            break;
        }
        read.append(range_digest);
        at = shard.end;
        // What `replay` records once these queries' records are flushed.
        out.checkpoint({at, m.records, read});
    }
    if (m.complete()) out.close();
    return m;
}

}  // namespace levelsweep
