// libFuzzer target: the query file reader (QueryFileReader) on arbitrary bytes,
// plain or gzipped (the reader takes a path, so each input is written to one
// temporary file first). Every input either opens or throws ReplayFileError;
// once open, reading returns whole records (malformed ones with the default
// query), never more than the bytes can hold, and ends. Anything else (a
// crash, a sanitizer report, another exception) is a finding.
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "levelsweep/replay_files.hpp"

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

// One file per fuzzing process, removed when it exits.
struct TempInput {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("fuzz_query_file_" + std::to_string(::getpid()) + ".lsq");
    ~TempInput() {
        std::error_code ec;
        std::filesystem::remove(path, ec);
    }
};

const std::filesystem::path& input_path() {
    static const TempInput input;
    return input.path;
}

void write_input(const std::uint8_t* data, std::size_t size) {
    std::FILE* f = std::fopen(input_path().c_str(), "wb");
    check(f != nullptr);
    check(std::fwrite(data, 1, size, f) == size);
    check(std::fclose(f) == 0);
}

std::array<std::byte, levelsweep::query_record_bytes> encoded(const levelsweep::Query& q) {
    std::array<std::byte, levelsweep::query_record_bytes> b;
    levelsweep::encode_query_record(q, b);
    return b;
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
    write_input(data, size);
    const bool gzipped = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    try {
        levelsweep::QueryFileReader reader(input_path());
        check(levelsweep::QueryFileReader::looks_like(input_path()));  // it opened, so the magic is there
        read_everything(reader, size, gzipped);
    } catch (const levelsweep::ReplayFileError&) {
    }
    return 0;
}
