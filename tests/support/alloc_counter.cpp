// The global operator new and delete of the test program, counting while asked
// (alloc_counter.hpp): how "no allocation per query" is checked, and how much
// a structure holds at its peak.
#include "alloc_counter.hpp"

#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<bool> counting{false};
std::atomic<std::uint64_t> counted{0};
std::atomic<std::int64_t> held{0}, baseline{0}, peak{0};

void* allocate(std::size_t n) {
    if (counting.load(std::memory_order_relaxed)) counted.fetch_add(1, std::memory_order_relaxed);
    void* p = std::malloc(n == 0 ? 1 : n);
    if (p) {
        const std::int64_t now =
            held.fetch_add(static_cast<std::int64_t>(::malloc_usable_size(p)), std::memory_order_relaxed) +
            static_cast<std::int64_t>(::malloc_usable_size(p));
        for (std::int64_t top = peak.load(std::memory_order_relaxed);
             now > top && !peak.compare_exchange_weak(top, now);) {
        }
    }
    return p;
}

void release(void* p) {
    if (p) held.fetch_sub(static_cast<std::int64_t>(::malloc_usable_size(p)), std::memory_order_relaxed);
    std::free(p);
}
}  // namespace

namespace levelsweep::test {
void count_allocations(bool on) {
    if (on) counted = 0;
    counting = on;
}
std::uint64_t allocations_counted() { return counted; }

void start_measuring_bytes() {
    baseline = held.load();
    peak = baseline.load();
}
std::uint64_t peak_bytes_measured() { return static_cast<std::uint64_t>(peak.load() - baseline.load()); }
}  // namespace levelsweep::test

void* operator new(std::size_t n) {
    if (void* p = allocate(n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
    if (void* p = allocate(n)) return p;
    throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return allocate(n); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
