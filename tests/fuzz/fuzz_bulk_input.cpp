// libFuzzer target: the bulk reader of the replay files (levelsweep/bulk_input.hpp:
// blocked gzip inflated in parallel, any other gzip through zlib, plain files
// read directly) on arbitrary bytes, against zlib's gzread on the same file:
// in reads of two sizes, the same end (zlib's code and message) and the same
// bytes (where the stream is damaged, the same as far as both go). Anything
// else (a crash, a sanitizer report, a difference) is a finding.
#include <zlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "levelsweep/bulk_input.hpp"

namespace {

using levelsweep::fuzz::check;

const levelsweep::fuzz::InputFile& input() {
    static const levelsweep::fuzz::InputFile file("bulk_input", ".gz");
    return file;
}

struct Read {
    std::vector<std::byte> data;
    int code = Z_OK;
    std::string message;
};

Read zlib_read() {
    Read r;
    gzFile f = ::gzopen(input().path().c_str(), "rb");
    check(f != nullptr);
    std::vector<std::byte> buffer(1 << 16);
    for (int n; (n = ::gzread(f, buffer.data(), static_cast<unsigned>(buffer.size()))) > 0;)
        r.data.insert(r.data.end(), buffer.begin(), buffer.begin() + n);
    const char* message = ::gzerror(f, &r.code);
    if (r.code != Z_OK) r.message = message;
    ::gzclose(f);
    return r;
}

Read bulk_read(std::size_t piece, bool some) {
    Read r;
    levelsweep::detail::BulkInput in(input().path());
    std::vector<std::byte> buffer(piece);
    for (;;) {
        std::optional<levelsweep::ReplayFileError> damage;
        const std::size_t n = some ? in.read_some(buffer) : in.read(std::span(buffer), damage);
        r.data.insert(r.data.end(), buffer.begin(), buffer.begin() + static_cast<long>(n));
        if (n == 0 || (!some && n < piece)) break;
    }
    check(in.offset() == r.data.size());
    if (in.damage()) {
        r.code = in.damage()->code;
        r.message = in.damage()->message;
    }
    return r;
}

// The same end as zlib's; the same bytes where the stream ends cleanly or is
// cut short. Where it is damaged, gzread drops what its last call had gathered
// and the bulk reader keeps every blocked member that checks (bulk_input.hpp),
// so there the two agree as far as both go.
bool same(const Read& bulk, const Read& z) {
    if (bulk.code != z.code || bulk.message != z.message) return false;
    if (z.code == Z_OK || z.code == Z_BUF_ERROR) return bulk.data == z.data;
    const std::size_t common = std::min(bulk.data.size(), z.data.size());
    return std::equal(bulk.data.begin(), bulk.data.begin() + static_cast<long>(common), z.data.begin());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input().write(data, size);
    const Read z = zlib_read();
    check(same(bulk_read(1 << 20, false), z));
    check(same(bulk_read(777, true), z));
    return 0;
}
