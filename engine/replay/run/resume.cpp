#include "levelsweep/resume.hpp"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "levelsweep/replay_run.hpp"
#include "levelsweep/result_diff.hpp"
#include "levelsweep/result_text.hpp"

namespace levelsweep {

namespace {

// Enough reruns to tell another build's answers apart; few enough to cost
// nothing beside the run itself.
constexpr std::size_t reruns = 64;

[[noreturn]] void refuse(const std::string& partial, const std::string& why) {
    throw std::runtime_error("cannot resume " + partial + ": " + why +
                             "; it was written by another run (remove it to start again, or resume with that run's "
                             "level, queries, scene and options)");
}

bool gzipped(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    unsigned char head[2] = {};
    in.read(reinterpret_cast<char*>(head), 2);
    return in.gcount() == 2 && head[0] == 0x1f && head[1] == 0x8b;
}

std::string digest_text(const InputDigest& d) {
    char text[64];
    std::snprintf(text, sizeof text, "CRC-32 0x%08x, Adler-32 0x%08x", static_cast<unsigned>(d.crc32),
                  static_cast<unsigned>(d.adler32));
    return std::to_string(d.bytes) + " bytes, " + text;
}

void check_header(const std::string& partial, const ResultFileHeader& file, const ResultFileHeader& run) {
    if (file.version != result_file_version)
        refuse(partial, "it is a version " + std::to_string(file.version) +
                            " file, which records no checkpoint of what its run read");
    if (file.level_checksum != run.level_checksum)
        refuse(partial, "its level is " + checksum_text(file.level_checksum) + ", this run's " +
                            checksum_text(run.level_checksum));
    if (file.quirks != run.quirks)
        refuse(partial, "its mode is " + quirk_set_name(file.quirks) + ", this run's " + quirk_set_name(run.quirks));
    if (file.path != run.path || file.isa != run.isa)
        refuse(partial,
               "it ran on path " + file.path + ", isa " + file.isa + "; this run on " + run.path + ", " + run.isa);
    if (file.expected_count != run.expected_count)
        refuse(partial, "it expected another number of queries than this query file holds");
    if (file.scene.bytes == 0 && run.scene.bytes != 0) refuse(partial, "its run had no scene, this one has");
    if (file.scene.bytes != 0 && run.scene.bytes == 0)
        refuse(partial, "its run had a scene; give it again with --scene");
    if (file.scene != run.scene)
        refuse(partial,
               "its scene file was another (" + digest_text(file.scene) + "; this one " + digest_text(run.scene) + ")");
}

// The partial's records, read beside the query records they answer.
class KeptRecords {
public:
    KeptRecords(const std::string& partial, ResultFileReader& reader, std::uint64_t vouched)
        : partial_(partial), reader_(reader), vouched_(vouched) {}

    // The record of query record `q` at stream position `index`, checked.
    const ResultRecord& next(const QueryRecord& q, std::uint64_t index) {
        if (!reader_.next(record_))
            refuse(partial_, "it holds " + std::to_string(reader_.records_read()) + " whole records, fewer than the " +
                                 std::to_string(vouched_) + " its checkpoint vouches for (" + reader_.end_text() + ")");
        if (record_.index != index)
            refuse(partial_, "its record " + std::to_string(reader_.records_read() - 1) + " is query " +
                                 std::to_string(record_.index) + ", not " + std::to_string(index));
        if (record_.malformed != q.malformed || record_.kind != q.query.kind)
            refuse(partial_, "its record of query " + std::to_string(index) + " is not that query's result (" +
                                 (q.malformed ? "a malformed record" : std::string(query_kind_name(q.query.kind))) +
                                 ")");
        if (reader_.records_read() == vouched_) records_end_ = reader_.records_end();
        return record_;
    }
    std::uint64_t records_end() const { return records_end_; }

private:
    const std::string& partial_;
    ResultFileReader& reader_;
    std::uint64_t vouched_;
    ResultRecord record_;
    std::uint64_t records_end_ = 0;
};

}  // namespace

Resumed resume_from(const std::string& partial, const ResultFileHeader& header, QuerySource& source, const Level& level,
                    Quirks quirks, SceneReplay* scene, ReplaySummary& summary) {
    if (gzipped(partial))
        refuse(partial,
               "it is gzipped, and a partial file is appended to: gunzip it (the same bytes, plain), then resume");
    ResultFileReader reader(partial);
    const ResultFileHeader& file = reader.header();
    check_header(partial, file, header);
    const ResultCheckpoint& at = file.checkpoint;
    Resumed r;
    r.at.records = at.records;
    r.at.scene = file.scene;
    r.at.records_end = reader.records_end();  // no records kept: right after the metadata
    r.queries = at.queries;
    KeptRecords kept(partial, reader, at.records);

    // The query records behind the checkpoint, chunk by chunk as the run reads
    // them (the scene's lines run again), each mesh query beside its record.
    std::vector<QueryRecord> chunk(replay_chunk_queries);
    std::vector<char> taken;
    std::deque<std::pair<Query, ResultRecord>> last;  // the last records kept, for the reruns
    std::uint64_t read = 0, records = 0;
    while (read < at.queries) {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), at.queries - read));
        const std::size_t n = source.read(std::span(chunk).first(want));
        if (n == 0)
            refuse(partial, "its run read " + std::to_string(at.queries) +
                                " query records, and the query file holds only " + std::to_string(read) + " now");
        if (scene) scene->run(std::span(chunk).first(n), taken);
        for (std::size_t i = 0; i < n; ++i) {
            if (scene && taken[i]) continue;
            if (records == at.records)
                refuse(partial, "the query file holds other queries among its scene lines than its run read");
            const ResultRecord& record = kept.next(chunk[i], read + i);
            ++records;
            summary.add(record.kind, record.result);
            r.malformed += record.malformed;
            if (!chunk[i].malformed) {
                last.emplace_back(chunk[i].query, record);
                if (last.size() > reruns) last.pop_front();
            }
        }
        read += n;
    }
    if (source.consumed() != at.input)
        refuse(partial, "the query file's first " + std::to_string(source.consumed().bytes) +
                            " bytes are not those its run read (" + digest_text(at.input) + "; now " +
                            digest_text(source.consumed()) + "): the query file was edited since");
    if (records != at.records)
        refuse(partial, "the query file holds " + std::to_string(records) + " queries among its first " +
                            std::to_string(at.queries) + " records, its run " + std::to_string(at.records));
    summary.kept = records;
    if (at.records > 0) r.at.records_end = kept.records_end();

    // A finished file (its trailer read, its checkpoint behind every record)
    // is whole only if nothing follows in the query file; any other ending
    // cuts the file at the checkpoint.
    ResultRecord rest;
    while (reader.next(rest)) {
    }
    if (reader.end() == ResultsEnd::complete && reader.records_read() == at.records) {
        std::vector<QueryRecord> more(1);
        if (source.read(more) != 0)
            refuse(partial, "it holds a finished run of " + std::to_string(at.queries) +
                                " query records, and the query file holds more since (line or record " +
                                std::to_string(more[0].position) + ")");
        r.complete = true;
    }

    // Rerun on the reference path: the answer is the same on every path, the
    // work counters are each path's own, so they are left out.
    QueryScratch scratch(level);
    for (const auto& [q, stored] : last) {
        const ResultRecord again = rerun_query(level, q, quirks, stored.index, scratch);
        if (compare_results(stored, again, DiffOptions{0.0, false}).any())
            refuse(partial,
                   "query " + std::to_string(stored.index) + " gives another result on this level in this mode");
    }
    return r;
}

}  // namespace levelsweep
