// libFuzzer target: the JSON Lines query reader (engine/replay/include/levelsweep/query_source.hpp,
// the reader `levelsweep query`, `replay`, `convert` and `profile` use) on
// arbitrary bytes, plain or gzipped (written to a temporary file first: the
// reader reads files). Every input either opens or throws ReplayFileError;
// once open, each record is whole: a malformed one carries the default query
// and an error naming its line in valid UTF-8, a good one reads back from its
// own JSON form to the same bytes; lines come in order, and the end stays the
// end. The bulk reader is read side by side with the reference reader
// (LEVELSWEEP_CHECK_READERS), which must give the same header, records, errors
// and end. Anything else (a crash, a sanitizer report, a difference, another
// exception) is a finding.
#include <cstddef>
#include <cstdlib>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "levelsweep/query_json.hpp"
#include "levelsweep/query_source.hpp"

namespace {

using levelsweep::fuzz::check;
using levelsweep::fuzz::encoded;

const levelsweep::fuzz::InputFile& input() {
    static const levelsweep::fuzz::InputFile file("query_jsonl", ".jsonl");
    return file;
}

// Whether nlohmann::json takes the text as a string it can write (valid UTF-8).
bool writable(const std::string& text) {
    try {
        (void)levelsweep::json(text).dump();
        return true;
    } catch (const levelsweep::json::exception&) {
        return false;
    }
}

void read_everything(levelsweep::QuerySource& source, std::size_t size, bool gzipped) {
    const levelsweep::Query fresh;
    std::vector<levelsweep::QueryRecord> chunk(7);
    std::uint64_t records = 0, last_line = 0;
    while (const std::size_t n = source.read(chunk)) {
        check(n <= chunk.size());
        for (std::size_t i = 0; i < n; ++i) {
            const levelsweep::QueryRecord& r = chunk[i];
            check(r.malformed != r.error.empty());
            check(r.position > last_line);
            last_line = r.position;
            if (r.malformed) {
                check(encoded(r.query) == encoded(fresh));
                check(r.error.rfind("line " + std::to_string(r.position) + ": ", 0) == 0);
                check(writable(r.error));
            } else {
                const auto again =
                    levelsweep::query_from_json(levelsweep::query_to_json(r.query), r.query.settings.quirks);
                check(encoded(again) == encoded(r.query));
            }
        }
        records += n;
    }
    if (!gzipped) check(records <= size);  // at least a byte a line
    check(source.read(chunk) == 0);        // the end stays the end
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool checked = ::setenv("LEVELSWEEP_CHECK_READERS", "1", 1) == 0;
    check(checked);
    input().write(data, size);
    const bool gzipped = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    try {
        const auto source = levelsweep::open_queries(input().path());
        read_everything(*source, size, gzipped);
    } catch (const levelsweep::ReplayFileError&) {
    }
    return 0;
}
