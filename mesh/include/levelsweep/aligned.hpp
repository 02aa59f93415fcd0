// levelsweep: 64-byte aligned arrays for the level store's structure of arrays.
//
// The batch path loads whole cache lines of a float array at a time (one
// AVX-512 register is 64 bytes), so every array of the store starts on a
// 64-byte boundary. std::vector with this allocator is the only container used.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace levelsweep {

inline constexpr std::size_t store_alignment = 64;

template <class T>
struct AlignedAllocator {
    using value_type = T;

    AlignedAllocator() = default;
    template <class U>
    AlignedAllocator(const AlignedAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
        return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{store_alignment}));
    }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete (p, std::align_val_t{store_alignment}); }

    template <class U>
    bool operator==(const AlignedAllocator<U>&) const noexcept {
        return true;
    }
};

template <class T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

}  // namespace levelsweep
