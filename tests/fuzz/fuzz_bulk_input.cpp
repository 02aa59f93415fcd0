// libFuzzer target: the bulk reader of the replay files (levelsweep/bulk_input.hpp:
// blocked gzip inflated in parallel, any other gzip through zlib, plain files
// read directly) on arbitrary bytes, against zlib's gzread on the same file:
// in reads of two sizes, the same end (zlib's code and message) and the same
// bytes (where the stream is damaged, the same as far as both go). Anything
// else (a crash, a sanitizer report, a difference) is a finding.
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
    const GzipRead z = zlib_read(input().path());
    check(reads_agree(bulk_read(input().path(), 1 << 20, false), z));
    check(reads_agree(bulk_read(input().path(), 777, true), z));
    return 0;
}
