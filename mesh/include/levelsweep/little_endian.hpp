// levelsweep (detail): little-endian loads from a byte buffer and a growing
// little-endian writer, independent of the host's byte order; the level file's
// and the replay files' encoding.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace levelsweep::detail {

inline std::uint64_t load_le(const std::byte* p, int bytes) {
    std::uint64_t v = 0;
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(&v, p, static_cast<std::size_t>(bytes));  // one load on the hosts we build for
    } else {
        for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | std::to_integer<std::uint64_t>(p[i]);
    }
    return v;
}
inline std::uint16_t load_u16(const std::byte* p) { return static_cast<std::uint16_t>(load_le(p, 2)); }
inline std::uint32_t load_u32(const std::byte* p) { return static_cast<std::uint32_t>(load_le(p, 4)); }
inline std::uint64_t load_u64(const std::byte* p) { return load_le(p, 8); }
inline float load_f32(const std::byte* p) { return std::bit_cast<float>(load_u32(p)); }

class ByteWriter {
public:
    std::size_t size() const { return out_.size(); }
    void put(std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) out_.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xff));
    }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
    void text(const char* s, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) out_.push_back(static_cast<std::byte>(s[i]));
    }
    void zeros(std::size_t n) { out_.insert(out_.end(), n, std::byte{0}); }
    // Overwrites bytes already written.
    void patch(std::size_t at, std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i)
            out_[at + static_cast<std::size_t>(i)] = static_cast<std::byte>((v >> (8 * i)) & 0xff);
    }
    std::vector<std::byte>& bytes() { return out_; }

private:
    std::vector<std::byte> out_;
};

// The same writes into a buffer sized beforehand (a record of known length):
// a store per field instead of a growing vector's byte at a time.
class FixedByteWriter {
public:
    explicit FixedByteWriter(std::byte* out) : at_(out) {}
    void put(std::uint64_t v, int bytes) {
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(at_, &v, static_cast<std::size_t>(bytes));
        } else {
            for (int i = 0; i < bytes; ++i) at_[i] = static_cast<std::byte>((v >> (8 * i)) & 0xff);
        }
        at_ += bytes;
    }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }

private:
    std::byte* at_;
};

}  // namespace levelsweep::detail
