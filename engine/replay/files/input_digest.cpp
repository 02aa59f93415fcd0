#include "levelsweep/input_digest.hpp"

#include <libdeflate.h>

namespace levelsweep {

// libdeflate's CRC-32 and Adler-32 are zlib's, continued from a previous
// value, and fold many bytes a cycle: a digest costs little beside the read.
void InputDigest::add(std::span<const std::byte> data) {
    if (data.empty()) return;
    bytes += data.size();
    crc32 = ::libdeflate_crc32(crc32, data.data(), data.size());
    adler32 = ::libdeflate_adler32(adler32, data.data(), data.size());
}

}  // namespace levelsweep
