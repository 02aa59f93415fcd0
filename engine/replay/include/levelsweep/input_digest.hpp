// levelsweep: what a reader has taken of its input, so that a run can record
// what it depends on and a later run can tell whether it reads the same: the
// byte count (uncompressed: a gzipped file and its plain form digest alike)
// and the CRC-32 and Adler-32 of those bytes, each carried on byte by byte, so
// that the digest of a file's first N bytes is known once they are read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace levelsweep {

struct InputDigest {
    std::uint64_t bytes = 0;
    std::uint32_t crc32 = 0;    // zlib's CRC-32 (as the files' own checksums)
    std::uint32_t adler32 = 1;  // zlib's Adler-32; 1 for no bytes

    // Carries the digest on over `data`, the bytes that follow.
    void add(std::span<const std::byte> data);
    // Carries the digest on over bytes that follow, known only by their own
    // digest `next` (zlib's combine: no byte is read again), so that the
    // digests of a file's ranges, taken apart, give the whole file's.
    void append(const InputDigest& next);
    bool operator==(const InputDigest&) const = default;
};

}  // namespace levelsweep
