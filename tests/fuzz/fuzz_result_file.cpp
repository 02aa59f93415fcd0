// libFuzzer target: the result file reader on arbitrary bytes, plain or gzipped
// (written to a file first: the reader reads files). Every input is read twice:
// as it is, and with its CRCs made right (so that mutations reach the checks
// behind them). Each read either fails to open with ReplayFileError, or yields
// records, each whole (its count equal to its contacts, a known kind and
// status), until the end or a truncation at or after the last record's end (or
// at the header field that what follows contradicts). The
// reader accepts only what the writer writes, so for a plain version-3 input
// the header (its run block included) and records read, written again, give
// back the input's bytes up to the end of the last record read, and with the
// trailer (close()) exactly when the reader found the file complete. Anything else (a crash, a sanitizer
// report, another exception, other bytes) is a finding.
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "levelsweep/replay_files.hpp"

namespace {

using levelsweep::fuzz::check;

const std::string& temp_file(int which) {
    static const std::string names[2] = {"/tmp/levelsweep_fuzz_" + std::to_string(::getpid()) + "_in.lsr",
                                         "/tmp/levelsweep_fuzz_" + std::to_string(::getpid()) + "_again.lsr"};
    return names[which];
}

// Removes the two files when a run ends (libFuzzer may end the process without exit handlers).
struct TempFiles {
    ~TempFiles() {
        std::remove(temp_file(0).c_str());
        std::remove(temp_file(1).c_str());
    }
};

bool gzipped(const std::string& bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::uint32_t u32_at(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<std::size_t>(i)]);
    return v;
}
void put_crc(std::string& s, std::size_t at, std::size_t from, std::size_t n) {
    const auto crc =
        static_cast<std::uint32_t>(::crc32(0L, reinterpret_cast<const Bytef*>(s.data() + from), static_cast<uInt>(n)));
    for (std::size_t i = 0; i < 4; ++i) s[at + i] = static_cast<char>((crc >> (8 * i)) & 0xff);
}

// The size of the header a version gives: version 3's run block follows the 64 bytes.
std::size_t header_size(std::uint32_t version) { return version == 3 ? 128 : 64; }

// The header's metadata and header CRCs (and version 3's run block's), then
// each record's, where they fit, and the trailer's (the 32 bytes a zero size
// word starts).
std::string with_crcs_fixed(std::string s) {
    if (s.size() < 64) return s;
    const std::size_t head = std::min(header_size(u32_at(s, 8)), s.size());
    const std::size_t meta = u32_at(s, 20);
    if (meta <= s.size() - head) put_crc(s, 40, head, meta);
    put_crc(s, 60, 0, 60);
    if (head == 128) put_crc(s, 124, 64, 60);
    for (std::size_t at = head + std::min(meta, s.size() - head); s.size() - at >= 8;) {
        const std::size_t size = u32_at(s, at) == 0 ? 32 : u32_at(s, at);
        if (size < 8 || size > s.size() - at) break;
        put_crc(s, at + size - 4, at, size - 4);
        at += size;
    }
    return s;
}

void read_and_rewrite(const std::string& bytes) {
    const TempFiles cleanup;  // new files each run: rewriting one makes ext4 flush it at close
    std::ofstream(temp_file(0), std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::vector<levelsweep::ResultRecord> records;
    levelsweep::ResultFileHeader header;
    std::uint64_t end = 0;  // where the last record read ends
    bool complete = false;
    try {
        levelsweep::ResultFileReader reader(temp_file(0));
        header = reader.header();
        end = header_size(header.version) + header.metadata.size();
        levelsweep::ResultRecord r;
        while (reader.next(r)) {
            check(r.result.count == r.contacts.size() && r.contacts.size() <= 255);
            check(static_cast<int>(r.kind) < levelsweep::query_kind_count);
            check(static_cast<int>(r.result.status) < levelsweep::query_status_count);
            check(!r.malformed || r.result.status == levelsweep::QueryStatus::malformed);
            end += 60 + 64 * r.contacts.size();
            records.push_back(r);
        }
        // Where the reading stopped: at or after the last record's end, or at
        // the header's field that the records or the trailer contradict (version
        // 3's checkpoint, the expected count).
        if (const auto cut = reader.truncation())
            check(gzipped(bytes) || cut->offset() >= end || cut->offset() < header_size(header.version));
        check(reader.records_read() == records.size() && reader.records_end() == end);
        complete = reader.end() == levelsweep::ResultsEnd::complete;
        check(!complete || (!reader.truncation() && header.version >= 2));  // version 1 cannot say
    } catch (const levelsweep::ReplayFileError&) {
        return;
    }
    // The compressed bytes are zlib's to choose; versions 1 and 2 are read, never written.
    if (gzipped(bytes) || header.version != levelsweep::result_file_version) return;
    {
        levelsweep::ResultFileWriter w(temp_file(1), header);
        for (const levelsweep::ResultRecord& r : records) w.write(r);
        if (complete) w.close();  // the trailer; otherwise the file ends after its records
    }
    std::ifstream in(temp_file(1), std::ios::binary);
    const std::string written{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    check(end <= bytes.size() && written.size() == (complete ? bytes.size() : end));
    check(std::equal(written.begin(), written.end(), bytes.begin()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    read_and_rewrite(bytes);
    if (!gzipped(bytes)) read_and_rewrite(with_crcs_fixed(bytes));
    return 0;
}
