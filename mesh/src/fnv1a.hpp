// FNV-1a 64 over little-endian bytes: the level's content checksum.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <type_traits>

namespace levelsweep::detail {

class Fnv1a {
public:
    void byte(std::uint8_t b) {
        h_ ^= b;
        h_ *= 0x100000001b3ull;
    }
    void u16(std::uint16_t v) {
        for (int i = 0; i < 2; ++i) byte(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i) byte(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }

    template <class T>
    void array(std::span<const T> values) {
        for (const T& v : values) {
            if constexpr (sizeof(T) == 2)
                u16(v);
            else if constexpr (std::is_same_v<T, float>)
                f32(v);
            else
                u32(v);
        }
    }

    std::uint64_t value() const { return h_; }

private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace levelsweep::detail
