// libFuzzer target: the query file reader (QueryFileReader) on arbitrary bytes,
// plain or gzipped (the reader takes a path, so each input is written to one
// temporary file first). Every input either opens or throws ReplayFileError;
// once open, reading returns whole records (malformed ones with the default
// query), never more than the bytes can hold, and ends. Anything else (a
// crash, a sanitizer report, another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_input.hpp"
#include "levelsweep/replay_files.hpp"

namespace {

using levelsweep::fuzz::check;
using levelsweep::fuzz::encoded;

const levelsweep::fuzz::InputFile& input() {
    static const levelsweep::fuzz::InputFile file("query_file", ".lsq");
    return file;
}

void read_everything(levelsweep::QueryFileReader& reader, std::size_t size, bool gzipped) {
    check(reader.header().metadata.size() <= (1u << 20));
    const levelsweep::Query fresh;
    std::vector<levelsweep::QueryRecord> chunk(7);
    std::uint64_t records = 0;
    while (const std::size_t n = reader.read(chunk)) {
        check(n <= chunk.size());
        for (std::size_t i = 0; i < n; ++i) {
            const levelsweep::QueryRecord& r = chunk[i];
            check(r.malformed != r.error.empty());
            if (r.malformed) {
                check(encoded(r.query) == encoded(fresh));
            } else {
                levelsweep::Query again;
                check(levelsweep::decode_query_record(encoded(r.query), again).empty());
                check(encoded(again) == encoded(r.query));
            }
        }
        records += n;
    }
    // Plain bytes hold at most (size - header - metadata) / 112 records.
    if (!gzipped) check(64 + reader.header().metadata.size() + records * levelsweep::query_record_bytes <= size);
    check(reader.read(chunk) == 0);  // the end stays the end
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input().write(data, size);
    const bool gzipped = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    try {
        levelsweep::QueryFileReader reader(input().path());
        check(levelsweep::QueryFileReader::looks_like(input().path()));  // it opened, so the magic is there
        read_everything(reader, size, gzipped);
    } catch (const levelsweep::ReplayFileError&) {
    }
    return 0;
}
