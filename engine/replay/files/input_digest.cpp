#include "levelsweep/input_digest.hpp"

#include <libdeflate.h>
#include <zlib.h>

namespace levelsweep {

// libdeflate's CRC-32 and Adler-32 are zlib's, continued from a previous
// value, and fold many bytes a cycle: a digest costs little beside the read.
void InputDigest::add(std::span<const std::byte> data) {
    if (data.empty()) return;
    bytes += data.size();
    crc32 = ::libdeflate_crc32(crc32, data.data(), data.size());
    adler32 = ::libdeflate_adler32(adler32, data.data(), data.size());
}

// zlib's combine takes the length as z_off_t: 64 bits wherever levelsweep
// builds (LP64), which a file's ranges need.
static_assert(sizeof(z_off_t) >= sizeof(std::uint64_t));

void InputDigest::append(const InputDigest& next) {
    if (next.bytes == 0) return;
    const auto length = static_cast<z_off_t>(next.bytes);
    crc32 = static_cast<std::uint32_t>(::crc32_combine(crc32, next.crc32, length));
    adler32 = static_cast<std::uint32_t>(::adler32_combine(adler32, next.adler32, length));
    bytes += next.bytes;
}

}  // namespace levelsweep
