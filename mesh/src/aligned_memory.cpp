// The level store's allocations (levelsweep/aligned.hpp): 64-byte aligned,
// and a large block on 2 MiB boundaries with transparent huge pages asked for
// (madvise), which cut the cost of first touching it several times over where
// page faults are dear, and a smaller one with its pages made present in one
// call (docs/performance.md, "Start-up").
#include <cstdint>
#include <new>

#include "levelsweep/aligned.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace levelsweep {

namespace {

// A block this large gets huge pages: its own 2 MiB pages, at most one of
// them partly wasted.
constexpr std::size_t huge_page = std::size_t{2} << 20;
constexpr std::size_t huge_block = huge_page;
// A block this large (and below huge_block) has its pages made present at once.
constexpr std::size_t page = 4096;
constexpr std::size_t populate_block = std::size_t{64} << 10;

std::align_val_t alignment_for(std::size_t bytes) {
    return std::align_val_t{bytes >= huge_block ? huge_page : store_alignment};
}

}  // namespace

void* allocate_store(std::size_t bytes) {
    void* p = ::operator new(bytes, alignment_for(bytes));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Advice only: where the kernel has no transparent huge pages, nothing changes.
    if (bytes >= huge_block) ::madvise(p, bytes, MADV_HUGEPAGE);
#endif
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    // A smaller block has its whole pages made present in one call: the store
    // sizes a block to what it holds and writes it right after, and a fault
    // on each 4 KiB page cost about twice as much here (9-13 µs a page against
    // 4.5; docs/performance.md, "Start-up"). Advice only: a kernel before 5.14
    // answers EINVAL and the pages come at first touch, as before.
    if (bytes >= populate_block && bytes < huge_block) {
        const auto first = (reinterpret_cast<std::uintptr_t>(p) + page - 1) & ~(page - 1);
        const auto last = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(page - 1);
        if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
    }
#endif
    return p;
}

void free_store(void* p, std::size_t bytes) noexcept { ::operator delete(p, alignment_for(bytes)); }

}  // namespace levelsweep
