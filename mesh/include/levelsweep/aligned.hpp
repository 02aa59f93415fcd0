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

// `bytes` of store, 64-byte aligned (mesh/src/aligned_memory.cpp). A large
// block is placed on huge-page boundaries and offered to the kernel's
// transparent huge pages where it has them: a level's arrays are first
// touched at build or load, and on a virtual machine a 4 KiB page fault costs
// microseconds (docs/performance.md, "Start-up").
void* allocate_store(std::size_t bytes);
void free_store(void* p, std::size_t bytes) noexcept;

template <class T>
struct AlignedAllocator {
    using value_type = T;

    AlignedAllocator() = default;
    template <class U>
    AlignedAllocator(const AlignedAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
        return static_cast<T*>(allocate_store(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept { free_store(p, n * sizeof(T)); }

    template <class U>
    bool operator==(const AlignedAllocator<U>&) const noexcept {
        return true;
    }
};

template <class T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

}  // namespace levelsweep
