// The level store's allocations (levelsweep/aligned.hpp): 64-byte aligned,
// and a large block in whole 2 MiB pages with transparent huge pages asked
// for (madvise), which cut the cost of first touching it several times over
// where page faults are dear, and a smaller one with its pages made present
// in one call (docs/performance.md, "Start-up").
#include <cstdint>
#include <new>

#include "levelsweep/aligned.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace levelsweep {

namespace {

constexpr std::size_t huge_page = std::size_t{2} << 20;
// A block this large takes whole huge pages: its size rounded up to 2 MiB,
// so that its last part is a huge page too (the kernel gives one only where
// the whole 2 MiB is inside the advised range). On this VM, first touching a
// huge page cost 0.12-0.22 ms, against 0.6-0.9 ms for 512 KiB of 4 KiB pages
// made present in one call and 1.2-1.8 ms without; a 3.2 MB block on one
// huge page and 4 KiB ones 3.1-3.3 ms, on two huge pages 0.3-0.36 ms. The
// price is memory: at most 1.75 MiB a block more than it holds where the
// kernel hands out huge pages (elsewhere a page never touched is never made).
constexpr std::size_t huge_block = std::size_t{256} << 10;
// A block this large (and below huge_block) has its pages made present at once.
constexpr std::size_t page = 4096;
constexpr std::size_t populate_block = std::size_t{64} << 10;

// Under AddressSanitizer a block keeps its exact size, so that a read or
// write past its end is still caught there.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool exact_sizes = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool exact_sizes = true;
#else
constexpr bool exact_sizes = false;
#endif
#else
constexpr bool exact_sizes = false;
#endif

bool takes_huge_pages(std::size_t bytes) { return bytes >= huge_block; }

// The bytes a block takes: a huge block's rounded up to whole huge pages.
std::size_t block_bytes(std::size_t bytes) {
    if (exact_sizes || !takes_huge_pages(bytes)) return bytes;
    return (bytes + (huge_page - 1)) / huge_page * huge_page;
}

std::align_val_t alignment_for(std::size_t bytes) {
    return std::align_val_t{takes_huge_pages(bytes) ? huge_page : store_alignment};
}

}  // namespace

void* allocate_store(std::size_t bytes) {
    const std::size_t taken = block_bytes(bytes);
    if (taken < bytes) throw std::bad_alloc();  // the rounding wrapped around
    void* p = ::operator new(taken, alignment_for(bytes));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Advice only: where the kernel has no transparent huge pages, nothing changes.
    if (takes_huge_pages(bytes)) ::madvise(p, taken, MADV_HUGEPAGE);
#endif
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    // A smaller block has its whole pages made present in one call: the store
    // sizes a block to what it holds and writes it right after, and a fault
    // on each 4 KiB page cost about twice as much here (9-13 µs a page against
    // 4.5; docs/performance.md, "Start-up"). Advice only: a kernel before 5.14
    // answers EINVAL and the pages come at first touch, as before.
    if (bytes >= populate_block && !takes_huge_pages(bytes)) {
        const auto first = (reinterpret_cast<std::uintptr_t>(p) + page - 1) & ~(page - 1);
        const auto last = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(page - 1);
        if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
    }
#endif
    return p;
}

void free_store(void* p, std::size_t bytes) noexcept { ::operator delete(p, alignment_for(bytes)); }

}  // namespace levelsweep
