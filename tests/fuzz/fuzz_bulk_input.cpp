// libFuzzer target: the bulk reader of the replay files (levelsweep/bulk_input.hpp:
// blocked gzip inflated in parallel, any other gzip through zlib, plain files
// read directly) on arbitrary bytes, against the decoder every replay reader
// uses (LineReader's) on the same file: in reads of two sizes, the same bytes
// and the same end (why the data ended early). Anything else (a crash, a
// sanitizer report, a difference) is a finding.
#include <cstddef>
#include <cstdint>

#include "../support/gzip_reads.hpp"
#include "fuzz_input.hpp"

namespace {

using levelsweep::fuzz::check;

const levelsweep::fuzz::InputFile& input() {
    static const levelsweep::fuzz::InputFile file("bulk_input", ".gz");
    return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace levelsweep::test;
    input().write(data, size);
    const GzipRead reference = reference_read(input().path());
    check(bulk_read(input().path(), 1 << 20, false) == reference);
    check(bulk_read(input().path(), 777, true) == reference);
    return 0;
}
